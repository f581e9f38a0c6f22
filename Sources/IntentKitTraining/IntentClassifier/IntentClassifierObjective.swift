import Dispatch
import Foundation
import IntentKit

/// The L2-regularised negative log-likelihood of multinomial logistic regression:
///   f(W, b) = −Σ_s log softmax(b + Σ_{a∈x_s} W[a])_{y_s} + c2 ‖W‖²,
///   ∇_{W[a]} = Σ_s [a ∈ x_s] (p_s − e_{y_s}) + 2 c2 W[a],  ∇_b = Σ_s (p_s − e_{y_s}).
/// Balanced, each utterance is weighted by its group's inverse frequency (normalised to mean
/// 1), so rare intents are not drowned out; a group is a class unless the caller says otherwise
/// (generated out-of-scope utterances are a group of their own, scaled down so they do not
/// outweigh the requests of any intent). Unbalanced, every request weighs the same (a corpus
/// whose skew is the skew of real traffic gains accuracy from it), and a scaled group weighs as
/// an intent of average size would, times its scale.
///
/// A fixed number of shards (as ``CRFObjective``), shared out among the threads and reduced in
/// a fixed order: the same sums with any number of threads.
///
/// A shard's gradient holds only the rows of the features its utterances have (a fold's
/// training set has tens of thousands of features, most in a few utterances): summing and
/// clearing eight dense copies of every weight, each evaluation, cost more than the gradient.
struct IntentClassifierObjective: Objective {
    /// `[utterances + 1]` offsets into `attributes`.
    let offsets: [Int32]
    let attributes: [Int32]
    let classes: [Int32]
    /// `[utterances]` each utterance's weight.
    let weights: [Double]
    let attributeCount: Int
    let classCount: Int
    let l2: Double
    fileprivate let shards: [Range<Int>]
    /// `[attributes]` each occurrence's row in its shard's gradient.
    fileprivate let shardRows: [Int32]
    /// Each shard's buffers, kept across evaluations.
    fileprivate let partials: [ShardResult]
    private let threads: Int

    var parameterCount: Int { attributeCount * classCount + classCount }

