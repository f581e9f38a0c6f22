import Foundation
import IntentKit
import IntentKitCorpus

/// The training utterances as the intent classifier's cross-fitting sees them: split into folds
/// by phrasing, each with its inputs (sparse features, the sentence encoder's vector, the
/// nearest-exemplar features), and a setting's fits on held-out folds
/// (``evaluate(_:on:from:tolerance:)``).
///
/// Rows: the utterances of the dataset (originals and their swapped copies), then the generated
/// out-of-scope utterances, then the in-scope originals with a word left out
/// (``WordDropout/withoutOneWord(_:labels:tokenizer:seed:)``), which are held out with their
/// original and only count toward the out-of-scope calibration.
struct IntentFolds {
    let dataset: SequenceDataset
    let intentNames: [String]
    /// For each utterance of `dataset`, the original it derives from.
    let source: [Int]
    /// The out-of-fold vocabulary of each utterance.
    let gazetteerOf: (Int) -> Gazetteer
    /// The everyday requests kept (``EverydayRequests``), then the generated out-of-scope utterances.
    private(set) var noise: [TokenizedText]
    /// How many of `noise` are everyday requests: each weighs as an utterance of the corpus
    /// does, where the generated ones weigh as a group (``TrainingOptions/noiseWeight``).
    private(set) var everydayCount = 0
    let noiseGazetteer: Gazetteer
    let outOfScopeClass: Int?
    let options: TrainingOptions
    /// The class of each utterance of `dataset`.
    let classes: [Int]
    /// The utterances that are no swapped copy, in order.
    let originals: [Int]
    /// The phrasing of each original (``Phrasings/key(of:labels:)``).
    let phrasings: [UInt64]
    /// The class of each original.
    let originalClasses: [Int]
    /// The in-scope intents whose originals all share one phrasing (one pattern, or one text):
    /// the fold that holds that phrasing out has none of the intent to learn from.
    var intentsSaidOneWay: Set<Int> {
        var phrasingsOfIntent = [Int: Set<UInt64>]()
        for (intent, phrasing) in zip(originalClasses, phrasings) where intent != outOfScopeClass {
            phrasingsOfIntent[intent, default: []].insert(phrasing)
        }
        return Set(phrasingsOfIntent.filter { $0.value.count == 1 }.keys)
    }
    let folds: Int
    /// The originals each fold holds out.
    let foldSizes: [Int]
    private let phrasingFold: [Int: Int]
    private(set) var variantOriginals = [Int]()
    private(set) var variantTokens = [TokenizedText]()
    /// The sentence encoder's vector of every row, or none without an encoder.
    private(set) var embeddings = [[Float]]()
    private var rowOfOriginal = [Int: Int]()
    private(set) var exemplarSimilarities: ExemplarSimilarities?
    /// Every word of the corpus, which stays a feature however rare
    /// (``IntentClassifierTrainer/minimumFeatureCount``).
    private(set) var words = Set<UInt64>()
    /// The trainer of every fit, its minimum feature count that of a classifier without
    /// character n-grams (``minimumCount(_:)``).
    private(set) var trainer = IntentClassifierTrainer()
    /// For each character n-gram setting the search may fit, the minimum feature count of its
    /// classifier (``minimumCount(_:)``).
    private var minimumCounts = [ClosedRange<Int>?: Int]()
    /// Whether a classifier the search may fit holds more than
    /// ``TrainingOptions/largeClassifierWeights`` weights.
    private(set) var isLarge = false

    /// The generated out-of-scope utterances that train a class (none without one).
    var noiseCount: Int { outOfScopeClass == nil ? 0 : noise.count }
    var noiseIndices: Range<Int> { dataset.sequences.count..<(dataset.sequences.count + noiseCount) }
    var noiseClasses: [Int] { outOfScopeClass.map { [Int](repeating: $0, count: noiseCount) } ?? [] }
    /// Whether the corpus has out-of-scope utterances of its own (else the class, if any, learns
    /// from generated utterances and everyday requests alone).
    let hasOwnOutOfScope: Bool
    /// The generated utterances among the rows of the out-of-scope class (the last ones).
    var generatedCount: Int { outOfScopeClass == nil ? 0 : noise.count - everydayCount }
    /// The row of the first original with a word left out.
    var variantStart: Int { dataset.sequences.count + noiseCount }

