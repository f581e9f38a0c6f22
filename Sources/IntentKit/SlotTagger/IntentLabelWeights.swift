/// A slot tagger's state weights re-laid for each intent's labels, so that joint parsing scores
/// only the labels the predicted intent allows (an intent has 5 to 29 of SNIPS's 79).
///
/// Decoding over an intent's labels reads only their state scores (``LabelSubsetDecoder``), so
/// the others need not be summed at all. Long rows — the features that fire most often, whose
/// weights span many labels — are filtered per intent once, at load; a short row's entries are
/// mapped to the intent's columns as they are added, those of other labels landing in a spare
/// column that is dropped. Each score is the same sum, in the same order, as the full model's.
struct IntentLabelWeights: Sendable {
    /// Rows with at least this many labels are filtered per intent.
    static let longRowMinimum: Int32 = 8

    /// `[attributes]` a long row's index among the long rows; −1 for the others.
    let longRowIndex: [Int32]
    /// `[intents]` the weights of each intent's labels, `nil` for an intent without a label subset.
    let intents: [Intent?]

    /// One intent's labels and their weights.
    struct Intent: Sendable {
        /// The full model's ids of the intent's labels, ascending.
        let labels: [Int]
        /// `[L]` full label id → the label's column in the intent's score rows; `labels.count`
        /// (the spare column) for labels outside the intent.
        let columns: [UInt32]
        /// `[long rows + 1]` offsets into `entries`.
        let offsets: [Int32]
        /// Each long row's weights for the intent's labels, labelled by column.
        let entries: [StateWeight]

        /// Score columns: the labels and the spare one.
        var width: Int { labels.count + 1 }
    }

    /// The weights of `model` for each of `labelSubsets` (full-model label ids, ascending).
    init(model: SlotTaggerModel, labelSubsets: [[Int]?]) {
        var longRowIndex = [Int32](repeating: -1, count: model.attributes.count)
        var longRows = [Int]()
        for row in longRowIndex.indices where model.rowOffsets[row + 1] - model.rowOffsets[row] >= Self.longRowMinimum {
            longRowIndex[row] = Int32(longRows.count)
            longRows.append(row)
        }
        self.longRowIndex = longRowIndex
        // At load: the intents in two halves side by side.
        let half = labelSubsets.count / 2
        let (first, second) = inParallel(
            { labelSubsets[..<half].map { $0.map { Self.intent(labels: $0, model: model, longRows: longRows) } } },
            { labelSubsets[half...].map { $0.map { Self.intent(labels: $0, model: model, longRows: longRows) } } })
        intents = first + second
    }

    /// `labels`' columns and their weights in `longRows`.
    private static func intent(labels: [Int], model: SlotTaggerModel, longRows: [Int]) -> Intent {
        var columns = [UInt32](repeating: UInt32(labels.count), count: model.labels.count)
        for (column, label) in labels.enumerated() { columns[label] = UInt32(column) }
        // This runs at every load, over unsafe buffers: the long rows of a SNIPS model hold a
        // third of its weights.
        var offsets = [Int32](repeating: 0, count: longRows.count + 1)
        var entries = [StateWeight]()
        model.rowOffsets.withUnsafeBufferPointer { rowOffsets in
            model.stateEntries.withUnsafeBufferPointer { all in
                columns.withUnsafeBufferPointer { columns in
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        // The intent's entries are counted row by row, then copied into an array of that size.
                        for (index, row) in longRows.enumerated() {
                            var count: Int32 = 0
                            for entry in all[Int(rowOffsets[row])..<Int(rowOffsets[row + 1])] where columns[Int(entry.label)] < labels.count {
                                count += 1
                            }
                            offsets[index + 1] = offsets[index] + count
                        }
                        entries = [StateWeight](unsafeUninitializedCapacity: Int(offsets[longRows.count])) { buffer, count in
                            count = 0
                            for row in longRows {
                                for entry in all[Int(rowOffsets[row])..<Int(rowOffsets[row + 1])] {
                                    let column = columns[Int(entry.label)]
                                    guard column < labels.count else { continue }
                                    buffer[count] = StateWeight(label: column, weight: entry.weight)
                                    count += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return Intent(labels: labels, columns: columns, offsets: offsets, entries: entries)
    }
}

extension SlotTaggerModel {
    /// Adds the state scores of `features` for `intent`'s labels to `scores` (`[T][intent.width]`,
    /// the last column spare): the columns of ``stateScores(_:into:)``'s `[T][L]` that the
    /// intent's labels select, with the same values.
    func addStateScores(
        _ features: TokenFeatures, of intent: IntentLabelWeights.Intent, longRowIndex: [Int32],
        into scores: UnsafeMutableBufferPointer<Float>
    ) {
        longRowIndex.withUnsafeBufferPointer { longRowIndex in
            intent.columns.withUnsafeBufferPointer { columns in
                intent.offsets.withUnsafeBufferPointer { offsets in
                    intent.entries.withUnsafeBufferPointer { longEntries in
                        forEachKnownFeature(features, rowWidth: intent.width, scores: scores) { entries, start, end, attribute, target in
                            if end &- start >= IntentLabelWeights.longRowMinimum {
                                let long = Int(longRowIndex[attribute])
                                for entry in longEntries[Int(offsets[long])..<Int(offsets[long &+ 1])] {
                                    target[Int(entry.label)] += entry.weight
                                }
                                return
                            }
                            for entry in entries[Int(start)..<Int(end)] { target[Int(columns[Int(entry.label)])] += entry.weight }
                        }
                    }
                }
            }
        }
    }
}