    /// - Parameters:
    ///   - groups: each utterance's weighting group (default: its class).
    ///   - groupScales: a factor on the weight of a group's utterances (default 1).
    ///   - balanced: whether groups weigh the same whatever their size.
    init(
        offsets: [Int32], attributes: [Int32], classes: [Int32], attributeCount: Int, classCount: Int, l2: Double, threads: Int,
        groups: [Int32]? = nil, groupScales: [Int32: Double] = [:], balanced: Bool = true
    ) {
        self.offsets = offsets
        self.attributes = attributes
        self.classes = classes
        self.attributeCount = attributeCount
        self.classCount = classCount
        self.l2 = l2
        let groups = groups ?? classes
        var counts = [Int32: Double]()
        for g in groups { counts[g, default: 0] += 1 }
        if balanced {
            weights = groups.map { Double(groups.count) / (Double(counts.count) * counts[$0]!) * (groupScales[$0] ?? 1) }
        } else {
            let unscaled = counts.filter { groupScales[$0.key] == nil }
            let averageGroup = unscaled.isEmpty ? 1 : unscaled.values.reduce(0, +) / Double(unscaled.count)
            let raw = groups.map { g in groupScales[g].map { $0 * averageGroup / counts[g]! } ?? 1 }
            let mean = raw.reduce(0, +) / Double(max(1, raw.count))
            weights = raw.map { $0 / mean }
        }
        let n = classes.count, parts = max(1, min(CRFObjective.shardCount, n))
        shards = (0..<parts).map { n * $0 / parts..<n * ($0 + 1) / parts }
        var shardRows = [Int32](repeating: 0, count: attributes.count)
        var partials = [ShardResult]()
        var rowOf = [Int32](repeating: -1, count: attributeCount)
        for shard in shards {
            var attributesOfRows = [Int32]()
            for index in Int(offsets[shard.lowerBound])..<Int(offsets[shard.upperBound]) {
                let attribute = Int(attributes[index])
                if rowOf[attribute] < 0 {
                    rowOf[attribute] = Int32(attributesOfRows.count)
                    attributesOfRows.append(Int32(attribute))
                }
                shardRows[index] = rowOf[attribute]
            }
            for attribute in attributesOfRows { rowOf[Int(attribute)] = -1 }
            partials.append(ShardResult(attributes: attributesOfRows, classCount: classCount))
        }
        self.shardRows = shardRows
        self.partials = partials
        self.threads = max(1, min(threads, parts))
    }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let C = classCount, biasOffset = attributeCount * C
        let inputs = UnsafeInputs(objective: self, parameters: parameters)
        let shardCount = shards.count, threads = self.threads
        if threads == 1 {
            for shard in 0..<shardCount { inputs.run(shard: shards[shard], into: partials[shard]) }
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for shard in stride(from: thread, to: shardCount, by: threads) {
                    inputs.run(shard: inputs.objective.shards[shard], into: inputs.objective.partials[shard])
                }
            }
        }
        for index in 0..<gradient.count { gradient[index] = 0 }
        var loss = 0.0
        // Shard by shard, in order: each weight's sum has the same terms in the same order
        // whatever the threads.
        for partial in partials {
            loss += partial.loss
            partial.gradient.withUnsafeBufferPointer { partialGradient in
                for (row, attribute) in partial.attributes.enumerated() {
                    let global = Int(attribute) * C, local = row * C
                    for c in 0..<C { gradient[global + c] += partialGradient[local + c] }
                }
                let local = partial.attributes.count * C
                for c in 0..<C { gradient[biasOffset + c] += partialGradient[local + c] }
            }
        }
        var norm = 0.0
        for index in 0..<biasOffset {
            norm += parameters[index] * parameters[index]
            gradient[index] += 2 * l2 * parameters[index]
        }
        return loss + l2 * norm
    }
}

/// A shard's loss and gradient: a row of `classCount` for each of its features (`attributes`,
/// in the order of their rows), then the biases.
private final class ShardResult: @unchecked Sendable {
    let attributes: [Int32]
    var loss = 0.0
    var gradient: [Double]

    init(attributes: [Int32], classCount: Int) {
        self.attributes = attributes
        gradient = [Double](repeating: 0, count: (attributes.count + 1) * classCount)
    }
}

private struct UnsafeInputs: @unchecked Sendable {
    let objective: IntentClassifierObjective
    let parameters: UnsafeBufferPointer<Double>

    func run(shard: Range<Int>, into result: ShardResult) {
        let C = objective.classCount, biasOffset = objective.attributeCount * C
        var scores = [Double](repeating: 0, count: C)
        var loss = 0.0
        let localBias = result.attributes.count * C
        result.gradient.withUnsafeMutableBufferPointer { gradient in
            for index in gradient.indices { gradient[index] = 0 }
            for utterance in shard {
                let features = Int(objective.offsets[utterance])..<Int(objective.offsets[utterance + 1])
                for c in 0..<C { scores[c] = parameters[biasOffset + c] }
                for f in features {
                    let row = Int(objective.attributes[f]) * C
                    for c in 0..<C { scores[c] += parameters[row + c] }
                }
                let maximum = scores.max()!
                var sum = 0.0
                for c in 0..<C {
                    scores[c] = exp(scores[c] - maximum)
                    sum += scores[c]
                }
                let gold = Int(objective.classes[utterance])
                let weight = objective.weights[utterance]
                loss -= weight * log(scores[gold] / sum)
                for c in 0..<C { scores[c] = weight * (scores[c] / sum - (c == gold ? 1 : 0)) }
                for f in features {
                    let row = Int(objective.shardRows[f]) * C
                    for c in 0..<C { gradient[row + c] += scores[c] }
                }
                for c in 0..<C { gradient[localBias + c] += scores[c] }
            }
        }
        result.loss = loss
    }
}
