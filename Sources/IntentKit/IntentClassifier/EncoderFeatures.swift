/// The intent classifier's dense features: a sentence encoder's vector of the utterance, whose
/// weights add to the sparse features' scores, `z = b + Σ_{a∈x} W[a] + Vᵀ e(utterance)`, and,
/// when training chose them, the utterance's similarity to the nearest training utterance of
/// each intent (``EncoderExemplars``), `z += Uᵀ m(e)`.
///
/// The encoder knows what words it never saw in the corpus mean ("secure the car" is near "lock
/// the car"), which sparse features cannot; a model stores only `V` (and `U` with the
/// exemplars' vectors) and the encoder's identity, and loading it finds the encoder
/// (``NLUModel/init(contentsOf:encoder:)``).
package struct EncoderFeatures: Sendable, Equatable {
    /// The encoder the weights were trained with.
    let identity: EncoderIdentity
    /// `[dimension + neighbourDimension][intents]` row-major weights: `V`, then `U`.
    package let weights: [Float]
    /// The number of nearest-exemplar features (the intents, or 0 for none).
    package let neighbourDimension: Int
    /// The exemplars of the nearest-exemplar features; `nil` without them, and in the
    /// classifiers of training's held-out folds, which are given their features
    /// (``IntentClassifierModel/probabilities(features:denseInput:into:)``).
    package let exemplars: EncoderExemplars?
    /// The encoder itself, once a model is loaded with it; `nil` in a model read without it.
    var encoder: SentenceEncoder?
    /// Whether any weight is not zero. A classifier whose held-out folds chose words alone keeps
    /// its encoder with zero weights when the scope decision reads the sentence vector
    /// (``OutOfScopeCalibration/minimumSimilarity``): the vector then tells it nothing.
    package let weighsVector: Bool

    /// - Throws: ``ModelError/inconsistent(_:)`` when the weights are not
    ///   `(dimension + neighbourDimension) × intents` finite values, or the exemplars are of
    ///   another dimension or number of intents.
    package init(
        identity: EncoderIdentity, weights: [Float], intents: Int, neighbourDimension: Int = 0, exemplars: EncoderExemplars? = nil,
        encoder: SentenceEncoder? = nil
    ) throws(ModelError) {
        guard identity.dimension > 0, neighbourDimension == 0 || neighbourDimension == intents,
              weights.count == (identity.dimension + neighbourDimension) * intents, weights.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent(
                "the intent classifier's \(weights.count) encoder weights are not \(identity.dimension) + \(neighbourDimension) dimensions × \(intents) intents of finite values")
        }
        if let exemplars, exemplars.dimension != identity.dimension || exemplars.intents != intents || neighbourDimension == 0 {
            throw ModelError.inconsistent("the intent classifier's exemplars are not \(identity.dimension)-dimensional vectors of its \(intents) intents")
        }
        self.identity = identity
        self.weights = weights
        self.neighbourDimension = neighbourDimension
        self.exemplars = exemplars
        self.encoder = encoder
        weighsVector = weights.contains { $0 != 0 }
    }

    /// This one with its weights times `factor`.
    package func scaled(by factor: Float) -> EncoderFeatures {
        try! EncoderFeatures(
            identity: identity, weights: weights.map { $0 * factor }, intents: weights.count / (identity.dimension + neighbourDimension),
            neighbourDimension: neighbourDimension, exemplars: exemplars, encoder: encoder)
    }

    /// Adds `Vᵀ embedding` (and `Uᵀ m(embedding)`) to `scores` (`[intents]`).
    func addScores(of embedding: [Float], to scores: UnsafeMutableBufferPointer<Float>) {
        guard neighbourDimension > 0 else {
            return addScores(ofDense: embedding, to: scores)
        }
        guard let exemplars else { preconditionFailure("nearest-exemplar weights without their exemplars") }
        var input = embedding + [Float](repeating: 0, count: neighbourDimension)
        input.withUnsafeMutableBufferPointer { input in
            embedding.withUnsafeBufferPointer { e in
                exemplars.similarities(of: e, into: UnsafeMutableBufferPointer(rebasing: input[identity.dimension...]))
            }
        }
        addScores(ofDense: input, to: scores)
    }

    /// Adds `[V; U]ᵀ input` to `scores` (`[intents]`), `input` the vector and its
    /// nearest-exemplar features.
    func addScores(ofDense input: [Float], to scores: UnsafeMutableBufferPointer<Float>) {
        precondition(input.count == identity.dimension + neighbourDimension, "dense features of another size")
        weights.withUnsafeBufferPointer { v in
            input.withUnsafeBufferPointer { e in
                BLAS.gemv(rows: input.count, columns: scores.count, v.baseAddress!, transposed: true, e.baseAddress!, beta: 1, scores.baseAddress!)
            }
        }
    }

    package static func == (lhs: EncoderFeatures, rhs: EncoderFeatures) -> Bool {
        lhs.identity.isSameEncoder(as: rhs.identity) && lhs.weights == rhs.weights && lhs.neighbourDimension == rhs.neighbourDimension
            && lhs.exemplars == rhs.exemplars
    }
}
