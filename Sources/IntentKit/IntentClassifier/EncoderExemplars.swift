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
///
/// The exemplars are stored a byte a value: each unit row rounded to whole steps from −127 to
/// 127 of a step of its own, its largest value over 127 (``RowQuantization``). A similarity then moves by at most a few thousandths, against gaps of
/// tenths between the intents' nearest neighbours, and a parse's products over a corpus's
/// thousands of exemplars read a quarter of the bytes: the encoder's 8-bit kernels
/// (``LinearLayer``), with the utterance's vector quantised as an activation.
package struct EncoderExemplars: Sendable, Equatable {
    /// `[count][dimension]` row-major: each exemplar's unit vector in whole steps, −127…127.
    package let levels: [Int8]
    /// `[count]` the value of one step of each exemplar's row.
    package let scales: [Float]
    /// `[count]` each exemplar's intent, an index into the classifier's intents.
    package let classes: [UInt16]
    let dimension: Int
    /// The classifier's intents.
    let intents: Int
    /// `levels` and `scales` in the 8-bit kernels' layout: a dot product with every exemplar.
    private let products: LinearLayer

    /// - Throws: ``ModelError/inconsistent(_:)`` when there are no exemplars, the sizes disagree,
    ///   a class is not an intent, a level is −128 or a scale is negative or not finite.
    init(levels: [Int8], scales: [Float], classes: [UInt16], dimension: Int, intents: Int) throws(ModelError) {
        guard dimension > 0, intents > 0, !classes.isEmpty, levels.count == classes.count * dimension, scales.count == classes.count,
              classes.allSatisfy({ Int($0) < intents }), !levels.contains(.min), scales.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw ModelError.inconsistent(
                "the intent classifier's \(classes.count) exemplars do not hold \(dimension)-dimensional rows of finite steps for its \(intents) intents")
        }
        self.levels = levels
        self.scales = scales
        self.classes = classes
        self.dimension = dimension
        self.intents = intents
        // Packing finds each row's largest step again, 127 (or none), and so the same levels.
        products = LinearLayer(
            weight: RowQuantization.values(of: levels, scales: scales, rowLength: dimension), bias: [Float](repeating: 0, count: classes.count),
            outputs: classes.count, inputs: dimension, precision: .int8)
    }

    /// The exemplars `vectors` (`[count][dimension]` row-major: unit rows, as format 1.8 stored
    /// them in floats) of `classes`, quantised.
    init(vectors: [Float], classes: [UInt16], dimension: Int, intents: Int) throws(ModelError) {
        guard dimension > 0, vectors.count == classes.count * dimension, vectors.allSatisfy(\.isFinite) else {
            throw ModelError.inconsistent(
                "the intent classifier's \(classes.count) exemplars do not hold \(dimension)-dimensional vectors of finite values")
        }
        let (levels, scales) = RowQuantization.quantize(vectors, rowLength: dimension)
        try self.init(levels: levels, scales: scales, classes: classes, dimension: dimension, intents: intents)
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

    var count: Int { classes.count }

    /// The exemplars' rows as the values their steps stand for, `[count][dimension]`.
    var vectors: [Float] { RowQuantization.values(of: levels, scales: scales, rowLength: dimension) }

    package static func == (a: EncoderExemplars, b: EncoderExemplars) -> Bool {
        a.levels == b.levels && a.scales == b.scales && a.classes == b.classes && a.dimension == b.dimension && a.intents == b.intents
    }

    /// Writes `m_c` for every intent into `similarities` (`[intents]`) for the vector
    /// `embedding`: one 8-bit matrix-vector product over the exemplars, then a maximum per intent.
    func similarities(of embedding: UnsafeBufferPointer<Float>, into similarities: UnsafeMutableBufferPointer<Float>) {
        precondition(embedding.count == dimension && similarities.count == intents, "a vector or an output of another size")
        var norm: Float = 0
        for value in embedding { norm += value * value }
        norm = norm.squareRoot()
        for c in 0..<intents { similarities[c] = -.infinity }
        if norm > 0 {
            withUnsafeTemporaryAllocation(of: Float.self, capacity: classes.count) { dots in
                products.apply(embedding.baseAddress!, rows: 1, into: dots.baseAddress!)
                classes.withUnsafeBufferPointer { classes in
                    for (j, c) in classes.enumerated() where dots[j] > similarities[Int(c)] { similarities[Int(c)] = dots[j] }
                }
            }
            for c in 0..<intents where similarities[c] > -.infinity { similarities[c] /= norm }
        }
        // An intent without an exemplar (or a zero vector) says 0.
        for c in 0..<intents where similarities[c] == -.infinity { similarities[c] = 0 }
    }
}
