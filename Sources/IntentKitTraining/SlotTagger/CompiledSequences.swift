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

    var sentenceCount: Int { sentenceOffsets.count - 1 }
    var tokenCount: Int { labels.count }

    mutating func append(attributeIDs: [[Int32]], labels gold: [Int]) {
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
    func parameter(attribute: Int, label: Int) -> Int? {
        let row = Int(rowOffsets[attribute])..<Int(rowOffsets[attribute + 1])
        // Rows are short and sorted by label: a linear scan beats binary search here.
        for index in row where Int(stateLabels[index]) == label { return index }
        return nil
    }
}
