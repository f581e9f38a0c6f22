import ArgumentParser
import IntentKit
import IntentKitTraining

/// The training options `train` and `cross-validate` share: each option's name and help, declared
/// here once, with its default from ``TrainingOptions``.
struct TrainingArguments: ParsableArguments {
    @Option(help: ArgumentHelp("lbfgs (maximum likelihood; OWL-QN when --c1 > 0) or perceptron (averaged)"))
    var algorithm = TrainingOptions.Algorithm.lbfgs

    @Option(help: ArgumentHelp("L1 regularisation coefficient (OWL-QN); 0 disables it"))
    var c1 = TrainingOptions().c1

    @Option(help: ArgumentHelp("L2 regularisation coefficient"))
    var c2 = TrainingOptions().c2

    @Option(help: ArgumentHelp("maximum optimizer iterations (perceptron: epochs)"))
    var maxIterations = TrainingOptions().maxIterations

    @Option(help: ArgumentHelp("random seed; the same seed and data give a byte-identical model"))
    var seed = TrainingOptions().seed

    @Option(help: ArgumentHelp("the most utterances one of the schema's utterance patterns gives"))
    var patternExamples = TrainingOptions().examplesPerPattern

    @Option(help: ArgumentHelp("threads that share the gradient computation"))
    var threads = TrainingOptions().threads

    @Option(help: ArgumentHelp("drop features seen fewer times than this"))
    var minFrequency = TrainingOptions().minimumFrequency

    @Option(help: ArgumentHelp("folds for out-of-fold vocabulary features from training spans (0: schema values only)"))
    var vocabularyFolds = TrainingOptions().vocabularyFolds

    @Option(help: ArgumentHelp("with --dev, stop after this many iterations without a better dev F1"))
    var patience = TrainingOptions().patience

    @Option(help: ArgumentHelp("with --dev, judge each iteration by the mean dev F1 of the last this many iterations (1: its own) and keep the best"))
    var devWindow = TrainingOptions().devWindow

    @Option(help: ArgumentHelp("copies of each annotated utterance with slot values swapped between utterances (placeholder swapping)"))
    var swapCopies = TrainingOptions().swapCopies

    @Flag(inversion: .prefixedEnableDisable, help: ArgumentHelp("also match single words of multi-word vocabulary phrases (first, inner, last word)"))
    var vocabularyWords = TrainingOptions().vocabularyWords

    @Option(help: ArgumentHelp("drop weights smaller than this in magnitude after training (0 keeps every non-zero weight)"))
    var pruneBelow = TrainingOptions().pruneBelow

    @Option(help: ArgumentHelp("how slot spans become labels: bio, or bilou (distinct labels for a slot's last token and for one-token slots)"))
    var labelScheme = TrainingOptions().labelScheme

    @Option(help: ArgumentHelp("probability that a training slot's value is in its utterance's simulated user vocabulary (the userVocabulary template)"))
    var userVocabularyRate = TrainingOptions().userVocabularyRate

    @Option(help: ArgumentHelp("probability that a simulated user match's words are shuffled into words the model never saw, for the user-vocabulary stage"))
    var userVocabularyUnseenRate = TrainingOptions().userVocabularyUnseenRate

    @Option(help: ArgumentHelp("probability that a training token's known-word match (the knownWords template) is dropped"))
    var knownWordsDropout = TrainingOptions().knownWordsDropout

    @Option(help: ArgumentHelp("probability that an utterance's simulated user vocabulary also matches a span that is no slot of that type"))
    var userVocabularyNoise = TrainingOptions().userVocabularyNoise

    @Flag(name: .customLong("intent-calibration"), inversion: .prefixedEnableDisable, help: ArgumentHelp("with --dev, fit the intent classifier's per-intent biases to the dev utterances"))
    var calibrateIntents = TrainingOptions().calibrateIntents

    @Flag(name: .customLong("tune"), inversion: .prefixedNo, help: ArgumentHelp("choose the intent classifier's L2 coefficient, character n-grams, penalty and weighting by cross-validation on the training corpus (--no-tune: L2 0.02, no character n-grams, uniform penalty, balanced)"))
    var tune = true

