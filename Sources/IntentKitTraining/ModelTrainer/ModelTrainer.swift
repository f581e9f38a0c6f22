import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

/// Trains an ``NLUModel`` from a corpus: its vocabulary (gazetteer), its intent classifier and
/// its CRF slot tagger.
///
/// ``train(_:dev:)`` runs these stages, each a function of its own:
/// 1. ``prepareUtterances(_:)``: placeholder-swapped copies, tokens and labels.
/// 2. ``buildVocabularies(_:utterances:)``: the schema's values and synonyms plus the training
///    spans, out of fold, so that a training utterance never sees its own spans (a gazetteer
///    built from the utterances it decorates makes the model trust it blindly).
/// 3. ``classifyIntents(_:vocabularies:)``: the intent classifier, and cross-fitted intents for
///    the training utterances (``IntentClassifierTrainer``).
/// 4. ``extractFeatures(_:vocabularies:intents:simulation:)``: every feature hash once, counted,
///    with the runtime's ``FeatureExtractor`` (and simulated user vocabularies).
/// 5. ``compileFeatures(_:utterances:)``: a dictionary of the features seen, with weights only
///    for the labels each was seen with.
/// 6. ``CRFTrainer``: the optimiser, keeping the best iteration on the dev set.
/// 7. ``trainUserVocabularyWeights(_:free:data:structure:)``: the user-vocabulary weights, as a
///    second stage over the frozen first.
/// 8. ``makeModel(parameters:structure:labels:attributeHashes:gazetteer:classifier:search:tokenClusters:corpus:)``.
public struct ModelTrainer {
    public var options: TrainingOptions
    /// Receives training's log: steps, a progress line per iteration, details.
    public var log: (TrainingMessage) -> Void
    /// Asked after every iteration; `true` ends training there (Ctrl-C in the CLI), keeping
    /// the best iteration so far as an early stop would.
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(options: TrainingOptions = TrainingOptions(), log: @escaping (TrainingMessage) -> Void = { _ in }) {
        self.options = options
        self.log = log
    }

    func step(_ text: String) { log(TrainingMessage(.step, text)) }
    func detail(_ text: String) { log(TrainingMessage(.detail, text)) }

    /// What training did.
    public struct Report: Sendable {
        public var iterations: Int
        /// Why the optimizer stopped: `converged`, `maxIterations`, `lineSearchFailed`,
        /// `stoppedByCaller` (early stopping), `interrupted` (``shouldStop``), or `epochs`.
        public var stop: String
        /// The iteration whose weights the model keeps: the best on the dev set when one was
        /// given, else the last.
        public var keptIteration: Int
        public var seconds: Double
        public var features: Int
        public var weights: Int
        /// Dev slot F1 of the kept model, when a dev set was given.
        public var devF1: Double?
        public var misalignedSlots: Int
    }

    /// Trains on `original`, early-stopping on `dev` when given.
    ///
    /// The averaged perceptron trains without the ``FeatureTemplate/knownWords`` template: with
    /// no regularisation it leans on whether a word is new, and tags new phrasings worse.
    /// `corpus` with the utterances its intents' patterns give, as the log reports.
    private func expandingPatterns(_ corpus: Corpus) -> Corpus {
        guard corpus.schema.intents.contains(where: { !$0.patterns.isEmpty }) else { return corpus }
        let (expanded, report) = PatternExpander(examplesPerPattern: options.examplesPerPattern, seed: options.seed).expanding(corpus)
        let patterns = corpus.schema.intents.reduce(0) { $0 + $1.patterns.count }
        step("patterns: \(report.total) utterance\(report.total == 1 ? "" : "s") generated from \(patterns) pattern\(patterns == 1 ? "" : "s")"
             + " (at most \(options.examplesPerPattern) each)")
        for (intent, share) in report.shared.sorted(by: { $0.key < $1.key }) {
            step("patterns of \(intent): at most \(share) utterance\(share == 1 ? "" : "s") each, \(PatternExpander.maximumUtterancesPerIntent) in all")
        }
        if !report.standIns.isEmpty {
            step("patterns: stand-in values for \(report.standIns.joined(separator: ", ")), which list\(report.standIns.count == 1 ? "s" : "") no value"
                 + " (the user's own, at run time: vocabulary)")
        }
        for skipped in report.skipped {
            step("pattern '\(skipped.pattern)' of \(skipped.intent) gave none: \(skipped.reason)")
        }
        return expanded
    }

