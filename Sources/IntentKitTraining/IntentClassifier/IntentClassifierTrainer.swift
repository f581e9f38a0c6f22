import Foundation
import IntentKit
import IntentKitCorpus

/// Trains an ``IntentClassifierModel`` with the same ``LBFGS`` as the slot tagger.
public struct IntentClassifierTrainer: Sendable {
    /// L2 coefficient.
    public var c2 = IntentClassifierSetting.untuned.c2
    public var maxIterations = 100
    /// Stop when the objective improved by less than this fraction over the last 10
    /// iterations (``LBFGS/Settings/delta``).
    public var tolerance = 1e-5
    public var threads = 2
    /// The character n-grams the features were extracted with, recorded in the model so that
    /// parsing extracts the same.
    public var characterNGrams: ClosedRange<Int>?
    /// Features whose weights are all smaller than this in magnitude are left out of the model.
    public var pruneBelow = 0.0
    /// Whether every intent weighs the same in the objective whatever its number of utterances
    /// (``IntentClassifierObjective``).
    public var balancesIntents = true
    /// Features seen in fewer training utterances than this are left out, unless the caller
    /// keeps them (words). A word pair or character n-gram of one utterance can only memorise
    /// it, yet it adds a weight for every intent: with a hundred intents such features are most
    /// of the model's size and of the optimiser's work.
    public var minimumFeatureCount = 1
    /// The sentence encoder whose vectors the problems' dense features are (``Problem/dense``),
    /// recorded in the model and attached to it.
    public var encoder: SentenceEncoder?
    /// Whether each feature's penalty is scaled by its rarity, as TF-IDF feature values would
    /// (``IntentClassifierSetting/weighsRareFeatures``, ``Problem/rarityPenaltyScales()``).
    public var weighsRareFeatures = false

    public init() {}

    /// Utterances' features as ids into their dictionary of hashes, with their classes and
    /// weighting groups: compiled once, fitted with several coefficients.
    struct Problem {
        var hashes = [UInt64]()
        var offsets: [Int32] = [0]
        var attributes = [Int32]()
        /// The features the utterances have by bundle (a word's character n-grams).
        var bundles: FeatureBundles
        var classes: [Int]
        let intents: [String]
        let generated: Int
        let generatedWeight: Double
        /// `[utterances][denseDimension]` row-major: each utterance's sentence encoder vector,
        /// then its nearest-exemplar features if any, each dimension times its ``denseScales``
        /// (empty for none).
        var dense: [Double] = []
        var denseDimension = 0
        /// `[denseDimension]` the factor each dense dimension was scaled by
        /// (``IntentClassifierSetting/encoderScale``, ``IntentClassifierSetting/neighbourScale``).
        var denseScales: [Double] = []
        /// The number of nearest-exemplar features at the end of each dense row (``EncoderExemplars``).
        var neighbourDimension = 0
        /// `[utterances]` each utterance's row of ``dense`` when rows are shared (a request and
        /// its copy without words); empty when utterance `u` has row `u`.
        var denseRows: [Int32] = []

        /// Each utterance has `features` and the features of the bundles `bundles` lists
        /// (indices into `bundleTable`; empty for none). The last `generated` utterances are
        /// generated out-of-scope ones whose weight, as a group, is `generatedWeight` times an
        /// intent's. Features in fewer than `minimumCount` of the utterances are left out,
        /// unless `kept` holds them.
        init(
            features: [[UInt64]], bundles: [[Int32]] = [], bundleTable: [[UInt64]] = [], classes: [Int], intents: [String], generated: Int,
            generatedWeight: Double, minimumCount: Int = 1, kept: Set<UInt64> = []
        ) {
            precondition(bundles.isEmpty || bundles.count == features.count, "bundles of other utterances")
            self.classes = classes
            self.intents = intents
            self.generated = generated
            self.generatedWeight = generatedWeight
            let bundlesOf = { (utterance: Int) -> [Int32] in bundles.isEmpty ? [] : bundles[utterance] }
            var dropped = Set<UInt64>()
            if minimumCount > 1 {
                var counts = [UInt64: Int]()
                for (utterance, own) in features.enumerated() {
                    var seen = Set(own)
                    for bundle in bundlesOf(utterance) { seen.formUnion(bundleTable[Int(bundle)]) }
                    for hash in seen { counts[hash, default: 0] += 1 }
                }
                for (hash, count) in counts where count < minimumCount && !kept.contains(hash) { dropped.insert(hash) }
            }
            var hashes = [UInt64](), ids = [UInt64: Int32]()
            func id(_ hash: UInt64) -> Int32 {
                if let known = ids[hash] { return known }
                let id = Int32(hashes.count)
                ids[hash] = id
                hashes.append(hash)
                return id
            }
            // Bundles are numbered in order of first use; only those of these utterances count.
            var local = [Int32: Int32]()
            var bundled = FeatureBundles(utterances: 0)
            bundled.utteranceOffsets = [0]
            for (utterance, own) in features.enumerated() {
                for hash in own where !dropped.contains(hash) { attributes.append(id(hash)) }
                offsets.append(Int32(attributes.count))
                for bundle in bundlesOf(utterance) {
                    if local[bundle] == nil {
                        local[bundle] = Int32(bundled.count)
                        for hash in bundleTable[Int(bundle)] where !dropped.contains(hash) { bundled.attributes.append(id(hash)) }
                        bundled.offsets.append(Int32(bundled.attributes.count))
                    }
                    bundled.utteranceBundles.append(local[bundle]!)
                }
                bundled.utteranceOffsets.append(Int32(bundled.utteranceBundles.count))
            }
            self.hashes = hashes
            self.bundles = bundled
        }

