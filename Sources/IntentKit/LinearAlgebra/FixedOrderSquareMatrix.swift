/// A square matrix multiplied by vectors in plain loops whose every output sums its terms in
/// index order, so the result is the same bits on every processor.
///
/// BLAS kernels differ by processor model in how they split and fuse a product's sums, and
/// training amplifies such last-bit differences into different models. These loops run with the
/// output index innermost (`y[j] += x[i] · m[i][j]`), which the optimizer vectorizes across
/// outputs without reordering any one output's sum; the matrix is kept in both orientations so
/// that `A x` and `Aᵀ x` both have that shape.
package struct FixedOrderSquareMatrix: Sendable, TransitionProducts {
    /// Rows and columns.
    package let size: Int
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
    package func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        columns.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, weights: x, into: y) }
    }

    /// `y = Aᵀ x`: `y[j] = Σ_i x[i] A[i][j]`.
    package func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        rows.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, size: size, weights: x, into: y) }
    }

    /// `y[j] = Σ_i weights[i] · rows[i][j]`, i ascending for every j.
    private static func sumOfScaledRows(_ rows: UnsafePointer<Float>, size: Int, weights: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        y.update(repeating: 0, count: size)
        for i in 0..<size {
            let weight = weights[i], row = rows + i &* size
            for j in 0..<size { y[j] += weight * row[j] }
        }
    }
}
