/// Max-product decoding of a linear-chain CRF under the label scheme's constraints, vectorised over
/// destination labels with SIMD8 (max-plus cannot be expressed in BLAS; the SIMD loop takes
/// about half the scalar loop's time).
///
/// Labels are padded to a multiple of 8; disallowed starts, transitions and ends
/// (``LabelSet/allowsTransition(from:to:)``) and padding carry −∞. Buffers grow to the longest sentence and are reused.
package struct ViterbiDecoder: Sendable {
    let labelCount: Int
    /// Labels rounded up to a multiple of 8.
    let paddedCount: Int
    /// `[L][paddedCount]` transition weights, −∞ where BIO forbids the move.
    let transitions: [Float]
    /// `[paddedCount]` 0 where a sentence may start, −∞ for `I-` labels and padding.
    let start: [Float]
    /// `[L]` 0 where a sentence may end, −∞ for labels that leave a slot open (BILOU `B-`, `I-`).
    let end: [Float]
    /// `[T][paddedCount]` the max-plus scores of every position.
    private var delta: [Float] = []


    package init(labels: LabelSet, transitions weights: [Float]) {
        let L = labels.count
        labelCount = L
        paddedCount = (L + 7) / 8 * 8
        var matrix = [Float](repeating: -.infinity, count: L * paddedCount)
        for from in 0..<L {
            for to in 0..<L where labels.allowsTransition(from: from, to: to) {
                matrix[from * paddedCount + to] = weights[from * L + to]
            }
        }
        transitions = matrix
        start = (0..<paddedCount).map { $0 < L && labels.allowsStart($0) ? 0 : -.infinity }
        end = (0..<L).map { labels.allowsEnd($0) ? 0 : -.infinity }
    }

    /// A decoder over `labels` (ids of `decoder`'s labels, ascending) only, with the same
    /// constraints; see ``LabelSubsetDecoder``.
    init(restricting decoder: ViterbiDecoder, to labels: [Int]) {
        let L = labels.count
        labelCount = L
        paddedCount = (L + 7) / 8 * 8
        var matrix = [Float](repeating: -.infinity, count: L * paddedCount)
        for (i, from) in labels.enumerated() {
            for (j, to) in labels.enumerated() { matrix[i * paddedCount + j] = decoder.transitions[from * decoder.paddedCount + to] }
        }
        transitions = matrix
        start = (0..<paddedCount).map { $0 < L ? decoder.start[labels[$0]] : -.infinity }
        end = labels.map { decoder.end[$0] }
    }

    /// The best label sequence for `scores` (`[T][L]`), written to `path`.
    /// - Parameter mask: `[L]` additive label mask (0 allowed, −∞ forbidden), or `nil` for all.
    ///
    /// The forward pass keeps only the max-plus scores δ_t of every position; the back-pointers
    /// are recomputed for the one label the path takes at each position when tracing back (L
    /// scalar steps a token, against L·P blends to keep them all), with the same candidates and the
    /// same tie-break, the lowest label, so the path is the one the pointers would give.

    package mutating func decode(scores: UnsafeBufferPointer<Float>, tokenCount: Int, mask: [Float]?, into path: inout [Int]) {
        path.removeAll(keepingCapacity: true)
        guard tokenCount > 0 else { return }
        let L = labelCount, P = paddedCount
        if delta.count < tokenCount * P { delta = [Float](repeating: 0, count: tokenCount * P) }
        transitions.withUnsafeBufferPointer { transitions in
            delta.withUnsafeMutableBufferPointer { delta in
                for j in 0..<P {
                    delta[j] = j < L ? start[j] + scores[j] + (mask?[j] ?? 0) : -.infinity
                }
                for t in 1..<max(tokenCount, 1) {
                    let previous = (t &- 1) &* P, next = t &* P
                    if P <= 32 {
                        // Up to 32 labels (an intent's), all blocks at once in registers: each
                        // predecessor's score is read and broadcast once, not once a block.
                        Self.maximizeSmall(delta.baseAddress! + previous, into: delta.baseAddress! + next, transitions: transitions.baseAddress!, labelCount: L, padded: P)
                    } else {
                        for block in stride(from: 0, to: P, by: 8) {
                            var best = SIMD8<Float>(repeating: -.infinity)
                            for i in 0..<L {
                                let score = delta[previous &+ i]
                                if score == -.infinity { continue }
                                let row = UnsafeRawPointer(transitions.baseAddress! + (i &* P &+ block)).loadUnaligned(as: SIMD8<Float>.self)
                                let candidate = row + SIMD8(repeating: score)
                                best.replace(with: candidate, where: candidate .> best)
                            }
                            // Padding lanes stay −∞: their transitions are.
                            UnsafeMutableRawPointer(delta.baseAddress! + (next &+ block)).storeBytes(of: best, as: SIMD8<Float>.self)
                        }
                    }
                    for j in 0..<L { delta[next &+ j] = delta[next &+ j] + scores[t &* L &+ j] + (mask?[j] ?? 0) }
                }
                let last = (tokenCount - 1) * P
                var label = 0  // `O`, which may always end a sentence
                for j in 1..<L where delta[last + j] + end[j] > delta[last + label] + end[label] { label = j }
                for _ in 0..<tokenCount { path.append(0) }
                path[tokenCount - 1] = label
                var t = tokenCount - 1
                while t > 0 {
                    // The predecessor the forward pass's maximum came from: the first strictly best candidate.
                    let previous = (t - 1) * P
                    var best = -Float.infinity, argument = 0
                    for i in 0..<L {
                        let score = delta[previous &+ i]
                        if score == -.infinity { continue }
                        let candidate = transitions[i &* P &+ label] + score
                        if candidate > best { (best, argument) = (candidate, i) }
                    }
                    label = argument
                    path[t - 1] = label
                    t -= 1
                }
            }
        }
    }

    /// `next[j] = max_i previous[i] + transitions[i][j]` for the `padded` ≤ 32 lanes, over the
    /// `labelCount` predecessors in order, a lane keeping the first strictly best (as the block
    /// loop of ``decode(scores:tokenCount:mask:into:)`` does, block by block).
    @inline(__always)
    private static func maximizeSmall(
        _ previous: UnsafePointer<Float>, into next: UnsafeMutablePointer<Float>, transitions: UnsafePointer<Float>, labelCount: Int, padded: Int
    ) {
        var b0 = SIMD8<Float>(repeating: -.infinity), b1 = b0, b2 = b0, b3 = b0
        @inline(__always) func lanes(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
            UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
        }
        for i in 0..<labelCount {
            let score = previous[i]
            if score == -.infinity { continue }
            let broadcast = SIMD8(repeating: score), row = transitions + i &* padded
            let c0 = lanes(row) + broadcast
            b0.replace(with: c0, where: c0 .> b0)
            guard padded > 8 else { continue }
            let c1 = lanes(row + 8) + broadcast
            b1.replace(with: c1, where: c1 .> b1)
            guard padded > 16 else { continue }
            let c2 = lanes(row + 16) + broadcast
            b2.replace(with: c2, where: c2 .> b2)
            guard padded > 24 else { continue }
            let c3 = lanes(row + 24) + broadcast
            b3.replace(with: c3, where: c3 .> b3)
        }
        // Padding lanes stay −∞: their transitions are.
        let out = UnsafeMutableRawPointer(next)
        out.storeBytes(of: b0, as: SIMD8<Float>.self)
        if padded > 8 { out.storeBytes(of: b1, toByteOffset: 32, as: SIMD8<Float>.self) }
        if padded > 16 { out.storeBytes(of: b2, toByteOffset: 64, as: SIMD8<Float>.self) }
        if padded > 24 { out.storeBytes(of: b3, toByteOffset: 96, as: SIMD8<Float>.self) }
    }
}
