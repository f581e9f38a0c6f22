import Foundation

/// A trained multinomial logistic-regression intent classifier (Bishop 2006, §4.3.4) over
/// hashed sparse features: `P(c | x) = softmax(b + Σ_a W[a])_c`, plus, in a model trained with a
/// sentence encoder, the encoder's vector of the utterance as dense features (``EncoderFeatures``).
///
/// Its probabilities are calibrated: training divides the weights by a temperature fitted on
/// held-out folds (Guo et al. 2017), which changes no ranking and costs nothing at parse time.
/// A class may stand for "no intent", and a minimum confidence tells requests for no intent
/// from requests for one (``outOfScope``).
public struct IntentClassifierModel: Sendable, Equatable {
    /// The intent names, indexed by class (including the out-of-scope class, if any).
    public let intents: [String]
    /// The out-of-scope decision the model was trained with.
    public let outOfScope: OutOfScopeCalibration
    /// Feature hash → attribute id.
    package let attributes: AttributeTable
    /// `[attributes][intents]` row-major weights.
    let weights: [Float]
    /// `[attributes]` the step of each row's weights when they are quantised: every weight of
    /// row a is then a whole number from −127 to 127 times `rowScales[a]`, and the file stores
    /// those numbers in a byte each (format 1.5), a quarter of the floats' size. `nil` when the
    /// weights are plain floats.
    package let rowScales: [Float]?
    /// `[intents]` biases.
    let biases: [Float]
    /// The character n-grams of the intent feature extractor the model was trained with.
    public let characterNGrams: ClosedRange<Int>?
    /// The sentence encoder's weights, in a model trained with one.
    package private(set) var encoderFeatures: EncoderFeatures?
    /// The training utterances' vectors that ``OutOfScopeCalibration/minimumSimilarity`` is
    /// measured against: the nearest-exemplar features' own, or kept for the scope alone.
    package let scopeExemplars: EncoderExemplars?

    /// The sentence encoder the model was trained with, if any: parsing needs it.
    public var encoder: EncoderIdentity? { encoderFeatures?.identity }

