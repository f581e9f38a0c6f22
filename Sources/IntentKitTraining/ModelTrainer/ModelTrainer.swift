import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

/// Trains a ``NLUModel`` from a corpus.
///
/// Steps: tokenize and label (``SequenceDataset``); build vocabularies — the schema's entity
/// values and synonyms plus the training spans, the latter out of fold so that a training
/// utterance never sees its own spans (a gazetteer built from the utterances it decorates
/// makes the model trust it blindly); extract features with the runtime's
/// ``FeatureExtractor``; freeze a dictionary of the features seen, with weights only for the
/// labels each was seen with; optimise; keep the best iteration on the dev set.
public struct ModelTrainer {
    public var options: TrainingOptions
    /// Receives one line per iteration (for stderr).
    public var log: (String) -> Void
    /// Asked after every iteration; `true` ends training there (Ctrl-C in the CLI), keeping
    /// the best iteration so far as an early stop would.
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(options: TrainingOptions = TrainingOptions(), log: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.log = log
    }

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
    public func train(_ original: Corpus, dev: Corpus? = nil) -> (NLUModel, Report) {
        if options.algorithm == .perceptron, options.features.templates.contains(.knownWords) {
            var without = self
            without.options.features.templates.remove(.knownWords)
            log("slot tagger: the perceptron trains without the knownWords template")
            return without.train(original, dev: dev)
        }
        let start = Date()
        let tokenizer = Tokenizer()
        let folds = options.vocabularyFolds
        let originalFold: (Int) -> Int = { index in folds > 1 ? Int(splitMix(self.options.seed &+ UInt64(index)) % UInt64(folds)) : 0 }
        let (corpus, source) = swappedCopies(original, copies: options.swapCopies, fold: originalFold)
        // A swapped copy belongs to its original's fold.
        let fold: (Int) -> Int = { originalFold(source[$0]) }
        let dataset = SequenceDataset(corpus: corpus, tokenizer: tokenizer, scheme: options.labelScheme)
        let labels = dataset.labels
        let extractor = FeatureExtractor(configuration: options.features)

        // Vocabularies: one per fold for training utterances, the full one for the model.
        // (Swapped copies add no phrase: their values are spans of originals of the same fold.)
        let entries = vocabularyEntries(original)
        var entityNames = uniqueInOrder(entries.schema.map(\.entity) + entries.spans.map(\.entity))
        if options.vocabularyWords {
            entityNames += entityNames.filter { $0 != Gazetteer.knownWordEntity }.flatMap { entity in
                Gazetteer.WordRole.allCases.map { Gazetteer.wordEntityName(entity, $0) }
            }
        }
        let fullGazetteer = Gazetteer(entries: entries.schema + (folds > 0 ? entries.spans.map { ($0.entity, $0.phrase) } : []),
                                      entityNames: entityNames, indexingWords: options.vocabularyWords, tokenizer: tokenizer)
        let foldGazetteers: [Gazetteer] = folds > 1
            ? (0..<folds).map { k in
                Gazetteer(entries: entries.schema + entries.spans.filter { originalFold($0.utterance) != k }.map { ($0.entity, $0.phrase) },
                          entityNames: entityNames, indexingWords: options.vocabularyWords, tokenizer: tokenizer)
            }
            : [fullGazetteer]

        // Simulated user vocabularies (the userVocabulary template), for the tagger: the
        // classifier reads a user's matches as the gazetteer's, which it learns from already.
        let simulation = options.features.templates.isSuperset(of: [.vocabulary, .userVocabulary])
            ? UserVocabularySimulation(gazetteer: fullGazetteer, slotNames: labels.slotNames, entityOfSlot: entityOfSlot(original), options: options)
            : nil
        let userMatches: (Int) -> (matches: [Gazetteer.Match], values: [Range<Int>]) = { index in
            simulation.map { self.simulatedUserMatches(dataset.sequences[index], index: index, labels: labels, simulation: $0) } ?? ([], [])
        }

        let intentNames = uniqueInOrder(corpus.schema.intents.map(\.name) + corpus.utterances.map(\.intent))
        var intentIndex = [String: Int]()
        for (index, name) in intentNames.enumerated() { intentIndex[name] = index }
        // Intent features need a predicted intent: cross-fitted for training utterances.
        let usesIntent = !options.features.templates.isDisjoint(with: [.intent, .intentConjunctions]) && intentNames.count > 1
        var predictedIntent = [Int?](repeating: nil, count: dataset.sequences.count)
        var classifier: IntentClassifierModel?
        if usesIntent {
            (predictedIntent, classifier) = crossFittedIntents(
                dataset, intentNames: intentNames, intentIndex: intentIndex, source: source,
                gazetteerOf: { folds > 1 ? foldGazetteers[fold($0)] : fullGazetteer })
        }
        // Pass 1: extract every feature hash once, into flat arrays, and count them.
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        var tokenHashes = [UInt64](), tokenHashOffsets: [Int] = [0]
        var sentenceHashes = [UInt64](), sentenceHashOffsets: [Int] = [0]
        var frequency = [UInt64: Int32]()
        // The features a simulated user vocabulary adds, per token of the utterances it matches.
        var userSequences = [Int](), userHashes = [[UInt64]]()
        // Per second-stage utterance whose values were made unseen, its own features' hashes.
        var unseenOwnHashes = [Int: [[UInt64]]]()
        var withUser = TokenFeatures(), unseen = TokenFeatures()
        for (index, sequence) in dataset.sequences.enumerated() {
            let gazetteer = folds > 1 ? foldGazetteers[fold(index)] : fullGazetteer
            trainingMatches(sequence.tokens, gazetteer: gazetteer, index: index, into: &matches)
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: predictedIntent[index], into: &features, scratch: &matches, matchesReady: true)
            let simulated = userMatches(index)
            if !simulated.matches.isEmpty, let simulation {
                var tokens = sequence.tokens
                var own = features
                if let rewritten = unseenRewrite(sequence.tokens, values: simulated.values, index: index, simulation: simulation, tokenizer: tokenizer) {
                    tokens = rewritten
                    trainingMatches(rewritten, gazetteer: gazetteer, index: index, into: &matches)
                    extractor.extract(rewritten, gazetteer: gazetteer, intent: predictedIntent[index], into: &unseen, scratch: &matches, matchesReady: true)
                    own = unseen
                    unseenOwnHashes[index] = (0..<unseen.tokenCount).map { Array(unseen.features(of: $0)) }
                }
                matches += simulated.matches
                extractor.extract(tokens, gazetteer: gazetteer, intent: predictedIntent[index], into: &withUser, scratch: &matches, matchesReady: true)
                userSequences.append(index)
                for token in 0..<withUser.tokenCount {
                    let ownFeatures = own.features(of: token)
                    let added = withUser.features(of: token).filter { !ownFeatures.contains($0) }
                    for hash in added { frequency[hash, default: 0] += 1 }
                    userHashes.append(added)
                }
            }
            for token in 0..<features.tokenCount {
                for hash in features.features(of: token) {
                    frequency[hash, default: 0] += 1
                    tokenHashes.append(hash)
                }
                tokenHashOffsets.append(tokenHashes.count)
            }
            for hash in features.sentence {
                frequency[hash, default: 0] += 1
                sentenceHashes.append(hash)
            }
            sentenceHashOffsets.append(sentenceHashes.count)
        }
        // Pass 2: freeze the dictionary (first-seen order, deterministic) and compile.
        var attributeIDs = [UInt64: Int32]()
        var attributeHashes = [UInt64]()
        var pairs = [Set<UInt16>]()
        var data = CompiledSequences()
        func attributeID(_ hash: UInt64) -> Int32? {
            guard frequency[hash]! >= Int32(options.minimumFrequency) else { return nil }
            if let known = attributeIDs[hash] { return known }
            let id = Int32(attributeHashes.count)
            attributeIDs[hash] = id
            attributeHashes.append(hash)
            pairs.append([])
            return id
        }
        var token = 0
        var userSequenceIDs = [Int: (tokens: [[Int32]], sentence: [Int32])]()
        let userSequenceSet = Set(userSequences)
        for (index, sequence) in dataset.sequences.enumerated() {
            var ids = [[Int32]]()
            for position in 0..<sequence.labels.count {
                let label = UInt16(sequence.labels[position])
                let tokenIDs = tokenHashes[tokenHashOffsets[token]..<tokenHashOffsets[token + 1]].compactMap(attributeID)
                for id in tokenIDs { pairs[Int(id)].insert(label) }
                ids.append(tokenIDs)
                token += 1
            }
            let sentenceIDs = sentenceHashes[sentenceHashOffsets[index]..<sentenceHashOffsets[index + 1]].compactMap(attributeID)
            for id in sentenceIDs { for label in sequence.labels { pairs[Int(id)].insert(UInt16(label)) } }
            data.append(attributeIDs: ids, sentenceAttributeIDs: sentenceIDs, labels: sequence.labels)
            if userSequenceSet.contains(index) { userSequenceIDs[index] = (ids, sentenceIDs) }
        }
        // User-vocabulary attributes come last, so their weights are one block of the state
        // weights (just before the transitions) that the second stage alone moves.
        let userAttributesStart = attributeHashes.count
        var userData = CompiledSequences()
        var userToken = 0
        for index in userSequences {
            let sequence = dataset.sequences[index], own = userSequenceIDs[index]!
            // Unseen words' features are looked up, not added: the first stage has no weights for them.
            var ids = unseenOwnHashes[index].map { $0.map { $0.compactMap { attributeIDs[$0] } } } ?? own.tokens
            for position in 0..<sequence.labels.count {
                let added = userHashes[userToken].compactMap(attributeID)
                for id in added { pairs[Int(id)].insert(UInt16(sequence.labels[position])) }
                ids[position] += added
                userToken += 1
            }
            userData.append(attributeIDs: ids, sentenceAttributeIDs: own.sentence, labels: sequence.labels)
        }
        userHashes = []
        unseenOwnHashes = [:]
        userSequenceIDs = [:]
        tokenHashes = []
        sentenceHashes = []
        frequency = [:]
        var rowOffsets: [Int32] = [0]
        var stateLabels = [UInt16]()
        for row in pairs {
            stateLabels.append(contentsOf: row.sorted())
            rowOffsets.append(Int32(stateLabels.count))
        }
        let structure = CRFStructure(labelCount: labels.count, rowOffsets: rowOffsets, stateLabels: stateLabels)
        log("slot tagger: \(data.sentenceCount) utterances, \(data.tokenCount) tokens, \(labels.count) labels, \(attributeHashes.count) features, \(structure.parameterCount) weights")

