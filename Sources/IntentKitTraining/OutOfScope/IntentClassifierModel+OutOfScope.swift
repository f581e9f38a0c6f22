import IntentKit

extension IntentClassifierModel {
    /// This classifier with `calibration`: its weights and biases divided by the calibration's
    /// temperature (`softmax(z / T)` is then the plain softmax of the stored scores, so parsing
    /// pays nothing for it).
    func with(_ calibration: OutOfScopeCalibration) -> IntentClassifierModel {
        let storage = self.storage
        let scale = Float(1 / calibration.temperature)
        return try! IntentClassifierModel(
            intents: intents, attributes: attributes, weights: storage.weights.map { $0 * scale },
            biases: storage.biases.map { $0 * scale }, characterNGrams: characterNGrams, outOfScope: calibration,
            rowScales: rowScales?.map { $0 * scale },
            encoderFeatures: encoderFeatures?.scaled(by: scale), scopeExemplars: scopeExemplars)
    }

    /// This classifier measuring ``OutOfScopeCalibration/minimumSimilarity`` against `exemplars`
    /// (its nearest-exemplar features' own when it has them). A classifier that weighs no
    /// sentence vector keeps `encoder` with zero weights, so that the model records the encoder
    /// and a parse computes the vector the scope decision reads.
    func with(scopeExemplars exemplars: EncoderExemplars, encoder: EncoderIdentity) -> IntentClassifierModel {
        let storage = self.storage
        let features = encoderFeatures ?? (try! EncoderFeatures(
            identity: encoder, weights: [Float](repeating: 0, count: encoder.dimension * intents.count), intents: intents.count))
        return try! IntentClassifierModel(
            intents: intents, attributes: attributes, weights: storage.weights, biases: storage.biases, characterNGrams: characterNGrams,
            outOfScope: outOfScope, rowScales: rowScales, encoderFeatures: features, scopeExemplars: features.exemplars ?? exemplars)
    }
}
