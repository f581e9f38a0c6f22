import Testing
@testable import IntentKit

/// The state scores a model adds up for an utterance, against the plain sum over its sparse
/// rows: long rows are added from their dense copies, short ones entry by entry; and those of
/// one intent's labels alone (``IntentLabelWeights``), against the full scores' columns.
@Suite("State scores")
struct StateScoreTests {
    /// 41 slots: 83 labels; rows of 16 labels or more are long (and kept dense).
    let labels = LabelSet(slotNames: (0..<41).map { "s\($0)" })

    /// A model of `rowLengths.count` attributes (hashes 1000, 1001, …), attribute i with weights
    /// for `rowLengths[i]` labels drawn at random.
    private func model(rowLengths: [Int], seed: UInt64) throws -> NLUModel {
        var generator = SplitMix64(seed: seed)
        var offsets: [Int32] = [0], stateLabels = [UInt16](), weights = [Float]()
        for length in rowLengths {
            var chosen = Array(0..<labels.count)
            for index in chosen.indices.reversed() { chosen.swapAt(index, Int(generator.next() % UInt64(index + 1))) }
            for label in chosen.prefix(length).sorted() {
                stateLabels.append(UInt16(label))
                weights.append(Float(Int(generator.next() % 2001) - 1000) / 250)
            }
            offsets.append(Int32(stateLabels.count))
        }
        return try NLUModel(
            labels: labels, features: FeatureConfiguration(), gazetteer: Gazetteer(),
            attributes: AttributeTable(hashes: rowLengths.indices.map { UInt64(1000 + $0) }),
            rowOffsets: offsets, stateLabels: stateLabels, stateWeights: weights,
            transitions: [Float](repeating: 0, count: labels.count * labels.count))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func denseAndSparseRowsAddUpAsTheirEntries(seed: UInt64) throws {
        let rowLengths = [0, 1, 5, 15, 16, 17, 30, 40, 41, 50, 83, 3, 83, 7]
        let model = try model(rowLengths: rowLengths, seed: seed)
        #expect(StateWeights.longRowMinimum == 16)
        #expect(model.stateWeights.longRows.count == rowLengths.filter { $0 >= 16 }.count)
        #expect(model.stateWeights.denseRows.count == model.stateWeights.longRows.count * labels.count)

        // Five tokens, each with a few known attributes (one twice) and an unknown hash; two
        // sentence features.
        var features = TokenFeatures()
        features.reset()
        var generator = SplitMix64(seed: seed &+ 100)
        var expected = [Double](repeating: 0, count: 5 * labels.count)
        let stored = model.storage
        let rows = stored.rowOffsets
        func addRow(_ attribute: Int, token: Int?) {
            for entry in Int(rows[attribute])..<Int(rows[attribute + 1]) {
                for t in token.map({ [$0] }) ?? Array(0..<5) {
                    expected[t * labels.count + Int(stored.stateLabels[entry])] += Double(stored.stateWeights[entry])
                }
            }
        }
        for attribute in [4, 8] {
            features.appendSentence(UInt64(1000 + attribute))
            addRow(attribute, token: nil)
        }
        for token in 0..<5 {
            features.beginToken()
            features.append(999)  // not in the model
            for _ in 0..<4 {
                let attribute = Int(generator.next() % UInt64(rowLengths.count))
                features.append(UInt64(1000 + attribute))
                addRow(attribute, token: token)
            }
        }
        features.finish()

        var scores = [Float](repeating: .nan, count: 5 * labels.count)
        scores.withUnsafeMutableBufferPointer { model.stateWeights.stateScores(features, into: $0) }
        for (score, sum) in zip(scores, expected) {
            #expect(abs(Double(score) - sum) < 1e-4)
        }
    }

    /// Five tokens, each with four known attributes drawn at random (repeats included) and an
    /// unknown hash, and two sentence features: attributes 4 and 8.
    private func features(attributeCount: Int, seed: UInt64) -> TokenFeatures {
        var features = TokenFeatures()
        features.reset()
        var generator = SplitMix64(seed: seed)
        for attribute in [4, 8] { features.appendSentence(UInt64(1000 + attribute)) }
        for _ in 0..<5 {
            features.beginToken()
            features.append(999)
            for _ in 0..<4 { features.append(UInt64(1000 + Int(generator.next() % UInt64(attributeCount)))) }
        }
        features.finish()
        return features
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func anIntentsLabelsScoreAsTheirColumnsOfTheFullScores(seed: UInt64) throws {
        // Short rows, long rows copied dense per intent (16 labels or more) and dense over all labels (41 or more).
        let rowLengths = [0, 1, 5, 15, 16, 17, 30, 40, 41, 50, 83, 3, 83, 7, 2]
        let model = try model(rowLengths: rowLengths, seed: seed)
        let subsets: [[Int]?] = [[0, 1, 2, 7, 8, 81, 82], nil, [0, 5, 6], Array(0..<labels.count)]
        let weights = IntentLabelWeights(model: model, labelSubsets: subsets)
        #expect(model.stateWeights.longRowIndex.filter { $0 >= 0 }.count == rowLengths.filter { $0 >= 16 }.count)
        #expect(weights.intents[1] == nil)

        let features = features(attributeCount: rowLengths.count, seed: seed &+ 100)
        var full = [Float](repeating: .nan, count: 5 * labels.count)
        full.withUnsafeMutableBufferPointer { model.stateWeights.stateScores(features, into: $0) }
        for (subset, intent) in zip(subsets, weights.intents) {
            guard let subset, let intent else { continue }
            #expect(intent.labelCount == subset.count && intent.width > subset.count && intent.width % 8 == 0)
            var scores = [Float](repeating: 0, count: 5 * intent.width)
            scores.withUnsafeMutableBufferPointer {
                model.stateWeights.addStateScores(features, of: intent, into: $0)
            }
            for t in 0..<5 {
                // The same sums in the same order: equal, not merely close.
                #expect(subset.indices.map { scores[t * intent.width + $0] } == subset.map { full[t * labels.count + $0] })
            }
        }
    }
}
