import CEncoderKernels
import Foundation
import Testing
@testable import IntentKit

/// The encoder's C kernels: 8-bit integer linear layers and GELU. Every path the CPU offers
/// (AVX-512 VNNI, AVX2, the portable loop) must give the same bits, the integers must sum
/// exactly, and the results must stay close to the float arithmetic they stand for.
@Suite("Encoder kernels", .serialized)
struct EncoderKernelsTests {
    /// `ik_int8_linear` on every path `ik_force_portable_kernels` can choose, the CPU's choice first.
    private func int8Linear(_ x: [Float], rows: Int, _ weight: [Float], _ bias: [Float], outputs: Int, inputs: Int) -> [[Float]] {
        var packed = [Int8](repeating: 0, count: ik_int8_packed_size(Int32(outputs), Int32(inputs)))
        var weightScales = [Float](repeating: 0, count: outputs), weightSums = [Int32](repeating: 0, count: outputs)
        ik_int8_pack(weight, Int32(outputs), Int32(inputs), &packed, &weightScales, &weightSums)
        defer { ik_force_portable_kernels(0) }
        return [0, 1, 2].map { path in
            ik_force_portable_kernels(Int32(path))
            var quantized = [UInt8](repeating: 0, count: ik_int8_quantized_rows_size(Int32(rows), Int32(inputs)))
            var rowScales = [Float](repeating: 0, count: rows), zeroPoints = [Int32](repeating: 0, count: rows)
            ik_int8_quantize_rows(x, Int32(rows), Int32(inputs), &quantized, &rowScales, &zeroPoints)
            var y = [Float](repeating: .nan, count: rows * outputs)
            ik_int8_linear(Int32(rows), Int32(outputs), Int32(inputs), quantized, rowScales, zeroPoints, packed, weightScales, weightSums,
                           bias, &y)
            return y
        }
    }

    private func floatLinear(_ x: [Float], rows: Int, _ weight: [Float], _ bias: [Float], outputs: Int, inputs: Int) -> [Float] {
        var y = [Float](repeating: 0, count: rows * outputs)
        for r in 0..<rows {
            for o in 0..<outputs {
                var sum = Double(bias[o])
                for k in 0..<inputs { sum += Double(x[r * inputs + k]) * Double(weight[o * inputs + k]) }
                y[r * outputs + o] = Float(sum)
            }
        }
        return y
    }

    /// Values that quantise without loss give the exact integer products: integer weights whose
    /// rows reach ±127 (a step of 1), integer inputs whose rows span -128 … 127 (a step of 1, the
    /// zero point 128). The sums are exact the sums are exact on every path, over shapes that leave partial
    /// panels (outputs not a multiple of 16), partial groups (inputs not a multiple of 4) and
    /// partial row blocks (rows not a multiple of 8).
    @Test func integerInputsGiveExactProductsOnEveryPath() {
        var generator = SeededGenerator(seed: 0x1A7)
        for (rows, outputs, inputs) in [(1, 1, 2), (3, 16, 4), (8, 32, 64), (9, 33, 37), (17, 50, 130), (15, 48, 1536)] {
            var x = (0..<(rows * inputs)).map { _ in Float(Int.random(in: -128...127, using: &generator)) }
            for row in 0..<rows {
                x[row * inputs] = -128
                x[row * inputs + inputs - 1] = 127
            }
            var weight = (0..<(outputs * inputs)).map { _ in Float(Int.random(in: -127...127, using: &generator)) }
            for row in 0..<outputs { weight[row * inputs + row % inputs] = Bool.random(using: &generator) ? 127 : -127 }
            let bias = (0..<outputs).map { Float($0) - 3 }
            let expected = floatLinear(x, rows: rows, weight, bias, outputs: outputs, inputs: inputs)
            let paths = int8Linear(x, rows: rows, weight, bias, outputs: outputs, inputs: inputs)
            for (path, y) in paths.enumerated() {
                #expect(y == expected, "\(rows)×\(inputs) → \(outputs), path \(path)")
            }
        }
    }

