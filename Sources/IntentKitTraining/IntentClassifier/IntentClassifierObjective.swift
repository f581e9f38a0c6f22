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
/// Two passes an evaluation, each over a fixed number of blocks (as ``CRFObjective``'s shards)
/// shared out among the threads and combined in a fixed order, so the sums are the same with
/// any number of threads:
/// 1. by utterance: the scores, the loss, and each utterance's residual `w_s (p_s − e_{y_s})`,
///    kept in a `[utterances × classes]` buffer;
/// 2. by feature: each weight row's gradient, the sum of the residuals of the utterances that
///    have the feature (an inverted index, in utterance order), plus the L2 term.
/// The gradient is written once, row by row. Summing per-block partial gradients instead costs,
/// with a hundred intents, several passes over every weight per evaluation (zeroing each
/// block's rows, then adding them up), more than the residuals themselves.
///
/// Features that always come together, a word's character n-grams, can be given as bundles
/// (``FeatureBundles``): an utterance then lists the bundle (its word) rather than each of the
/// bundle's features. The objective is the same (the bundle's features count once for each
/// time the utterance has the bundle), but the work is by distinct word, not by occurrence:
/// each bundle's score row Σ_{a∈bundle} W[a] is summed once an evaluation before pass 1, and
/// between the passes each bundle's residual, the sum of the residuals of the utterances that
/// have it, which pass 2 adds to the rows of its features. A word has about twenty n-grams, and
/// a corpus repeats its words, so the work per evaluation falls by the number of times a word
/// is repeated.
///
/// Dense features, a sentence encoder's vector e_s of each utterance (``EncoderFeatures``), add
/// `Vᵀ e_s` to the scores and `c2 ‖V‖²` to the penalty: the scores of every utterance are one
/// `dgemm` (E V) before pass 1, and V's gradient `Eᵀ R + 2 c2 V` one after it, R being the
/// residuals. The caller scales E to weigh the dense features against the sparse ones: scaling
/// a feature by s is regularising its weight by c2 / s².
///
/// Each feature's penalty may carry a factor of its own (``penaltyScales``): c2 Σ_a r_a ‖W[a]‖².
/// With r_a = (idf̄ / idf_a)² this is the objective of TF-IDF feature values: a feature of value
/// idf_a and weight V[a] scores what a binary feature of weight W[a] = idf_a V[a] does, and
/// c2 ‖V[a]‖² = c2 ‖W[a]‖² / idf_a² (idf̄ only rescales c2, so that a feature of average rarity
/// keeps its penalty). Rare features are regularised less, common ones more, and the weights
/// stay those of binary features, so parsing is unchanged.
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
    /// `[attributes]` a factor on each feature's L2 penalty, or empty for 1 each.
    let penaltyScales: [Double]
    /// `[attributes + 1]` offsets into `postings`.
    fileprivate let postingOffsets: [Int32]
    /// The utterances of each feature's occurrences, in utterance order.
    fileprivate let postings: [Int32]
    fileprivate let bundles: FeatureBundles
    /// `[bundles + 1]` offsets into `bundlePostings`: the utterances of each bundle's
    /// occurrences, in utterance order.
    fileprivate let bundlePostingOffsets: [Int32]
    fileprivate let bundlePostings: [Int32]
    /// `[attributes + 1]` offsets into `attributeBundles`: the bundles each feature belongs to.
    fileprivate let attributeBundleOffsets: [Int32]
    fileprivate let attributeBundles: [Int32]
    fileprivate let utteranceBlocks: [Range<Int>]
    fileprivate let attributeBlocks: [Range<Int>]
    fileprivate let bundleBlocks: [Range<Int>]
    fileprivate let buffers: Buffers
    private let threads: Int
    /// `[rows][denseDimension]` row-major dense features (empty for none).
    fileprivate let dense: [Double]
    let denseDimension: Int
    /// `[utterances]` each utterance's row of `dense`; empty when utterance `u` has row `u`.
    /// Utterances that share a row (a request and its copy without words) share its product:
    /// the scores `E V` are computed once a row, and the gradient `Eᵀ R` from the residuals
    /// summed by row.
    fileprivate let denseRows: [Int32]
    /// `dense`'s rows.
    private var denseRowCount: Int { denseDimension > 0 ? dense.count / denseDimension : 0 }

    /// The sparse features' weights (`[attributes][classes]`), then the biases, then the dense
    /// features' weights (`[denseDimension][classes]`).
    var parameterCount: Int { attributeCount * classCount + classCount + denseDimension * classCount }

    /// - Parameters:
    ///   - groups: each utterance's weighting group (default: its class).
    ///   - groupScales: a factor on the weight of a group's utterances (default 1).
    ///   - balanced: whether groups weigh the same whatever their size.
    ///   - bundles: features the utterances have by bundle, besides `attributes`.
    ///   - dense: `[utterances][denseDimension]` dense features, row-major; or, with `denseRows`,
    ///     `[rows][denseDimension]`, `denseRows` giving each utterance's row.
    ///   - penaltyScales: `[attributes]` a factor on each feature's penalty (empty: 1 each).
    init(
        offsets: [Int32], attributes: [Int32], classes: [Int32], attributeCount: Int, classCount: Int, l2: Double, threads: Int,
        groups: [Int32]? = nil, groupScales: [Int32: Double] = [:], balanced: Bool = true, bundles: FeatureBundles? = nil,
        dense: [Double] = [], denseDimension: Int = 0, denseRows: [Int32] = [], penaltyScales: [Double] = []
    ) {
        precondition(denseRows.isEmpty ? dense.count == classes.count * denseDimension : denseRows.count == classes.count
                     && denseRows.allSatisfy { $0 >= 0 && Int($0) * denseDimension < dense.count }, "dense features of other utterances")
        self.denseRows = denseRows
        precondition(penaltyScales.isEmpty || penaltyScales.count == attributeCount, "penalty factors of other features")
        self.penaltyScales = penaltyScales
        self.dense = dense
        self.denseDimension = denseDimension
        let bundles = bundles ?? FeatureBundles(utterances: classes.count)
        precondition(bundles.utteranceOffsets.count == classes.count + 1, "bundles of other utterances")
        self.bundles = bundles
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
        // The inverted indexes: counting sorts of the occurrences by feature, of the bundles'
        // occurrences by bundle, and of the bundles' features by feature.
        let (postingOffsets, postings) = Self.invert(offsets, attributes, targets: attributeCount)
        let (bundlePostingOffsets, bundlePostings) = Self.invert(bundles.utteranceOffsets, bundles.utteranceBundles, targets: bundles.count)
        let (attributeBundleOffsets, attributeBundles) = Self.invert(bundles.offsets, bundles.attributes, targets: attributeCount)
        self.postingOffsets = postingOffsets
        self.postings = postings
        self.bundlePostingOffsets = bundlePostingOffsets
        self.bundlePostings = bundlePostings
        self.attributeBundleOffsets = attributeBundleOffsets
        self.attributeBundles = attributeBundles
        // Blocks of about equal work: occurrences plus one row write per feature or utterance.
        func blocks(count: Int, cost: (Int) -> Int) -> [Range<Int>] {
            let parts = max(1, min(CRFObjective.shardCount, count))
            var total = 0
            for item in 0..<count { total += cost(item) }
            var bounds = [0], done = 0
            for item in 0..<count {
                done += cost(item)
                if bounds.count < parts, done * parts >= total * bounds.count { bounds.append(item + 1) }
            }
            while bounds.count <= parts { bounds.append(count) }
            bounds[parts] = count
            return (0..<parts).map { bounds[$0]..<bounds[$0 + 1] }
        }
        utteranceBlocks = blocks(count: classes.count) { 1 + Int(offsets[$0 + 1] - offsets[$0]) }
        attributeBlocks = blocks(count: attributeCount) {
            1 + Int(postingOffsets[$0 + 1] - postingOffsets[$0]) + Int(attributeBundleOffsets[$0 + 1] - attributeBundleOffsets[$0])
        }
        bundleBlocks = blocks(count: bundles.count) {
            1 + Int(bundles.offsets[$0 + 1] - bundles.offsets[$0]) + Int(bundlePostingOffsets[$0 + 1] - bundlePostingOffsets[$0])
        }
        buffers = Buffers(utterances: classes.count, bundles: bundles.count, classCount: classCount, blocks: max(utteranceBlocks.count, attributeBlocks.count),
                          denseRows: denseDimension > 0 ? (denseRows.isEmpty ? classes.count : dense.count / denseDimension) : 0, sharesDenseRows: !denseRows.isEmpty)
        self.threads = max(1, threads)
    }

    /// `[targets + 1]` offsets and the sources of each target, in source order, from
    /// `[sources + 1]` offsets into `targetsOf`.
    private static func invert(_ offsets: [Int32], _ targetsOf: [Int32], targets: Int) -> ([Int32], [Int32]) {
        var inverseOffsets = [Int32](repeating: 0, count: targets + 1)
        for target in targetsOf { inverseOffsets[Int(target) + 1] += 1 }
        for t in 0..<targets { inverseOffsets[t + 1] += inverseOffsets[t] }
        var next = inverseOffsets
        var sources = [Int32](repeating: 0, count: targetsOf.count)
        for source in 0..<(offsets.count - 1) {
            for index in Int(offsets[source])..<Int(offsets[source + 1]) {
                let target = Int(targetsOf[index])
                sources[Int(next[target])] = Int32(source)
                next[target] += 1
            }
        }
        return (inverseOffsets, sources)
    }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let inputs = UnsafeInputs(objective: self, parameters: parameters, gradient: gradient)
        func run(_ blocks: Int, _ body: @Sendable (Int) -> Void) {
            let threads = min(self.threads, blocks)
            if threads == 1 {
                for block in 0..<blocks { body(block) }
            } else {
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    for block in stride(from: thread, to: blocks, by: threads) { body(block) }
                }
            }
        }
        if bundles.count > 0 { run(bundleBlocks.count) { inputs.bundleScores(of: inputs.objective.bundleBlocks[$0]) } }
        let C = classCount, N = classes.count, D = denseDimension, denseOffset = attributeCount * C + C
        let M = denseRowCount
        if D > 0 {
            dense.withUnsafeBufferPointer { e in
                BLAS.gemm(m: M, n: C, k: D, e.baseAddress!, parameters.baseAddress! + denseOffset, buffers.denseScores.baseAddress!)
            }
        }
        run(utteranceBlocks.count) { inputs.residuals(of: inputs.objective.utteranceBlocks[$0], block: $0) }
        if bundles.count > 0 { run(bundleBlocks.count) { inputs.bundleResiduals(of: inputs.objective.bundleBlocks[$0]) } }
        run(attributeBlocks.count) { inputs.gradient(of: inputs.objective.attributeBlocks[$0], block: $0) }
        // The biases' gradient: every residual, in utterance order.
        let biasOffset = attributeCount * C
        let residuals = buffers.residuals
        var denseNorm = 0.0
        if D > 0 {
            // Eᵀ R (R summed by dense row when utterances share rows), then the L2 term.
            var rowResiduals = UnsafePointer(residuals.baseAddress!)
            if !denseRows.isEmpty {
                let summed = buffers.denseResiduals
                summed.update(repeating: 0)
                for utterance in 0..<N {
                    add(residuals.baseAddress! + utterance * C, to: summed.baseAddress! + Int(denseRows[utterance]) * C, count: C)
                }
                rowResiduals = UnsafePointer(summed.baseAddress!)
            }
            dense.withUnsafeBufferPointer { e in
                BLAS.gemm(m: D, n: C, k: M, e.baseAddress!, transposedA: true, rowResiduals, gradient.baseAddress! + denseOffset)
            }
            for index in denseOffset..<(denseOffset + D * C) {
                let w = parameters[index]
                denseNorm += w * w
                gradient[index] += 2 * l2 * w
            }
        }
        for c in 0..<C { gradient[biasOffset + c] = 0 }
        for utterance in 0..<classes.count {
            add(residuals.baseAddress! + utterance * C, to: gradient.baseAddress! + biasOffset, count: C)
        }
        var loss = 0.0, norm = 0.0
        for block in 0..<utteranceBlocks.count { loss += buffers.losses[block] }
        for block in 0..<attributeBlocks.count { norm += buffers.norms[block] }
        return loss + l2 * (norm + denseNorm)
    }
}