        if let dev, let uncalibrated = classifier, options.calibrateIntents {
            classifier = calibrated(uncalibrated, on: dev, gazetteer: fullGazetteer, intentIndex: intentIndex, tokenizer: tokenizer)
        }
        // The dev set, through the same dictionary and the full vocabulary.
        let devData = dev.map { compile($0, labels: labels, extractor: extractor, gazetteer: fullGazetteer, attributeIDs: attributeIDs, tokenizer: tokenizer, classifier: classifier) }

        var parameters = [Double](repeating: 0, count: structure.parameterCount)
        var best: (f1: Double, parameters: [Double], iteration: Int)?
        var sinceBest = 0
        var iterations = 0
        var interrupted = false
        var stop: String
        let loopStart = Date()
        /// "29/150, 12.3 s, about 40 s left": the time left assumes the iterations to come take
        /// as long as those so far (an upper bound when early stopping ends it sooner).
        func timing(_ iteration: Int) -> String {
            let elapsed = Date().timeIntervalSince(start), perIteration = Date().timeIntervalSince(loopStart) / Double(max(iteration, 1))
            let left = perIteration * Double(max(options.maxIterations - iteration, 0))
            return String(format: "  %.1f s, about %@ left", elapsed, left < 60 ? String(format: "%.0f s", left) : String(format: "%.1f min", left / 60))
        }
        let evaluateDev: ([Double]) -> Double? = { parameters in
            devData.map { Self.slotF1(parameters: parameters, structure: structure, labels: labels, data: $0) }
        }
        switch options.algorithm {
        case .lbfgs:
            var objective = CRFObjective(data: data, structure: structure, l2: options.c2, threads: options.threads)
            var settings = LBFGS.Settings()
            settings.maxIterations = options.maxIterations
            settings.l1 = options.c1
            let result = LBFGS(settings: settings).minimize(&objective, parameters: &parameters) { progress, current in
                iterations = progress.iteration
                let f1 = evaluateDev(Array(current))
                var line = String(format: "iteration %3d/%d  loss %.1f  |g| %.2f  evaluations %d", progress.iteration, options.maxIterations, progress.value, progress.gradientNorm, progress.evaluations)
                if let f1 { line += String(format: "  dev F1 %.2f", 100 * f1) }
                line += timing(progress.iteration)
                log(line)
                if shouldStop() { interrupted = true }
                guard let f1 else { return !interrupted }
                if f1 > (best?.f1 ?? -1) {
                    best = (f1, Array(current), progress.iteration)
                    sinceBest = 0
                } else {
                    sinceBest += 1
                }
                return sinceBest < options.patience && !interrupted
            }
            stop = interrupted ? "interrupted" : result.rawValue
        case .perceptron:
            var perceptron = AveragedPerceptron(data: data, structure: structure, labels: labels, seed: options.seed)
            for epoch in 1...max(1, options.maxIterations) {
                let mistakes = perceptron.epoch()
                iterations = epoch
                let averaged = perceptron.averagedParameters()
                let f1 = evaluateDev(averaged)
                var line = String(format: "epoch %3d/%d  mistakes %d", epoch, options.maxIterations, mistakes)
                if let f1 { line += String(format: "  dev F1 %.2f", 100 * f1) }
                line += timing(epoch)
                log(line)
                parameters = averaged
                if mistakes == 0 { break }
                if shouldStop() {
                    interrupted = true
                    if let f1, f1 > (best?.f1 ?? -1) { best = (f1, averaged, epoch) }
                    break
                }
                if let f1 {
                    if f1 > (best?.f1 ?? -1) {
                        best = (f1, averaged, epoch)
                        sinceBest = 0
                    } else {
                        sinceBest += 1
                        if sinceBest >= options.patience { break }
                    }
                }
            }
            stop = interrupted ? "interrupted" : "epochs"
        }
        if let best { parameters = best.parameters }
        if userData.sentenceCount > 0 {
            let first = Int(structure.rowOffsets[userAttributesStart])
            trainUserVocabularyWeights(&parameters, free: first..<structure.stateCount, data: userData, structure: structure)
        }