        var parameterCount: Int { (hashes.count + 1 + denseDimension) * intents.count }

        /// `[features]` each feature's penalty factor (idf̄ / idf)² (``IntentClassifierObjective``),
        /// with idf = ln((1 + n) / (1 + df)) + 1, scikit-learn's smoothed inverse document
        /// frequency (Sparck Jones 1972): df the feature's occurrences in the utterances (through a
        /// bundle, once per use of the bundle), n the utterances, and idf̄ the mean idf of the features'
        /// occurrences, so that a feature of average rarity keeps the penalty it had.
        func rarityPenaltyScales() -> [Double] {
            var counts = [Double](repeating: 0, count: hashes.count)
            for attribute in attributes { counts[Int(attribute)] += 1 }
            var bundleUses = [Double](repeating: 0, count: bundles.count)
            for bundle in bundles.utteranceBundles { bundleUses[Int(bundle)] += 1 }
            for bundle in 0..<bundles.count {
                for index in Int(bundles.offsets[bundle])..<Int(bundles.offsets[bundle + 1]) { counts[Int(bundles.attributes[index])] += bundleUses[bundle] }
            }
            let n = Double(classes.count)
            let idf = counts.map { Foundation.log((1 + n) / (1 + $0)) + 1 }
            let occurrences = counts.reduce(0, +)
            guard occurrences > 0 else { return [] }
            let mean = zip(idf, counts).reduce(0) { $0 + $1.0 * $1.1 } / occurrences
            return idf.map { (mean / $0) * (mean / $0) }
        }

        /// This problem with a copy of each utterance but the generated ones, its dense features
        /// alone (the original's row of ``dense``, shared), placed before the generated ones
        /// (which stay last); a copy weighs as its original, both in their class's group.
        func withVectorsAlone() -> Problem {
            let originals = classes.count - generated
            var problem = self
            problem.classes = Array(classes[..<originals]) + Array(classes[..<originals]) + Array(classes[originals...])
            let copyAt = offsets[originals]
            problem.offsets = Array(offsets[...originals]) + [Int32](repeating: copyAt, count: originals)
                + offsets[(originals + 1)...].map { $0 }
            var bundles = self.bundles
            let bundleAt = bundles.utteranceOffsets[originals]
            bundles.utteranceOffsets = Array(bundles.utteranceOffsets[...originals]) + [Int32](repeating: bundleAt, count: originals)
                + bundles.utteranceOffsets[(originals + 1)...].map { $0 }
            problem.bundles = bundles
            let rows = denseRows.isEmpty ? (0..<classes.count).map(Int32.init) : denseRows
            problem.denseRows = Array(rows[..<originals]) + Array(rows[..<originals]) + Array(rows[originals...])
            return problem
        }

        /// This problem with the encoder vectors `embeddings` (one an utterance) scaled by `scale`
        /// as its dense features, followed by each utterance's nearest-exemplar features
        /// `neighbours` (``EncoderExemplars``; none when empty) scaled by `neighbourScale`.
        func withDense(_ embeddings: [[Float]], scale: Double, neighbours: [[Float]] = [], neighbourScale: Double = 1) -> Problem {
            precondition(embeddings.count == classes.count && (neighbours.isEmpty || neighbours.count == classes.count), "vectors of other utterances")
            var problem = self
            let dimension = embeddings.first?.count ?? 0
            problem.neighbourDimension = neighbours.first?.count ?? 0
            problem.denseDimension = dimension + problem.neighbourDimension
            problem.denseScales = Array(repeating: scale, count: dimension) + Array(repeating: neighbourScale, count: problem.neighbourDimension)
            problem.dense.reserveCapacity(classes.count * problem.denseDimension)
            for (utterance, embedding) in embeddings.enumerated() {
                problem.dense.append(contentsOf: embedding.map { Double($0) * scale })
                if !neighbours.isEmpty { problem.dense.append(contentsOf: neighbours[utterance].map { Double($0) * neighbourScale }) }
            }
            return problem
        }
    }

