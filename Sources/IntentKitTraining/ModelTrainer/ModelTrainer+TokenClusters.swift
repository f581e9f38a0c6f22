import Foundation
import IntentKit

extension ModelTrainer {
    /// The encoder's token clusters of training and each training utterance's cluster ids.
    struct TrainingTokenClusters {
        let clusters: TokenClusters
        /// `[utterances]`, as ``TrainingUtterances/dataset``'s sequences.
        let ids: [TokenClusterIDs]
    }

    /// Tokens sampled for k-means: enough for the finest level's centroids to sit among tens of
    /// tokens each, few enough that clustering costs seconds.
    static let clusterSampleTokens = 20_000

    /// The ``FeatureTemplate/encoderClusters`` template's clusters: every training utterance
    /// encoded once (with ``TrainingOptions/encoder``), k-means at each of
    /// ``TrainingOptions/encoderClusterLevels`` on a sample of the tokens, then every token's
    /// nearest centroids. `nil` without the template or an encoder.
    func trainingTokenClusters(_ utterances: TrainingUtterances) -> TrainingTokenClusters? {
        guard let encoder = options.encoder, options.features.templates.contains(.encoderClusters), !options.encoderClusterLevels.isEmpty else {
            return nil
        }
        let started = Date()
        let sequences = utterances.dataset.sequences.map(\.tokens)
        let encodings = encoder.encodeWithTokens(sequences.map(Self.encoderInput), threads: options.threads)
        let dimension = encoder.dimension
        let tokenCount = sequences.reduce(0) { $0 + $1.count }
        // An evenly spaced sample of the tokens that hold a piece.
        let stride = max(1, tokenCount / Self.clusterSampleTokens)
        var sample = [Float](), index = 0
        for encoding in encodings {
            for row in Swift.stride(from: 0, to: encoding.tokens.count, by: dimension) {
                defer { index += 1 }
                let vector = encoding.tokens[row..<(row + dimension)]
                if index % stride == 0 && vector.contains(where: { $0 != 0 }) { sample += vector }
            }
        }
        guard !sample.isEmpty else { return nil }
        let levels = options.encoderClusterLevels.enumerated().map { level, count in
            KMeans(count: count, seed: options.seed &+ 0xC1_05 &+ UInt64(level)).centroids(of: sample, dimension: dimension)
        }
        guard let clusters = try? TokenClusters(identity: encoder.identity, levels: levels, encoder: encoder) else { return nil }
        let ids = Self.clusterIDs(of: sequences, encodings: encodings, clusters: clusters)
        step(String(format: "slot tagger: %d utterances encoded by %@, their token vectors in %@ centroids (k-means on %d of %d tokens), in %.1f s",
                   sequences.count, encoder.name, clusters.levels.map { String($0.count) }.joined(separator: ", "),
                   sample.count / dimension, tokenCount, Date().timeIntervalSince(started)))
        return TrainingTokenClusters(clusters: clusters, ids: ids)
    }

    /// The cluster ids of each of `sequences`, encoded in batches.
    func tokenClusterIDs(of sequences: [TokenizedText], clusters: TokenClusters) -> [TokenClusterIDs] {
        guard let encoder = clusters.encoder else { return sequences.map { _ in TokenClusterIDs() } }
        return Self.clusterIDs(of: sequences, encodings: encoder.encodeWithTokens(sequences.map(Self.encoderInput), threads: options.threads),
                               clusters: clusters)
    }

    /// Each of `sequences`' cluster ids, from its encoding.
    private static func clusterIDs(
        of sequences: [TokenizedText], encodings: [SentenceEncoder.TokenizedEncoding], clusters: TokenClusters
    ) -> [TokenClusterIDs] {
        zip(sequences, encodings).map { tokens, encoding in
            var ids = TokenClusterIDs()
            clusters.assign(encoding.tokens, tokenCount: tokens.count, into: &ids)
            return ids
        }
    }

    /// What the encoder reads of `tokens`: its text and its tokens' scalar ranges.
    static func encoderInput(_ tokens: TokenizedText) -> SentenceEncoder.TokenizedInput {
        SentenceEncoder.TokenizedInput(text: tokens.text, tokens: tokens.tokens.map(\.range))
    }
}
