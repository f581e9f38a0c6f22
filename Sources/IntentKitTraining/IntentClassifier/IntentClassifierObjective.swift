import Dispatch
import Foundation
import IntentKit

/// The L2-regularised negative log-likelihood of multinomial logistic regression:
///   f(W, b) = −Σ_s log softmax(b + Σ_{a∈x_s} W[a])_{y_s} + c2 ‖W‖²,
///   ∇_{W[a]} = Σ_s [a ∈ x_s] (p_s − e_{y_s}) + 2 c2 W[a],  ∇_b = Σ_s (p_s − e_{y_s}).
/// Each utterance is weighted by its group's inverse frequency (normalised to mean 1), so rare
/// intents are not drowned out; a group is a class unless the caller says otherwise (generated
/// out-of-scope utterances are a group of their own, scaled down so they do not outweigh the
/// requests of any intent). A fixed number of shards (as ``CRFObjective``), shared out among
/// the threads and reduced in a fixed order: the same sums with any number of threads.
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
    private let shards: [Range<Int>]
    private let threads: Int

    var parameterCount: Int { attributeCount * classCount + classCount }

    /// - Parameters:
    ///   - groups: each utterance's weighting group (default: its class).
    ///   - groupScales: a factor on the weight of a group's utterances (default 1).
    init(
        offsets: [Int32], attributes: [Int32], classes: [Int32], attributeCount: Int, classCount: Int, l2: Double, threads: Int,
        groups: [Int32]? = nil, groupScales: [Int32: Double] = [:]
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
        weights = groups.map { Double(groups.count) / (Double(counts.count) * counts[$0]!) * (groupScales[$0] ?? 1) }
        let n = classes.count, parts = max(1, min(CRFObjective.shardCount, n))
        shards = (0..<parts).map { n * $0 / parts..<n * ($0 + 1) / parts }
        self.threads = max(1, min(threads, parts))
    }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let C = classCount, biasOffset = attributeCount * C
        let partials = shards.map { _ in ShardResult(size: parameterCount) }
        let inputs = UnsafeInputs(objective: self, parameters: parameters)
        let shardCount = shards.count, threads = self.threads
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for shard in stride(from: thread, to: shardCount, by: threads) {
                inputs.run(shard: inputs.objective.shards[shard], into: partials[shard])
            }
        }
        for index in 0..<gradient.count { gradient[index] = 0 }
        var loss = 0.0
        for partial in partials {
            loss += partial.loss
            partial.gradient.withUnsafeBufferPointer { partialGradient in
                for index in 0..<gradient.count { gradient[index] += partialGradient[index] }
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

private final class ShardResult: @unchecked Sendable {
    var loss = 0.0
    var gradient: [Double]
    init(size: Int) { gradient = [Double](repeating: 0, count: size) }
}

private struct UnsafeInputs: @unchecked Sendable {
    let objective: IntentClassifierObjective
    let parameters: UnsafeBufferPointer<Double>

    func run(shard: Range<Int>, into result: ShardResult) {
        let C = objective.classCount, biasOffset = objective.attributeCount * C
        var scores = [Double](repeating: 0, count: C)
        var loss = 0.0
        result.gradient.withUnsafeMutableBufferPointer { gradient in
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
                    let row = Int(objective.attributes[f]) * C
                    for c in 0..<C { gradient[row + c] += scores[c] }
                }
                for c in 0..<C { gradient[biasOffset + c] += scores[c] }
            }
        }
        result.loss = loss
    }
}