    public func train(_ original: Corpus, dev: Corpus? = nil) -> (NLUModel, Report) {
        if options.algorithm == .perceptron, options.features.templates.contains(.knownWords) {
            var without = self
            without.options.features.templates.remove(.knownWords)
            step("slot tagger: the perceptron trains without the knownWords template")
            return without.train(original, dev: dev)
        }
        // The encoder's token clusters come with an encoder that reads tokens, and need one.
        let wantsClusters = options.encoder?.readsTokens == true && !options.encoderClusterLevels.isEmpty
        if wantsClusters != options.features.templates.contains(.encoderClusters) {
            var other = self
            if wantsClusters {
                other.options.features.templates.insert(.encoderClusters)
            } else {
                other.options.features.templates.remove(.encoderClusters)
                step(options.encoder == nil ? "slot tagger: the encoderClusters template needs a sentence encoder (--encoder); left out"
                     : "slot tagger: the encoderClusters template needs a BERT-family encoder's token vectors; left out")
            }
            return other.train(original, dev: dev)
        }
        let start = Date()
        let original = expandingPatterns(original)
        let utterances = prepareUtterances(original)
        let vocabularies = buildVocabularies(original, utterances: utterances)
        var intents = classifyIntents(utterances, vocabularies: vocabularies)
        // Simulated user vocabularies (the userVocabulary template), for the tagger: the
        // classifier reads a user's matches as the gazetteer's, which it learns from already.
        let simulation = options.features.templates.isSuperset(of: [.vocabulary, .userVocabulary])
            ? UserVocabularySimulation(gazetteer: vocabularies.full, slotNames: utterances.labels.slotNames,
                                       entityOfSlot: entityOfSlot(original), options: options)
            : nil
        let clusters = trainingTokenClusters(utterances)
        var extracted = extractFeatures(utterances, vocabularies: vocabularies, intents: intents, simulation: simulation, clusters: clusters)
        let compiled = compileFeatures(&extracted, utterances: utterances)
        let labels = utterances.labels
        step("slot tagger: \(compiled.data.sentenceCount) utterances, \(compiled.data.tokenCount) tokens, \(labels.count) labels, \(compiled.attributeHashes.count) features, \(compiled.structure.parameterCount) weights")

        if let dev, let uncalibrated = intents.classifier, options.calibrateIntents {
            intents.classifier = calibrated(uncalibrated, on: dev, gazetteer: vocabularies.full, intentIndex: intents.index, tokenizer: utterances.tokenizer)
        }
        // Quantised before the dev set reads it, so the tagger's early stopping sees the
        // classifier that parsing will.
        if options.intentWeightPrecision == .int8 { intents.classifier = intents.classifier?.quantized() }
        // The dev set, through the same dictionary and the full vocabulary.
        let devData = dev.map {
            compile($0, labels: labels, extractor: utterances.extractor, gazetteer: vocabularies.full, attributeIDs: compiled.attributeIDs,
                    tokenizer: utterances.tokenizer, classifier: intents.classifier, clusters: clusters?.clusters)
        }
        let crf = CRFTrainer(options: options, log: log, shouldStop: shouldStop)
            .train(compiled.data, structure: compiled.structure, labels: labels, dev: devData, started: start)
        var parameters = crf.parameters
        if compiled.userData.sentenceCount > 0 {
            let first = Int(compiled.structure.rowOffsets[compiled.userAttributesStart])
            trainUserVocabularyWeights(&parameters, free: first..<compiled.structure.stateCount, data: compiled.userData, structure: compiled.structure)
        }

        let model = makeModel(parameters: parameters, structure: compiled.structure, labels: labels, attributeHashes: compiled.attributeHashes,
                              gazetteer: vocabularies.full, classifier: intents.classifier, search: intents.search,
                              tokenClusters: clusters?.clusters, corpus: original)
        let report = Report(
            iterations: crf.iterations, stop: crf.stop, keptIteration: crf.keptIteration, seconds: Date().timeIntervalSince(start),
            features: model.attributes.count, weights: model.stateWeightCount, devF1: crf.devF1, misalignedSlots: utterances.dataset.misalignedSlots)
        return (model, report)
    }

