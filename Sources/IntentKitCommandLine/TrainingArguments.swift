import ArgumentParser
import IntentKit
import IntentKitTraining

/// The training options `train` and `cross-validate` share, with their defaults and help from
/// ``TrainingOptions``.
struct TrainingArguments: ParsableArguments {
    @Option(help: ArgumentHelp(help("algorithm")))
    var algorithm = TrainingOptions.Algorithm.lbfgs

    @Option(help: ArgumentHelp(help("c1")))
    var c1 = TrainingOptions().c1

    @Option(help: ArgumentHelp(help("c2")))
    var c2 = TrainingOptions().c2

    @Option(help: ArgumentHelp(help("max-iterations")))
    var maxIterations = TrainingOptions().maxIterations

    @Option(help: ArgumentHelp(help("seed")))
    var seed = TrainingOptions().seed

    @Option(help: ArgumentHelp(help("pattern-examples")))
    var patternExamples = TrainingOptions().examplesPerPattern

    @Option(help: ArgumentHelp(help("threads")))
    var threads = TrainingOptions().threads

    @Option(help: ArgumentHelp(help("min-frequency")))
    var minFrequency = TrainingOptions().minimumFrequency

    @Option(help: ArgumentHelp(help("vocabulary-folds")))
    var vocabularyFolds = TrainingOptions().vocabularyFolds

    @Option(help: ArgumentHelp(help("patience")))
    var patience = TrainingOptions().patience

    @Option(help: ArgumentHelp(help("dev-window")))
    var devWindow = TrainingOptions().devWindow

    @Option(help: ArgumentHelp(help("swap-copies")))
    var swapCopies = TrainingOptions().swapCopies

    @Flag(inversion: .prefixedEnableDisable, help: ArgumentHelp(help("vocabulary-words")))
    var vocabularyWords = TrainingOptions().vocabularyWords

    @Option(help: ArgumentHelp(help("prune-below")))
    var pruneBelow = TrainingOptions().pruneBelow

    @Option(help: ArgumentHelp(help("label-scheme")))
    var labelScheme = TrainingOptions().labelScheme

    @Option(help: ArgumentHelp(help("user-vocabulary-rate")))
    var userVocabularyRate = TrainingOptions().userVocabularyRate

    @Option(help: ArgumentHelp(help("user-vocabulary-unseen-rate")))
    var userVocabularyUnseenRate = TrainingOptions().userVocabularyUnseenRate

    @Option(help: ArgumentHelp(help("known-words-dropout")))
    var knownWordsDropout = TrainingOptions().knownWordsDropout

    @Option(help: ArgumentHelp(help("user-vocabulary-noise")))
    var userVocabularyNoise = TrainingOptions().userVocabularyNoise

    @Flag(name: .customLong("intent-calibration"), inversion: .prefixedEnableDisable, help: ArgumentHelp(help("intent-calibration")))
    var calibrateIntents = TrainingOptions().calibrateIntents

    @Flag(name: .customLong("tune"), inversion: .prefixedNo, help: ArgumentHelp(help("tune")))
    var tune = true

    @Option(name: .customLong("intent-c2"), help: ArgumentHelp(help("intent-c2")))
    var intentC2: Double?

    @Option(name: .customLong("encoder-clusters"), help: ArgumentHelp(help("encoder-clusters")))
    var encoderClusters = "none"

    @Option(name: .customLong("intent-char-ngrams"), help: ArgumentHelp(help("intent-char-ngrams")))
    var intentCharacterNGrams: String?

    @Option(name: .customLong("intent-weighting"), help: ArgumentHelp(help("intent-weighting")))
    var intentWeighting: IntentWeighting?

    @Option(name: .customLong("intent-penalty"), help: ArgumentHelp(help("intent-penalty")))
    var intentPenalty: IntentPenalty?

    @Option(name: .customLong("intent-exemplars"), help: ArgumentHelp(help("intent-exemplars")))
    var intentExemplars: String?

    @Option(name: .customLong("intent-min-count"), help: ArgumentHelp(help("intent-min-count")))
    var intentMinimumCount: Int?

    @Option(name: .customLong("intent-weights"), help: ArgumentHelp(help("intent-weights")))
    var intentWeights = TrainingOptions().intentWeightPrecision

    @Option(name: .customLong("out-of-scope-intent"), help: ArgumentHelp(help("out-of-scope-intent")))
    var outOfScopeIntents: [String] = []

    @Option(help: ArgumentHelp(help("noise-factor")))
    var noiseFactor = TrainingOptions().noiseFactor

    @Option(help: ArgumentHelp(help("noise-corpus-words")))
    var noiseCorpusWords = TrainingOptions().noiseCorpusWordRate

    @Option(help: ArgumentHelp(help("noise-weight")))
    var noiseWeight = TrainingOptions().noiseWeight

    @Option(help: ArgumentHelp(help("false-rejection-rate")))
    var falseRejectionRate = TrainingOptions().falseRejectionRate

    @Flag(name: .customLong("unknown-word-calibration"), inversion: .prefixedNo, help: ArgumentHelp(help("unknown-word-calibration")))
    var unknownWordCalibration: Bool?

    @Option(name: .customLong("confidence-measure"), help: ArgumentHelp(help("confidence-measure")))
    var confidenceMeasure = ConfidenceMeasureArgument.likeliest

    @Option(help: "Feature templates to use, comma-separated (see below).")
    var features = FeatureTemplate.allCases.filter(FeatureConfiguration.defaultTemplates.contains).map(\.rawValue).joined(separator: ",")

