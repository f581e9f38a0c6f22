import IntentKit

/// The averaged structured perceptron (Collins 2002) over the CRF's parameters: decode each
/// sentence with the current weights, and on a mistake add the gold features and subtract the
/// predicted ones. Averaging uses the lazy trick of Daumé III (2006): keep `w` and
/// `u = Σ c·Δ`, and the average is `w − u / c`.
struct AveragedPerceptron {
    let data: CompiledSequences
    let structure: CRFStructure
    let labels: LabelSet
    private var weights: [Double]
    /// The same weights in Float, kept in step, for scoring.
    private var floatWeights: [Float]
    private var accumulated: [Double]
    private var counter = 1.0
    private var order: [Int]
    private var generator: UInt64

    init(data: CompiledSequences, structure: CRFStructure, labels: LabelSet, seed: UInt64) {
        self.data = data
        self.structure = structure
        self.labels = labels
        weights = [Double](repeating: 0, count: structure.parameterCount)
        floatWeights = [Float](repeating: 0, count: structure.parameterCount)
        accumulated = weights
        order = Array(0..<data.sentenceCount)
        generator = seed
    }

    /// One pass over the data in a seeded random order; returns the number of wrong sentences.
    mutating func epoch() -> Int {
        for index in stride(from: order.count - 1, to: 0, by: -1) {
            generator = splitMix(generator)
            order.swapAt(index, Int(generator % UInt64(index + 1)))
        }
        let L = structure.labelCount
        var mistakes = 0
        let longest = (0..<data.sentenceCount).map { data.tokens(ofSentence: $0).count }.max() ?? 0
        var scores = [Float](repeating: 0, count: longest * L)
        var path = [Int]()
        var decoder: ViterbiDecoder?
        for sentence in order {
            let tokens = data.tokens(ofSentence: sentence)
            let T = tokens.count
            guard T > 0 else { continue }
            let weights = floatWeights
            // The decoder holds a copy of the transitions: rebuild it only after they changed.
            if decoder == nil {
                decoder = ViterbiDecoder(labels: labels, transitions: Array(weights[structure.transitionOffset...]))
            }
            data.withPointers { pointers in
                structure.withPointers { rows, stateLabels in
                    weights.withUnsafeBufferPointer { weights in
                        scores.withUnsafeMutableBufferPointer { scores in
                            stateScores(sentence: sentence, data: pointers, rows: rows, stateLabels: stateLabels, weights: weights, labelCount: L, into: scores)
                            decoder!.decode(scores: UnsafeBufferPointer(scores), tokenCount: T, mask: nil, into: &path)
                        }
                    }
                }
            }
            guard tokens.enumerated().contains(where: { path[$0.offset] != Int(data.labels[$0.element]) }) else {
                counter += 1
                continue
            }
            mistakes += 1
            decoder = nil
            let sentenceAttributes = Int(data.sentenceAttributeOffsets[sentence])..<Int(data.sentenceAttributeOffsets[sentence + 1])
            for (t, token) in tokens.enumerated() {
                let gold = Int(data.labels[token]), predicted = path[t]
                if gold != predicted {
                    let tokenAttributes = (Int(data.attributeOffsets[token])..<Int(data.attributeOffsets[token + 1])).map { Int(data.attributes[$0]) }
                    let shared = sentenceAttributes.map { Int(data.sentenceAttributes[$0]) }
                    for attribute in tokenAttributes + shared {
                        if let k = structure.parameter(attribute: attribute, label: gold) { update(k, by: 1) }
                        if let k = structure.parameter(attribute: attribute, label: predicted) { update(k, by: -1) }
                    }
                }
                if t > 0 {
                    let goldPrevious = Int(data.labels[token - 1]), predictedPrevious = path[t - 1]
                    if gold != predicted || goldPrevious != predictedPrevious {
                        update(structure.transitionOffset + goldPrevious * L + gold, by: 1)
                        update(structure.transitionOffset + predictedPrevious * L + predicted, by: -1)
                    }
                }
            }
            counter += 1
        }
        return mistakes
    }

    private mutating func update(_ index: Int, by amount: Double) {
        weights[index] += amount
        floatWeights[index] = Float(weights[index])
        accumulated[index] += counter * amount
    }

    /// The averaged weights.
    func averagedParameters() -> [Double] {
        (0..<weights.count).map { weights[$0] - accumulated[$0] / counter }
    }
}