    // MARK: - 1. Utterances

    /// The training utterances as the tagger sees them: the originals and their
    /// placeholder-swapped copies, tokenized and labelled, each in a vocabulary fold.
    struct TrainingUtterances {
        /// The originals followed by the swapped copies.
        let corpus: Corpus
        /// For each utterance of ``corpus``, the original it derives from.
        let source: [Int]
        let dataset: SequenceDataset
        var labels: LabelSet { dataset.labels }
        let tokenizer: Tokenizer
        let extractor: FeatureExtractor
        /// The number of vocabulary folds (``TrainingOptions/vocabularyFolds``).
        let folds: Int
        let seed: UInt64

        /// The vocabulary fold of original utterance `index`.
        func foldOfOriginal(_ index: Int) -> Int { Self.fold(ofOriginal: index, folds: folds, seed: seed) }

        /// The vocabulary fold of original utterance `index` among `folds` drawn with `seed`.
        static func fold(ofOriginal index: Int, folds: Int, seed: UInt64) -> Int {
            folds > 1 ? Int(splitMix(seed &+ UInt64(index)) % UInt64(folds)) : 0
        }

        /// The vocabulary fold of utterance `index`: a swapped copy belongs to its original's.
        func fold(_ index: Int) -> Int { foldOfOriginal(source[index]) }
    }

    /// Stage 1: swapped copies (``swappedCopies(_:copies:fold:)``), tokens and labels.
    func prepareUtterances(_ original: Corpus) -> TrainingUtterances {
        let tokenizer = Tokenizer()
        let folds = options.vocabularyFolds, seed = options.seed
        let (corpus, source) = swappedCopies(original, copies: options.swapCopies) {
            TrainingUtterances.fold(ofOriginal: $0, folds: folds, seed: seed)
        }
        return TrainingUtterances(
            corpus: corpus, source: source, dataset: SequenceDataset(corpus: corpus, tokenizer: tokenizer, scheme: options.labelScheme),
            tokenizer: tokenizer, extractor: FeatureExtractor(configuration: options.features, language: original.schema.language), folds: folds, seed: seed)
    }

    // MARK: - 2. Vocabularies

    /// The gazetteers of training: the full one the model keeps, and one per fold that leaves
    /// out the spans of that fold's utterances.
    struct Vocabularies {
        let full: Gazetteer
        /// `[folds]`, or `[full]` without folds.
        let perFold: [Gazetteer]

        /// The vocabulary training utterance `index` is matched against: its fold's.
        func gazetteer(forUtterance index: Int, of utterances: TrainingUtterances) -> Gazetteer {
            utterances.folds > 1 ? perFold[utterances.fold(index)] : full
        }
    }

    /// Stage 2: the vocabularies. (Swapped copies add no phrase: their values are spans of
    /// originals of the same fold.)
    func buildVocabularies(_ original: Corpus, utterances: TrainingUtterances) -> Vocabularies {
        let folds = utterances.folds
        let entries = vocabularyEntries(original)
        var entityNames = uniqueInOrder(entries.schema.map(\.entity) + entries.spans.map(\.entity))
        if options.vocabularyWords {
            entityNames += entityNames.filter { $0 != Gazetteer.knownWordEntity }.flatMap { entity in
                Gazetteer.WordRole.allCases.map { Gazetteer.wordEntityName(entity, $0) }
            }
        }
        let full = Gazetteer(entries: entries.schema + (folds > 0 ? entries.spans.map { ($0.entity, $0.phrase) } : []),
                             entityNames: entityNames, indexingWords: options.vocabularyWords, tokenizer: utterances.tokenizer)
        let perFold: [Gazetteer] = folds > 1
            ? (0..<folds).map { k in
                Gazetteer(entries: entries.schema + entries.spans.filter { utterances.foldOfOriginal($0.utterance) != k }.map { ($0.entity, $0.phrase) },
                          entityNames: entityNames, indexingWords: options.vocabularyWords, tokenizer: utterances.tokenizer)
            }
            : [full]
        return Vocabularies(full: full, perFold: perFold)
    }