    init(
        _ dataset: SequenceDataset, intentNames: [String], intentIndex: [String: Int], source: [Int], gazetteerOf: @escaping (Int) -> Gazetteer,
        noise: [TokenizedText], everyday: [TokenizedText] = [], noiseGazetteer: Gazetteer, outOfScopeClass: Int?, tokenizer: Tokenizer,
        options: TrainingOptions, log: (TrainingMessage) -> Void
    ) {
        self.dataset = dataset
        self.intentNames = intentNames
        self.source = source
        self.gazetteerOf = gazetteerOf
        self.noise = noise
        self.noiseGazetteer = noiseGazetteer
        self.outOfScopeClass = outOfScopeClass
        self.options = options
        let classes = dataset.sequences.map { intentIndex[$0.intent]! }
        let originals = dataset.sequences.indices.filter { source[$0] == $0 }
        let folds = max(2, options.vocabularyFolds)
        // Utterances of one phrasing share a fold (``Phrasings/key(of:labels:)``).
        let phrasings = originals.map { Phrasings.key(of: dataset.sequences[$0], labels: dataset.labels) }
        var phrasingFold = [Int: Int]()
        for (original, phrasing) in zip(originals, phrasings) {
            phrasingFold[original] = Int(splitMix(options.seed &+ 0x5EED &+ phrasing) % UInt64(folds))
        }
        self.classes = classes
        self.originals = originals
        self.folds = folds
        self.phrasings = phrasings
        originalClasses = originals.map { classes[$0] }
        hasOwnOutOfScope = outOfScopeClass.map(originalClasses.contains) ?? false
        self.phrasingFold = phrasingFold
        foldSizes = (0..<folds).map { k in originals.filter { phrasingFold[$0]! == k }.count }
        for (row, original) in originals.enumerated() { rowOfOriginal[original] = row }
        addWordsLeftOut(tokenizer: tokenizer, log: log)
        encode(everyday: everyday, log: log)
        computeExemplarSimilarities(log: log)
        sizeTrainer(log: log)
    }

    /// The fold that holds out utterance `index` (its original's).
    func foldOf(_ index: Int) -> Int { phrasingFold[source[index]]! }

    /// Each in-scope original once more with a word outside its slots left out, held out with
    /// it, for the out-of-scope class's budget, on a corpus written from templates
    /// (``Phrasings/isTemplated(phrasings:)``) or when the options ask.
    private mutating func addWordsLeftOut(tokenizer: Tokenizer, log: (TrainingMessage) -> Void) {
        guard let outOfScopeClass, options.falseRejectionRate > 0 else { return }
        let inScopePhrasings = zip(originals, phrasings).filter { classes[$0.0] != outOfScopeClass }.map(\.1)
        let countsWordsLeftOut = options.calibratesOnUnknownWords ?? Phrasings.isTemplated(phrasings: inScopePhrasings)
        log(TrainingMessage(.detail, String(format: "intent classifier: %.1f%% of the in-scope requests phrased once",
                                             100 * Phrasings.shareOfUniquePhrasings(inScopePhrasings))
            + (countsWordsLeftOut ? "; the out-of-scope calibration also counts each held-out request with a word left out" : "")))
        for index in originals where countsWordsLeftOut && classes[index] != outOfScopeClass {
            guard let tokens = WordDropout.withoutOneWord(
                dataset.sequences[index], labels: dataset.labels, tokenizer: tokenizer, seed: options.seed &+ 0x0DD_3090 &+ UInt64(index)) else { continue }
            variantOriginals.append(index)
            variantTokens.append(tokens)
        }
    }

