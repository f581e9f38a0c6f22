import IntentKit

/// Everything that decides how a model (slot tagger and intent classifier) is trained: each
/// option with its default. `intentkit train` and `cross-validate` declare each one's name and
/// help once (their `TrainingArguments`), with this default.
public struct TrainingOptions: Sendable, Hashable {
    /// The training algorithm.
    public enum Algorithm: String, CaseIterable, Sendable {
        /// Maximum likelihood with L-BFGS (L2), or OWL-QN when `c1` > 0 (elastic net, compact models).
        case lbfgs
        /// The averaged structured perceptron (Collins 2002): fast, no probabilities to calibrate.
        case perceptron
    }

    public var algorithm = Algorithm.lbfgs

    /// How the intent classifier's weights are stored in the model file.
    public enum WeightPrecision: String, CaseIterable, Sendable {
        /// A byte a weight, a scale a feature (``IntentClassifierModel/quantized()``): a quarter
        /// of the size, which matters with many intents, for no measured accuracy.
        case int8
        /// Four bytes a weight, as trained.
        case float32
    }
    /// L1 coefficient (OWL-QN); 0 for pure L2. The default elastic net (c1 0.05, c2 0.01) was
    /// chosen on a dev split; the L1 part keeps the model compact (about half the weights are 0).
    public var c1 = 0.05
    /// L2 coefficient.
    public var c2 = 0.01
    /// Iterations of the optimizer (epochs for the perceptron).
    public var maxIterations = 150
    /// Seed for everything random (vocabulary folds, perceptron order, pattern expansion).
    public var seed: UInt64 = 1
    /// The most utterances one of the schema's utterance patterns gives (``PatternExpander``).
    public var examplesPerPattern = 20
    /// Threads for the gradient computation.
    public var threads = 2
    /// Features seen fewer times than this are dropped.
    public var minimumFrequency = 1
    /// Folds for out-of-fold vocabulary features (0 disables vocabulary from training spans).
    public var vocabularyFolds = 5
    /// Copies of every annotated training utterance with slot values swapped between
    /// utterances (placeholder swapping, see ``ModelTrainer/swappedCopies(_:copies:fold:)``).
    /// One copy helps the tagger generalise from values to contexts; more copies add training time
    /// without adding contexts.
    public var swapCopies = 1
    /// Index the single words of multi-word vocabulary phrases too (first, inner, last word),
    /// so a new name that shares words with known ones still gets vocabulary features.
    public var vocabularyWords = true
    /// The intent classifier's settings (L2 coefficient, character n-grams, penalty, weighting) that
    /// training compares by cross-validation on the training corpus (``IntentClassifierGrid``).
    /// No search by default here, which keeps a trainer embedded in an app or a test as fast as
    /// one fit; `intentkit train` searches ``IntentClassifierGrid/standard`` unless `--no-tune`.
    public var intentGrid = IntentClassifierGrid.untuned
    /// A sentence encoder whose vector of each utterance the intent classifier may weigh as
    /// dense features, as ``IntentClassifierGrid/encoderScales`` choose (``EncoderFeatures``).
    /// The model records it; parsing with the model needs it.
    public var encoder: SentenceEncoder?
    /// With an ``encoder``, the slot tagger's ``FeatureTemplate/encoderClusters`` template
    /// clusters the encoder's token vectors into this many centroids at each level, coarsest
    /// first (``TokenClusters``); empty, the default, leaves the template out: it has not tagged
    /// better on held-out data (docs/benchmarks.md, `scripts/experiments/encoder-clusters`).
    public var encoderClusterLevels: [Int] = []
    /// After training, drop state weights (and intent-classifier features whose weights all
    /// are) smaller than this in magnitude: early stopping leaves OWL-QN mid-way, with many
    /// near-zero weights that cost size and parse time and carry no accuracy.
    public var pruneBelow = 0.03
    /// The intent classifier leaves out features other than words seen in fewer training
    /// utterances than this (``IntentClassifierTrainer/minimumFeatureCount``); 1 keeps them all.
    /// `nil` decides by size: 2 when the classifier (with the character n-grams of the setting
    /// fitted) would otherwise hold more than ``largeClassifierWeights`` weights (many intents,
    /// many features), else 1.
    public var intentMinimumFeatureCount: Int?
    /// The weights (features × intents) above which the intent classifier leaves out rare word
    /// pairs unless ``intentMinimumFeatureCount`` says otherwise: 2 million, 8 MB of floats.
    public static let largeClassifierWeights = 2_000_000
    /// The held-out utterances that the first folds must hold for the search to compare a large
    /// classifier's settings on them alone (``largeClassifierWeights``): at 4,000, one point of
    /// accuracy is 40 utterances, more than the two standard deviations of noise the search
    /// asks a challenger to beat when the settings differ on a few hundred.
    public static let searchHeldOutUtterances = 4_000
    /// A large classifier's settings (compared on some folds, ``searchHeldOutUtterances``) are
    /// compared on fits stopped when the objective gains less than 0.1 % in 10 iterations
    /// (``IntentClassifierTrainer/tolerance``): the last iterations to 1e-5 change few
    /// held-out predictions, yet they are a third of a fit with character n-grams. The chosen
    /// setting's fits then go on to the usual tolerance, and the calibration and the tagger
    /// learn from those. Smaller classifiers' fits are cheap, and their comparison keeps the
    /// usual tolerance.
    public static let searchTolerance = 1e-3
    /// How the intent classifier's weights are stored: int8 by default (the classifier is most
    /// of a model with many intents and few slots).
    public var intentWeightPrecision = WeightPrecision.int8
    /// How slot spans become labels. BILOU doubles the labels (and the training time, which is
    /// quadratic in them) and, with these features, does not tag better; BIO is the default.
    package var labelScheme = LabelScheme.bio
    /// With a dev set, shift the intent classifier's biases to fit the dev utterances
    /// (``IntentBiasCalibration``): the training utterances teach it a prior that held-out
    /// requests need not share. Off by default: a dev split small enough to be cheap is too small
    /// to fit one bias per intent without fitting its noise.
    public var calibrateIntents = false
    /// With the ``FeatureTemplate/userVocabulary`` template: the probability that a training
    /// slot's value is in the utterance's simulated user vocabulary (vocabulary dropout, see
    /// ``ModelTrainer/simulatedUserMatches(_:index:labels:simulation:)``).
    public var userVocabularyRate = 0.5
    /// The probability that an utterance's simulated user vocabulary also matches a span that is
    /// not that slot (a user's term that happens to be said for something else).
    public var userVocabularyNoise = 0.1
    /// The probability that a simulated user match's words are rewritten, for the second stage
    /// only, as words the model never saw (their letters shuffled): a user's contacts and
    /// playlists are mostly names the corpus lacks, on which the frozen first stage errs as
    /// it never does on its own training utterances. At 1 the matches are trusted over every
    /// other feature, and slot types with no vocabulary suffer; a middle value keeps both
    /// (`scripts/experiments/eval-unseen-vocabulary` measures it).
    public var userVocabularyUnseenRate = 0.5
    /// With the ``FeatureTemplate/knownWords`` template: the probability that a training token's
    /// known-word match is dropped, so that a word the model knows but the utterance uses in a
    /// new way (a new phrasing's carrier word) is not read as a name. Off by default: it helps on
    /// corpora whose held-out requests use new phrasings, and costs slot F1 on corpora whose test
    /// requests resemble their training ones.
    public var knownWordsDropout = 0.0
    /// The intents that stand for "no intent": utterances of them teach the classifier's
    /// out-of-scope class, and a parse that predicts it is out of scope
    /// (``IntentParse/isOutOfScope``). The first is the class's name when the corpus has none of
    /// them and only generated utterances teach it.
    public var outOfScopeIntents = OutOfScopeCalibration.conventionalIntentNames
    /// Generated out-of-scope utterances (``OutOfScopeNoise``) added to the classifier's training,
    /// as a multiple of the median number of utterances per intent: one intent's worth by default,
    /// so that they do not outweigh a small intent. 0 adds none, nor the everyday requests a
    /// corpus without out-of-scope utterances otherwise learns from (`EverydayRequests`).
    public var noiseFactor = 1.0
    /// The share of a generated utterance's words drawn from the corpus, the rest from a general
    /// English vocabulary (``OutOfScopeNoise/corpusWordRate``).
    public var noiseCorpusWordRate = 0.3
    /// The weight of the generated utterances together, as a share of one intent's: the
    /// classifier balances its classes, and generated talk is no intent's equal; the lighter
    /// weight leaves the in-scope classes more room (`scripts/experiments/oos-leave-one-intent-out
    /// -- --noise-weight W` compares weights).
    public var noiseWeight = 0.3
    /// The share of in-scope requests of the held-out folds that the out-of-scope class and the
    /// calibrated minimum confidence may reject together (``OutOfScopeCalibration``); 0 calibrates
    /// no minimum confidence.
    public var falseRejectionRate = 0.01
    /// Whether ``falseRejectionRate`` is kept on the held-out requests as written and, together
    /// with them, on each with one word outside its slots left out
    /// (``WordDropout/withoutOneWord(_:labels:tokenizer:seed:)``): requests in a word the
    /// classifier never saw, as new phrasings bring. `nil`: on a corpus written from templates
    /// (``Phrasings/isTemplated(phrasings:)``), whose held-out phrasings share their words
    /// with the training ones.
    public var calibratesOnUnknownWords: Bool?
    /// What the minimum confidence is calibrated on and compared with
    /// (``OutOfScopeCalibration/confidenceMeasure``). A model whose intents combine others
    /// (`a#b`) judges each by its least certain part whatever this says.
    ///
    /// The likeliest intent's probability by default: at the same budget the two likeliest
    /// intents' catch more requests for no intent but turn away more requests the classifier
    /// gets right (docs/design.md), and accuracy beside the linear baselines is what a corpus
    /// without requests for no intent is judged by.
    public var confidenceMeasure = ConfidenceMeasure.likeliestIntent
    /// Stop when dev-set F1 has not improved for this many iterations (with a dev set).
    public var patience = 20
    /// Judge each iteration by the mean dev F1 of the last this many iterations, itself
    /// included (with a dev set; 1: its own F1). Near the optimum one iteration's dev F1 moves
    /// by tenths of a point from the next, and the best single one is often a lucky early
    /// iterate the optimiser leaves again, before OWL-QN has pruned the features it will drop.
    public var devWindow = 5
    /// The features.
    package var features = FeatureConfiguration()