    /// Whether, with dense features, every request is trained on a second time with its vector
    /// alone (no word, word pair or character n-gram): dropout (Srivastava et al. 2014) over
    /// the whole of one modality, so that the vector's weights classify without the words, as
    /// they must for a request whose words training never saw: another language, with a
    /// multilingual encoder. (With an English encoder it costs accuracy in English: the vector
    /// then weighs less beside the words.)
    public var trainsVectorsAlone = false

    /// Trains on `features` (tokenized, with vocabulary matches) labelled with `classes`
    /// (indices into `intents`), the last `generated` of them generated out-of-scope utterances
    /// whose weight, as a group, is `generatedWeight` times an intent's.
    /// Features in fewer than ``minimumFeatureCount`` utterances are left out unless `kept`
    /// holds them.
    public func train(
        features: [[UInt64]], classes: [Int], intents: [String], generated: Int = 0, generatedWeight: Double = 1, kept: Set<UInt64> = []
    ) -> IntentClassifierModel {
        let problem = Problem(features: features, classes: classes, intents: intents, generated: generated, generatedWeight: generatedWeight,
                              minimumCount: minimumFeatureCount, kept: kept)
        return train(problem)
    }

    /// Trains on `problem`.
    func train(_ problem: Problem) -> IntentClassifierModel {
        model(fit(problem), of: problem)
    }

    /// The weights (then biases) that minimise the objective on `problem`, starting from
    /// `initial` (zero without).
    func fit(_ problem: Problem, from initial: [Double]? = nil) -> [Double] {
        let problem = trainsVectorsAlone && problem.denseDimension > 0 ? problem.withVectorsAlone() : problem
        let C = problem.intents.count, generated = problem.generated, classes = problem.classes
        var objective = IntentClassifierObjective(
            offsets: problem.offsets, attributes: problem.attributes, classes: classes.map(Int32.init), attributeCount: problem.hashes.count,
            classCount: C, l2: c2, threads: threads,
            groups: generated > 0 ? classes.enumerated().map { Int32($0 < classes.count - generated ? $1 : C) } : nil,
            groupScales: [Int32(C): problem.generatedWeight], balanced: balancesIntents, bundles: problem.bundles,
            dense: problem.dense, denseDimension: problem.denseDimension, denseRows: problem.denseRows, penaltyScales: weighsRareFeatures ? problem.rarityPenaltyScales() : [])
        var parameters = initial ?? [Double](repeating: 0, count: objective.parameterCount)
        precondition(parameters.count == objective.parameterCount, "initial weights of another problem")
        var settings = LBFGS.Settings()
        settings.maxIterations = maxIterations
        settings.delta = tolerance
        LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
        return parameters
    }

    /// The runtime model of `parameters` fitted to `problem`, without the features whose
    /// weights are all below ``pruneBelow``; `exemplars` are those of the problem's
    /// nearest-exemplar features (`nil` for a held-out fold's classifier, given its features).
    func model(_ parameters: [Double], of problem: Problem, exemplars: EncoderExemplars? = nil) -> IntentClassifierModel {
        let C = problem.intents.count, biasOffset = problem.hashes.count * C
        var kept = [UInt64](), weights = [Float]()
        for (attribute, hash) in problem.hashes.enumerated() {
            let row = parameters[(attribute * C)..<((attribute + 1) * C)]
            guard row.contains(where: { abs($0) >= pruneBelow && $0 != 0 }) else { continue }
            kept.append(hash)
            weights.append(contentsOf: row.map { Float($0) })
        }
        var encoderFeatures: EncoderFeatures?
        if problem.denseDimension > 0 {
            guard let encoder, encoder.dimension + problem.neighbourDimension == problem.denseDimension else {
                preconditionFailure("dense features without their encoder")
            }
            // The features were s·e: weights of e itself are s times theirs.
            let denseOffset = biasOffset + C
            let weights = (0..<(problem.denseDimension * C)).map { Float(parameters[denseOffset + $0] * problem.denseScales[$0 / C]) }
            encoderFeatures = try! EncoderFeatures(
                identity: encoder.identity, weights: weights, intents: C, neighbourDimension: problem.neighbourDimension, exemplars: exemplars,
                encoder: encoder)
        }
        return try! IntentClassifierModel(
            intents: problem.intents, attributes: AttributeTable(hashes: kept),
            weights: weights, biases: parameters[biasOffset..<(biasOffset + C)].map { Float($0) }, characterNGrams: characterNGrams,
            encoderFeatures: encoderFeatures)
    }
}
