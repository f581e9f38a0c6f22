import Dispatch
import Foundation
import IntentKit

/// The negative log-likelihood of a linear-chain CRF with an L2 term (Lafferty et al. 2001;
/// Sutton & McCallum 2012, eq. 5.7), over CRFsuite-style sparse state weights and dense
/// transitions:
///
///   f(θ) = Σ_s (log Z_s − θ·Φ(x_s, y_s)) + c2 ‖θ‖²,
///   ∇f   = Σ_s (E_θ[Φ(x_s, ·)] − Φ(x_s, y_s)) + 2 c2 θ.
///
/// Sentences are split into ``shardCount`` contiguous shards, a number fixed whatever the thread
/// count; each shard accumulates its own gradient, the threads share out the shards, and the
/// shards are summed in a fixed order. So the floating-point sums, and the model's bytes, are the
/// same with any number of threads and any timing.
struct CRFObjective: Objective {
    let data: CompiledSequences
    let structure: CRFStructure
    /// Φ summed over the training data (the empirical feature counts), `[parameterCount]`.
    let empirical: [Double]
    let l2: Double
    private let shards: [Range<Int>]
    private let workspaces: [ShardWorkspace]
    private let threads: Int
    /// The attributes whose weights are kept as whole rows (``DenseRows``).
    private let dense: DenseRows

    /// Shards of the training data. More shards than threads costs one more gradient-sized
    /// buffer and sum each; eight keep both cores busy and the memory small.
    static let shardCount = 8

    var parameterCount: Int { structure.parameterCount }

    init(data: CompiledSequences, structure: CRFStructure, l2: Double, threads: Int) {
        self.data = data
        self.structure = structure
        self.l2 = l2
        var counts = [Double](repeating: 0, count: structure.parameterCount)
        let L = structure.labelCount
        for sentence in 0..<data.sentenceCount {
            var previous = -1
            let sentenceAttributes = Int(data.sentenceAttributeOffsets[sentence])..<Int(data.sentenceAttributeOffsets[sentence + 1])
            for token in data.tokens(ofSentence: sentence) {
                let label = Int(data.labels[token])
                for a in Int(data.attributeOffsets[token])..<Int(data.attributeOffsets[token + 1]) {
                    if let parameter = structure.parameter(attribute: Int(data.attributes[a]), label: label) { counts[parameter] += 1 }
                }
                for a in sentenceAttributes {
                    if let parameter = structure.parameter(attribute: Int(data.sentenceAttributes[a]), label: label) { counts[parameter] += 1 }
                }
                if previous >= 0 { counts[structure.transitionOffset + previous * L + label] += 1 }
                previous = label
            }
        }
        empirical = counts
        // Balance shards by token count, not sentence count.
        let shardCount = max(1, min(Self.shardCount, data.sentenceCount))
        var bounds = [0]
        let perShard = Double(data.tokenCount) / Double(shardCount)
        var sentence = 0
        for shard in 1..<shardCount {
            while sentence < data.sentenceCount, Double(data.sentenceOffsets[sentence]) < perShard * Double(shard) { sentence += 1 }
            bounds.append(sentence)
        }
        bounds.append(data.sentenceCount)
        shards = (0..<shardCount).map { bounds[$0]..<bounds[$0 + 1] }
        dense = DenseRows(structure: structure)
        let dense = self.dense
        workspaces = (0..<shardCount).map { _ in ShardWorkspace(structure: structure, dense: dense) }
        self.threads = max(1, min(threads, shardCount))
    }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let L = structure.labelCount
        let stateWeights = (0..<structure.stateCount).map { Float(parameters[$0]) }
        let expTransitions = (0..<(L * L)).map { expf(Float(parameters[structure.transitionOffset + $0])) }
        let shared = SharedInputs(data: data, structure: structure, stateWeights: stateWeights, expTransitions: expTransitions,
                                  transitionMatrix: FixedOrderSquareMatrix(expTransitions, size: L),
                                  dense: dense, denseWeights: dense.rows(of: stateWeights, structure: structure))
        let shards = self.shards, workspaces = self.workspaces, threads = self.threads
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for shard in stride(from: thread, to: shards.count, by: threads) {
                workspaces[shard].run(sentences: shards[shard], shared: shared)
            }
        }
        // Deterministic reduction: shard 0, then 1, …
        var loss = 0.0
        for index in 0..<gradient.count { gradient[index] = 0 }
        var pairs = [Double](repeating: 0, count: L * L)
        for workspace in workspaces {
            loss += workspace.logLikelihoodSum
            workspace.gradient.withUnsafeBufferPointer { partial in
                for index in 0..<structure.stateCount { gradient[index] += partial[index] }
            }
            for index in 0..<(L * L) { pairs[index] += workspace.pairs[index] }
        }
        for index in 0..<(L * L) { gradient[structure.transitionOffset + index] = pairs[index] * Double(expTransitions[index]) }
        // Subtract the empirical counts; the gold score is linear in θ.
        var goldScore = 0.0
        var norm = 0.0
        for index in 0..<parameters.count {
            goldScore += parameters[index] * empirical[index]
            norm += parameters[index] * parameters[index]
            gradient[index] += 2 * l2 * parameters[index] - empirical[index]
        }
        return loss - goldScore + l2 * norm
    }
}

