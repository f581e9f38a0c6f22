/// Layer normalisation (Ba et al. 2016): each row brought to zero mean and unit variance over
/// its width, then scaled and shifted by learnt vectors.
struct LayerNorm: Sendable {
    let weight: [Float], bias: [Float]

    /// `rows` rows of `width` (the vectors' length) at `x`, normalised in place. The sums run in
    /// eight lanes, added in a fixed order (the same bits on every machine): one running sum
    /// would wait on each addition's latency, and the encoders' rows are wide (up to 1,280).
    func apply(_ x: UnsafeMutablePointer<Float>, rows: Int, epsilon: Float) {
        let width = weight.count, lanes = width / 8 * 8
        weight.withUnsafeBufferPointer { weight in
            bias.withUnsafeBufferPointer { bias in
                let (weight, bias) = (weight.baseAddress!, bias.baseAddress!)
                for line in 0..<rows {
                    let row = x + line * width
                    var sums = SIMD8<Float>()
                    for j in stride(from: 0, to: lanes, by: 8) { sums += Self.load(row + j) }
                    var total = sums.sum()
                    for j in lanes..<width { total += row[j] }
                    let mean = total / Float(width)
                    var squares = SIMD8<Float>()
                    for j in stride(from: 0, to: lanes, by: 8) {
                        let centred = Self.load(row + j) - mean
                        squares += centred * centred
                    }
                    var variance = squares.sum()
                    for j in lanes..<width { variance += (row[j] - mean) * (row[j] - mean) }
                    let inverse = 1 / (variance / Float(width) + epsilon).squareRoot()
                    for j in stride(from: 0, to: lanes, by: 8) {
                        let value = (Self.load(row + j) - mean) * inverse * Self.load(weight + j) + Self.load(bias + j)
                        UnsafeMutableRawPointer(row + j).storeBytes(of: value, as: SIMD8<Float>.self)
                    }
                    for j in lanes..<width { row[j] = (row[j] - mean) * inverse * weight[j] + bias[j] }
                }
            }
        }
    }

    private static func load(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }

    private static func load(_ pointer: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }
}
