import CPrefetch

/// A linear-chain CRF's state weights and the kernel that scores with them: sparse over
/// (attribute, label) pairs, as in CRFsuite (an attribute carries weights only for the labels it
/// was seen with in training), rows in CSR layout; the rows of the most frequent attributes
/// also kept dense.
struct StateWeights: Sendable, Equatable {
    /// The number of labels, the width of a row of scores.
    let labelCount: Int
    /// Feature hash → attribute id.
    let attributes: AttributeTable
    /// `[attributes.count + 1]` offsets into `entries`.
    let rowOffsets: [Int32]
    /// `[nnz]` state weights with their labels, side by side (one cache miss per row, not two).
    let entries: [StateWeight]
    /// `[attributes.count]` for a row with at least ``longRowMinimum`` labels, its index among
    /// those rows (`longRows`); −1 for the others. Built at load, as are the next two.
    let longRowIndex: [Int32]
    /// The attributes of the long rows, ascending.
    let longRows: [Int32]
    /// `[long rows][L]` the long rows again, one weight per label (0 where the row has none).
    let denseRows: [Float]

    /// The weights of a model file's arrays, checked: consistent sizes, offsets that never
    /// decrease, labels in range, finite weights.
    init(labelCount: Int, attributes: AttributeTable, rowOffsets: [Int32], stateLabels: [UInt16], stateWeights: [Float]) throws(ModelError) {
        guard rowOffsets.count == attributes.count + 1, rowOffsets.first == 0,
              Int(rowOffsets.last ?? -1) == stateLabels.count, stateLabels.count == stateWeights.count else {
            throw ModelError.inconsistent("slot tagger arrays have mismatched sizes")
        }
        // One pass over the rows: offsets never decrease, and the long rows are listed.
        var longRowIndex = [Int32](repeating: -1, count: attributes.count)
        var longRows = [Int32]()
        var decreasing: Int?
        rowOffsets.withUnsafeBufferPointer { offsets in
            longRowIndex.withUnsafeMutableBufferPointer { index in
                for row in 0..<index.count {
                    let length = offsets[row + 1] &- offsets[row]
                    if length < 0 || offsets[row] < 0 {
                        decreasing = row
                        return
                    }
                    if length >= Self.longRowMinimum {
                        index[row] = Int32(longRows.count)
                        longRows.append(Int32(row))
                    }
                }
            }
        }
        if let index = decreasing { throw ModelError.inconsistent("slot tagger row offsets decrease at attribute \(index)") }
        // One pass (a model has hundreds of thousands of state weights): interleave labels and
        // weights while checking both.
        var labelsInRange = true, weightsFinite = true
        let entries = [StateWeight](unsafeUninitializedCapacity: stateLabels.count) { buffer, initialized in
            stateLabels.withUnsafeBufferPointer { labels in
                stateWeights.withUnsafeBufferPointer { weights in
                    for index in labels.indices {
                        labelsInRange = labelsInRange && Int(labels[index]) < labelCount
                        weightsFinite = weightsFinite && weights[index].isFinite
                        buffer[index] = StateWeight(label: UInt32(labels[index]), weight: weights[index])
                    }
                }
            }
            initialized = stateLabels.count
        }
        guard labelsInRange else {
            throw ModelError.inconsistent("a state weight names a label outside 0..<\(labelCount)")
        }
        guard weightsFinite else { throw ModelError.inconsistent("slot tagger weights are not finite") }
        self.labelCount = labelCount
        self.attributes = attributes
        self.rowOffsets = rowOffsets
        self.entries = entries
        self.longRowIndex = longRowIndex
        self.longRows = longRows
        self.denseRows = Self.denseCopies(of: longRows, rowOffsets: rowOffsets, entries: entries, labelCount: labelCount)
    }

    /// Rows with at least this many labels are long: they are kept dense over all labels
    /// (``denseCopies(of:rowOffsets:entries:labelCount:)``) and each intent keeps a dense copy of
    /// its columns of them (``IntentLabelWeights``). Below 16 labels a sparse row costs less
    /// than the dense one it would replace; above, the dense copies pay for the memory they take.
    static let longRowMinimum: Int32 = 16

