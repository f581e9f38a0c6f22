import Testing
@testable import IntentKit

@Suite("BLAS wrappers")
struct BLASTests {
    private func values(_ count: Int, seed: UInt64) -> [Float] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Float(generator.next() % 2001) / 1000 - 1 }
    }

    @Test func dotAxpyAndScaleMatchPlainLoops() {
        let x = values(37, seed: 1), y = values(37, seed: 2)
        let expected = zip(x, y).reduce(Float(0)) { $0 + $1.0 * $1.1 }
        #expect(abs(BLAS.dot(x, y, count: 37) - expected) < 1e-4)

        var z = y
        BLAS.axpy(0.5, x, &z, count: 37)
        for index in 0..<37 { #expect(abs(z[index] - (y[index] + 0.5 * x[index])) < 1e-6) }

        BLAS.scale(2, &z, count: 37)
        for index in 0..<37 { #expect(abs(z[index] - 2 * (y[index] + 0.5 * x[index])) < 1e-5) }
    }

    /// The SIMD products of small matrices, around multiples of 8 (padding, partial blocks).
    @Test(arguments: [1, 5, 8, 9, 16, 29])
    func smallSquareMatrixProductsMatchGemv(size: Int) {
        let a = values(size * size, seed: UInt64(size)), x = values(size, seed: 7)
        let matrix = SmallSquareMatrix(a, size: size)
        for transposed in [false, true] {
            var expected = [Float](repeating: 0, count: size), y = [Float](repeating: .nan, count: size + 1)
            BLAS.gemv(rows: size, columns: size, a, transposed: transposed, x, &expected)
            y.withUnsafeMutableBufferPointer { y in
                if transposed { matrix.multiplyTransposed(x, into: y.baseAddress!) } else { matrix.multiply(x, into: y.baseAddress!) }
            }
            for index in 0..<size { #expect(abs(y[index] - expected[index]) < 1e-5) }
            #expect(y[size].isNaN)  // nothing written past the end
        }
    }

    @Test(arguments: [false, true])
    func gemvMatchesPlainLoops(transposed: Bool) {
        let rows = 5, columns = 7
        let a = values(rows * columns, seed: 3)
        let x = values(transposed ? rows : columns, seed: 4)
        var y = values(transposed ? columns : rows, seed: 5)
        let original = y
        BLAS.gemv(rows: rows, columns: columns, alpha: 2, a, transposed: transposed, x, beta: 0.5, &y)
        for out in 0..<(transposed ? columns : rows) {
            var sum: Float = 0
            for inner in 0..<(transposed ? rows : columns) {
                sum += (transposed ? a[inner * columns + out] : a[out * columns + inner]) * x[inner]
            }
            #expect(abs(y[out] - (2 * sum + 0.5 * original[out])) < 1e-4)
        }
    }

    @Test func gemmMatchesPlainLoops() {
        let m = 4, n = 6, k = 5
        let a = values(m * k, seed: 6), b = values(k * n, seed: 7)
        var c = [Float](repeating: 1, count: m * n)
        BLAS.gemm(m: m, n: n, k: k, alpha: 1, a, b, beta: 1, &c)
        for row in 0..<m {
            for column in 0..<n {
                var sum: Float = 1
                for inner in 0..<k { sum += a[row * k + inner] * b[inner * n + column] }
                #expect(abs(c[row * n + column] - sum) < 1e-4)
            }
        }
    }
}