    @Option(help: "Words from -N to +N around each token.")
    var window = FeatureConfiguration().window

    @Option(help: "Longest prefix and suffix, in characters.")
    var affixLength = FeatureConfiguration().affixLength

    private static func help(_ name: String) -> String { TrainingOptions.help[name] ?? "" }

    init() {}

    func validate() throws {
        _ = try characterNGrams()
        if let problem = try options().problems.first { throw ValidationError(problem) }
    }

    /// The lengths `--intent-char-ngrams` names, `nil` without the option.
    private func characterNGrams() throws -> ClosedRange<Int>?? {
        guard let intentCharacterNGrams else { return nil }
        if intentCharacterNGrams == "none" { return .some(nil) }
        let bounds = intentCharacterNGrams.split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, 1 <= bounds[0], bounds[0] <= bounds[1], bounds[1] <= 16 else {
            throw ValidationError("--intent-char-ngrams must be MIN-MAX with 1 <= MIN <= MAX <= 16 (for example 3-5), or none")
        }
        return bounds[0]...bounds[1]
    }

    /// `--encoder-clusters`: centroid counts, comma-separated, or `none`.
    private func encoderClusterLevels() throws -> [Int] {
        guard encoderClusters != "none" else { return [] }
        return try encoderClusters.split(separator: ",").map { part in
            guard let count = Int(part.trimmingCharacters(in: .whitespaces)), (2...4096).contains(count) else {
                throw ValidationError("--encoder-clusters: '\(part)' is not a centroid count from 2 to 4096 (or give none)")
            }
            return count
        }
    }

    private func templates() throws -> Set<FeatureTemplate> {
        var result = Set<FeatureTemplate>()
        for name in features.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let template = FeatureTemplate(rawValue: name) else {
                throw ValidationError("unknown feature template '\(name)'; known: \(FeatureTemplate.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            result.insert(template)
        }
        return result
    }


    /// Refuses the options that need a sentence encoder when there is none.
    func requireEncoder(for encoder: SentenceEncoder?) throws {
        if encoder == nil, let intentExemplars, intentExemplars != "none" {
            throw ValidationError("--intent-exemplars \(intentExemplars) needs a sentence encoder (--encoder DIR)")
        }
    }

    /// The options as the trainer takes them.
    func options() throws -> TrainingOptions {
        var options = TrainingOptions()
        options.algorithm = algorithm
        options.c1 = c1
        options.c2 = c2
        options.maxIterations = maxIterations
        options.seed = seed
        options.examplesPerPattern = patternExamples
        options.threads = threads
        options.minimumFrequency = minFrequency
        options.vocabularyFolds = vocabularyFolds
        options.patience = patience
        options.devWindow = devWindow
        options.swapCopies = swapCopies
        options.vocabularyWords = vocabularyWords
        // The search's grid, less what an explicit option fixes.
        var grid = tune ? IntentClassifierGrid.standard : .untuned
        if let intentC2 { grid.c2 = [intentC2] }
        if let lengths = try characterNGrams() { grid.characterNGrams = [lengths] }
        if let intentWeighting { grid.balancesIntents = [intentWeighting == .balanced] }
        if let intentPenalty { grid.weighsRareFeatures = [intentPenalty == .idf] }
        if let intentExemplars {
            guard intentExemplars == "none" || Double(intentExemplars).map({ $0 > 0 && $0.isFinite }) == true else {
                throw ValidationError("--intent-exemplars takes a positive factor or none, not '\(intentExemplars)'")
            }
            grid.neighbourScales = [Double(intentExemplars)]
        }
        options.intentGrid = grid
        options.calibrateIntents = calibrateIntents
        options.labelScheme = labelScheme
        options.userVocabularyRate = userVocabularyRate
        options.userVocabularyNoise = userVocabularyNoise
        options.userVocabularyUnseenRate = userVocabularyUnseenRate
        options.knownWordsDropout = knownWordsDropout
        options.pruneBelow = pruneBelow
        options.intentWeightPrecision = intentWeights
        options.intentMinimumFeatureCount = intentMinimumCount
        if !outOfScopeIntents.isEmpty { options.outOfScopeIntents = outOfScopeIntents }
        options.noiseFactor = noiseFactor
        options.noiseCorpusWordRate = noiseCorpusWords
        options.noiseWeight = noiseWeight
        options.falseRejectionRate = falseRejectionRate
        options.calibratesOnUnknownWords = unknownWordCalibration
        options.confidenceMeasure = confidenceMeasure.measure
        options.features = FeatureConfiguration(templates: try templates(), window: window, affixLength: affixLength)
        options.encoderClusterLevels = try encoderClusterLevels()
        return options
    }
}

/// `--intent-weighting`: whether every intent weighs the same in the classifier's training.
enum IntentWeighting: String, ExpressibleByArgument, CaseIterable {
    case balanced, unbalanced
}

/// `--intent-penalty`: whether the classifier's L2 penalty on a feature is scaled by its rarity.
enum IntentPenalty: String, ExpressibleByArgument, CaseIterable {
    case uniform, idf
}

/// `--confidence-measure`: ``ConfidenceMeasure`` by a shorter name.
enum ConfidenceMeasureArgument: String, ExpressibleByArgument, CaseIterable {
    case likeliest, twoLikeliest = "two-likeliest"

    var measure: ConfidenceMeasure { self == .likeliest ? .likeliestIntent : .twoLikeliestIntents }
}
