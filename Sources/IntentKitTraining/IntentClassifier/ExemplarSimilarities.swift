import IntentKit

/// The nearest-exemplar features (``EncoderExemplars``) of every training utterance, as each
/// held-out fold's classifier and the final one see them.
///
/// An utterance must not be its own exemplar, nor have a twin of its phrasing as one: at parse
/// time a new request has neither, and a classifier trained on similarities of 1 would learn to
/// trust a similarity that never comes (the gazetteer's lesson: features in training must look
/// as they will at parse time). So for each utterance, group of utterances (a fold, or those
/// every fold trains on) and intent, this keeps the highest similarity to an utterance of that
/// group and intent of another phrasing; an utterance's features under fold k's classifier are
/// the maximum over the groups other than k, under the final classifier over all of them.
struct ExemplarSimilarities {
    let classCount: Int
    let groupCount: Int
    /// `[rows][groupCount][classCount]`, −∞ where the group holds no exemplar of the class.
    private var best: [Float]

    /// - Parameters:
    ///   - vectors: each row's sentence vector.
    ///   - classes: each row's class, below `classCount`.
    ///   - groups: each row's group, below `groupCount`: its fold, or a group for the rows every
    ///     fold trains on (generated ones).
    ///   - phrasings: rows of one phrasing are never each other's exemplars.
    ///   - excludedClass: a class whose rows are no exemplars (the out-of-scope class).
    init(
        vectors: [[Float]], classes: [Int], groups: [Int], groupCount: Int, phrasings: [UInt64], classCount: Int, excludedClass: Int? = nil,
        threads: Int
    ) {
        precondition(classes.count == vectors.count && groups.count == vectors.count && phrasings.count == vectors.count, "rows of other lengths")
        self.classCount = classCount
        self.groupCount = groupCount
        let n = vectors.count, dimension = vectors.first?.count ?? 0
        let unit = EncoderExemplars.unitRows(vectors)
        // Blocks of rows against every row: one matrix product a block (BLAS), then the maxima.
        let blockSize = 256, blocks = (n + blockSize - 1) / blockSize, stride = groupCount * classCount
        let parts = concurrentMap(blocks, threads: threads) { block -> [Float] in
            let start = block * blockSize, rows = min(blockSize, n - start)
            var result = [Float](repeating: -.infinity, count: rows * stride)
            guard dimension > 0 else { return result }
            var similarities = [Float](repeating: 0, count: rows * n)
            unit.withUnsafeBufferPointer { unit in
                similarities.withUnsafeMutableBufferPointer { s in
                    BLAS.gemm(m: rows, n: n, k: dimension, unit.baseAddress! + start * dimension, lda: dimension,
                              unit.baseAddress!, ldb: dimension, transposedB: true, s.baseAddress!, ldc: n)
                }
            }
            for r in 0..<rows {
                let phrasing = phrasings[start + r]
                for j in 0..<n where phrasings[j] != phrasing && classes[j] != excludedClass {
                    let index = r * stride + groups[j] * classCount + classes[j]
                    let similarity = similarities[r * n + j]
                    if similarity > result[index] { result[index] = similarity }
                }
            }
            return result
        }
        best = parts.flatMap { $0 }
    }

    /// Row `row`'s features (`[classCount]`) when the group `excluded` is held out (`nil`: none
    /// is): for each class the highest similarity over the other groups, 0 where none has an
    /// exemplar of it (as ``EncoderExemplars/similarities(of:into:)``).
    func features(of row: Int, excluding excluded: Int?) -> [Float] {
        var features = [Float](repeating: -.infinity, count: classCount)
        let base = row * groupCount * classCount
        for group in 0..<groupCount where group != excluded {
            for c in 0..<classCount { features[c] = max(features[c], best[base + group * classCount + c]) }
        }
        return features.map { $0 == -.infinity ? 0 : $0 }
    }
}
