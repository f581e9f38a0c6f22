/// A square matrix multiplied by vectors in plain loops whose every output sums its terms in
/// index order, so the result is the same bits whatever processor runs them.
///
/// BLAS kernels differ by processor model in how they split and fuse a product's sums, and
/// training amplifies such last-bit differences into different models. Here each output is one
/// accumulator summed over i in order (with separate multiplies and adds, no FMA); outputs go
/// eight to a vector and up to four vectors at a time, whose independent sums keep the adder
/// busy where one chain of dependent adds would wait on each. The matrix is kept in both
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

    /// `y[j] = Σ_i weights[i] · rows[i][j]`, i ascending for every j.
    private static func sumOfScaledRows(
        _ rows: UnsafePointer<Float>, size: Int, stride: Int, weights: UnsafePointer<Float>, into y: UnsafeMutablePointer<Float>
    ) {
        var block = 0
        while block &+ 32 <= stride {
            var s0 = SIMD8<Float>(), s1 = s0, s2 = s0, s3 = s0
            var row = UnsafeRawPointer(rows + block)
            for i in 0..<size {
                let weight = SIMD8<Float>(repeating: weights[i])
                s0 += weight * row.loadUnaligned(as: SIMD8<Float>.self)
                s1 += weight * row.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self)
                s2 += weight * row.loadUnaligned(fromByteOffset: 64, as: SIMD8<Float>.self)
                s3 += weight * row.loadUnaligned(fromByteOffset: 96, as: SIMD8<Float>.self)
                row += stride &* 4
            }
            store(s0, y + block, count: size &- block)
            store(s1, y + (block &+ 8), count: size &- block &- 8)
            store(s2, y + (block &+ 16), count: size &- block &- 16)
            store(s3, y + (block &+ 24), count: size &- block &- 24)
            block &+= 32
        }
        while block &+ 16 <= stride {
            var s0 = SIMD8<Float>(), s1 = s0
            var row = UnsafeRawPointer(rows + block)
            for i in 0..<size {
                let weight = SIMD8<Float>(repeating: weights[i])
                s0 += weight * row.loadUnaligned(as: SIMD8<Float>.self)
                s1 += weight * row.loadUnaligned(fromByteOffset: 32, as: SIMD8<Float>.self)
                row += stride &* 4
            }
            store(s0, y + block, count: size &- block)
            store(s1, y + (block &+ 8), count: size &- block &- 8)
            block &+= 16
        }
        if block < stride {
            var s0 = SIMD8<Float>()
            var row = UnsafeRawPointer(rows + block)
            for i in 0..<size {
                s0 += SIMD8<Float>(repeating: weights[i]) * row.loadUnaligned(as: SIMD8<Float>.self)
                row += stride &* 4
            }
            store(s0, y + block, count: size &- block)
        }
    }

    /// The first `count` lanes of `value` (all eight when `count` ≥ 8) at `target`.
    @inline(__always)
    static func store(_ value: SIMD8<Float>, _ target: UnsafeMutablePointer<Float>, count: Int) {
        if count >= 8 {
            UnsafeMutableRawPointer(target).storeBytes(of: value, as: SIMD8<Float>.self)
        } else {
            for lane in 0..<max(0, count) { target[lane] = value[lane] }
        }
    }
}

extension FixedOrderSquareMatrix: TransitionProducts {}