    /// The sentence encoder's vector of every row, each distinct text encoded once: the encoder
    /// is most of what training with it costs. A swapped copy (``ModelTrainer/swappedCopies(_:copies:fold:)``)
    /// takes its original's vector: it says the same with other names, and only the tagger
    /// learns from its predicted intent.
    ///
    /// The everyday requests join the out-of-scope rows here: without the encoder, all of
    /// them; with it, those less like the corpus than most of its own requests are
    /// (``unlikeTheCorpus(_:)``).
    private mutating func encode(everyday: [TokenizedText], log: (TrainingMessage) -> Void) {
        guard let encoder = options.encoder else {
            noise = everyday + noise
            everydayCount = everyday.count
            if !everyday.isEmpty { log(TrainingMessage(.detail, "out-of-scope class: \(everyday.count) everyday requests for other apps")) }
            return
        }
        let started = Date()
        var distinct = [String: Int](), unique = [String]()
        let rowTexts = dataset.sequences.indices.map { dataset.sequences[source[$0]].tokens.text }
        for text in rowTexts + noise.map(\.text) + everyday.map(\.text) + variantTokens.map(\.text) where distinct[text] == nil {
            distinct[text] = unique.count
            unique.append(text)
        }
        let vectors = encoder.encode(unique, threads: options.threads)
        if !everyday.isEmpty {
            let kept = unlikeTheCorpus(everyday.map { vectors[distinct[$0.text]!] }, rows: rowTexts.map { vectors[distinct[$0]!] })
            noise = kept.map { everyday[$0] } + noise
            everydayCount = kept.count
            log(TrainingMessage(.detail, "out-of-scope class: \(kept.count) of \(everyday.count) everyday requests for other apps, those unlike the corpus"))
        }
        let texts = rowTexts + noise.prefix(noiseCount).map(\.text) + variantTokens.map(\.text)
        embeddings = texts.map { vectors[distinct[$0]!] }
        log(TrainingMessage(.step, String(format: "intent classifier: %d distinct texts encoded by %@ in %.1f s", unique.count, encoder.name,
                                           Date().timeIntervalSince(started))))
    }

    /// The indices of `requests` (sentence vectors) whose cosine similarity to every in-scope
    /// original is below the median of the originals' own: each original's to the nearest
    /// in-scope original of another phrasing, over at most ``medianSample`` of them. A request
    /// as like the corpus as a typical request for its intents is one of them, phrased anew.
    private func unlikeTheCorpus(_ requests: [[Float]], rows: [[Float]]) -> [Int] {
        let inScope = originals.indices.filter { originalClasses[$0] != outOfScopeClass }
        guard inScope.count >= 2 else { return Array(requests.indices) }
        let dimension = rows[originals[0]].count
        var unit = [Float](repeating: 0, count: inScope.count * dimension)
        for (row, index) in inScope.enumerated() {
            let vector = rows[originals[index]]
            let norm = max(sqrt(vector.reduce(0) { $0 + $1 * $1 }), .leastNormalMagnitude)
            for d in 0..<dimension { unit[row * dimension + d] = vector[d] / norm }
        }
        func nearest(_ vector: [Float], except phrasing: UInt64?) -> Float {
            let norm = max(sqrt(vector.reduce(0) { $0 + $1 * $1 }), .leastNormalMagnitude)
            var best = -Float.infinity
            unit.withUnsafeBufferPointer { unit in
                vector.withUnsafeBufferPointer { vector in
                    for (row, index) in inScope.enumerated() where phrasings[index] != phrasing {
                        var dot: Float = 0
                        for d in 0..<dimension { dot += unit[row * dimension + d] * vector[d] }
                        best = max(best, dot)
                    }
                }
            }
            return best / norm
        }
        let step = max(1, inScope.count / Self.medianSample)
        let own = stride(from: 0, to: inScope.count, by: step).map { inScope[$0] }
            .map { nearest(rows[originals[$0]], except: phrasings[$0]) }.filter(\.isFinite).sorted()
        guard !own.isEmpty else { return Array(requests.indices) }
        let median = own[own.count / 2]
        return requests.indices.filter { nearest(requests[$0], except: nil) < median }
    }

    /// The most originals whose nearest similarity sets the median ``unlikeTheCorpus(_:rows:)`` reads.
    static let medianSample = 1_000

    /// The nearest-exemplar features (``ExemplarSimilarities``), with the encoder (for the search
    /// and for the minimum similarity, ``heldOutSimilarities()``):
    /// their rows are the originals, then the generated utterances, then the originals with a
    /// word left out (exemplars of no intent).
    private mutating func computeExemplarSimilarities(log: (TrainingMessage) -> Void) {
        guard !embeddings.isEmpty else { return }
        let started = Date()
        let variantIndices = variantStart..<(variantStart + variantOriginals.count)
        exemplarSimilarities = ExemplarSimilarities(
            vectors: (originals + noiseIndices + variantIndices).map { embeddings[$0] },
            classes: originals.map { classes[$0] } + [Int](repeating: outOfScopeClass ?? 0, count: noiseCount + variantOriginals.count),
            groups: originals.map(foldOf) + [Int](repeating: folds, count: noiseCount) + variantOriginals.map(foldOf), groupCount: folds + 1,
            phrasings: phrasings + (0..<noiseCount).map { UInt64.max - UInt64($0) } + variantOriginals.map { phrasings[rowOfOriginal[$0]!] },
            classCount: intentNames.count,
            excludedClass: outOfScopeClass, threads: options.threads)
        log(TrainingMessage(.detail, String(format: "intent classifier: nearest-exemplar similarities of %d utterances in %.1f s",
                                             originals.count + noiseCount, Date().timeIntervalSince(started))))
    }

