import IntentKit

/// The intent classifier's training inputs for a list of utterances: each one's features other
/// than character n-grams, and its words, whose n-grams are listed once per distinct word and
/// reach the objective as bundles (``FeatureBundles``).
struct IntentInputs {
    /// Words, word pairs and vocabulary matches.
    private let extractor: IntentFeatureExtractor
    /// The character n-grams, if any.
    private let nGrams: IntentFeatureExtractor?
    /// `[utterances]` each one's features but its character n-grams.
    private(set) var features = [[UInt64]]()
    /// `[utterances]` each one's words, as indices into `table` (empty without n-grams).
    private(set) var words = [[Int32]]()
    /// Each distinct word's character n-grams.
    private(set) var table = [[UInt64]]()
    private var wordIndex = [UInt64: Int32]()
    private var scratch = [Gazetteer.Match]()

    /// Inputs with `characterNGrams` (none for `nil`), for matches of `gazetteer`'s entities
    /// (or of any gazetteer numbering its entities the same way).
    init(characterNGrams: ClosedRange<Int>?, gazetteer: Gazetteer) {
        extractor = IntentFeatureExtractor(gazetteer: gazetteer)
        nGrams = characterNGrams.map { IntentFeatureExtractor(characterNGrams: $0, gazetteer: gazetteer) }
    }

    /// Adds an utterance of `tokens`, matched against `gazetteer`.
    mutating func append(_ tokens: TokenizedText, gazetteer: Gazetteer) {
        features.append(ModelTrainer.intentFeatures(of: tokens, gazetteer: gazetteer, extractor: extractor, scratch: &scratch))
        guard let nGrams else {
            words.append([])
            return
        }
        // A word's n-grams depend on the word alone, which its word feature names.
        var ids = [Int32](), perToken: [[UInt64]]?
        for (position, key) in extractor.wordFeatures(of: tokens).enumerated() {
            if let id = wordIndex[key] {
                ids.append(id)
                continue
            }
            if perToken == nil { perToken = nGrams.characterNGramFeatures(of: tokens) }
            let id = Int32(table.count)
            wordIndex[key] = id
            table.append(perToken![position])
            ids.append(id)
        }
        words.append(ids)
    }

    /// Every feature of utterance `index`, as ``IntentFeatureExtractor/extract(_:matches:into:)``
    /// gives them at parse time (in another order).
    func allFeatures(of index: Int) -> [UInt64] {
        features[index] + words[index].flatMap { table[Int($0)] }
    }

    /// The training problem of `utterances` (indices in the order they were added) labelled
    /// with `classes` (``IntentClassifierTrainer/Problem``).
    func problem(
        of utterances: [Int], classes: [Int], intents: [String], generated: Int, generatedWeight: Double, minimumCount: Int, kept: Set<UInt64>
    ) -> IntentClassifierTrainer.Problem {
        IntentClassifierTrainer.Problem(
            features: utterances.map { features[$0] }, bundles: nGrams == nil ? [] : utterances.map { words[$0] }, bundleTable: table,
            classes: classes, intents: intents, generated: generated, generatedWeight: generatedWeight, minimumCount: minimumCount, kept: kept)
    }
}