    /// Real-valued inputs: within the quantisation's bound of the float products, and the same
    /// bits on every path.
    @Test func realInputsStayWithinTheQuantisationErrorAndAgreeAcrossPaths() {
        var generator = SeededGenerator(seed: 0xF10A7)
        for (rows, outputs, inputs) in [(1, 16, 384), (7, 40, 96), (15, 64, 385)] {
            let x = (0..<(rows * inputs)).map { _ in Float.random(in: -3...3, using: &generator) }
            let weight = (0..<(outputs * inputs)).map { _ in Float.random(in: -0.1...0.1, using: &generator) }
            let bias = (0..<outputs).map { _ in Float.random(in: -1...1, using: &generator) }
            let expected = floatLinear(x, rows: rows, weight, bias, outputs: outputs, inputs: inputs)
            let paths = int8Linear(x, rows: rows, weight, bias, outputs: outputs, inputs: inputs)
            #expect(paths.allSatisfy { $0 == paths[0] }, "\(rows)×\(inputs) → \(outputs)")
            // Each product's error is at most half a step of x times |w| plus half a step of w
            // times |x| (and their product): summed over the inputs, a bound per output.
            let xStep: Float = 6.0 / 255, wStep: Float = 0.1 / 127
            let bound = Float(inputs) * (xStep / 2 * 0.1 + wStep / 2 * 3 + xStep * wStep / 4)
            let worst = zip(paths[0], expected).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= bound, "\(rows)×\(inputs) → \(outputs): error \(worst), bound \(bound)")
            // And in practice far below the bound: the errors are independent and cancel.
            #expect(worst <= bound / 4, "\(rows)×\(inputs) → \(outputs): error \(worst) of a bound \(bound)")
        }
    }

    @Test func zeroRowsAndZeroWeightsGiveTheBias() {
        let (rows, outputs, inputs) = (2, 3, 5)
        let x = [Float](repeating: 0, count: rows * inputs), bias: [Float] = [1, -2, 0.5]
        for y in int8Linear(x, rows: rows, [Float](repeating: 0.25, count: outputs * inputs), bias, outputs: outputs, inputs: inputs) {
            #expect(y == bias + bias)
        }
        let ones = [Float](repeating: 1, count: rows * inputs)
        for y in int8Linear(ones, rows: rows, [Float](repeating: 0, count: outputs * inputs), bias, outputs: outputs, inputs: inputs) {
            #expect(y == bias + bias)
        }
    }

    /// GELU x·Φ(x) against the C library's `erf`, within the approximation's 1.5·10⁻⁷ on erf
    /// (times |x|/2) plus float rounding, and the same bits on every path.
    @Test func geluIsWithinTheApproximationOfTheExactOneOnEveryPath() {
        let inputs = (-12000...12000).map { Float($0) / 1000 } + [-100, -30, 30, 100, 0, -0.0]
        defer { ik_force_portable_kernels(0) }
        let paths: [[Float]] = [0, 1, 2].map { path in
            ik_force_portable_kernels(Int32(path))
            var values = inputs
            ik_gelu(&values, values.count)
            return values
        }
        #expect(paths.allSatisfy { $0 == paths[0] })
        for (x, measured) in zip(inputs, paths[0]) {
            let exact = 0.5 * Double(x) * (1 + erf(Double(x) / 2.0.squareRoot()))
            #expect(abs(Double(measured) - exact) <= 2e-7 * abs(Double(x)) + 1e-6 * abs(exact) + 1e-7, "gelu(\(x)) = \(measured), not \(exact)")
        }
        let n = inputs.count
        #expect(paths[0][n - 6] == 0 && paths[0][n - 4] == 30 && paths[0][n - 3] == 100 && paths[0][n - 2] == 0 && paths[0][n - 1] == 0)
    }
}