    public init() {}

    /// What is out of range, one message per option in the CLI's names; empty when the options
    /// can train. Bounds keep a mistyped value from training for hours, running out of memory
    /// or writing an empty model: `swapCopies` multiplies the training set, `threads` and
    /// `maxIterations` the time.
    public var problems: [String] {
        var problems = [String]()
        func require(_ condition: Bool, _ message: String) { if !condition { problems.append(message) } }
        require(c1.isFinite && c1 >= 0, "--c1 must be a finite number ≥ 0")
        require(c2.isFinite && c2 >= 0, "--c2 must be a finite number ≥ 0")
        require((1...100_000).contains(maxIterations), "--max-iterations must be from 1 to 100000")
        require((1...256).contains(threads), "--threads must be from 1 to 256")
        require((1...1_000_000).contains(minimumFrequency), "--min-frequency must be from 1 to 1000000")
        require((0...10_000).contains(examplesPerPattern), "--pattern-examples must be from 0 to 10000")
        require(intentMinimumFeatureCount.map { (1...1_000_000).contains($0) } ?? true, "--intent-min-count must be from 1 to 1000000")
        require(vocabularyFolds == 0 || (2...100).contains(vocabularyFolds), "--vocabulary-folds must be 0 or from 2 to 100")
        require((0...Self.maximumSwapCopies).contains(swapCopies), "--swap-copies must be from 0 to \(Self.maximumSwapCopies)")
        require(pruneBelow.isFinite && pruneBelow >= 0, "--prune-below must be a finite number ≥ 0")
        require((1...100_000).contains(patience), "--patience must be from 1 to 100000")
        require((1...100).contains(devWindow), "--dev-window must be from 1 to 100")
        require((0...FeatureConfiguration.maximumWindow).contains(features.window), "--window must be from 0 to \(FeatureConfiguration.maximumWindow)")
        require(!intentGrid.c2.isEmpty && intentGrid.c2.allSatisfy { $0.isFinite && $0 >= 0 }, "--intent-c2 must be a finite number ≥ 0")
        require(!intentGrid.characterNGrams.isEmpty, "--intent-char-ngrams must name lengths or none")
        require(!intentGrid.balancesIntents.isEmpty, "--intent-weighting must be balanced or unbalanced")
        require(!intentGrid.weighsRareFeatures.isEmpty, "--intent-penalty must be uniform or idf")
        require((0...FeatureConfiguration.maximumAffixLength).contains(features.affixLength), "--affix-length must be from 0 to \(FeatureConfiguration.maximumAffixLength)")
        require(noiseFactor.isFinite && (0...100).contains(noiseFactor), "--noise-factor must be a number from 0 to 100")
        require(noiseWeight.isFinite && (0...100).contains(noiseWeight), "--noise-weight must be a number from 0 to 100")
        require(!outOfScopeIntents.contains(where: \.isEmpty), "--out-of-scope-intent must name an intent")
        for (name, value) in [("false-rejection-rate", falseRejectionRate), ("noise-corpus-words", noiseCorpusWordRate), ("user-vocabulary-rate", userVocabularyRate), ("user-vocabulary-unseen-rate", userVocabularyUnseenRate),
                              ("known-words-dropout", knownWordsDropout), ("user-vocabulary-noise", userVocabularyNoise)] {
            require((0...1).contains(value), "--\(name) must be a probability from 0 to 1")
        }
        return problems
    }

    /// The most placeholder-swapped copies of the corpus a training run makes (each is a
    /// full copy of the annotated utterances in memory).
    public static let maximumSwapCopies = 20
}
