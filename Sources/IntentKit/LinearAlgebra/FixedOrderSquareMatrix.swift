import CFixedOrderKernels

/// A square matrix multiplied by vectors in plain loops whose every output sums its terms in
/// index order, so the result is the same bits whatever processor runs them.
///
/// BLAS kernels differ by processor model in how they split and fuse a product's sums, and
/// training amplifies such last-bit differences into different models. Here each output is one
/// accumulator summed over i in order (with separate multiplies and adds, no FMA); outputs go
/// eight to a vector and up to four vectors at a time, whose independent sums keep the adder
/// busy where one chain of dependent adds would wait on each (in C, ``ik_sum_of_scaled_rows``, so
/// that a CPU with AVX2 does a vector's lanes in one instruction; the lanes' sums are the
/// same). The matrix is kept in both
/// orientations so that `A x` and `Aᵀ x` both read rows, each row padded with zeros to a whole
/// number of vectors.
package struct FixedOrderSquareMatrix: Sendable {
    /// Rows and columns.
    let size: Int
    /// Floats from one row to the next: `size` rounded up to a multiple of 8.
    let stride: Int
    /// `[size][stride]` row-major, zero past `size` in each row.
    private let rows: [Float]
    /// `[size][stride]` the transpose, row-major, zero past `size` in each row.
    private let columns: [Float]

    /// The `[size][size]` row-major `matrix`.
    package init(_ matrix: [Float], size: Int) {
        precondition(matrix.count == size * size)
        self.size = size
        let stride = (size + 7) / 8 * 8
        self.stride = stride
        var rows = [Float](repeating: 0, count: size * stride), columns = rows
        for i in 0..<size {
            for j in 0..<size {
                rows[i * stride + j] = matrix[i * size + j]
                columns[j * stride + i] = matrix[i * size + j]
            }
        }
        self.rows = rows
        self.columns = columns
    }

    /// `y = A x`: `y[i] = Σ_j A[i][j] x[j] = Σ_j Aᵀ[j][i] x[j]`.
    func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        columns.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, stride: stride, weights: x, into: y) }
    }

    /// `y = Aᵀ x`: `y[j] = Σ_i x[i] A[i][j]`.
    func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        rows.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, stride: stride, weights: x, into: y) }
    }

    /// `y[j] = Σ_i weights[i] · rows[i][j]`, i ascending for every j (``ik_sum_of_scaled_rows``:
    /// eight outputs to a vector, up to four vectors at a time).
    private static func sumOfScaledRows(
        _ rows: UnsafePointer<Float>, size: Int, stride: Int, weights: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>
    ) {
        ik_sum_of_scaled_rows(rows, size, stride, weights, y)
    }
}

extension FixedOrderSquareMatrix: TransitionProducts {}