/// The residuals, the bundles' rows (their scores in pass 1, their residuals in pass 2), and
/// each block's loss and squared norm, kept across evaluations. Raw memory: blocks on several
/// threads write disjoint parts of it at once, which a Swift array in a class would refuse as
/// overlapping accesses.
private final class Buffers: @unchecked Sendable {
    let residuals: UnsafeMutableBufferPointer<Double>
    let bundleRows: UnsafeMutableBufferPointer<Double>
    let losses: UnsafeMutableBufferPointer<Double>
    let norms: UnsafeMutableBufferPointer<Double>
    /// `[dense rows][classes]` the dense features' scores (empty without dense features).
    let denseScores: UnsafeMutableBufferPointer<Double>
    /// `[dense rows][classes]` the residuals summed by dense row (empty unless rows are shared).
    let denseResiduals: UnsafeMutableBufferPointer<Double>

    init(utterances: Int, bundles: Int, classCount: Int, blocks: Int, denseRows: Int, sharesDenseRows: Bool) {
        denseScores = .allocate(capacity: denseRows * classCount)
        denseScores.initialize(repeating: 0)
        denseResiduals = .allocate(capacity: sharesDenseRows ? denseRows * classCount : 0)
        denseResiduals.initialize(repeating: 0)
        residuals = .allocate(capacity: utterances * classCount)
        residuals.initialize(repeating: 0)
        bundleRows = .allocate(capacity: bundles * classCount)
        bundleRows.initialize(repeating: 0)
        losses = .allocate(capacity: blocks)
        losses.initialize(repeating: 0)
        norms = .allocate(capacity: blocks)
        norms.initialize(repeating: 0)
    }

