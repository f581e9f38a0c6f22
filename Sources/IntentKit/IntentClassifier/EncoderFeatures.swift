/// The intent classifier's dense features: a sentence encoder's vector of the utterance, whose
/// weights add to the sparse features' scores, `z = b + Σ_{a∈x} W[a] + Vᵀ e(utterance)`.
///
/// The encoder knows what words it never saw in the corpus mean ("secure the car" is near "lock
/// the car"), which sparse features cannot; a model stores only `V` and the encoder's identity,
/// and loading it finds the encoder (``NLUModel/init(contentsOf:encoder:)``).
package struct EncoderFeatures: Sendable, Equatable {
    /// The encoder the weights were trained with.
    package let identity: EncoderIdentity
    /// `[dimension][intents]` row-major weights `V`.
    package let weights: [Float]
    /// The encoder itself, once a model is loaded with it; `nil` in a model read without it.
    package var encoder: SentenceEncoder?

    /// - Throws: ``ModelError/inconsistent(_:)`` when the weights are not `dimension × intents`
    ///   finite values.
    package init(identity: EncoderIdentity, weights: [Float], intents: Int, encoder: SentenceEncoder? = nil) throws(ModelError) {
        guard identity.dimension > 0, weights.count == identity.dimension * intents, weights.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent(
                "the intent classifier's \(weights.count) encoder weights are not \(identity.dimension) dimensions × \(intents) intents of finite values")
        }
        self.identity = identity
        self.weights = weights
        self.encoder = encoder
    }

    /// Adds `Vᵀ embedding` to `scores` (`[intents]`).
    func addScores(of embedding: [Float], to scores: UnsafeMutableBufferPointer<Float>) {
        weights.withUnsafeBufferPointer { v in
            embedding.withUnsafeBufferPointer { e in
                BLAS.gemv(rows: identity.dimension, columns: scores.count, v.baseAddress!, transposed: true, e.baseAddress!, beta: 1, scores.baseAddress!)
            }
        }
    }

    package static func == (lhs: EncoderFeatures, rhs: EncoderFeatures) -> Bool {
        lhs.identity.isSameEncoder(as: rhs.identity) && lhs.weights == rhs.weights
    }
}
