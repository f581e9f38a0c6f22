import Foundation
import Testing
@testable import IntentKit
@testable import IntentKitTraining

@Suite("Intent bias calibration")
struct IntentBiasCalibrationTests {
    @Test func gradientMatchesFiniteDifferences() {
        // Three utterances, three classes: log-probabilities as the classifier would give them.
        var objective = IntentBiasCalibration(
            scores: [-0.2, -1.9, -3.0, -1.2, -0.5, -2.0, -2.5, -0.4, -1.3], classes: [0, 2, 1], classCount: 3, l2: 0.7)
        let offsets: [Double] = [0.3, -0.1, 0.2]
        var gradient = [Double](repeating: 0, count: 3)
        func value(_ x: [Double]) -> Double {
            var scratch = [Double](repeating: 0, count: 3)
            return x.withUnsafeBufferPointer { x in scratch.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        _ = offsets.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        for index in offsets.indices {
            var plus = offsets, minus = offsets
            plus[index] += 1e-6
            minus[index] -= 1e-6
            #expect(abs((value(plus) - value(minus)) / 2e-6 - gradient[index]) < 1e-6)
        }
    }

    @Test func shiftsTheBiasTowardsAnIntentTheClassifierUnderrates() throws {
        // One feature per intent; the biases wrongly favour "b" by 3 nats. Held-out utterances,
        // half of them carrying only the "a" feature, say "a" as often as "b".
        let classifier = try IntentClassifierModel(
            intents: ["a", "b"], attributes: AttributeTable(hashes: [11, 22]), weights: [1, 0, 0, 1], biases: [0, 3])
        let features: [[UInt64]] = Array(repeating: [11], count: 50) + Array(repeating: [22], count: 50)
        let classes = Array(repeating: 0, count: 50) + Array(repeating: 1, count: 50)
        var probabilities = [Float]()
        #expect(classifier.predict(features: [11], scratch: &probabilities) == 1)
        let offsets = IntentBiasCalibration.offsets(for: classifier, features: features, classes: classes)
        #expect(offsets[0] - offsets[1] > 2.5)
        let calibrated = classifier.addingBiases(offsets)
        #expect(calibrated.predict(features: [11], scratch: &probabilities) == 0)
        #expect(calibrated.predict(features: [22], scratch: &probabilities) == 1)
        #expect(calibrated.intents == classifier.intents && calibrated.attributes == classifier.attributes)
    }
}
