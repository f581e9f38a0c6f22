import Foundation
import IntentKit

/// Per-intent offsets added to a trained classifier's biases, fitted on held-out utterances: the
/// "bias" half of vector scaling (Guo et al. 2017, "On Calibration of Modern Neural Networks",
/// §4.2), which corrects a prior the training data taught the classifier but held-out data does
/// not share.
///
/// The objective is the held-out negative log-likelihood with a Gaussian prior on the offsets:
///   f(δ) = −Σ_s log softmax(z_s + δ)_{y_s} + λ ‖δ‖²,   ∇f = Σ_s (p_s − e_{y_s}) + 2λ δ,
/// where z_s are the classifier's log-probabilities (softmax is invariant to a per-utterance
/// constant, so they serve as scores). λ = 1 is a prior variance of ½ nat²: offsets stay near a
/// nat unless hundreds of utterances ask for more.
struct IntentBiasCalibration: Objective {
    /// `[utterances][classes]` row-major log-probabilities.
    let scores: [Double]
    let classes: [Int]
    let classCount: Int
    let l2: Double

    var parameterCount: Int { classCount }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let C = classCount
        var loss = 0.0
        for c in 0..<C {
            gradient[c] = 2 * l2 * parameters[c]
            loss += l2 * parameters[c] * parameters[c]
        }
        var shifted = [Double](repeating: 0, count: C)
        for (utterance, gold) in classes.enumerated() {
            for c in 0..<C { shifted[c] = scores[utterance * C + c] + parameters[c] }
            let maximum = shifted.max()!
            var sum = 0.0
            for c in 0..<C {
                shifted[c] = exp(shifted[c] - maximum)
                sum += shifted[c]
            }
            loss -= log(shifted[gold] / sum)
            for c in 0..<C { gradient[c] += shifted[c] / sum - (c == gold ? 1 : 0) }
        }
        return loss
    }

    /// The offsets for `classifier` from `utterances` (features, and the sentence encoder's
    /// vectors for a classifier with encoder features) labelled `classes`.
    static func offsets(
        for classifier: IntentClassifierModel, features: [[UInt64]], embeddings: [[Float]?] = [], classes: [Int], l2: Double = 1
    ) -> [Double] {
        precondition(embeddings.isEmpty || embeddings.count == features.count, "vectors of other utterances")
        let C = classifier.intents.count
        var scores = [Double]()
        scores.reserveCapacity(features.count * C)
        var probabilities = [Float]()
        for (index, utterance) in features.enumerated() {
            classifier.probabilities(features: utterance, embedding: embeddings.isEmpty ? nil : embeddings[index], into: &probabilities)
            // Floor so a probability that underflowed to 0 stays a finite score.
            scores.append(contentsOf: probabilities.map { log(max(Double($0), 1e-30)) })
        }
        var objective = IntentBiasCalibration(scores: scores, classes: classes, classCount: C, l2: l2)
        var offsets = [Double](repeating: 0, count: C)
        var settings = LBFGS.Settings()
        settings.maxIterations = 100
        _ = LBFGS(settings: settings).minimize(&objective, parameters: &offsets)
        return offsets
    }
}

extension IntentClassifierModel {
    /// A copy whose biases are shifted by `offsets` (one per intent).
    func addingBiases(_ offsets: [Double]) -> IntentClassifierModel {
        let storage = self.storage
        return try! IntentClassifierModel(
            intents: intents, attributes: attributes, weights: storage.weights,
            biases: zip(storage.biases, offsets).map { $0 + Float($1) }, characterNGrams: characterNGrams, outOfScope: outOfScope,
            rowScales: rowScales, encoderFeatures: encoderFeatures, scopeExemplars: scopeExemplars)
    }
}
