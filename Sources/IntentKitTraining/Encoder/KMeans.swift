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
        for _ in 0..<maximumIterations {
            let next = TokenClusters.Level(centroids: centroids, dimension: dimension).nearest(to: points, vectorCount: n, dimension: dimension)
            if next == assignment { break }
            assignment = next
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
