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
        let storage = self.storage
        let (levels, scales) = RowQuantization.quantize(storage.weights, rowLength: intents.count)
        return try! IntentClassifierModel(
            intents: intents, attributes: attributes, weights: RowQuantization.values(of: levels, scales: scales, rowLength: intents.count),
            biases: storage.biases, characterNGrams: characterNGrams, outOfScope: outOfScope, rowScales: scales, encoderFeatures: encoderFeatures,
            scopeExemplars: scopeExemplars)
    }

    /// The whole numbers of steps that the weights are, row by row (for the model file).
    func quantizedLevels(_ scales: [Float]) -> [Int8] {
        RowQuantization.levels(of: storage.weights, scales: scales, rowLength: intents.count)
    }
}
