import Foundation
import IntentKit
import IntentKitCorpus

/// Trains an ``IntentClassifierModel`` with the same ``LBFGS`` as the slot tagger.
public struct IntentClassifierTrainer: Sendable {
    /// L2 coefficient.
    public var c2 = 0.02
    public var maxIterations = 100
    public var threads = 2
    /// The character n-grams the features were extracted with, recorded in the model so that
    /// parsing extracts the same.
    public var characterNGrams: ClosedRange<Int>?
    /// Features whose weights are all smaller than this in magnitude are left out of the model.
    public var pruneBelow = 0.0

    public init() {}

    /// Trains on `utterances` (tokenized, with vocabulary matches) labelled with `classes`
    /// (indices into `intents`), the last `generated` of them generated out-of-scope utterances
    /// whose weight, as a group, is `generatedWeight` times an intent's.
    public func train(features: [[UInt64]], classes: [Int], intents: [String], generated: Int = 0, generatedWeight: Double = 1) -> IntentClassifierModel {
        var ids = [UInt64: Int32]()
        var hashes = [UInt64]()
        var offsets: [Int32] = [0]
        var attributes = [Int32]()
        for utterance in features {
            for hash in utterance {
                let id: Int32
                if let known = ids[hash] {
                    id = known
                } else {
                    id = Int32(hashes.count)
                    ids[hash] = id
                    hashes.append(hash)
                }
                attributes.append(id)
            }
            offsets.append(Int32(attributes.count))
        }
        var objective = IntentClassifierObjective(
            offsets: offsets, attributes: attributes, classes: classes.map(Int32.init), attributeCount: hashes.count,
            classCount: intents.count, l2: c2, threads: threads,
            groups: generated > 0 ? classes.enumerated().map { Int32($0 < classes.count - generated ? $1 : intents.count) } : nil,
            groupScales: [Int32(intents.count): generatedWeight])
        var parameters = [Double](repeating: 0, count: objective.parameterCount)
        var settings = LBFGS.Settings()
        settings.maxIterations = maxIterations
        LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
        let C = intents.count, biasOffset = hashes.count * C
        var kept = [UInt64](), weights = [Float]()
        for (attribute, hash) in hashes.enumerated() {
            let row = parameters[(attribute * C)..<((attribute + 1) * C)]
            guard row.contains(where: { abs($0) >= pruneBelow && $0 != 0 }) else { continue }
            kept.append(hash)
            weights.append(contentsOf: row.map { Float($0) })
        }
        return try! IntentClassifierModel(
            intents: intents, attributes: AttributeTable(hashes: kept),
            weights: weights, biases: parameters[biasOffset...].map { Float($0) }, characterNGrams: characterNGrams)
    }
}