    /// Creates a model; sizes are checked.
    package init(
        intents: [String], attributes: AttributeTable, weights: [Float], biases: [Float], characterNGrams: ClosedRange<Int>? = nil,
        outOfScope: OutOfScopeCalibration = OutOfScopeCalibration(), rowScales: [Float]? = nil, encoderFeatures: EncoderFeatures? = nil,
        scopeExemplars: EncoderExemplars? = nil
    ) throws(ModelError) {
        guard Set(intents).count == intents.count else {
            throw ModelError.inconsistent("the intent classifier names an intent twice")
        }
        guard !intents.isEmpty, weights.count == attributes.count * intents.count, biases.count == intents.count,
              weights.allSatisfy(\.isFinite), biases.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent("intent classifier arrays have mismatched sizes or non-finite weights")
        }
        if let rowScales {
            guard rowScales.count == attributes.count, rowScales.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw ModelError.inconsistent("the intent classifier's row scales have a wrong count or a negative or non-finite scale")
            }
        }
        self.rowScales = rowScales
        guard outOfScope.intent.map(intents.contains) ?? true, outOfScope.temperature.isFinite, outOfScope.temperature > 0,
              outOfScope.minimumConfidence.map({ (0...1).contains($0) }) ?? true,
              outOfScope.minimumSimilarity.map({ (-1...1).contains($0) }) ?? true,
              outOfScope.falseRejectionRate.map({ (0...1).contains($0) }) ?? true else {
            throw ModelError.inconsistent("the intent classifier's out-of-scope calibration is out of range or names no intent of it")
        }
        self.outOfScope = outOfScope
        self.intents = intents
        self.attributes = attributes
        self.weights = weights
        self.biases = biases
        self.characterNGrams = characterNGrams
        if let encoderFeatures,
           encoderFeatures.weights.count != (encoderFeatures.identity.dimension + encoderFeatures.neighbourDimension) * intents.count {
            throw ModelError.inconsistent(
                "the intent classifier's encoder weights are not \(encoderFeatures.identity.dimension + encoderFeatures.neighbourDimension) × \(intents.count)")
        }
        self.encoderFeatures = encoderFeatures
        self.scopeExemplars = scopeExemplars ?? encoderFeatures?.exemplars
        if let scopeExemplars = self.scopeExemplars, scopeExemplars.intents != intents.count || scopeExemplars.dimension != encoderFeatures?.identity.dimension {
            throw ModelError.inconsistent("the out-of-scope exemplars are not vectors of the classifier's encoder and intents")
        }
    }

    /// This model parsing with `encoder`, which must be the one it was trained with.
    /// - Throws: ``ModelError/missingEncoder(_:)`` when `encoder` is another.
    func attaching(_ encoder: SentenceEncoder) throws(ModelError) -> IntentClassifierModel {
        guard var features = encoderFeatures else { return self }
        guard features.identity.isSameEncoder(as: encoder.identity) else {
            throw ModelError.missingEncoder(
                "the model was trained with the sentence encoder \(features.identity), not \(encoder.identity) from \(encoder.identity.directory)")
        }
        features.encoder = encoder
        var model = self
        model.encoderFeatures = features
        return model
    }

    /// The sentence encoder's vector of `text`, for ``probabilities(features:embedding:into:)``:
    /// `nil` for a model without encoder features or not given its encoder.
    public func embedding(of text: String) -> [Float]? {
        encoderFeatures?.encoder?.encode(text)
    }

    /// Writes each intent's probability for the utterance with `features` and, for a model with
    /// encoder features, the encoder's vector `embedding` (``embedding(of:)``; without it the
    /// dense features count as zero) into `probabilities` (`[intents.count]`, replaced).
    /// - Returns: how many of `features` the model has a weight for.
    @discardableResult
    public func probabilities(features: [UInt64], embedding: [Float]? = nil, into probabilities: inout [Float]) -> Int {
        self.probabilities(features: features, into: &probabilities) { encoderFeatures, scores in
            guard let embedding else { return }
            precondition(embedding.count == encoderFeatures.identity.dimension, "an embedding of another encoder")
            encoderFeatures.addScores(of: embedding, to: scores)
        }
    }

    /// As ``probabilities(features:embedding:into:)``, given the dense features themselves:
    /// the encoder's vector followed by its nearest-exemplar features, as training computes them
    /// for held-out folds (whose classifiers hold no exemplars).
    @discardableResult
    func probabilities(features: [UInt64], denseInput: [Float]?, into probabilities: inout [Float]) -> Int {
        self.probabilities(features: features, into: &probabilities) { encoderFeatures, scores in
            guard let denseInput else { return }
            encoderFeatures.addScores(ofDense: denseInput, to: scores)
        }
    }

    private func probabilities(
        features: [UInt64], into probabilities: inout [Float], addingDense: (EncoderFeatures, UnsafeMutableBufferPointer<Float>) -> Void
    ) -> Int {
        let C = intents.count
        if probabilities.count != C { probabilities = [Float](repeating: 0, count: C) }
        var known = 0
        probabilities.withUnsafeMutableBufferPointer { scores in
            weights.withUnsafeBufferPointer { weights in
                for c in 0..<C { scores[c] = biases[c] }
                for hash in features {
                    guard let attribute = attributes.id(of: hash) else { continue }
                    known += 1
                    let row = attribute * C
                    for c in 0..<C { scores[c] += weights[row + c] }
                }
                if let encoderFeatures { addingDense(encoderFeatures, scores) }
                softmax(scores)
            }
        }
        return known
    }

    /// The most probable intent's index for `features`.
    public func predict(features: [UInt64], embedding: [Float]? = nil, scratch probabilities: inout [Float]) -> Int {
        self.probabilities(features: features, embedding: embedding, into: &probabilities)
        return Self.likeliest(probabilities)
    }

    /// The most probable intent's index for `features` and the dense features `denseInput`
    /// (``probabilities(features:denseInput:into:)``).
    package func predict(features: [UInt64], denseInput: [Float]?, scratch probabilities: inout [Float]) -> Int {
        self.probabilities(features: features, denseInput: denseInput, into: &probabilities)
        return Self.likeliest(probabilities)
    }

    static func likeliest(_ probabilities: [Float]) -> Int {
        var best = 0
        for c in 1..<probabilities.count where probabilities[c] > probabilities[best] { best = c }
        return best
    }

    /// The index of ``OutOfScopeCalibration/intent`` among ``intents``, if the model has one.
    public var outOfScopeClass: Int? { outOfScope.intent.flatMap { intents.firstIndex(of: $0) } }

    package var storage: (weights: [Float], biases: [Float]) {
        (weights, biases)
    }
}