    // MARK: - 3. Intents

    /// The intents of training: their names, the classifier, and each training utterance's
    /// cross-fitted prediction (what the tagger's intent features condition on).
    struct TrainingIntents {
        let names: [String]
        let index: [String: Int]
        /// `[utterances]` the predicted intent, `nil` when the tagger has no intent features.
        let predicted: [Int?]
        var classifier: IntentClassifierModel?
        /// The classifier's setting and how it was chosen.
        var search: IntentClassifierSelection?
    }

    /// Stage 3: the intent classifier (``crossFittedIntents(_:intentNames:intentIndex:source:gazetteerOf:noise:noiseGazetteer:outOfScopeClass:)``),
    /// trained when the tagger's features use the intent and there is more than one class.
    ///
    /// Utterances of any of ``TrainingOptions/outOfScopeIntents`` make one out-of-scope class,
    /// and generated ones (``OutOfScopeNoise``) teach it too; without either, the class is
    /// only there if noise is generated.
    func classifyIntents(_ utterances: TrainingUtterances, vocabularies: Vocabularies) -> TrainingIntents {
        let corpus = utterances.corpus
        let outOfScopeNames = Set(options.outOfScopeIntents)
        var names = [String]()
        var index = [String: Int]()
        var outOfScopeClass: Int?
        for name in uniqueInOrder(corpus.schema.intents.map(\.name) + corpus.utterances.map(\.intent)) {
            if outOfScopeNames.contains(name) {
                // Every out-of-scope name is the one class.
                if let existing = outOfScopeClass {
                    index[name] = existing
                    continue
                }
                outOfScopeClass = names.count
            }
            index[name] = names.count
            names.append(name)
        }
        let noise = generatedNoise(utterances)
        let everyday = everydayRequests(utterances)
        if outOfScopeClass == nil && !(noise.isEmpty && everyday.isEmpty), let name = options.outOfScopeIntents.first {
            outOfScopeClass = names.count
            index[name] = names.count
            names.append(name)
        }
        let usesIntent = !options.features.templates.isDisjoint(with: [.intent, .intentConjunctions]) && names.count > 1
        guard usesIntent else {
            return TrainingIntents(names: names, index: index, predicted: Array(repeating: nil, count: utterances.dataset.sequences.count), classifier: nil)
        }
        let (predicted, classifier, search) = crossFittedIntents(
            utterances.dataset, intentNames: names, intentIndex: index, source: utterances.source,
            gazetteerOf: { vocabularies.gazetteer(forUtterance: $0, of: utterances) }, noise: noise.map(utterances.tokenizer.tokenize),
            everyday: everyday.map(utterances.tokenizer.tokenize), noiseGazetteer: vocabularies.full, outOfScopeClass: outOfScopeClass, tokenizer: utterances.tokenizer)
        return TrainingIntents(names: names, index: index, predicted: predicted, classifier: classifier, search: search)
    }

    /// Generated out-of-scope utterances: ``TrainingOptions/noiseFactor`` times the median
    /// number of original utterances per in-scope intent, from the corpus's words and lengths.
    func generatedNoise(_ utterances: TrainingUtterances) -> [String] {
        let outOfScopeNames = Set(options.outOfScopeIntents)
        var counts = [String: Int]()
        var words = [String](), seen = Set<String>(), lengths = [Int]()
        for (index, utterance) in utterances.corpus.utterances.enumerated() where utterances.source[index] == index {
            guard !outOfScopeNames.contains(utterance.intent) else { continue }
            counts[utterance.intent, default: 0] += 1
            let tokens = utterance.text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            lengths.append(tokens.count)
            for word in tokens where seen.insert(word).inserted { words.append(word) }
        }
        guard options.noiseFactor > 0, !counts.isEmpty else { return [] }
        let sizes = counts.values.sorted()
        let count = Int((options.noiseFactor * Double(sizes[sizes.count / 2])).rounded())
        return OutOfScopeNoise(corpusWordRate: options.noiseCorpusWordRate, vocabulary: GeneralVocabulary.words(for: utterances.corpus.schema.language))
            .utterances(count: count, corpusWords: words, lengths: lengths, seed: options.seed)
    }

