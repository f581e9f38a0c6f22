/// Layer normalisation (Ba et al. 2016): each row brought to zero mean and unit variance over
/// its width, then scaled and shifted by learnt vectors.
struct LayerNorm: Sendable {
    let weight: [Float], bias: [Float]

    /// `rows` rows of `width` (the vectors' length) at `x`, normalised in place.
    func apply(_ x: UnsafeMutablePointer<Float>, rows: Int, epsilon: Float) {
        let width = weight.count
        weight.withUnsafeBufferPointer { weight in
            bias.withUnsafeBufferPointer { bias in
                for line in 0..<rows {
                    let row = x + line * width
                    var mean: Float = 0
                    for j in 0..<width { mean += row[j] }
                    mean /= Float(width)
                    var variance: Float = 0
                    for j in 0..<width { variance += (row[j] - mean) * (row[j] - mean) }
                    let inverse = 1 / (variance / Float(width) + epsilon).squareRoot()
                    for j in 0..<width { row[j] = (row[j] - mean) * inverse * weight[j] + bias[j] }
                }
            }
        }
    }
}
