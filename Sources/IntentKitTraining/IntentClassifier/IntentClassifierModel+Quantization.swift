import IntentKit

extension IntentClassifierModel {
    /// This classifier with each feature's weights rounded to a whole number of steps, from −127
    /// to 127, of a step of its own: the largest weight of the feature over 127 (symmetric
    /// linear quantisation per row, as in Jacob et al. 2018, "Quantization and Training of
    /// Neural Networks for Efficient Integer-Arithmetic-Only Inference", with one scale per
    /// feature instead of per tensor). The file then stores a byte a weight.
    ///
    /// A row's rounding error is at most half its step, 1/254 of its largest weight; an
    /// utterance's score for an intent sums a few dozen rows, so the scores move by a small
    /// fraction of the gaps that decide between intents. Parsing reads the rounded floats and
    /// costs the same. The sentence encoder's weights, a few hundred rows, stay floats.
    func quantized() -> IntentClassifierModel {
        let C = intents.count, storage = self.storage
        var weights = storage.weights
        var scales = [Float](repeating: 0, count: attributes.count)
        for row in 0..<attributes.count {
            let range = row * C..<(row + 1) * C
            let largest = weights[range].reduce(0) { max($0, abs($1)) }
            guard largest > 0 else { continue }
            let scale = largest / 127
            scales[row] = scale
            for index in range { weights[index] = (weights[index] / scale).rounded() * scale }
        }
        return try! IntentClassifierModel(
            intents: intents, attributes: attributes, weights: weights, biases: storage.biases, characterNGrams: characterNGrams,
            outOfScope: outOfScope, rowScales: scales, encoderFeatures: encoderFeatures)
    }

    /// The whole numbers of steps that the weights are, row by row (for the model file).
    func quantizedLevels(_ scales: [Float]) -> [Int8] {
        let C = intents.count, weights = storage.weights
        var levels = [Int8](repeating: 0, count: weights.count)
        for (row, scale) in scales.enumerated() where scale > 0 {
            for index in row * C..<(row + 1) * C {
                levels[index] = Int8(max(-127, min(127, (weights[index] / scale).rounded())))
            }
        }
        return levels
    }
}