    /// Dense copies of the long `rows`: adding one is L/8 vector adds, where a sparse row costs
    /// a load, an add and a store per label. They are few and the most often added: the bias, positions, the commonest words, which
    /// every all-label scoring (intent reranking, tagging without an intent) adds.
    private static func denseCopies(of rows: [Int32], rowOffsets: [Int32], entries: [StateWeight], labelCount: Int) -> [Float] {
        var dense = [Float](repeating: 0, count: rows.count * labelCount)
        for (next, row) in rows.enumerated() {
            for entry in entries[Int(rowOffsets[Int(row)])..<Int(rowOffsets[Int(row) + 1])] { dense[next * labelCount + Int(entry.label)] = entry.weight }
        }
        return dense
    }

    /// The raw arrays, for the model writer in the training module.
    var storage: (rowOffsets: [Int32], stateLabels: [UInt16], stateWeights: [Float]) {
        (rowOffsets, entries.map { UInt16($0.label) }, entries.map(\.weight))
    }

    /// Fills `scores` (`[T][L]` row-major, T = number of tokens) with each label's state score:
    /// the sum of the weights of the token's features, and of the sentence's, for that label.
    func stateScores(_ features: TokenFeatures, into scores: UnsafeMutableBufferPointer<Float>) {
        scores.update(repeating: 0)
        addStateScores(features, into: scores)
    }

    /// Adds the state scores of `features` (see ``stateScores(_:into:)``) to `scores`.
    func addStateScores(_ features: TokenFeatures, into scores: UnsafeMutableBufferPointer<Float>) {
        denseRows.withUnsafeBufferPointer { denseRows in
            forEachKnownFeature(features, rowWidth: labelCount, scores: scores, adder: AllLabels(denseRows: denseRows.baseAddress!, labelCount: labelCount))
        }
    }

    /// Calls `adder.add(entries, start, end, longRow, target)` for every feature of `features` the
    /// model knows, `entries[start..<end]` being its row of state weights, `longRow` its index
    /// among the long rows (−1 for a short row) and `target` the score row (`rowWidth` floats) it
    /// adds to: a token's row of `scores` (`[T][rowWidth]`), or for a sentence feature a row that
    /// is then added to every token's.
    ///
    /// The model's tables are larger than the cache and every lookup misses it, so the work is
    /// done in passes over batches of features, each starting the loads the next one reads
    /// (`ik_prefetch`), so that a batch's misses overlap instead of following one another:
    /// the home slots of the hashes; the lookups, and the row bounds of the attributes found;
    /// the bounds, and the first weights of each row; then the rows are added.
    @inline(__always)
    func forEachKnownFeature<Adder: StateRowAdder>(
        _ features: TokenFeatures, rowWidth: Int, scores: UnsafeMutableBufferPointer<Float>, adder: Adder
    ) {
        let tokenCount = features.tokenCount
        guard tokenCount > 0 else { return }
        let batchSize = 256
        withUnsafeTemporaryAllocation(of: FoundRow.self, capacity: batchSize) { found in
            rowOffsets.withUnsafeBufferPointer { rowOffsets in
            longRowIndex.withUnsafeBufferPointer { longRowIndex in
                self.entries.withUnsafeBufferPointer { entries in
                    /// Adds the rows of `hashes` (those the model knows) to `target`, feature
                    /// `index`'s at offset `row(index)`.
                    func addRows(of hashes: UnsafeBufferPointer<UInt64>, into target: UnsafeMutablePointer<Float>, row: (Int) -> Int) {
                        var first = 0
                        while first < hashes.count {
                            let last = min(hashes.count, first &+ batchSize)
                            var foundCount = 0
                            for index in first..<last { attributes.prefetch(hashes[index]) }
                            for index in first..<last {
                                guard let attribute = attributes.id(of: hashes[index]) else { continue }
                                ik_prefetch(rowOffsets.baseAddress! + attribute)
                                ik_prefetch(longRowIndex.baseAddress! + attribute)
                                found[foundCount] = FoundRow(attribute: attribute, scoreRow: row(index))
                                foundCount &+= 1
                            }
                            for k in 0..<foundCount {
                                let attribute = found[k].attribute
                                found[k].longRow = longRowIndex[attribute]
                                found[k].start = rowOffsets[attribute]
                                found[k].end = rowOffsets[attribute &+ 1]
                                adder.prefetch(entries, found[k].start, found[k].longRow)
                            }
                            for k in 0..<foundCount {
                                adder.add(entries, found[k].start, found[k].end, found[k].longRow, target + found[k].scoreRow)
                            }
                            first = last
                        }
                    }
                    // Sentence features: summed once into a row of their own, then added to every row.
                    if !features.sentence.isEmpty {
                        withUnsafeTemporaryAllocation(of: Float.self, capacity: rowWidth) { sentenceRow in
                            sentenceRow.update(repeating: 0)
                            features.sentence.withUnsafeBufferPointer { addRows(of: $0, into: sentenceRow.baseAddress!) { _ in 0 } }
                            for token in 0..<tokenCount {
                                Self.add(sentenceRow.baseAddress!, to: scores.baseAddress! + token &* rowWidth, count: rowWidth)
                            }
                        }
                    }
                    features.hashes.withUnsafeBufferPointer { hashes in
                        features.offsets.withUnsafeBufferPointer { offsets in
                            var token = 0
                            addRows(of: UnsafeBufferPointer(rebasing: hashes[0..<offsets[tokenCount]]), into: scores.baseAddress!) { index in
                                while index >= offsets[token &+ 1] { token &+= 1 }
                                return token &* rowWidth
                            }
                        }
                    }
                }
            }
            }
        }
    }

