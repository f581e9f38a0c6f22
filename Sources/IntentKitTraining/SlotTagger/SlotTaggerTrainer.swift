import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

/// Trains a ``SlotTaggerModel`` from a corpus.
///
/// Steps: tokenize and label (``SequenceDataset``); build vocabularies — the schema's entity
/// values and synonyms plus the training spans, the latter out of fold so that a training
/// utterance never sees its own spans (MODELING.md: a gazetteer built from the utterances it
/// decorates makes the model trust it blindly); extract features with the runtime's
/// ``FeatureExtractor``; freeze a dictionary of the features seen, with weights only for the
/// labels each was seen with; optimise; keep the best iteration on the dev set.
public struct SlotTaggerTrainer {
    public var options: SlotTaggerTrainingOptions
    /// Receives one line per iteration (for stderr).
    public var log: (String) -> Void

    public init(options: SlotTaggerTrainingOptions = SlotTaggerTrainingOptions(), log: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.log = log
    }

    /// What training did.
    public struct Report: Sendable {
        public var iterations: Int
        public var stop: String
        public var seconds: Double
        public var features: Int
        public var weights: Int
        /// Dev slot F1 of the kept model, when a dev set was given.
        public var devF1: Double?
        public var misalignedSlots: Int
    }

    /// Trains on `corpus`, early-stopping on `dev` when given.
    public func train(_ corpus: Corpus, dev: Corpus? = nil) -> (SlotTaggerModel, Report) {
        let start = Date()
        let tokenizer = Tokenizer()
        let dataset = SequenceDataset(corpus: corpus, tokenizer: tokenizer)
        let labels = dataset.labels
        let extractor = FeatureExtractor(configuration: options.features)

        // Vocabularies: one per fold for training utterances, the full one for the model.
        let entries = vocabularyEntries(corpus)
        let entityNames = uniqueInOrder(entries.schema.map(\.entity) + entries.spans.map(\.entity))
        let folds = options.vocabularyFolds
        let fold: (Int) -> Int = { index in folds > 1 ? Int(splitMix(self.options.seed &+ UInt64(index)) % UInt64(folds)) : 0 }
        let fullGazetteer = Gazetteer(entries: entries.schema + (folds > 0 ? entries.spans.map { ($0.entity, $0.phrase) } : []),
                                      entityNames: entityNames, tokenizer: tokenizer)
        let foldGazetteers: [Gazetteer] = folds > 1
            ? (0..<folds).map { k in
                Gazetteer(entries: entries.schema + entries.spans.filter { fold($0.utterance) != k }.map { ($0.entity, $0.phrase) },
                          entityNames: entityNames, tokenizer: tokenizer)
            }
            : [fullGazetteer]

        let intentNames = uniqueInOrder(corpus.schema.intents.map(\.name) + corpus.utterances.map(\.intent))
        var intentIndex = [String: Int]()
        for (index, name) in intentNames.enumerated() { intentIndex[name] = index }
        // Intent features need a predicted intent. Training utterances get it from classifiers
        // trained on the other folds (cross-fitting), so the tagger learns to trust predictions
        // as much as they deserve, not gold labels it will never see at parse time.
        let usesIntent = !options.features.templates.isDisjoint(with: [.intent, .intentConjunctions]) && intentNames.count > 1
        var predictedIntent = [Int?](repeating: nil, count: dataset.sequences.count)
        var classifier: IntentClassifierModel?
        if usesIntent {
            let intentExtractor = IntentFeatureExtractor()
            var scratch = [Gazetteer.Match]()
            func intentFeatures(_ tokens: TokenizedText, _ gazetteer: Gazetteer) -> [UInt64] {
                scratch.removeAll(keepingCapacity: true)
                gazetteer.matches(in: tokens, into: &scratch)
                var output = [UInt64]()
                intentExtractor.extract(tokens, matches: scratch, into: &output)
                return output
            }
            let classes = dataset.sequences.map { intentIndex[$0.intent]! }
            var trainer = IntentClassifierTrainer()
            trainer.threads = options.threads
            let classifierFolds = max(2, folds)
            let classifierFold: (Int) -> Int = { index in Int(splitMix(self.options.seed &+ 0x5EED &+ UInt64(index)) % UInt64(classifierFolds)) }
            let foldFeatures = dataset.sequences.enumerated().map { index, sequence in
                intentFeatures(sequence.tokens, folds > 1 ? foldGazetteers[fold(index)] : fullGazetteer)
            }
            var correct = 0
            // The fold classifiers only supply cross-fitted predictions; fewer iterations get
            // them within a fraction of a point of the final classifier at a third of the cost.
            var foldTrainer = trainer
            foldTrainer.maxIterations = 40
            for k in 0..<classifierFolds {
                let training = dataset.sequences.indices.filter { classifierFold($0) != k }
                let model = foldTrainer.train(features: training.map { foldFeatures[$0] }, classes: training.map { classes[$0] }, intents: intentNames)
                var probabilities = [Float]()
                for index in dataset.sequences.indices where classifierFold(index) == k {
                    predictedIntent[index] = model.predict(features: foldFeatures[index], scratch: &probabilities)
                    if predictedIntent[index] == classes[index] { correct += 1 }
                }
            }
            log(String(format: "intent classifier: %.2f%% out-of-fold accuracy on the training utterances", 100 * Double(correct) / Double(max(1, classes.count))))
            classifier = trainer.train(
                features: dataset.sequences.map { intentFeatures($0.tokens, fullGazetteer) }, classes: classes, intents: intentNames)
        }
        // Features → attribute ids (first-seen order, deterministic), with a frequency cutoff.
        // Pass 1: extract every feature hash once, into flat arrays, and count them.
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        var tokenHashes = [UInt64](), tokenHashOffsets: [Int] = [0]
        var sentenceHashes = [UInt64](), sentenceHashOffsets: [Int] = [0]
        var frequency = [UInt64: Int32]()
        for (index, sequence) in dataset.sequences.enumerated() {
            let gazetteer = folds > 1 ? foldGazetteers[fold(index)] : fullGazetteer
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: predictedIntent[index], into: &features, scratch: &matches)
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
        }
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

