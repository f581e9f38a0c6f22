/// A square matrix small enough (an intent's labels: SNIPS has 5 to 29) that a BLAS call costs
/// more than its arithmetic, multiplied by vectors in SIMD8 lanes instead.
///
/// The matrix and its transpose are both kept with rows padded to a multiple of 8, so that
/// `y = A x` and `y = Aᵀ x` are each a sum of scaled rows, eight outputs at a time.
struct SmallSquareMatrix: Sendable {
    /// Rows and columns.
    let size: Int
    /// `size` rounded up to a multiple of 8.
    private let padded: Int
    /// `[size][padded]` the matrix, zeros in the padding.
    private let rows: [Float]
    /// `[size][padded]` its transpose, zeros in the padding.
    private let columns: [Float]

    /// The `[size][size]` row-major `matrix`.
    init(_ matrix: [Float], size: Int) {
        precondition(matrix.count == size * size)
        self.size = size
        padded = (size + 7) / 8 * 8
        var rows = [Float](repeating: 0, count: size * padded), columns = rows
        for i in 0..<size {
            for j in 0..<size {
                rows[i * padded + j] = matrix[i * size + j]
                columns[j * padded + i] = matrix[i * size + j]
            }
        }
        self.rows = rows
        self.columns = columns
    }

    /// `y = A x` (`size` floats each).
    func multiply(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        columns.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, count: size, padded: padded, weights: x, into: y) }
    }

    /// `y = Aᵀ x` (`size` floats each).
    func multiplyTransposed(_ x: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>) {
        rows.withUnsafeBufferPointer { Self.sumOfScaledRows($0.baseAddress!, count: size, padded: padded, weights: x, into: y) }
    }

    /// `y[j] = Σ_i weights[i] · rows[i][j]` for j < count, the `count` rows `padded` floats apart.
    @inline(__always)
    private static func sumOfScaledRows(
        _ rows: UnsafePointer<Float>, count: Int, padded: Int, weights: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>
    ) {
        var block = 0
        while block < count {
            var sum = SIMD8<Float>(repeating: 0)
            for i in 0..<count {
                // `acc += r * v`, not addProduct: that compiles to per-lane fmaf calls.
                sum += UnsafeRawPointer(rows + (i &* padded &+ block)).loadUnaligned(as: SIMD8<Float>.self) * SIMD8(repeating: weights[i])
            }
            for lane in 0..<min(8, count &- block) { y[block &+ lane] = sum[lane] }
            block &+= 8
        }
    }
}
