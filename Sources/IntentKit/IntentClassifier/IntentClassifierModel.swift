import Foundation

/// A trained multinomial logistic-regression intent classifier (Bishop 2006, §4.3.4) over
/// hashed sparse features: `P(c | x) = softmax(b + Σ_a W[a])_c`.
public struct IntentClassifierModel: Sendable, Equatable {
    /// The intent names, indexed by class.
    public let intents: [String]
    /// Feature hash → attribute id.
    package let attributes: AttributeTable
    /// `[attributes][intents]` row-major weights.
    let weights: [Float]
    /// `[intents]` biases.
    let biases: [Float]
    /// The character n-grams of the intent feature extractor the model was trained with.
    public let characterNGrams: ClosedRange<Int>?

    /// Creates a model; sizes are checked.
    package init(
        intents: [String], attributes: AttributeTable, weights: [Float], biases: [Float], characterNGrams: ClosedRange<Int>? = nil
    ) throws(ModelError) {
        guard !intents.isEmpty, weights.count == attributes.count * intents.count, biases.count == intents.count,
              weights.allSatisfy(\.isFinite), biases.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent("intent classifier arrays have mismatched sizes or non-finite weights")
        }
        self.intents = intents
        self.attributes = attributes
        self.weights = weights
        self.biases = biases
        self.characterNGrams = characterNGrams
    }

    /// Writes each intent's probability for the utterance with `features` into `probabilities`
    /// (`[intents.count]`, replaced).
    public func probabilities(features: [UInt64], into probabilities: inout [Float]) {
        let C = intents.count
        if probabilities.count != C { probabilities = [Float](repeating: 0, count: C) }
        probabilities.withUnsafeMutableBufferPointer { scores in
            weights.withUnsafeBufferPointer { weights in
                for c in 0..<C { scores[c] = biases[c] }
                for hash in features {
                    guard let attribute = attributes.id(of: hash) else { continue }
                    let row = attribute * C
                    for c in 0..<C { scores[c] += weights[row + c] }
                }
                softmax(scores)
            }
        }
    }

    /// The most probable intent's index for `features`.
    public func predict(features: [UInt64], scratch probabilities: inout [Float]) -> Int {
        self.probabilities(features: features, into: &probabilities)
        var best = 0
        for c in 1..<probabilities.count where probabilities[c] > probabilities[best] { best = c }
        return best
    }

    package var storage: (weights: [Float], biases: [Float]) {
        (weights, biases)
    }
}

/// In-place softmax, shifted by the maximum for range.
package func softmax(_ values: UnsafeMutableBufferPointer<Float>) {
    var maximum = -Float.infinity
    for value in values { maximum = max(maximum, value) }
    var sum: Float = 0
    for index in values.indices {
        values[index] = expf(values[index] - maximum)
        sum += values[index]
    }
    for index in values.indices { values[index] /= sum }
}