    deinit {
        residuals.deallocate()
        bundleRows.deallocate()
        losses.deallocate()
        norms.deallocate()
        denseScores.deallocate()
        denseResiduals.deallocate()
    }
}

private struct UnsafeInputs: @unchecked Sendable {
    let objective: IntentClassifierObjective
    let parameters: UnsafeBufferPointer<Double>
    let gradient: UnsafeMutableBufferPointer<Double>

    /// Pass 1 on `utterances`: their residuals, and their loss into `losses[block]`.
    func residuals(of utterances: Range<Int>, block: Int) {
        let C = objective.classCount, biasOffset = objective.attributeCount * C
        var loss = 0.0
        let residuals = objective.buffers.residuals, bundles = objective.bundles, bundleRows = objective.buffers.bundleRows
        for utterance in utterances {
            let scores = UnsafeMutableBufferPointer(rebasing: residuals[(utterance * C)..<((utterance + 1) * C)])
            for c in 0..<C { scores[c] = parameters[biasOffset + c] }
            if objective.denseDimension > 0 {
                let row = objective.denseRows.isEmpty ? utterance : Int(objective.denseRows[utterance])
                add(objective.buffers.denseScores.baseAddress! + row * C, to: scores.baseAddress!, count: C)
            }
            for f in Int(objective.offsets[utterance])..<Int(objective.offsets[utterance + 1]) {
                add(parameters.baseAddress! + Int(objective.attributes[f]) * C, to: scores.baseAddress!, count: C)
            }
            for b in Int(bundles.utteranceOffsets[utterance])..<Int(bundles.utteranceOffsets[utterance + 1]) {
                add(bundleRows.baseAddress! + Int(bundles.utteranceBundles[b]) * C, to: scores.baseAddress!, count: C)
            }
            var maximum = scores[0]
            for c in 1..<C where scores[c] > maximum { maximum = scores[c] }
            var sum = 0.0
            for c in 0..<C {
                scores[c] = exp(scores[c] - maximum)
                sum += scores[c]
            }
            let gold = Int(objective.classes[utterance])
            let weight = objective.weights[utterance]
            loss -= weight * log(scores[gold] / sum)
            for c in 0..<C { scores[c] = weight * (scores[c] / sum - (c == gold ? 1 : 0)) }
        }
        objective.buffers.losses[block] = loss
    }