    /// The trainer, and whether the classifier is large: its features (words, word pairs and,
    /// with each character n-gram setting of the grid, those n-grams) times the intents. A large
    /// one leaves out word pairs and character n-grams of a single utterance.
    private mutating func sizeTrainer(log: (TrainingMessage) -> Void) {
        trainer.threads = options.threads
        trainer.pruneBelow = options.pruneBelow
        trainer.encoder = options.encoder
        // A multilingual encoder's vectors are trained alone too: a request in another of its
        // languages has no word training saw, and its vector must carry it.
        trainer.trainsVectorsAlone = options.encoder?.isMultilingual == true
        words = Set(originals.flatMap { IntentFeatureExtractor().wordFeatures(of: dataset.sequences[$0].tokens) })
        for lengths in [nil] + options.intentGrid.characterNGrams where minimumCounts[lengths] == nil {
            var inputs = IntentInputs(characterNGrams: lengths, gazetteer: gazetteerOf(0))
            for index in originals { inputs.append(dataset.sequences[index].tokens, gazetteer: gazetteerOf(index)) }
            let weights = Set(inputs.features.joined()).union(inputs.table.joined()).count * intentNames.count
            let large = weights > TrainingOptions.largeClassifierWeights
            isLarge = isLarge || large
            let count = options.intentMinimumFeatureCount ?? (large ? 2 : 1)
            minimumCounts[lengths] = count
            if count > 1 {
                let features = lengths.map { "with character \($0.lowerBound)-\($0.upperBound)-grams" } ?? "without character n-grams"
                log(TrainingMessage(.detail, "intent classifier \(features): word pairs and character n-grams of fewer than \(count) utterances left out"
                                    + (options.intentMinimumFeatureCount == nil ? " (it would hold \(weights) weights)" : "")))
            }
        }
        trainer.minimumFeatureCount = minimumCount(nil)
    }

    /// The minimum feature count (``IntentClassifierTrainer/minimumFeatureCount``) of a
    /// classifier with `lengths` of character n-grams: 2 when it would otherwise hold more than
    /// ``TrainingOptions/largeClassifierWeights`` weights, else 1, unless
    /// ``TrainingOptions/intentMinimumFeatureCount`` says otherwise.
    func minimumCount(_ lengths: ClosedRange<Int>?) -> Int {
        minimumCounts[lengths] ?? options.intentMinimumFeatureCount ?? 1
    }

    /// The classifier's inputs for every row.
    func intentInputs(_ lengths: ClosedRange<Int>?) -> IntentInputs {
        var inputs = IntentInputs(characterNGrams: lengths, gazetteer: gazetteerOf(0))
        for (index, sequence) in dataset.sequences.enumerated() { inputs.append(sequence.tokens, gazetteer: gazetteerOf(index)) }
        for tokens in noise.prefix(noiseCount) { inputs.append(tokens, gazetteer: noiseGazetteer) }
        for (original, tokens) in zip(variantOriginals, variantTokens) { inputs.append(tokens, gazetteer: gazetteerOf(original)) }
        return inputs
    }

    /// The row of `index` among the exemplar similarities.
    private func exemplarRow(_ index: Int) -> Int {
        index < dataset.sequences.count ? rowOfOriginal[source[index]]! : originals.count + index - dataset.sequences.count
    }

