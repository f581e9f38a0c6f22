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
    private var accumulated: [Double]
    private var counter = 1.0
    private var order: [Int]
    private var generator: UInt64

    init(data: CompiledSequences, structure: CRFStructure, labels: LabelSet, seed: UInt64) {
        self.data = data
        self.structure = structure
        self.labels = labels
        weights = [Double](repeating: 0, count: structure.parameterCount)
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
        var scores = [Float]()
        var path = [Int]()
        for sentence in order {
            let tokens = data.tokens(ofSentence: sentence)
            let T = tokens.count
            guard T > 0 else { continue }
            scores = [Float](repeating: 0, count: T * L)
            for (t, token) in tokens.enumerated() {
                for a in Int(data.attributeOffsets[token])..<Int(data.attributeOffsets[token + 1]) {
                    let attribute = Int(data.attributes[a])
                    for k in Int(structure.rowOffsets[attribute])..<Int(structure.rowOffsets[attribute + 1]) {
                        scores[t * L + Int(structure.stateLabels[k])] += Float(weights[k])
                    }
                }
            }
            let transitions = (0..<(L * L)).map { Float(weights[structure.transitionOffset + $0]) }
            var decoder = ViterbiDecoder(labels: labels, transitions: transitions)
            scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: T, mask: nil, into: &path) }
            var wrong = false
            for (t, token) in tokens.enumerated() where path[t] != Int(data.labels[token]) { wrong = true; _ = t }
            if wrong {
                mistakes += 1
                for (t, token) in tokens.enumerated() {
                    let gold = Int(data.labels[token]), predicted = path[t]
                    let goldPrevious = t > 0 ? Int(data.labels[token - 1]) : -1
                    let predictedPrevious = t > 0 ? path[t - 1] : -1
                    if gold != predicted {
                        for a in Int(data.attributeOffsets[token])..<Int(data.attributeOffsets[token + 1]) {
                            let attribute = Int(data.attributes[a])
                            if let k = structure.parameter(attribute: attribute, label: gold) { update(k, by: 1) }
                            if let k = structure.parameter(attribute: attribute, label: predicted) { update(k, by: -1) }
                        }
                    }
                    if t > 0 && (gold != predicted || goldPrevious != predictedPrevious) {
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
        accumulated[index] += counter * amount
    }

    /// The averaged weights.
    func averagedParameters() -> [Double] {
        (0..<weights.count).map { weights[$0] - accumulated[$0] / counter }
    }
}