        let model = makeModel(parameters: parameters, structure: structure, labels: labels, attributeHashes: attributeHashes,
                              gazetteer: fullGazetteer, classifier: classifier, corpus: original)
        let report = Report(
            iterations: iterations, stop: stop, keptIteration: best?.iteration ?? iterations, seconds: Date().timeIntervalSince(start), features: model.attributes.count,
            weights: model.stateWeightCount, devF1: best?.f1, misalignedSlots: dataset.misalignedSlots)
        return (model, report)
    }

    /// The vocabulary matches of training utterance `index`, as parsing would find them, but
    /// with each known-word match dropped with probability ``TrainingOptions/knownWordsDropout``.
    func trainingMatches(_ tokens: TokenizedText, gazetteer: Gazetteer, index: Int, into matches: inout [Gazetteer.Match]) {
        matches.removeAll(keepingCapacity: true)
        guard options.features.templates.contains(.vocabulary) else { return }
        gazetteer.matches(in: tokens, into: &matches)
        guard options.knownWordsDropout > 0, let known = gazetteer.knownWordEntityID else { return }
        let seed = splitMix(options.seed &+ 0xD50F &+ UInt64(index) &* 0x9E37_79B9)
        matches.removeAll { match in
            match.entity == known
                && unitInterval(splitMix(seed &+ UInt64(match.token))) < options.knownWordsDropout
        }
    }

    /// Slot name → the vocabulary entity its values belong to, for parameters of entities with
    /// values (other slots' values form an entity of the slot's own name).
    private func entityOfSlot(_ corpus: Corpus) -> [String: String] {
        var entityOfSlot = [String: String]()
        for intent in corpus.schema.intents {
            for parameter in intent.parameters {
                if case .custom(let name) = parameter.entity, corpus.schema.entity(named: name).map({ !$0.values.isEmpty }) ?? false {
                    entityOfSlot[parameter.name] = name
                }
            }
        }
        return entityOfSlot
    }

    /// Schema values and synonyms, and every training span with its utterance index; with the
    /// ``FeatureTemplate/knownWords`` template also every token of every utterance, as a phrase of
    /// ``Gazetteer/knownWordEntity`` (out of fold like the spans: a training utterance's own words
    /// are not known to it, as a new name's are not at parse time).
    private func vocabularyEntries(_ corpus: Corpus) -> (schema: [(entity: String, phrase: String)], spans: [(entity: String, phrase: String, utterance: Int)]) {
        var schema = [(entity: String, phrase: String)]()
        for entity in corpus.schema.entities {
            for value in entity.values {
                for phrase in value.allPhrases { schema.append((entity.name, phrase)) }
            }
        }
        let entityOfSlot = entityOfSlot(corpus)
        var spans = [(entity: String, phrase: String, utterance: Int)]()
        if options.vocabularyFolds > 0 {
            for (index, utterance) in corpus.utterances.enumerated() {
                for slot in utterance.slots {
                    spans.append((entityOfSlot[slot.name] ?? slot.name, utterance.text(of: slot), index))
                }
            }
        }
        if options.features.templates.isSuperset(of: [.knownWords, .vocabulary]), options.vocabularyFolds > 1 {
            let tokenizer = Tokenizer()
            var tokens = TokenizedText()
            for (index, utterance) in corpus.utterances.enumerated() {
                tokenizer.tokenize(utterance.text, into: &tokens)
                for token in 0..<tokens.count { spans.append((Gazetteer.knownWordEntity, String(tokens.text(at: token)), index)) }
            }
        }
        return (schema, spans)
    }
}

private func uniqueInOrder(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
}