    /// Everyday requests for other apps (``EverydayRequests``) that share no keyword with the
    /// corpus's intents (``EverydayRequests/sharingNoKeyword(_:with:)``), for a corpus with no
    /// out-of-scope utterances of its own and generated noise (``TrainingOptions/noiseFactor``),
    /// in the corpus's language (``EverydayRequests/requests(for:)``).
    func everydayRequests(_ utterances: TrainingUtterances) -> [String] {
        let corpus = utterances.corpus, outOfScopeNames = Set(options.outOfScopeIntents)
        let requests = EverydayRequests.requests(for: corpus.schema.language)
        guard options.noiseFactor > 0, !requests.isEmpty,
              !corpus.utterances.contains(where: { outOfScopeNames.contains($0.intent) }) else { return [] }
        var intents = [String: Set<String>]()
        for index in corpus.utterances.indices where utterances.source[index] == index {
            intents[corpus.utterances[index].intent, default: []].insert(corpus.utterances[index].text.lowercased())
        }
        return EverydayRequests.sharingNoKeyword(requests, with: intents.values.map { Array($0) }, language: corpus.schema.language)
    }

    // MARK: - 4. Feature extraction

    /// Every training feature, in flat arrays of 32-bit indices into the distinct hashes (a
    /// million utterances hold some billion features: their 64-bit hashes would be stored once).
    struct ExtractedFeatures {
        /// Each distinct feature hash in first-seen order, how often it was seen, and its index.
        var hashes = [UInt64](), counts = [Int32](), index = [UInt64: Int32]()
        /// The tokens' features, token after token (`tokenFeatures[tokenOffsets[t]..<tokenOffsets[t + 1]]`).
        var tokenFeatures = [Int32](), tokenOffsets: [Int32] = [0]
        /// The sentence features, utterance after utterance.
        var sentenceFeatures = [Int32](), sentenceOffsets: [Int32] = [0]
        /// The utterances a simulated user vocabulary matches, and per token of theirs the
        /// features it adds.
        var userSequences = [Int](), userFeatures = [[Int32]]()
        /// Per second-stage utterance whose values were made unseen, its own features per token
        /// (looked up, not counted).
        var unseenOwnFeatures = [Int: [[Int32]]]()

        /// Counts one occurrence of `hash` and gives its index.
        mutating func count(_ hash: UInt64) -> Int32 {
            if let known = index[hash] {
                counts[Int(known)] += 1
                return known
            }
            let new = Int32(hashes.count)
            index[hash] = new
            hashes.append(hash)
            counts.append(1)
            return new
        }

        /// The index of `hash`, not counted as seen.
        mutating func look(_ hash: UInt64) -> Int32 {
            if let known = index[hash] { return known }
            let new = Int32(hashes.count)
            index[hash] = new
            hashes.append(hash)
            counts.append(0)
            return new
        }
    }