    @Option(name: .customLong("intent-c2"), help: ArgumentHelp("L2 coefficient of the intent classifier; default: chosen by cross-validation"))
    var intentC2: Double?

    @Option(name: .customLong("encoder-clusters"), help: ArgumentHelp("with --encoder, the slot tagger's encoderClusters features: k-means centroids of the encoder's token vectors at each level, comma-separated (such as 32,128,512), or none (the default)"))
    var encoderClusters = "none"

    @Option(name: .customLong("intent-char-ngrams"), help: ArgumentHelp("character n-gram lengths within words for the intent classifier, as MIN-MAX (for example 2-5), or none; default: chosen by cross-validation"))
    var intentCharacterNGrams: String?

    @Option(name: .customLong("intent-weighting"), help: ArgumentHelp("balanced (every intent weighs the same in training) or unbalanced (every utterance does); default: chosen by cross-validation"))
    var intentWeighting: IntentWeighting?

    @Option(name: .customLong("intent-penalty"), help: ArgumentHelp("the intent classifier's L2 penalty on each feature: uniform, or idf (divided by the square of the feature's inverse document frequency, as TF-IDF feature values would: rare words and pairs are regularised less); default: chosen by cross-validation"))
    var intentPenalty: IntentPenalty?

    @Option(name: .customLong("intent-exemplars"), help: ArgumentHelp("with --encoder, the factor on the intent classifier's nearest-exemplar features (for each intent, the similarity of the utterance's sentence vector to the most similar training utterance of that intent), or none; default: chosen by cross-validation"))
    var intentExemplars: String?

    @Option(name: .customLong("intent-min-count"), help: ArgumentHelp("the intent classifier leaves out word pairs and character n-grams seen in fewer training utterances than this (words are all kept); default: 2 when the classifier would hold over 2 million weights, else 1"))
    var intentMinimumCount: Int?

    @Option(name: .customLong("intent-weights"), help: ArgumentHelp("how the model file stores the intent classifier's weights: int8 (a byte each, scaled per feature) or float32"))
    var intentWeights = TrainingOptions().intentWeightPrecision

    @Option(name: .customLong("out-of-scope-intent"), help: ArgumentHelp("an intent that stands for no intent (repeatable); default: out_of_scope, None, none, oos"))
    var outOfScopeIntents: [String] = []

    @Option(help: ArgumentHelp("generated out-of-scope utterances, as a multiple of the median utterances per intent (0: none, and no everyday requests either)"))
    var noiseFactor = TrainingOptions().noiseFactor

    @Option(help: ArgumentHelp("share of a generated out-of-scope utterance's words drawn from the corpus (the rest: general English)"))
    var noiseCorpusWords = TrainingOptions().noiseCorpusWordRate

    @Option(help: ArgumentHelp("weight of the generated out-of-scope utterances together, as a share of one intent's"))
    var noiseWeight = TrainingOptions().noiseWeight

    @Option(help: ArgumentHelp("share of in-scope held-out requests the calibrated minimum confidence may reject (0: no minimum)"))
    var falseRejectionRate = TrainingOptions().falseRejectionRate

    @Flag(name: .customLong("unknown-word-calibration"), inversion: .prefixedNo, help: ArgumentHelp("count, in --false-rejection-rate, each held-out request also with one word left out, as a request in a word the model never saw; default: on a corpus written from templates (under a tenth of its requests phrased uniquely)"))
    var unknownWordCalibration: Bool?

    @Option(name: .customLong("confidence-measure"), help: ArgumentHelp("what the minimum confidence is calibrated on and compared with: likeliest (the likeliest intent's probability) or two-likeliest (the probability that a request is for one of its two likeliest intents: catches more out-of-scope requests, turns away more in-scope ones it would get right)"))
    var confidenceMeasure = ConfidenceMeasureArgument.likeliest

    @Option(help: "Feature templates to use, comma-separated (see below).")
    var features = FeatureTemplate.allCases.filter(FeatureConfiguration.defaultTemplates.contains).map(\.rawValue).joined(separator: ",")

    @Option(help: "Words from -N to +N around each token.")
    var window = FeatureConfiguration().window

    @Option(help: "Longest prefix and suffix, in characters.")
    var affixLength = FeatureConfiguration().affixLength

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
