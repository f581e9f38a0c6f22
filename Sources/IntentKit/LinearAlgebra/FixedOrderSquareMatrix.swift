/// A square matrix multiplied by vectors in plain loops whose every output sums its terms in
/// index order, so the result is the same bits whatever processor runs them.
///
/// BLAS kernels differ by processor model in how they split and fuse a product's sums, and
/// training amplifies such last-bit differences into different models. Here each output is one
/// accumulator summed over i in order (with separate multiplies and adds, no FMA), which the
/// optimizer may vectorize across outputs but never reorders; the matrix is kept in both
/// orientations so that `A x` and `Aᵀ x` both read rows.
package struct FixedOrderSquareMatrix: Sendable {
    /// Rows and columns.
    let size: Int
    /// `[size][size]` row-major.
    private let rows: [Float]
    /// `[size][size]` the transpose, row-major.
    private let columns: [Float]

    /// The `[size][size]` row-major `matrix`.
    package init(_ matrix: [Float], size: Int) {
        precondition(matrix.count == size * size)
        self.size = size
        rows = matrix
        var columns = matrix
        for i in 0..<size {
            for j in 0..<size { columns[j * size + i] = matrix[i * size + j] }
        }
        self.columns = columns
    }

    /// `y = A x`: `y[i] = Σ_j A[i][j] x[j] = Σ_j Aᵀ[j][i] x[j]`.
    func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        columns.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, weights: x, into: y) }
    }

    /// `y = Aᵀ x`: `y[j] = Σ_i x[i] A[i][j]`.
    func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        rows.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, weights: x, into: y) }
    }

    /// `y[j] = Σ_i weights[i] · rows[i][j]`, i ascending for every j.
    ///
    /// Eight outputs at a time, kept in eight scalar accumulators across all i, which the
    /// optimizer turns into one vector register (and a debug build still runs at scalar speed);
    /// the outputs past the last whole eight are summed one by one.
    private static func sumOfScaledRows(_ rows: UnsafePointer<Float>, size: Int, weights: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        var block = 0
        while block &+ 8 <= size {
            var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0, s4: Float = 0, s5: Float = 0, s6: Float = 0, s7: Float = 0
            var row = rows + block
            for i in 0..<size {
                let weight = weights[i]
                s0 += weight * row[0]; s1 += weight * row[1]; s2 += weight * row[2]; s3 += weight * row[3]
                s4 += weight * row[4]; s5 += weight * row[5]; s6 += weight * row[6]; s7 += weight * row[7]
                row += size
            }
            y[block] = s0; y[block &+ 1] = s1; y[block &+ 2] = s2; y[block &+ 3] = s3
            y[block &+ 4] = s4; y[block &+ 5] = s5; y[block &+ 6] = s6; y[block &+ 7] = s7
            block &+= 8
        }
        while block < size {
            var sum: Float = 0
            for i in 0..<size { sum += weights[i] * rows[i &* size &+ block] }
            y[block] = sum
            block &+= 1
        }
    }
}

extension FixedOrderSquareMatrix: TransitionProducts {}
