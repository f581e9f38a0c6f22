/// The training utterances' sentence vectors, each with its intent: the intent classifier's
/// nearest-exemplar features. For each intent c, `m_c = max_{j: class_j = c} cos(e, x_j)`, the
/// cosine similarity of the utterance's vector `e` to the most similar training utterance of
/// that intent (0 for an intent without one).
///
/// A sentence encoder trained on paraphrase pairs places a new phrasing near the training
/// phrasings that mean the same ("camera call to Yuki" is nearer "video call Yuki" than "call
/// Yuki"), but a linear function of the vector itself draws one hyperplane per intent through
/// all of them, and the sparse words of a new phrasing pull it toward whichever intent shares
/// them. The similarity to the nearest neighbour of each intent is what nearest-neighbour intent
/// detection decides by (Zhang et al. 2020, "Discriminative Nearest Neighbor Few-Shot Intent
/// Detection by Transferring Natural Language Inference"); as features weighed by the
/// classifier, next to the words and the vector, the cross-validation decides how far to trust
/// them.
package struct EncoderExemplars: Sendable, Equatable {
    /// `[count][dimension]` row-major, each row of unit length.
    package let vectors: [Float]
    /// `[count]` each exemplar's intent, an index into the classifier's intents.
    package let classes: [UInt16]
    package let dimension: Int
    /// The classifier's intents.
    package let intents: Int

    /// - Throws: ``ModelError/inconsistent(_:)`` when the sizes disagree, a class is not an
    ///   intent or a value is not finite.
    package init(vectors: [Float], classes: [UInt16], dimension: Int, intents: Int) throws(ModelError) {
        guard dimension > 0, intents > 0, vectors.count == classes.count * dimension,
              classes.allSatisfy({ Int($0) < intents }), vectors.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent(
                "the intent classifier's \(classes.count) exemplars do not hold \(dimension)-dimensional vectors of finite values for its \(intents) intents")
        }
        self.vectors = vectors
        self.classes = classes
        self.dimension = dimension
        self.intents = intents
    }

    /// The exemplars `vectors` (normalised to unit length here; a zero vector stays zero) of
    /// `classes`.
    package init(normalising vectors: [[Float]], classes: [Int], intents: Int) throws(ModelError) {
        try self.init(
            vectors: Self.unitRows(vectors), classes: classes.map { UInt16(clamping: $0) }, dimension: vectors.first?.count ?? 0, intents: intents)
    }

    /// `vectors` each divided by its length (a zero vector stays zero), as one row-major array.
    package static func unitRows(_ vectors: [[Float]]) -> [Float] {
        var rows = [Float]()
        rows.reserveCapacity(vectors.count * (vectors.first?.count ?? 0))
        for vector in vectors {
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            rows.append(contentsOf: vector.map { norm > 0 ? $0 / norm : 0 })
        }
        return rows
    }

    package var count: Int { classes.count }

    /// Writes `m_c` for every intent into `similarities` (`[intents]`) for the vector
    /// `embedding`: one matrix-vector product over the exemplars, then a maximum per intent.
    package func similarities(of embedding: UnsafeBufferPointer<Float>, into similarities: UnsafeMutableBufferPointer<Float>) {
        precondition(embedding.count == dimension && similarities.count == intents, "a vector or an output of another size")
        var norm: Float = 0
        for value in embedding { norm += value * value }
        norm = norm.squareRoot()
        for c in 0..<intents { similarities[c] = -.infinity }
        if norm > 0, !classes.isEmpty {
            withUnsafeTemporaryAllocation(of: Float.self, capacity: classes.count) { dots in
                vectors.withUnsafeBufferPointer { x in
                    BLAS.gemv(rows: classes.count, columns: dimension, alpha: 1 / norm, x.baseAddress!, embedding.baseAddress!, beta: 0, dots.baseAddress!)
                }
                classes.withUnsafeBufferPointer { classes in
                    for (j, c) in classes.enumerated() where dots[j] > similarities[Int(c)] { similarities[Int(c)] = dots[j] }
                }
            }
        }
        // An intent without an exemplar (or a zero vector) says 0.
        for c in 0..<intents where similarities[c] == -.infinity { similarities[c] = 0 }
    }
}
