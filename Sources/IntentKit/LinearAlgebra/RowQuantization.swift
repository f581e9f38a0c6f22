/// Symmetric linear quantisation per row (Jacob et al. 2018, "Quantization and Training of Neural
/// Networks for Efficient Integer-Arithmetic-Only Inference", with one scale per row instead of
/// per tensor): each row of a row-major matrix becomes whole steps from −127 to 127 of a step of
/// its own, the row's largest magnitude over 127. A value moves by at most half a step, 1/254 of
/// its row's largest. The model file stores the intent classifier's weights and the nearest
/// exemplars so, a byte a value.
package enum RowQuantization {
    /// The steps and each row's step of `values`, rows of `rowLength` (an all-zero row has step 0).
    package static func quantize(_ values: [Float], rowLength: Int) -> (levels: [Int8], scales: [Float]) {
        let rows = rowLength > 0 ? values.count / rowLength : 0
        var scales = [Float](repeating: 0, count: rows)
        for row in 0..<rows {
            let range = row * rowLength..<(row + 1) * rowLength
            let largest = values[range].reduce(0) { max($0, abs($1)) }
            if largest > 0 { scales[row] = largest / 127 }
        }
        return (levels(of: values, scales: scales, rowLength: rowLength), scales)
    }

    /// `values` in whole steps of each row's `scales` entry, clamped to −127…127 (0 where the
    /// step is 0).
    package static func levels(of values: [Float], scales: [Float], rowLength: Int) -> [Int8] {
        var levels = [Int8](repeating: 0, count: values.count)
        for (row, scale) in scales.enumerated() where scale > 0 {
            for index in row * rowLength..<(row + 1) * rowLength {
                levels[index] = Int8(max(-127, min(127, (values[index] / scale).rounded())))
            }
        }
        return levels
    }

    /// The values `levels` stand for: each step times its row's `scales` entry.
    package static func values(of levels: [Int8], scales: [Float], rowLength: Int) -> [Float] {
        var values = [Float](repeating: 0, count: levels.count)
        for (row, scale) in scales.enumerated() {
            for index in row * rowLength..<(row + 1) * rowLength { values[index] = Float(levels[index]) * scale }
        }
        return values
    }
}