    /// `destination[0..<count] += source[0..<count]` for a `count` that is a multiple of 8 (an
    /// intent's padded rows): whole SIMD8 lanes, no tail to test for.
    @inline(__always)
    static func addLanes(_ source: UnsafePointer<Float>, to destination: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        while index < count {
            let sum = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD8<Float>.self)
                + UnsafeRawPointer(destination + index).loadUnaligned(as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(destination + index).storeBytes(of: sum, as: SIMD8<Float>.self)
            index &+= 8
        }
    }

    /// `destination[0..<count] += source[0..<count]`: whole SIMD8 lanes (``addLanes(_:to:count:)``),
    /// then four, then one at a time.
    @inline(__always)
    static func add(_ source: UnsafePointer<Float>, to destination: UnsafeMutablePointer<Float>, count: Int) {
        var index = count & ~7
        addLanes(source, to: destination, count: index)
        if index &+ 4 <= count {
            let sum = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<Float>.self)
                + UnsafeRawPointer(destination + index).loadUnaligned(as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(destination + index).storeBytes(of: sum, as: SIMD4<Float>.self)
            index &+= 4
        }
        while index < count {
            destination[index] += source[index]
            index &+= 1
        }
    }

    /// A feature's attribute id and the offset of the score row it adds to, then its long-row
    /// index (−1 if short) and its row of state weights.
    private struct FoundRow {
        var attribute: Int
        var scoreRow: Int
        var longRow: Int32 = -1
        var start: Int32 = 0
        var end: Int32 = 0
    }
}


/// Adds a feature's row of state weights to a row of scores, for
/// ``StateWeights/forEachKnownFeature(_:rowWidth:scores:adder:)``: a type per way of adding (every
/// label, one intent's labels), so that each gets its own specialisation of the loop.
protocol StateRowAdder {
    /// Adds the row `entries[start..<end]` (its index among the long rows `longRow`, −1 for a
    /// short row) to the score row `target`.
    func add(_ entries: UnsafeBufferPointer<StateWeight>, _ start: Int32, _ end: Int32, _ longRow: Int32, _ target: UnsafeMutablePointer<Float>)
    /// The dense copy of long row `longRow` that ``add(_:_:_:_:_:)`` adds.
    func denseRow(_ longRow: Int32) -> UnsafePointer<Float>
}

extension StateRowAdder {
    /// Starts loading the first weights ``add(_:_:_:_:_:)`` will read for the row: its dense
    /// copy for a long row, its first entry for a short one.
    @inline(__always)
    func prefetch(_ entries: UnsafeBufferPointer<StateWeight>, _ start: Int32, _ longRow: Int32) {
        if longRow >= 0 { ik_prefetch(denseRow(longRow)) } else if let base = entries.baseAddress { ik_prefetch(base + Int(start)) }
    }
}

/// Every label's scores: a long row from its dense copy, a short one entry by entry.
struct AllLabels: StateRowAdder {
    let denseRows: UnsafePointer<Float>
    let labelCount: Int

    @inline(__always)
    func add(_ entries: UnsafeBufferPointer<StateWeight>, _ start: Int32, _ end: Int32, _ longRow: Int32, _ target: UnsafeMutablePointer<Float>) {
        if longRow >= 0 {
            StateWeights.add(denseRow(longRow), to: target, count: labelCount)
            return
        }
        for entry in entries[Int(start)..<Int(end)] { target[Int(entry.label)] += entry.weight }
    }

    @inline(__always)
    func denseRow(_ longRow: Int32) -> UnsafePointer<Float> { denseRows + Int(longRow) &* labelCount }
}

/// One label's weight in a feature's row.
struct StateWeight: Sendable, Equatable {
    var label: UInt32
    var weight: Float
}