    /// Before pass 1, each bundle's score row: the sum of its features' weight rows.
    func bundleScores(of bundles: Range<Int>) {
        let C = objective.classCount, rows = objective.buffers.bundleRows
        for bundle in bundles {
            let row = rows.baseAddress! + bundle * C
            for c in 0..<C { row[c] = 0 }
            for index in Int(objective.bundles.offsets[bundle])..<Int(objective.bundles.offsets[bundle + 1]) {
                add(parameters.baseAddress! + Int(objective.bundles.attributes[index]) * C, to: row, count: C)
            }
        }
    }

    /// Between the passes, each bundle's residual: the sum of the residuals of the utterances
    /// that have it, in utterance order.
    func bundleResiduals(of bundles: Range<Int>) {
        let C = objective.classCount, rows = objective.buffers.bundleRows, residuals = objective.buffers.residuals
        for bundle in bundles {
            let row = rows.baseAddress! + bundle * C
            for c in 0..<C { row[c] = 0 }
            for posting in Int(objective.bundlePostingOffsets[bundle])..<Int(objective.bundlePostingOffsets[bundle + 1]) {
                add(residuals.baseAddress! + Int(objective.bundlePostings[posting]) * C, to: row, count: C)
            }
        }
    }

    /// Pass 2 on the weight rows of `attributes`: their gradient (the residuals of the
    /// utterances that have the feature, then those of the bundles that hold it), and their
    /// squared norm, times their penalty factors, into `norms[block]`.
    func gradient(of attributes: Range<Int>, block: Int) {
        let C = objective.classCount
        var norm = 0.0
        let residuals = objective.buffers.residuals
        for attribute in attributes {
            let row = attribute * C
            for c in 0..<C { gradient[row + c] = 0 }
            for posting in Int(objective.postingOffsets[attribute])..<Int(objective.postingOffsets[attribute + 1]) {
                add(residuals.baseAddress! + Int(objective.postings[posting]) * C, to: gradient.baseAddress! + row, count: C)
            }
            for index in Int(objective.attributeBundleOffsets[attribute])..<Int(objective.attributeBundleOffsets[attribute + 1]) {
                add(objective.buffers.bundleRows.baseAddress! + Int(objective.attributeBundles[index]) * C, to: gradient.baseAddress! + row, count: C)
            }
            let scale = objective.penaltyScales.isEmpty ? 1 : objective.penaltyScales[attribute]
            let l2 = objective.l2 * scale
            var rowNorm = 0.0
            for c in 0..<C {
                let w = parameters[row + c]
                rowNorm += w * w
                gradient[row + c] += 2 * l2 * w
            }
            norm += scale * rowNorm
        }
        objective.buffers.norms[block] = norm
    }
}

/// target[i] += source[i] for i < count, four at a time: the compiler cannot vectorise the
/// plain loop, as it cannot rule out that the two overlap. Each sum is rounded as the plain
/// loop's would be.
@inline(__always)
private func add(_ source: UnsafePointer<Double>, to target: UnsafeMutablePointer<Double>, count: Int) {
    var index = 0
    while index &+ 4 <= count {
        let sum = UnsafeRawPointer(target + index).loadUnaligned(as: SIMD4<Double>.self)
            + UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<Double>.self)
        UnsafeMutableRawPointer(target + index).storeBytes(of: sum, as: SIMD4<Double>.self)
        index &+= 4
    }
    while index < count {
        target[index] += source[index]
        index &+= 1
    }
}