    /// The dense features of row `index` as the classifier of held-out fold `fold` (`nil`: the
    /// final one) sees them: none without the encoder's vector, then the vector and, with
    /// `neighbours`, its nearest-exemplar features.
    /// - Parameter untaught: classes the classifier is not taught (``unknownIntentScores(of:)``):
    ///   it has no exemplar of them.
    func denseInput(of index: Int, encoder: Bool, neighbours: Bool, fold: Int?, untaught: Set<Int> = []) -> [Float]? {
        guard encoder, !embeddings.isEmpty else { return nil }
        guard neighbours, exemplarSimilarities != nil else { return embeddings[index] }
        return embeddings[index] + neighbourFeatures(of: index, fold: fold, untaught: untaught)
    }

    /// Row `index`'s nearest-exemplar features as the classifier of held-out fold `fold` sees
    /// them, 0 for the `untaught` classes, of which it has no exemplar.
    private func neighbourFeatures(of index: Int, fold: Int?, untaught: Set<Int>) -> [Float] {
        var features = exemplarSimilarities!.features(of: exemplarRow(index), excluding: fold)
        for class_ in untaught { features[class_] = 0 }
        return features
    }

    /// The problem of `utterances` with the encoder's vectors at `encoderScale` (none for
    /// `nil`) and their nearest-exemplar features at `neighbourScale` (none for `nil`) as the
    /// classifier of held-out fold `fold` (`nil`: the final one) sees them.
    func problem(
        _ inputs: IntentInputs, of utterances: [Int], classes: [Int], generated: Int, minimumCount: Int, encoderScale: Double?,
        neighbourScale: Double? = nil, fold: Int? = nil, untaught: Set<Int> = []
    ) -> IntentClassifierTrainer.Problem {
        let problem = inputs.problem(
            of: utterances, classes: classes, intents: intentNames, generated: generated, generatedWeight: options.noiseWeight,
            minimumCount: minimumCount, kept: words)
        guard let encoderScale, !embeddings.isEmpty else { return problem }
        guard let neighbourScale, exemplarSimilarities != nil else { return problem.withDense(utterances.map { embeddings[$0] }, scale: encoderScale) }
        return problem.withDense(
            utterances.map { embeddings[$0] }, scale: encoderScale,
            neighbours: utterances.map { neighbourFeatures(of: $0, fold: fold, untaught: untaught) }, neighbourScale: neighbourScale)
    }

    /// Every in-scope original's vector, each distinct text of an intent once (the features are
    /// maxima: a twin adds nothing), as the final classifier's exemplars.
    func exemplars() -> EncoderExemplars {
        var seen = Set<String>(), vectors = [[Float]](), exemplarClasses = [Int]()
        for index in originals where classes[index] != outOfScopeClass {
            let class_ = classes[index], text = dataset.sequences[index].tokens.text
            guard seen.insert("\(class_) \(text)").inserted else { continue }
            vectors.append(embeddings[index])
            exemplarClasses.append(class_)
        }
        return try! EncoderExemplars(normalising: vectors, classes: exemplarClasses, intents: intentNames.count)
    }

    /// Each original's cosine similarity to the nearest utterance of an in-scope intent and of
    /// another phrasing in the other folds, as its fold's classifier would have its exemplars
    /// (`untaught` classes have none); empty without the encoder. What
    /// ``OutOfScopeCalibration/minimumSimilarity`` is calibrated on.
    func heldOutSimilarities(untaught: Set<Int> = []) -> [Double] {
        guard exemplarSimilarities != nil else { return [] }
        return originals.map { nearestSimilarity(of: $0, fold: untaught.isEmpty ? foldOf($0) : nil, untaught: untaught) }
    }

    /// Row `index`'s similarity to the nearest exemplar of an in-scope intent the classifier of
    /// `fold` has.
    func nearestSimilarity(of index: Int, fold: Int?, untaught: Set<Int>) -> Double {
        let features = neighbourFeatures(of: index, fold: fold, untaught: untaught)
        var nearest = -Float.infinity
        for (c, similarity) in features.enumerated() where c != outOfScopeClass && !untaught.contains(c) { nearest = max(nearest, similarity) }
        return Double(nearest)
    }

    /// Each in-scope original's variant with a word left out (``variantOriginals``), its
    /// similarity as ``heldOutSimilarities(untaught:)`` measures it; empty without the encoder.
    func variantSimilarities() -> [Double] {
        guard exemplarSimilarities != nil else { return [] }
        return variantOriginals.enumerated().map { variant, original in
            nearestSimilarity(of: variantStart + variant, fold: foldOf(original), untaught: [])
        }
    }
}
