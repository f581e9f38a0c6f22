/// A slot tagger's state weights re-laid for each intent's labels, so that joint parsing scores
/// only the labels the predicted intent allows (an intent has 5 to 29 of SNIPS's 79).
///
/// Decoding over an intent's labels reads only their state scores (``LabelSubsetDecoder``), so
/// the others need not be summed at all. Long rows — the features that fire most often, whose
/// weights span many labels — are copied per intent once, at load, as dense rows of the intent's
/// columns: adding one is a few SIMD adds at an address computed from the row's index, where a
/// sparse row costs a load, an add and a store per label and one more dependent cache miss for
/// its offset. A short row's entries are mapped to the intent's columns as they are added, those
/// of other labels landing in a spare column that is dropped. Each score is the same sum, in
/// the same order, as the full model's: a dense row adds +0 where it has no weight, which leaves
/// every sum unchanged.
struct IntentLabelWeights: Sendable {
    /// `[intents]` the weights of each intent's labels, `nil` for an intent without a label subset.
    let intents: [Intent?]

    /// One intent's labels and their weights.
    struct Intent: Sendable {
        /// The intent's labels: the first `labelCount` score columns (as ``LabelSubsetDecoder/labels``).
        let labelCount: Int
        /// Score columns: the intent's labels, then the spare one and padding to a multiple of 8
        /// (whole SIMD8 lanes).
        let width: Int
        /// `[L]` full label id → the label's column in the intent's score rows; `labelCount`
        /// (the spare column) for labels outside the intent.
        let columns: [UInt32]
        /// `[long rows][width]` each long row's weights for the intent's labels
        /// (``StateWeights/longRowMinimum``), 0 where the row has none.
        let longRows: [Float]
    }

    /// The weights of `model` for each of `labelSubsets` (full-model label ids, ascending).
    ///
    /// This runs at every load, on two threads, an intent at a time.
    init(model: NLUModel, labelSubsets: [[Int]?]) {
        let half = labelSubsets.count / 2
        let (first, second) = inParallel(
            { labelSubsets[..<half].map { $0.map { Self.intent(labels: $0, model: model) } } },
            { labelSubsets[half...].map { $0.map { Self.intent(labels: $0, model: model) } } })
        intents = first + second
    }

    /// `labels`' columns and the dense copies of `model`'s long rows for them.
    private static func intent(labels: [Int], model: NLUModel) -> Intent {
        let width = (labels.count + 1 + 7) & ~7
        var columns = [UInt32](repeating: UInt32(labels.count), count: model.labels.count)
        for (column, label) in labels.enumerated() { columns[label] = UInt32(column) }
        var longRows = [Float](repeating: 0, count: model.stateWeights.longRows.count * width)
        longRows.withUnsafeMutableBufferPointer { longRows in
            model.stateWeights.rowOffsets.withUnsafeBufferPointer { rowOffsets in
                model.stateWeights.entries.withUnsafeBufferPointer { entries in
                    for (index, row) in model.stateWeights.longRows.enumerated() {
                        let target = longRows.baseAddress! + index * width
                        for entry in entries[Int(rowOffsets[Int(row)])..<Int(rowOffsets[Int(row) + 1])] {
                            let column = Int(columns[Int(entry.label)])
                            if column < labels.count { target[column] = entry.weight }
                        }
                    }
                }
            }
        }
        return Intent(labelCount: labels.count, width: width, columns: columns, longRows: longRows)
    }
}

extension StateWeights {
    /// Adds the state scores of `features` for `intent`'s labels to `scores` (`[T][intent.width]`,
    /// the columns after the intent's labels spare): the columns of ``stateScores(_:into:)``'s `[T][L]` that the
    /// intent's labels select, with the same values.
    func addStateScores(
        _ features: TokenFeatures, of intent: IntentLabelWeights.Intent, into scores: UnsafeMutableBufferPointer<Float>
    ) {
        let width = intent.width
        intent.columns.withUnsafeBufferPointer { columns in
            intent.longRows.withUnsafeBufferPointer { longRows in
                forEachKnownFeature(features, rowWidth: width, scores: scores,
                                    adder: IntentLabels(columns: columns.baseAddress!, longRows: longRows.baseAddress!, width: width))
            }
        }
    }
}

/// One intent's label scores: a long row from the intent's dense copy, a short one's entries
/// mapped to the intent's columns (other labels' to the spare column).
struct IntentLabels: StateRowAdder {
    let columns: UnsafePointer<UInt32>
    let longRows: UnsafePointer<Float>
    let width: Int

    @inline(__always)
    func add(_ entries: UnsafeBufferPointer<StateWeight>, _ start: Int32, _ end: Int32, _ longRow: Int32, _ target: UnsafeMutablePointer<Float>) {
        if longRow >= 0 {
            StateWeights.addLanes(denseRow(longRow), to: target, count: width)
            return
        }
        for entry in entries[Int(start)..<Int(end)] { target[Int(columns[Int(entry.label)])] += entry.weight }
    }

    @inline(__always)
    func denseRow(_ longRow: Int32) -> UnsafePointer<Float> { longRows + Int(longRow) &* width }
}
