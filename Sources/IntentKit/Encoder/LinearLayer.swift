import CEncoderKernels

/// One of the encoder's projections, `y = x · Wᵀ + b` for a `[outputs][inputs]` weight `W`, in
/// the arithmetic the encoder was loaded with.
///
/// In `float32` every product is OpenBLAS's `sgemm`. In `int8` the weights are quantised per
/// output row once, at load, and each call quantises the input rows: the products then
/// accumulate exactly in 32-bit integers (Jacob et al. 2018, §2), with `vpdpbusd` where the CPU
/// has AVX-512 VNNI. A forward pass of one short sentence reads every weight once and uses it a
/// dozen times, so `sgemm`'s packing of the weights costs as much as its arithmetic; the packed
/// int8 weights are a quarter of the bytes and need no packing per call.
struct LinearLayer: Sendable {
    let inputs: Int, outputs: Int
    private let bias: [Float]
    private let storage: Storage

    private enum Storage: Sendable {
        case float32(weight: [Float])
        /// The weights in `CEncoderKernels`' packed layout, the value of one step of each output's
        /// row, and each row's sum of steps.
        case int8(packed: [Int8], scales: [Float], sums: [Int32])
    }

    init(weight: [Float], bias: [Float], outputs: Int, inputs: Int, precision: SentenceEncoder.Precision) {
        precondition(weight.count == outputs * inputs && bias.count == outputs, "a linear layer's shapes disagree")
        (self.inputs, self.outputs, self.bias) = (inputs, outputs, bias)
        switch precision {
        case .float32:
            storage = .float32(weight: weight)
        case .int8:
            var scales = [Float](repeating: 0, count: outputs), sums = [Int32](repeating: 0, count: outputs)
            let packed = [Int8](unsafeUninitializedCapacity: ik_int8_packed_size(Int32(outputs), Int32(inputs))) { buffer, count in
                ik_int8_pack(weight, Int32(outputs), Int32(inputs), buffer.baseAddress!, &scales, &sums)
                count = buffer.count
            }
            storage = .int8(packed: packed, scales: scales, sums: sums)
        }
    }

    /// Writes `rows` rows of `[outputs]` to `output` from `rows` rows of `[inputs]` at `input`.
    func apply(_ input: UnsafePointer<Float>, rows: Int, into output: UnsafeMutablePointer<Float>) {
        switch storage {
        case .float32(let weight):
            for row in 0..<rows { (output + row * outputs).update(from: bias, count: outputs) }
            weight.withUnsafeBufferPointer { weight in
                BLAS.gemm(m: rows, n: outputs, k: inputs, input, lda: inputs, weight.baseAddress!, ldb: inputs,
                          transposedB: true, beta: 1, output, ldc: outputs)
            }
        case .int8(let packed, let scales, let sums):
            let quantizedCount = ik_int8_quantized_rows_size(Int32(rows), Int32(inputs))
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quantizedCount) { quantized in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: rows) { rowScales in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: rows) { zeroPoints in
                        ik_int8_quantize_rows(input, Int32(rows), Int32(inputs), quantized.baseAddress!, rowScales.baseAddress!,
                                              zeroPoints.baseAddress!)
                        ik_int8_linear(Int32(rows), Int32(outputs), Int32(inputs), quantized.baseAddress!, rowScales.baseAddress!,
                                       zeroPoints.baseAddress!, packed, scales, sums, bias, output)
                    }
                }
            }
        }
    }
}