    /// Stage 4: one pass of the runtime's ``FeatureExtractor`` over the training utterances,
    /// each matched against its out-of-fold vocabulary and given its cross-fitted intent.
    func extractFeatures(
        _ utterances: TrainingUtterances, vocabularies: Vocabularies, intents: TrainingIntents, simulation: UserVocabularySimulation?,
        clusters: TrainingTokenClusters? = nil
    ) -> ExtractedFeatures {
        let dataset = utterances.dataset, extractor = utterances.extractor
        var result = ExtractedFeatures()
        var features = TokenFeatures(), withUser = TokenFeatures(), unseen = TokenFeatures()
        var matches = [Gazetteer.Match]()
        for (index, sequence) in dataset.sequences.enumerated() {
            let gazetteer = vocabularies.gazetteer(forUtterance: index, of: utterances)
            let intent = intents.predicted[index]
            let clusterIDs = clusters?.ids[index]
            trainingMatches(sequence.tokens, gazetteer: gazetteer, index: index, into: &matches)
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: intent, clusters: clusterIDs, into: &features, scratch: &matches,
                              matchesReady: true)
            if let simulation {
                let simulated = simulatedUserMatches(sequence, index: index, labels: dataset.labels, simulation: simulation)
                if !simulated.matches.isEmpty {
                    var tokens = sequence.tokens
                    var own = features
                    var tokensClusterIDs = clusterIDs
                    if let rewritten = unseenRewrite(sequence.tokens, values: simulated.values, index: index, simulation: simulation, tokenizer: utterances.tokenizer) {
                        tokens = rewritten
                        // The rewritten text's own token vectors: its values are new words.
                        tokensClusterIDs = clusters.map { tokenClusterIDs(of: [rewritten], clusters: $0.clusters)[0] }
                        trainingMatches(rewritten, gazetteer: gazetteer, index: index, into: &matches)
                        extractor.extract(rewritten, gazetteer: gazetteer, intent: intent, clusters: tokensClusterIDs, into: &unseen, scratch: &matches,
                                          matchesReady: true)
                        own = unseen
                        result.unseenOwnFeatures[index] = (0..<unseen.tokenCount).map { unseen.features(of: $0).map { result.look($0) } }
                    }
                    matches += simulated.matches
                    extractor.extract(tokens, gazetteer: gazetteer, intent: intent, clusters: tokensClusterIDs, into: &withUser, scratch: &matches,
                                      matchesReady: true)
                    result.userSequences.append(index)
                    for token in 0..<withUser.tokenCount {
                        let ownFeatures = own.features(of: token)
                        let added = withUser.features(of: token).filter { !ownFeatures.contains($0) }
                        result.userFeatures.append(added.map { result.count($0) })
                    }
                }
            }
            for token in 0..<features.tokenCount {
                for hash in features.features(of: token) { result.tokenFeatures.append(result.count(hash)) }
                result.tokenOffsets.append(Int32(result.tokenFeatures.count))
            }
            for hash in features.sentence { result.sentenceFeatures.append(result.count(hash)) }
            result.sentenceOffsets.append(Int32(result.sentenceFeatures.count))
        }
        return result
    }

    // MARK: - 5. Feature dictionary

    /// The training data as the optimiser reads it: attribute ids in place of hashes.
    struct CompiledFeatures {
        /// Hash → attribute id, for the features kept (seen often enough).
        var attributeIDs = [UInt64: Int32]()
        /// Attribute id → hash.
        var attributeHashes = [UInt64]()
        /// Which (attribute, label) pairs have a weight.
        let structure: CRFStructure
        /// The first stage's sequences.
        let data: CompiledSequences
        /// The second stage's: the utterances a simulated user vocabulary matches, with the
        /// features it adds.
        let userData: CompiledSequences
        /// The first attribute of the user-vocabulary features.
        let userAttributesStart: Int
    }

    /// Stage 5: freezes the dictionary (first-seen order, deterministic) and compiles the
    /// sequences in the extracted arrays' place (a feature kept is written over one read).
    func compileFeatures(_ extracted: inout ExtractedFeatures, utterances: TrainingUtterances) -> CompiledFeatures {
        let dataset = utterances.dataset, labelCount = dataset.labels.count
        let minimumFrequency = Int32(options.minimumFrequency), counts = extracted.counts, hashes = extracted.hashes
        var attributeIDs = [UInt64: Int32]()
        var attributeHashes = [UInt64]()
        // Per extracted feature, its attribute id once it has one.
        var attributeOfFeature = [Int32](repeating: -1, count: hashes.count)
        // Per attribute, the labels it was seen with, as bits.
        let words = (labelCount + 63) / 64
        var labelBits = [UInt64]()
        func attributeID(_ feature: Int32) -> Int32? {
            let feature = Int(feature)
            guard counts[feature] >= minimumFrequency else { return nil }
            if attributeOfFeature[feature] >= 0 { return attributeOfFeature[feature] }
            let id = Int32(attributeHashes.count)
            attributeOfFeature[feature] = id
            attributeIDs[hashes[feature]] = id
            attributeHashes.append(hashes[feature])
            labelBits.append(contentsOf: repeatElement(0, count: words))
            return id
        }
        func see(_ id: Int32, with label: Int) {
            labelBits[Int(id) * words + label / 64] |= 1 << UInt64(label % 64)
        }
        var attributes = take(&extracted.tokenFeatures), attributeOffsets = take(&extracted.tokenOffsets)
        var sentenceAttributes = take(&extracted.sentenceFeatures), sentenceAttributeOffsets = take(&extracted.sentenceOffsets)
        var labels = [UInt16](), sentenceOffsets: [Int32] = [0]
        labels.reserveCapacity(attributeOffsets.count - 1)
        sentenceOffsets.reserveCapacity(dataset.sequences.count + 1)
        var token = 0, written = 0, sentenceWritten = 0
        for (index, sequence) in dataset.sequences.enumerated() {
            for label in sequence.labels {
                let features = Int(attributeOffsets[token])..<Int(attributeOffsets[token + 1])
                attributeOffsets[token] = Int32(written)
                for read in features {
                    guard let id = attributeID(attributes[read]) else { continue }
                    see(id, with: label)
                    attributes[written] = id
                    written += 1
                }
                labels.append(UInt16(label))
                token += 1
            }
            let features = Int(sentenceAttributeOffsets[index])..<Int(sentenceAttributeOffsets[index + 1])
            sentenceAttributeOffsets[index] = Int32(sentenceWritten)
            for read in features {
                guard let id = attributeID(sentenceAttributes[read]) else { continue }
                for label in sequence.labels { see(id, with: label) }
                sentenceAttributes[sentenceWritten] = id
                sentenceWritten += 1
            }
            sentenceOffsets.append(Int32(token))
        }
        attributeOffsets[token] = Int32(written)
        sentenceAttributeOffsets[dataset.sequences.count] = Int32(sentenceWritten)
        attributes.removeLast(attributes.count - written)
        sentenceAttributes.removeLast(sentenceAttributes.count - sentenceWritten)
        let data = CompiledSequences(
            sentenceOffsets: sentenceOffsets, attributeOffsets: attributeOffsets, attributes: attributes, labels: labels,
            sentenceAttributeOffsets: sentenceAttributeOffsets, sentenceAttributes: sentenceAttributes)
        // User-vocabulary attributes come last, so their weights are one block of the state
        // weights (just before the transitions) that the second stage alone moves.
        let userAttributesStart = attributeHashes.count
        var userData = CompiledSequences()
        var userToken = 0
        data.withPointers { compiled in
            for index in extracted.userSequences {
                let sequence = dataset.sequences[index], tokens = compiled.tokens(ofSentence: index)
                // Unseen words' features are looked up, not added: the first stage has no weights for them.
                var ids = extracted.unseenOwnFeatures[index].map { $0.map { $0.compactMap { attributeOfFeature[Int($0)] >= 0 ? attributeOfFeature[Int($0)] : nil } } }
                    ?? tokens.map { Array(compiled.attributes[compiled.tokenAttributes($0)]) }
                for position in 0..<sequence.labels.count {
                    let added = extracted.userFeatures[userToken].compactMap(attributeID)
                    for id in added { see(id, with: sequence.labels[position]) }
                    ids[position] += added
                    userToken += 1
                }
                userData.append(attributeIDs: ids, sentenceAttributeIDs: Array(compiled.sentenceAttributes[compiled.sentenceAttributeRange(index)]),
                                labels: sequence.labels)
            }
        }
        extracted = ExtractedFeatures()
        var rowOffsets: [Int32] = [0]
        var stateLabels = [UInt16]()
        for attribute in 0..<attributeHashes.count {
            for word in 0..<words {
                var bits = labelBits[attribute * words + word]
                while bits != 0 {
                    stateLabels.append(UInt16(word * 64 + bits.trailingZeroBitCount))
                    bits &= bits - 1
                }
            }
            rowOffsets.append(Int32(stateLabels.count))
        }
        return CompiledFeatures(
            attributeIDs: attributeIDs, attributeHashes: attributeHashes,
            structure: CRFStructure(labelCount: labelCount, rowOffsets: rowOffsets, stateLabels: stateLabels),
            data: data, userData: userData, userAttributesStart: userAttributesStart)
    }
}

/// The array `array` held, leaving it empty, so the caller holds the only reference.
private func take<Element>(_ array: inout [Element]) -> [Element] {
    var taken = [Element]()
    swap(&taken, &array)
    return taken
}