/// In-place softmax, shifted by the maximum for range.
func softmax(_ values: UnsafeMutableBufferPointer<Float>) {
    var maximum = -Float.infinity
    for value in values { maximum = max(maximum, value) }
    var sum: Float = 0
    for index in values.indices {
        values[index] = expf(values[index] - maximum)
        sum += values[index]
    }
    for index in values.indices { values[index] /= sum }
}

/// How an ``IntentClassifierModel`` tells requests for no intent apart.
public struct OutOfScopeCalibration: Sendable, Equatable, Codable {
    /// The class that stands for "no intent": a corpus's out-of-scope intent (`None`, `oos`,
    /// `out_of_scope`, …) or generated noise; `nil` when there was neither.
    public var intent: String?
    /// The temperature the classifier's scores were divided by to calibrate its probabilities
    /// (1 for none).
    public var temperature: Double = 1
    /// The confidence below which a request is out of scope (measured as ``confidenceMeasure``
    /// says), chosen on held-out folds so that ``falseRejectionRate`` of the training requests
    /// would be; `nil` when none was calibrated.
    public var minimumConfidence: Double?
    /// The least cosine similarity of a request's sentence vector to the nearest training
    /// utterance of an in-scope intent (``IntentClassifierModel``'s exemplars): a request less
    /// like every training utterance is out of scope. Chosen on held-out folds at the
    /// false-rejection budget, for a corpus with no out-of-scope examples; `nil` without an
    /// encoder, for a corpus with such examples, and in models of format 1.10 and before.
    public var minimumSimilarity: Double?
    /// What ``minimumConfidence`` is compared with; `nil` (models of format 1.9 and before) is
    /// ``ConfidenceMeasure/likeliestIntent``.
    public var confidenceMeasure: ConfidenceMeasure?
    /// The share of in-scope training requests that ``minimumConfidence`` and the out-of-scope
    /// class rejected on held-out folds.
    public var falseRejectionRate: Double?

    /// The names corpora usually give the intent of requests for no intent (Snips NLU's `None`,
    /// Rasa's `out_of_scope`, CLINC150's `oos`): training and evaluation read them as out of scope.
    public static let conventionalIntentNames = ["out_of_scope", "None", "none", "oos"]

    public init(
        intent: String? = nil, temperature: Double = 1, minimumConfidence: Double? = nil, confidenceMeasure: ConfidenceMeasure? = nil,
        falseRejectionRate: Double? = nil, minimumSimilarity: Double? = nil
    ) {
        self.minimumSimilarity = minimumSimilarity
        self.intent = intent
        self.temperature = temperature
        self.minimumConfidence = minimumConfidence
        self.confidenceMeasure = confidenceMeasure
        self.falseRejectionRate = falseRejectionRate
    }
}

/// How sure a classification is of being a request for one of the model's intents: what an
/// ``OutOfScopeCalibration/minimumConfidence`` is compared with.
public enum ConfidenceMeasure: String, Sendable, Codable {
    /// The probability of the likeliest intent (of its least certain part, for an intent that
    /// combines others: ``IntentParser/minimumConfidence``).
    case likeliestIntent
    /// The probability that the request is for one of its two likeliest intents: the two
    /// probabilities summed. A request torn between two of the model's intents ("play the song
    /// shine a light": PlayMusic 0.49, SearchCreativeWork 0.51) is still for the model, and the
    /// parse's joint decoding chooses between exactly those two (``IntentParser/intentReranking``);
    /// a request for no intent spreads its probability wider or leaves it to the out-of-scope
    /// class. Judged by its likeliest intent alone, the torn request spends the false-rejection
    /// budget that the minimum could have spent on requests for no intent. The price: torn
    /// requests are the ones the classifier most often gets wrong, so at the same budget the
    /// requests turned away instead are more often ones it gets right.
    case twoLikeliestIntents

    /// The ``twoLikeliestIntents`` confidence of a classification: the two largest of
    /// `probabilities` summed, the out-of-scope class's left out. One definition for the parse
    /// and the calibration that chooses its minimum.
    package static func twoLikeliestProbability<F: BinaryFloatingPoint>(of probabilities: [F], outOfScopeClass: Int?) -> F {
        var first: F = 0, second: F = 0
        for (c, probability) in probabilities.enumerated() where c != outOfScopeClass {
            if probability > first { second = first; first = probability } else if probability > second { second = probability }
        }
        return first + second
    }
}
