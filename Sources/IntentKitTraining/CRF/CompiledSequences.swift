/// Training sequences reduced to integers: per token, the ids of its attributes and its gold
/// label, in flat arrays (CRFsuite's `crf1de` layout), so the training loops touch no strings.
struct CompiledSequences: Sendable {
    /// `[sentences + 1]` offsets into the token arrays.
    var sentenceOffsets: [Int32] = [0]
    /// `[tokens + 1]` offsets into `attributes`.
    var attributeOffsets: [Int32] = [0]
    /// Attribute ids of every token, token after token.
    var attributes: [Int32] = []
    /// `[tokens]` gold label ids.
    var labels: [UInt16] = []
    /// `[sentences + 1]` offsets into `sentenceAttributes`.
    var sentenceAttributeOffsets: [Int32] = [0]
    /// Attribute ids that apply to every token of their sentence.
    var sentenceAttributes: [Int32] = []

    var sentenceCount: Int { sentenceOffsets.count - 1 }
    var tokenCount: Int { labels.count }

    mutating func append(attributeIDs: [[Int32]], sentenceAttributeIDs: [Int32] = [], labels gold: [Int]) {
        sentenceAttributes.append(contentsOf: sentenceAttributeIDs)
        sentenceAttributeOffsets.append(Int32(sentenceAttributes.count))
        for (token, ids) in attributeIDs.enumerated() {
            attributes.append(contentsOf: ids)
            attributeOffsets.append(Int32(attributes.count))
            labels.append(UInt16(gold[token]))
        }
        sentenceOffsets.append(Int32(labels.count))
    }

    func tokens(ofSentence sentence: Int) -> Range<Int> {
        Int(sentenceOffsets[sentence])..<Int(sentenceOffsets[sentence + 1])
    }

    /// Calls `body` with raw views of the arrays, for the hot loops.
    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        sentenceOffsets.withUnsafeBufferPointer { sentenceOffsets in
        attributeOffsets.withUnsafeBufferPointer { attributeOffsets in
        attributes.withUnsafeBufferPointer { attributes in
        sentenceAttributeOffsets.withUnsafeBufferPointer { sentenceAttributeOffsets in
        sentenceAttributes.withUnsafeBufferPointer { sentenceAttributes in
            body(Pointers(sentenceOffsets: sentenceOffsets, attributeOffsets: attributeOffsets, attributes: attributes,
                          sentenceAttributeOffsets: sentenceAttributeOffsets, sentenceAttributes: sentenceAttributes))
        }
        }
        }
        }
        }
    }

    struct Pointers {
        let sentenceOffsets: UnsafeBufferPointer<Int32>
        let attributeOffsets: UnsafeBufferPointer<Int32>
        let attributes: UnsafeBufferPointer<Int32>
        let sentenceAttributeOffsets: UnsafeBufferPointer<Int32>
        let sentenceAttributes: UnsafeBufferPointer<Int32>

        func tokens(ofSentence sentence: Int) -> Range<Int> {
            Int(sentenceOffsets[sentence])..<Int(sentenceOffsets[sentence + 1])
        }

        func tokenAttributes(_ token: Int) -> Range<Int> {
            Int(attributeOffsets[token])..<Int(attributeOffsets[token + 1])
        }

        func sentenceAttributeRange(_ sentence: Int) -> Range<Int> {
            Int(sentenceAttributeOffsets[sentence])..<Int(sentenceAttributeOffsets[sentence + 1])
        }
    }
}

/// Which (attribute, label) pairs carry a weight: CSR rows over attributes, as in CRFsuite
/// (a weight exists only for labels an attribute was seen with in training).
struct CRFStructure: Sendable {
    let labelCount: Int
    /// `[attributes + 1]` offsets into `stateLabels`.
    let rowOffsets: [Int32]
    /// `[nnz]` label of each state weight.
    let stateLabels: [UInt16]

    var stateCount: Int { stateLabels.count }
    /// State weights, then the `[L][L]` transitions.
    var parameterCount: Int { stateCount + labelCount * labelCount }
    var transitionOffset: Int { stateCount }

    /// The parameter index of (attribute, label), or `nil` when the pair has no weight.
    /// Calls `body` with raw views of the rows.
    func withPointers<R>(_ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt16>) -> R) -> R {
        rowOffsets.withUnsafeBufferPointer { rows in stateLabels.withUnsafeBufferPointer { body(rows, $0) } }
    }

    func parameter(attribute: Int, label: Int) -> Int? {
        let row = Int(rowOffsets[attribute])..<Int(rowOffsets[attribute + 1])
        // Rows are short and sorted by label: a linear scan beats binary search here.
        for index in row where Int(stateLabels[index]) == label { return index }
        return nil
    }
}

/// The state scores of one sentence: `scores[t][l]` = Σ weights of (attribute, l) over the
/// token's attributes and the sentence's. Sentence attributes are summed once into row 0 and
/// copied to the other rows.
func stateScores(
    sentence: Int, data: CompiledSequences.Pointers, rows: UnsafeBufferPointer<Int32>, stateLabels: UnsafeBufferPointer<UInt16>,
    weights: UnsafeBufferPointer<Float>, labelCount L: Int, into scores: UnsafeMutableBufferPointer<Float>
) {
    let tokens = data.tokens(ofSentence: sentence)
    let T = tokens.count
    for index in 0..<(T * L) { scores[index] = 0 }
    guard T > 0 else { return }
    for a in data.sentenceAttributeRange(sentence) {
        let attribute = Int(data.sentenceAttributes[a])
        for k in Int(rows[attribute])..<Int(rows[attribute + 1]) { scores[Int(stateLabels[k])] += weights[k] }
    }
    for t in 1..<T {
        for l in 0..<L { scores[t * L + l] = scores[l] }
    }
    for t in 0..<T {
        let row = t * L
        for a in data.tokenAttributes(tokens.lowerBound + t) {
            let attribute = Int(data.attributes[a])
            for k in Int(rows[attribute])..<Int(rows[attribute + 1]) { scores[row + Int(stateLabels[k])] += weights[k] }
        }
    }
}