/// Read-only inputs of one evaluation, shared by the shard threads.
private struct SharedInputs: @unchecked Sendable {
    let data: CompiledSequences
    let structure: CRFStructure
    /// `[nnz]` state weights as Float for the scoring loops.
    let stateWeights: [Float]
    /// `[L][L]` exp(transitions).
    let expTransitions: [Float]
    /// The same matrix for the forward-backward passes, which multiply it without BLAS so that
    /// training rounds the same way on every processor (``ForwardBackward``).
    let transitionMatrix: FixedOrderSquareMatrix
    let dense: DenseRows
    /// `[dense rows][stride]` the dense attributes' weights, zero where a label has none.
    let denseWeights: [Float]
}

/// The attributes seen with many labels (a word as common as "the", a shape, a position), whose
/// weights the scoring and gradient loops handle as whole rows over every label: the products of
/// a row are then a vector loop, where a row of sparse weights (label, weight) is a scatter of one
/// element at a time. A label an attribute has no weight for reads as zero in the scores (adding
/// zero changes no sum) and its gradient is dropped, so the model is the same bits.
private struct DenseRows: Sendable {
    /// For each attribute, its dense row, or −1.
    let slots: [Int32]
    /// The dense attributes in row order.
    let attributes: [Int32]
    /// Floats from one row to the next: the label count rounded up to a multiple of 8.
    let stride: Int

    /// Rows of at least this share of the labels are dense: below it the scatter of a row's few
    /// elements costs less than a vector pass over all of them.
    static let leastShare = 0.25

    init(structure: CRFStructure) {
        let L = structure.labelCount
        stride = (L + 7) / 8 * 8
        let least = max(1, Int((Self.leastShare * Double(L)).rounded(.up)))
        var slots = [Int32](repeating: -1, count: structure.rowOffsets.count - 1), attributes = [Int32]()
        for attribute in slots.indices where Int(structure.rowOffsets[attribute + 1] - structure.rowOffsets[attribute]) >= least {
            slots[attribute] = Int32(attributes.count)
            attributes.append(Int32(attribute))
        }
        self.slots = slots
        self.attributes = attributes
    }

    /// `weights` (one per state weight) laid out as the dense rows.
    func rows(of weights: [Float], structure: CRFStructure) -> [Float] {
        var rows = [Float](repeating: 0, count: attributes.count * stride)
        for (slot, attribute) in attributes.enumerated() {
            for k in Int(structure.rowOffsets[Int(attribute)])..<Int(structure.rowOffsets[Int(attribute) + 1]) {
                rows[slot * stride + Int(structure.stateLabels[k])] = weights[k]
            }
        }
        return rows
    }
}

/// One thread's buffers and partial sums. Each shard touches only its own workspace.
private final class ShardWorkspace: @unchecked Sendable {
    var gradient: [Double]
    /// `[L][L]` Σ over sentences of the pair accumulator (Double: it sums ~10⁵ terms).
    var pairs: [Double]
    /// `[L][L]` the pair accumulator of up to ``flushInterval`` sentences, in Float.
    private var sentencePairs: [Float]
    var logLikelihoodSum = 0.0
    private var scores: [Float] = []
    private var marginals: [Float] = []
    private var forwardBackward: ForwardBackward

    /// `[dense rows][stride]` the dense attributes' gradient (``DenseRows``), copied into
    /// `gradient` at the end of a run.
    private var denseGradient: [Double]

    init(structure: CRFStructure, dense: DenseRows) {
        gradient = [Double](repeating: 0, count: structure.stateCount)
        denseGradient = [Double](repeating: 0, count: dense.attributes.count * dense.stride)
        pairs = [Double](repeating: 0, count: structure.labelCount * structure.labelCount)
        sentencePairs = [Float](repeating: 0, count: structure.labelCount * structure.labelCount)
        forwardBackward = ForwardBackward(labelCount: structure.labelCount)
    }

    /// Sentences whose pair counts are summed in Float before being added to the Double total.
    private static let flushInterval = 32

