/// A slot tagger's state weights re-laid for each intent's labels, so that joint parsing scores
/// only the labels the predicted intent allows (an intent has 5 to 29 of SNIPS's 79).
///
/// Decoding over an intent's labels reads only their state scores (``LabelSubsetDecoder``), so
/// the others need not be summed at all. Long rows — the features that fire most often, whose
/// weights span many labels — are filtered per intent once, at load; a short row's entries are
/// mapped to the intent's columns as they are added, those of other labels landing in a spare
/// column that is dropped. Each score is the same sum, in the same order, as the full model's.
struct IntentLabelWeights: Sendable {
    /// `[intents]` the weights of each intent's labels, `nil` for an intent without a label subset.
    let intents: [Intent?]

    /// One intent's labels and their weights.
    struct Intent: Sendable {
        /// Score columns: the intent's labels, ascending (as ``LabelSubsetDecoder/labels``), and
        /// the spare one.
        let width: Int
        /// `[L]` full label id → the label's column in the intent's score rows; `width − 1`
        /// (the spare column) for labels outside the intent.
        let columns: [UInt32]
        /// `[long rows + 1]` offsets into `entries` (``SlotTaggerModel/longRowMinimum``).
        let offsets: [Int32]
        /// Each long row's weights for the intent's labels, labelled by column.
        let entries: [StateWeight]
    }

    /// The weights of `model` for each of `labelSubsets` (full-model label ids, ascending).
    ///
    /// This runs at every load. The long rows, scattered through the model's weights, are
    /// gathered once into one run; then two threads filter it, an intent at a time, each
    /// intent's entries counted row by row and copied into an array of that size.
    init(model: SlotTaggerModel, labelSubsets: [[Int]?]) {
        var rowEnds = [Int32]()
        rowEnds.reserveCapacity(model.longRows.count)
        var gathered = [StateWeight]()
        gathered.reserveCapacity(model.longRows.reduce(0) { $0 + Int(model.rowOffsets[Int($1) + 1] - model.rowOffsets[Int($1)]) })
        model.rowOffsets.withUnsafeBufferPointer { rowOffsets in
            model.stateEntries.withUnsafeBufferPointer { all in
                for row in model.longRows {
                    gathered.append(contentsOf: all[Int(rowOffsets[Int(row)])..<Int(rowOffsets[Int(row) + 1])])
                    rowEnds.append(Int32(gathered.count))
                }
            }
        }
        let half = labelSubsets.count / 2
        let (first, second) = inParallel(
            { labelSubsets[..<half].map { $0.map { Self.intent(labels: $0, labelCount: model.labels.count, rows: gathered, rowEnds: rowEnds) } } },
            { labelSubsets[half...].map { $0.map { Self.intent(labels: $0, labelCount: model.labels.count, rows: gathered, rowEnds: rowEnds) } } })
        intents = first + second
    }

    /// `labels`' columns and their weights in the long rows `rows` (row k ending at `rowEnds[k]`).
    private static func intent(labels: [Int], labelCount: Int, rows: [StateWeight], rowEnds: [Int32]) -> Intent {
        var columns = [UInt32](repeating: UInt32(labels.count), count: labelCount)
        for (column, label) in labels.enumerated() { columns[label] = UInt32(column) }
        var offsets = [Int32](repeating: 0, count: rowEnds.count + 1)
        var entries = [StateWeight]()
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeBufferPointer { columns in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    var start = 0
                    for (index, end) in rowEnds.enumerated() {
                        var count: Int32 = 0
                        for entry in rows[start..<Int(end)] where columns[Int(entry.label)] < labels.count { count += 1 }
                        offsets[index + 1] = offsets[index] + count
                        start = Int(end)
                    }
                    entries = [StateWeight](unsafeUninitializedCapacity: Int(offsets[rowEnds.count])) { buffer, count in
                        count = 0
                        for entry in rows {
                            let column = columns[Int(entry.label)]
                            guard column < labels.count else { continue }
                            buffer[count] = StateWeight(label: column, weight: entry.weight)
                            count += 1
                        }
                    }
                }
            }
        }
        return Intent(width: labels.count + 1, columns: columns, offsets: offsets, entries: entries)
    }
}

extension SlotTaggerModel {
    /// Adds the state scores of `features` for `intent`'s labels to `scores` (`[T][intent.width]`,
    /// the last column spare): the columns of ``stateScores(_:into:)``'s `[T][L]` that the
    /// intent's labels select, with the same values.
    func addStateScores(
        _ features: TokenFeatures, of intent: IntentLabelWeights.Intent, into scores: UnsafeMutableBufferPointer<Float>
    ) {
        longRowIndex.withUnsafeBufferPointer { longRowIndex in
            intent.columns.withUnsafeBufferPointer { columns in
                intent.offsets.withUnsafeBufferPointer { offsets in
                    intent.entries.withUnsafeBufferPointer { longEntries in
                        forEachKnownFeature(features, rowWidth: intent.width, scores: scores) { entries, start, end, attribute, target in
                            if end &- start >= Self.longRowMinimum {
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
