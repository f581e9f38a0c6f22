/// A sentence encoder's contextual token vectors made discrete features of the slot tagger:
/// each token's nearest centroid at a few granularities (the ``FeatureTemplate/encoderClusters``
/// template).
///
/// Why clusters and not the vectors themselves: in a linear-chain CRF, k-means clusters of word
/// embeddings at several granularities served named-entity recognition better than the dense
/// vectors fed as real-valued features (Guo, Che, Wang & Liu, "Revisiting Embedding Features for
/// Simple Semi-supervised Learning", EMNLP 2014), much as Brown clusters at several prefix
/// lengths do (Turian, Ratinov & Bengio 2010). A cluster id is one more sparse feature: it goes
/// through the tagger's feature tables, weights and decoders as every other, with the label
/// weights each cluster was seen with in training.
package struct TokenClusters: Sendable, Equatable {
    /// The encoder whose vectors the centroids partition.
    package let identity: EncoderIdentity
    /// The granularities, coarsest first.
    package let levels: [Level]
    /// The encoder itself, once a model is loaded with it; `nil` in a model read without it.
    package var encoder: SentenceEncoder?

    /// One k-means partition of the vectors.
    package struct Level: Sendable, Equatable {
        /// `[count][dimension]` the centroids.
        package let centroids: [Float]
        /// `[count]` half of each centroid's squared length.
        let halfSquaredNorms: [Float]
        package let count: Int

        package init(centroids: [Float], dimension: Int) {
            self.centroids = centroids
            count = centroids.count / dimension
            halfSquaredNorms = (0..<count).map { c in
                var sum: Float = 0
                for j in 0..<dimension { sum += centroids[c * dimension + j] * centroids[c * dimension + j] }
                return sum / 2
            }
        }

        /// The index of each of `vectors`' (`[vectorCount][dimension]`) nearest centroid: the
        /// centroid c maximising x·c − ‖c‖²/2, which minimises ‖x − c‖², every vector against
        /// every centroid in one `sgemm`. Parsing and k-means (in training) assign through here.
        package func nearest(to vectors: [Float], vectorCount: Int, dimension: Int) -> [Int] {
            guard vectorCount > 0 else { return [] }
            var scores = [Float](repeating: 0, count: vectorCount * count)
            vectors.withUnsafeBufferPointer { x in
                centroids.withUnsafeBufferPointer { c in
                    scores.withUnsafeMutableBufferPointer { s in
                        BLAS.gemm(m: vectorCount, n: count, k: dimension, x.baseAddress!, lda: dimension, c.baseAddress!, ldb: dimension,
                                  transposedB: true, s.baseAddress!, ldc: count)
                    }
                }
            }
            return (0..<vectorCount).map { t in
                var best = 0, bestScore = -Float.infinity
                for c in 0..<count {
                    let score = scores[t * count + c] - halfSquaredNorms[c]
                    if score > bestScore { (best, bestScore) = (c, score) }
                }
                return best
            }
        }
    }

    /// - Throws: ``ModelError/inconsistent(_:)`` when a level's centroids are not a whole
    ///   number of finite vectors of the encoder's dimension, or a level has more centroids
    ///   than a cluster id holds.
    package init(identity: EncoderIdentity, levels: [[Float]], encoder: SentenceEncoder? = nil) throws(ModelError) {
        let dimension = identity.dimension
        for centroids in levels {
            guard dimension > 0, !centroids.isEmpty, centroids.count % dimension == 0, centroids.count / dimension < Int(UInt16.max),
                  centroids.allSatisfy(\.isFinite) else {
                throw ModelError.inconsistent("the token clusters' \(centroids.count) centroid values are not whole vectors of \(dimension) finite values")
            }
        }
        self.identity = identity
        self.levels = levels.map { Level(centroids: $0, dimension: dimension) }
        self.encoder = encoder
    }

    /// Each token's nearest centroid at each level (``Level/nearest(to:vectorCount:dimension:)``),
    /// written to `clusters`. A token whose vector is zero (it holds no word piece) gets the
    /// level's ``Level/count``, an id of its own.
    /// - Parameter vectors: `[tokenCount][dimension]`.
    package func assign(_ vectors: [Float], tokenCount: Int, into clusters: inout TokenClusterIDs) {
        let dimension = identity.dimension, levelCount = levels.count
        clusters.levels = levelCount
        clusters.ids.removeAll(keepingCapacity: true)
        clusters.ids.append(contentsOf: repeatElement(0, count: tokenCount * levelCount))
        guard tokenCount > 0 else { return }
        let empty = (0..<tokenCount).map { t in (0..<dimension).allSatisfy { vectors[t * dimension + $0] == 0 } }
        for (l, level) in levels.enumerated() {
            for (t, nearest) in level.nearest(to: vectors, vectorCount: tokenCount, dimension: dimension).enumerated() {
                clusters.ids[t * levelCount + l] = UInt16(empty[t] ? level.count : nearest)
            }
        }
    }

    /// This model part reading with `encoder`, which must be the one it was trained with.
    /// - Throws: ``ModelError/missingEncoder(_:)`` when `encoder` is another.
    func attaching(_ encoder: SentenceEncoder) throws(ModelError) -> TokenClusters {
        guard identity.isSameEncoder(as: encoder.identity) else {
            throw ModelError.missingEncoder(
                "the model's token clusters were made with the sentence encoder \(identity), not \(encoder.identity) from \(encoder.identity.directory)")
        }
        var clusters = self
        clusters.encoder = encoder
        return clusters
    }

    package static func == (lhs: TokenClusters, rhs: TokenClusters) -> Bool {
        lhs.identity.isSameEncoder(as: rhs.identity) && lhs.levels == rhs.levels
    }
}

/// Each token's cluster id at each level of a ``TokenClusters``, for the feature extractor.
package struct TokenClusterIDs: Sendable, Equatable {
    /// The levels per token.
    var levels = 0
    /// `[tokens][levels]`.
    var ids: [UInt16] = []

    package init() {}
}