        // The dev set, through the same dictionary and the full vocabulary.
        let devData = dev.map { compile($0, labels: labels, extractor: extractor, gazetteer: fullGazetteer, attributeIDs: attributeIDs, tokenizer: tokenizer, classifier: classifier) }

        var parameters = [Double](repeating: 0, count: structure.parameterCount)
        var best: (f1: Double, parameters: [Double])?
        var sinceBest = 0
        var iterations = 0
        let stop: String
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
                var line = String(format: "iteration %3d  loss %.1f  |g| %.2f  evaluations %d", progress.iteration, progress.value, progress.gradientNorm, progress.evaluations)
                if let f1 { line += String(format: "  dev F1 %.2f", 100 * f1) }
                line += String(format: "  %.1f s", Date().timeIntervalSince(start))
                log(line)
                guard let f1 else { return true }
                if f1 > (best?.f1 ?? -1) {
                    best = (f1, Array(current))
                    sinceBest = 0
                } else {
                    sinceBest += 1
                }
                return sinceBest < options.patience
            }
            stop = result.rawValue
        case .perceptron:
            var perceptron = AveragedPerceptron(data: data, structure: structure, labels: labels, seed: options.seed)
            for epoch in 1...max(1, options.maxIterations) {
                let mistakes = perceptron.epoch()
                iterations = epoch
                let averaged = perceptron.averagedParameters()
                let f1 = evaluateDev(averaged)
                var line = String(format: "epoch %3d  mistakes %d", epoch, mistakes)
                if let f1 { line += String(format: "  dev F1 %.2f", 100 * f1) }
                line += String(format: "  %.1f s", Date().timeIntervalSince(start))
                log(line)
                parameters = averaged
                if mistakes == 0 { break }
                if let f1 {
                    if f1 > (best?.f1 ?? -1) {
                        best = (f1, averaged)
                        sinceBest = 0
                    } else {
                        sinceBest += 1
                        if sinceBest >= options.patience { break }
                    }
                }
            }
            stop = "epochs"
        }
        if let best { parameters = best.parameters }

        let model = makeModel(parameters: parameters, structure: structure, labels: labels, attributeHashes: attributeHashes,
                              gazetteer: fullGazetteer, classifier: classifier, corpus: corpus)
        let report = Report(
            iterations: iterations, stop: stop, seconds: Date().timeIntervalSince(start), features: model.attributes.count,
            weights: model.stateWeightCount, devF1: best?.f1, misalignedSlots: dataset.misalignedSlots)
        return (model, report)
    }

    /// Schema values and synonyms, and every training span with its utterance index.
    private func vocabularyEntries(_ corpus: Corpus) -> (schema: [(entity: String, phrase: String)], spans: [(entity: String, phrase: String, utterance: Int)]) {
        var schema = [(entity: String, phrase: String)]()
        for entity in corpus.schema.entities {
            for value in entity.values {
                for phrase in value.allPhrases { schema.append((entity.name, phrase)) }
            }
        }
        var entityOfSlot = [String: String]()
        for intent in corpus.schema.intents {
            for parameter in intent.parameters {
                if case .custom(let name) = parameter.entity, corpus.schema.entity(named: name).map({ !$0.values.isEmpty }) ?? false {
                    entityOfSlot[parameter.name] = name
                }
            }
        }
        var spans = [(entity: String, phrase: String, utterance: Int)]()
        if options.vocabularyFolds > 0 {
            for (index, utterance) in corpus.utterances.enumerated() {
                for slot in utterance.slots {
                    spans.append((entityOfSlot[slot.name] ?? slot.name, utterance.text(of: slot), index))
                }
            }
        }
        return (schema, spans)
    }

    private func compile(
        _ corpus: Corpus, labels: LabelSet, extractor: FeatureExtractor, gazetteer: Gazetteer,
        attributeIDs: [UInt64: Int32], tokenizer: Tokenizer, classifier: IntentClassifierModel?
    ) -> CompiledSequences {
        let dataset = SequenceDataset(corpus: corpus, tokenizer: tokenizer, labels: labels)
        var data = CompiledSequences()
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        let intentExtractor = IntentFeatureExtractor()
        var intentFeatures = [UInt64]()
        var probabilities = [Float]()
        for sequence in dataset.sequences {
            var intent: Int?
            if let classifier {
                matches.removeAll(keepingCapacity: true)
                gazetteer.matches(in: sequence.tokens, into: &matches)
                intentExtractor.extract(sequence.tokens, matches: matches, into: &intentFeatures)
                intent = classifier.predict(features: intentFeatures, scratch: &probabilities)
            }
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: intent, into: &features, scratch: &matches)
            let ids = (0..<features.tokenCount).map { token in features.features(of: token).compactMap { attributeIDs[$0] } }
            data.append(attributeIDs: ids, sentenceAttributeIDs: features.sentence.compactMap { attributeIDs[$0] }, labels: sequence.labels)
        }
        return data
    }

    /// Span F1 of Viterbi decoding `data` with `parameters`.
    static func slotF1(parameters: [Double], structure: CRFStructure, labels: LabelSet, data: CompiledSequences) -> Double {
        let L = structure.labelCount
        let weights = (0..<structure.stateCount).map { Float(parameters[$0]) }
        let transitions = (0..<(L * L)).map { Float(parameters[structure.transitionOffset + $0]) }
        var decoder = ViterbiDecoder(labels: labels, transitions: transitions)
        let longest = (0..<data.sentenceCount).map { data.tokens(ofSentence: $0).count }.max() ?? 0
        var scores = [Float](repeating: 0, count: longest * L)
        var path = [Int]()
        var result = SlotScores()
        data.withPointers { pointers in
            structure.withPointers { rows, stateLabels in
                weights.withUnsafeBufferPointer { weights in
                    scores.withUnsafeMutableBufferPointer { scores in
                        for sentence in 0..<data.sentenceCount {
                            let tokens = pointers.tokens(ofSentence: sentence)
                            guard !tokens.isEmpty else { continue }
                            stateScores(sentence: sentence, data: pointers, rows: rows, stateLabels: stateLabels, weights: weights, labelCount: L, into: scores)
                            decoder.decode(scores: UnsafeBufferPointer(scores), tokenCount: tokens.count, mask: nil, into: &path)
                            result.add(gold: tokens.map { labels.tag(Int(data.labels[$0])) }, predicted: path.map { labels.tag($0) })
                        }
                    }
                }
            }
        }
        return result.micro.f1
    }

    /// The runtime model: zero weights (OWL-QN makes many) and attributes left empty are dropped.
    private func makeModel(
        parameters: [Double], structure: CRFStructure, labels: LabelSet, attributeHashes: [UInt64],
        gazetteer: Gazetteer, classifier: IntentClassifierModel?, corpus: Corpus
    ) -> SlotTaggerModel {
        var keptHashes = [UInt64]()
        var rowOffsets: [Int32] = [0]
        var stateLabels = [UInt16]()
        var stateWeights = [Float]()
        for (attribute, hash) in attributeHashes.enumerated() {
            let start = stateLabels.count
            for k in Int(structure.rowOffsets[attribute])..<Int(structure.rowOffsets[attribute + 1]) {
                let weight = Float(parameters[k])
                if weight != 0 {
                    stateLabels.append(structure.stateLabels[k])
                    stateWeights.append(weight)
                }
            }
            if stateLabels.count > start {
                keptHashes.append(hash)
                rowOffsets.append(Int32(stateLabels.count))
            }
        }
        let L = labels.count
        let transitions = (0..<(L * L)).map { Float(parameters[structure.transitionOffset + $0]) }
        let provenance: [String: String] = [
            "algorithm": options.algorithm == .lbfgs ? (options.c1 > 0 ? "owl-qn" : "lbfgs") : "perceptron",
            "c1": String(options.c1), "c2": String(options.c2), "seed": String(options.seed),
            "maxIterations": String(options.maxIterations), "trainingUtterances": String(corpus.utterances.count),
            "intentkitModelFormat": "\(ModelFileFormat.majorVersion).\(ModelFileFormat.minorVersion)",
        ]
        // The parts are consistent by construction; a failure here is a bug, not bad input.
        return try! SlotTaggerModel(
            labels: labels, features: options.features, gazetteer: gazetteer, attributes: AttributeTable(hashes: keptHashes),
            rowOffsets: rowOffsets, stateLabels: stateLabels, stateWeights: stateWeights, transitions: transitions,
            intentClassifier: classifier, provenance: provenance)
    }
}

private func uniqueInOrder(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
}

/// SplitMix64's output function: a well-mixed hash of a seed (Steele et al. 2014).
func splitMix(_ seed: UInt64) -> UInt64 {
    var z = seed &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
