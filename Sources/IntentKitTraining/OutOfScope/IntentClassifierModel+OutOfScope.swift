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
            encoderFeatures: encoderFeatures?.scaled(by: scale))
    }
}
