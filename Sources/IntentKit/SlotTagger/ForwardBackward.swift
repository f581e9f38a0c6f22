import CFixedOrderKernels
import Foundation

/// Scaled forward-backward for a linear-chain CRF (Rabiner 1989, §V.A scaling; Sutton &
/// McCallum 2012, §4.1), in probability space so each step is one matrix-vector product: a BLAS
/// gemv over a full label set at parse time, SIMD8 lanes over an intent's labels, and
/// fixed-order loops in training (``FixedOrderSquareMatrix``).
///
/// With `Ψ_t = exp(s_t − m_t)` (state scores shifted by their maximum for range) and
/// `E = exp(transitions)`:
///   α̂_0 = Ψ_0 / c_0,  α̂_t = (Eᵀ α̂_{t−1}) ⊙ Ψ_t / c_t   with c_t making Σ α̂_t = 1;
///   β̂_{T−1} = 1,      β̂_t = E (Ψ_{t+1} ⊙ β̂_{t+1}) / c_{t+1};
///   log Z = Σ_t (log c_t + m_t),  P(y_t = j) = α̂_t[j] β̂_t[j],
///   P(y_{t−1} = i, y_t = j) = α̂_{t−1}[i] E[i][j] Ψ_t[j] β̂_t[j] / c_t.
/// Buffers grow to the longest sentence and are reused.
package struct ForwardBackward: Sendable {
    let labelCount: Int
    /// `[T][L]` scaled forward variables.
    private(set) var alpha: [Float] = []
    /// `[T][L]` scaled backward variables.
    private(set) var beta: [Float] = []
    /// `[T][L]` exponentiated, shifted state scores Ψ.
    private(set) var potentials: [Float] = []
    /// `[T]` scaling factors c_t.
    private(set) var scales: [Float] = []
    private var temporary: [Float] = []
    private(set) var tokenCount = 0

    package init(labelCount: Int) {
        self.labelCount = labelCount
        temporary = [Float](repeating: 0, count: labelCount)
    }

    /// Runs both passes over `scores` (`[T][L]`) and returns log Z.
    /// - Parameter expTransitions: `[L][L]` exp(transition weights), from (row) → to (column).
    mutating func run(scores: UnsafeBufferPointer<Float>, tokenCount: Int, expTransitions: UnsafePointer<Float>) -> Double {
        run(scores: scores, tokenCount: tokenCount, transitions: BLASTransitions(matrix: expTransitions, size: labelCount))
    }

    /// Runs both passes as ``run(scores:tokenCount:expTransitions:)`` with exp(transitions) a
    /// small matrix (see ``SmallSquareMatrix``), without BLAS calls.
    mutating func run(scores: UnsafeBufferPointer<Float>, tokenCount: Int, expTransitions: SmallSquareMatrix) -> Double {
        run(scores: scores, tokenCount: tokenCount, transitions: expTransitions)
    }

    /// Runs both passes over ``FixedOrderSquareMatrix`` products, whose rounding does not depend
    /// on the processor: what training uses.
    package mutating func run(scores: UnsafeBufferPointer<Float>, tokenCount: Int, expTransitions: FixedOrderSquareMatrix) -> Double {
        run(scores: scores, tokenCount: tokenCount, transitions: expTransitions)
    }

    private mutating func run(scores: UnsafeBufferPointer<Float>, tokenCount: Int, transitions: some TransitionProducts) -> Double {
        let logZ = forward(scores: scores, tokenCount: tokenCount, transitions: transitions)
        backward(transitions: transitions)
        return logZ
    }

    /// The forward pass of a run over a small matrix alone: log Z now, the marginals once
    /// ``runBackward(expTransitions:)`` completes the run.
    mutating func runForward(scores: UnsafeBufferPointer<Float>, tokenCount: Int, expTransitions: SmallSquareMatrix) -> Double {
        forward(scores: scores, tokenCount: tokenCount, transitions: expTransitions)
    }

    /// Completes a ``runForward(scores:tokenCount:expTransitions:)``: afterwards the state is
    /// that of a whole run.
    mutating func runBackward(expTransitions: SmallSquareMatrix) {
        backward(transitions: expTransitions)
    }

    /// log Z of `scores` (`[T][L]`) by the forward pass alone (no marginals: ``marginal(token:label:)``
    /// does not describe these scores afterwards).
    mutating func logPartition(scores: UnsafeBufferPointer<Float>, tokenCount: Int, expTransitions: UnsafePointer<Float>) -> Double {
        let logZ = forward(scores: scores, tokenCount: tokenCount, transitions: BLASTransitions(matrix: expTransitions, size: labelCount))
        self.tokenCount = 0
        return logZ
    }

    /// α̂, Ψ and the scales c_t; returns log Z.
    private mutating func forward(scores: UnsafeBufferPointer<Float>, tokenCount: Int, transitions: some TransitionProducts) -> Double {
        let L = labelCount
        self.tokenCount = tokenCount
        guard tokenCount > 0 else { return 0 }
        let size = tokenCount * L
        if alpha.count < size {
            alpha = [Float](repeating: 0, count: size)
            beta = alpha
            potentials = alpha
        }
        if scales.count < tokenCount { scales = [Float](repeating: 0, count: tokenCount) }
        var logZ = 0.0
        potentials.withUnsafeMutableBufferPointer { psi in
            alpha.withUnsafeMutableBufferPointer { alpha in
                scales.withUnsafeMutableBufferPointer { scales in
                    // Row pointers: the same arithmetic as indexing, without overflow checks on every index.
                    for t in 0..<tokenCount {
                        let score = scores.baseAddress! + t &* L, psi = psi.baseAddress! + t &* L, alpha = alpha.baseAddress! + t &* L
                        var maximum = -Float.infinity
                        for j in 0..<L { maximum = max(maximum, score[j]) }
                        for j in 0..<L { psi[j] = expf(score[j] - maximum) }
                        if t == 0 {
                            alpha.update(from: psi, count: L)
                        } else {
                            transitions.multiplyTransposed(alpha - L, into: alpha)
                            for j in 0..<L { alpha[j] *= psi[j] }
                        }
                        var sum: Float = 0
                        for j in 0..<L { sum += alpha[j] }
                        let inverse = 1 / sum
                        for j in 0..<L { alpha[j] *= inverse }
                        scales[t] = sum
                        logZ += Double(logf(sum)) + Double(maximum)
                    }
                }
            }
        }
        return logZ
    }

    /// β̂ from Ψ and the scales of the last ``forward(scores:tokenCount:transitions:)``.
    private mutating func backward(transitions: some TransitionProducts) {
        let L = labelCount
        guard tokenCount > 0 else { return }
        potentials.withUnsafeBufferPointer { psi in
            beta.withUnsafeMutableBufferPointer { beta in
                scales.withUnsafeBufferPointer { scales in
                    temporary.withUnsafeMutableBufferPointer { temporary in
                        let last = beta.baseAddress! + (tokenCount - 1) * L
                        last.update(repeating: 1, count: L)
                        var t = tokenCount - 2
                        while t >= 0 {
                            let row = t &* L
                            let psi = psi.baseAddress! + (row &+ L), next = beta.baseAddress! + (row &+ L)
                            let inverse = 1 / scales[t + 1]
                            for j in 0..<L { temporary[j] = psi[j] * next[j] * inverse }
                            transitions.multiply(temporary.baseAddress!, into: beta.baseAddress! + row)
                            t -= 1
                        }
                    }
                }
            }
        }
    }

    /// P(y_t = j) for the last run.
    @inline(__always)
    func marginal(token t: Int, label j: Int) -> Float {
        alpha[t * labelCount + j] * beta[t * labelCount + j]
    }

    /// Writes `[T][L]` marginals P(y_t = j) of the last run into `output`.
    package func writeMarginals(into output: UnsafeMutablePointer<Float>) {
        let count = tokenCount * labelCount
        alpha.withUnsafeBufferPointer { alpha in
            beta.withUnsafeBufferPointer { beta in
                for index in 0..<count { output[index] = alpha[index] * beta[index] }
            }
        }
    }

    /// Adds `Σ_t α̂_{t−1} ⊗ (Ψ_t ⊙ β̂_t / c_t)` to `pairs` (`[L][L]`); multiplied element-wise by E
    /// afterwards it is the expected transition count. With `w_t = Ψ_t ⊙ β̂_t / c_t`, each
    /// `pairs[i][j]` gains `Σ_t α̂_{t−1}[i] · w_t[j]`, summed over t in order in an accumulator of
    /// its own (eight to a vector, up to four vectors at a time, as ``FixedOrderSquareMatrix``
    /// does; ``ik_accumulate_outer_products``): no BLAS, so the sums round the same way whatever processor runs them.
    package mutating func accumulatePairs(into pairs: UnsafeMutablePointer<Float>) {
        let L = labelCount
        guard tokenCount > 1 else { return }
        let steps = tokenCount - 1, stride = (L + 7) / 8 * 8
        if temporary.count < steps * stride { temporary = [Float](repeating: 0, count: steps * stride) }
        alpha.withUnsafeBufferPointer { alpha in
        beta.withUnsafeBufferPointer { beta in
        potentials.withUnsafeBufferPointer { potentials in
        scales.withUnsafeBufferPointer { scales in
            temporary.withUnsafeMutableBufferPointer { weighted in
                let w = weighted.baseAddress!, a = alpha.baseAddress!
                for t in 1..<tokenCount {
                    let row = t &* L, out = w + (t &- 1) &* stride
                    let psi = potentials.baseAddress! + row, next = beta.baseAddress! + row
                    let inverse = 1 / scales[t]
                    for j in 0..<L { out[j] = psi[j] * next[j] * inverse }
                    for j in L..<stride { out[j] = 0 }
                }
                ik_accumulate_outer_products(a, w, steps, L, stride, pairs)
            }
        }
        }
        }
        }
    }
}

/// The two products of the recursions with E = exp(transitions): `Eᵀ α` forward, `E v` backward.
protocol TransitionProducts {
    func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>)
    func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>)
}

extension SmallSquareMatrix: TransitionProducts {}

/// E as a `[size][size]` row-major matrix multiplied by BLAS gemv: what pays at a full label set.
private struct BLASTransitions: TransitionProducts {
    let matrix: UnsafePointer<Float>
    let size: Int

    func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        BLAS.gemv(rows: size, columns: size, matrix, x, y)
    }

    func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        BLAS.gemv(rows: size, columns: size, matrix, transposed: true, x, y)
    }
}
