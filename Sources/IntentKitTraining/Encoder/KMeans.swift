import IntentKit

/// k-means clustering of vectors (Lloyd 1982), seeded by k-means++ (Arthur & Vassilvitskii
/// 2007), for ``TokenClusters``: deterministic for a seed, and every assignment step one `sgemm`
/// of the points against the centroids.
struct KMeans {
    /// Centroids.
    var count: Int
    /// Lloyd iterations at most; it stops sooner when no point changes cluster.
    var maximumIterations = 25
    var seed: UInt64

    /// The centroids of `points` (`[n][dimension]`), `[count][dimension]`; fewer points than
    /// `count` give one centroid a point.
    func centroids(of points: [Float], dimension: Int) -> [Float] {
        let n = points.count / dimension
        let k = min(count, n)
        guard k > 0 else { return [] }
        var generator = SeededGenerator(seed: seed)
        var centroids = [Float]()
        centroids.reserveCapacity(k * dimension)
        func squaredDistance(_ point: Int, _ centroid: Int) -> Float {
            var sum: Float = 0
            for j in 0..<dimension {
                let d = points[point * dimension + j] - centroids[centroid * dimension + j]
                sum += d * d
            }
            return sum
        }
        // k-means++: each next centroid a point drawn with probability ∝ its squared distance
        // to the nearest centroid so far.
        let first = Int(generator.next() % UInt64(n))
        centroids += points[(first * dimension)..<(first * dimension + dimension)]
        var nearest = (0..<n).map { squaredDistance($0, 0) }
        for c in 1..<k {
            let total = nearest.reduce(0, +)
            var chosen = Int(generator.next() % UInt64(n))
            if total > 0 {
                var target = Float(unitInterval(generator.next())) * total
                for (point, distance) in nearest.enumerated() {
                    target -= distance
                    if target <= 0 {
                        chosen = point
                        break
                    }
                }
            }
            centroids += points[(chosen * dimension)..<(chosen * dimension + dimension)]
            for point in 0..<n { nearest[point] = min(nearest[point], squaredDistance(point, c)) }
        }
        // Lloyd: assign every point to its nearest centroid (argmax x·c − ‖c‖²/2), move each
        // centroid to its points' mean; a centroid left without points stays where it was.
        var assignment = [Int](repeating: -1, count: n)
        var scores = [Float](repeating: 0, count: n * k)
        for _ in 0..<maximumIterations {
            let halfNorms = (0..<k).map { c in
                (0..<dimension).reduce(Float(0)) { $0 + centroids[c * dimension + $1] * centroids[c * dimension + $1] } / 2
            }
            points.withUnsafeBufferPointer { x in
                centroids.withUnsafeBufferPointer { m in
                    scores.withUnsafeMutableBufferPointer { s in
                        BLAS.gemm(m: n, n: k, k: dimension, x.baseAddress!, lda: dimension, m.baseAddress!, ldb: dimension,
                                  transposedB: true, s.baseAddress!, ldc: k)
                    }
                }
            }
            var changed = 0
            for point in 0..<n {
                var best = 0, bestScore = -Float.infinity
                for c in 0..<k {
                    let score = scores[point * k + c] - halfNorms[c]
                    if score > bestScore { (best, bestScore) = (c, score) }
                }
                if assignment[point] != best { changed += 1 }
                assignment[point] = best
            }
            if changed == 0 { break }
            var sums = [Double](repeating: 0, count: k * dimension), members = [Int](repeating: 0, count: k)
            for point in 0..<n {
                let c = assignment[point]
                members[c] += 1
                for j in 0..<dimension { sums[c * dimension + j] += Double(points[point * dimension + j]) }
            }
            for c in 0..<k where members[c] > 0 {
                for j in 0..<dimension { centroids[c * dimension + j] = Float(sums[c * dimension + j] / Double(members[c])) }
            }
        }
        return centroids
    }
}