    func run(sentences: Range<Int>, shared: SharedInputs) {
        let data = shared.data, structure = shared.structure
        let L = structure.labelCount
        let longest = sentences.map { data.tokens(ofSentence: $0).count }.max() ?? 0
        if scores.count < longest * L {
            scores = [Float](repeating: 0, count: longest * L)
            marginals = scores
        }
        var logLikelihood = 0.0
        var columnSums = [Float](repeating: 0, count: L)
        // Raw pointers throughout: the loops below run ~10⁸ times per evaluation, and array
        // accesses through class properties would retain and release on every one.
        data.withPointers { data in
        structure.withPointers { rows, stateLabels in
        shared.stateWeights.withUnsafeBufferPointer { weights in
        shared.expTransitions.withUnsafeBufferPointer { expTransitions in
        scores.withUnsafeMutableBufferPointer { scores in
        marginals.withUnsafeMutableBufferPointer { marginals in
        gradient.withUnsafeMutableBufferPointer { gradient in
        pairs.withUnsafeMutableBufferPointer { pairs in
        sentencePairs.withUnsafeMutableBufferPointer { sentencePairs in
        columnSums.withUnsafeMutableBufferPointer { columnSums in
        shared.dense.slots.withUnsafeBufferPointer { slots in
        shared.denseWeights.withUnsafeBufferPointer { denseWeights in
        denseGradient.withUnsafeMutableBufferPointer { denseGradient in
            let stride = shared.dense.stride
            gradient.update(repeating: 0)
            denseGradient.update(repeating: 0)
            pairs.update(repeating: 0)
            sentencePairs.update(repeating: 0)
            var pending = 0
            for sentence in sentences {
                let tokens = data.tokens(ofSentence: sentence)
                let T = tokens.count
                guard T > 0 else { continue }
                Self.stateScores(
                    sentence: sentence, data: data, rows: rows, stateLabels: stateLabels, weights: weights, slots: slots,
                    denseWeights: denseWeights, stride: stride, labelCount: L, into: scores)
                logLikelihood += forwardBackward.run(scores: UnsafeBufferPointer(scores), tokenCount: T, expTransitions: shared.transitionMatrix)
                forwardBackward.writeMarginals(into: marginals.baseAddress!)
                // Expected state counts: each (attribute, label) pair gets its label's marginal;
                // a sentence attribute gets the marginals summed over the sentence's tokens.
                columnSums.update(repeating: 0)
                for t in 0..<T {
                    let row = t * L
                    for l in 0..<L { columnSums[l] += marginals[row + l] }
                    for a in data.tokenAttributes(tokens.lowerBound + t) {
                        let attribute = Int(data.attributes[a])
                        let slot = Int(slots[attribute])
                        if slot >= 0 {
                            let target = denseGradient.baseAddress! + slot &* stride, source = marginals.baseAddress! + row
                            for l in 0..<L { target[l] += Double(source[l]) }
                            continue
                        }
                        for k in Int(rows[attribute])..<Int(rows[attribute + 1]) {
                            gradient[k] += Double(marginals[row &+ Int(stateLabels[k])])
                        }
                    }
                }
                for a in data.sentenceAttributeRange(sentence) {
                    let attribute = Int(data.sentenceAttributes[a])
                    let slot = Int(slots[attribute])
                    if slot >= 0 {
                        let target = denseGradient.baseAddress! + slot &* stride
                        for l in 0..<L { target[l] += Double(columnSums[l]) }
                        continue
                    }
                    for k in Int(rows[attribute])..<Int(rows[attribute + 1]) {
                        gradient[k] += Double(columnSums[Int(stateLabels[k])])
                    }
                }
                if T > 1 {
                    forwardBackward.accumulatePairs(into: sentencePairs.baseAddress!)
                    pending += 1
                }
                if pending == Self.flushInterval || (sentence == sentences.upperBound - 1 && pending > 0) {
                    for index in 0..<(L * L) {
                        pairs[index] += Double(sentencePairs[index])
                        sentencePairs[index] = 0
                    }
                    pending = 0
                }
            }
            for (slot, attribute) in shared.dense.attributes.enumerated() {
                for k in Int(rows[Int(attribute)])..<Int(rows[Int(attribute) + 1]) {
                    gradient[k] = denseGradient[slot &* stride &+ Int(stateLabels[k])]
                }
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
        logLikelihoodSum = logLikelihood
    }

    /// The state scores of one sentence as ``stateScores(sentence:data:rows:stateLabels:weights:labelCount:into:)``
    /// computes them, the dense attributes' rows added whole (``DenseRows``): the same sums.
    private static func stateScores(
        sentence: Int, data: CompiledSequences.Pointers, rows: UnsafeBufferPointer<Int32>, stateLabels: UnsafeBufferPointer<UInt16>,
        weights: UnsafeBufferPointer<Float>, slots: UnsafeBufferPointer<Int32>, denseWeights: UnsafeBufferPointer<Float>, stride: Int,
        labelCount L: Int, into scores: UnsafeMutableBufferPointer<Float>
    ) {
        let tokens = data.tokens(ofSentence: sentence)
        let T = tokens.count
        for index in 0..<(T * L) { scores[index] = 0 }
        guard T > 0 else { return }
        func add(_ attribute: Int, into row: UnsafeMutablePointer<Float>) {
            let slot = Int(slots[attribute])
            if slot >= 0 {
                let source = denseWeights.baseAddress! + slot &* stride
                for l in 0..<L { row[l] += source[l] }
            } else {
                for k in Int(rows[attribute])..<Int(rows[attribute + 1]) { row[Int(stateLabels[k])] += weights[k] }
            }
        }
        let first = scores.baseAddress!
        for a in data.sentenceAttributeRange(sentence) { add(Int(data.sentenceAttributes[a]), into: first) }
        for t in 1..<T {
            for l in 0..<L { scores[t &* L &+ l] = scores[l] }
        }
        for t in 0..<T {
            let row = first + t &* L
            for a in data.tokenAttributes(tokens.lowerBound + t) { add(Int(data.attributes[a]), into: row) }
        }
    }
}
