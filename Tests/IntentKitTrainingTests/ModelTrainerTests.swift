import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// End to end on small data: train on part of the default corpus, tag held-out phrasings, write
/// and read the model file.
@Suite("Slot tagger training")
struct ModelTrainerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The payments and car domains of the default corpus, and their held-out utterances.
    static let corpora: (train: Corpus, test: Corpus) = {
        let train = try! CorpusFormat.load(at: repository.appendingPathComponent("Corpora/assistant")).corpus
        let test = try! CorpusFormat.load(at: repository.appendingPathComponent("Corpora/assistant-test")).corpus
        let intents = Set(train.schema.domains.filter { ["payments", "car"].contains($0.name) }.flatMap(\.intents).map(\.name))
        var small = train
        small.utterances = train.utterances.filter { intents.contains($0.intent) }
        var heldOut = test
        heldOut.utterances = test.utterances.filter { intents.contains($0.intent) }
        return (small, heldOut)
    }()

    private func options(_ algorithm: TrainingOptions.Algorithm) -> TrainingOptions {
        var options = TrainingOptions()
        options.algorithm = algorithm
        options.maxIterations = algorithm == .lbfgs ? 40 : 15
        return options
    }

    private func f1(_ model: NLUModel, on corpus: Corpus) -> Double {
        let tagger = SlotTagger(model: model)
        var workspace = tagger.makeWorkspace()
        var correct = 0, predicted = 0, gold = 0
        for utterance in corpus.utterances {
            let found = Set(tagger.tag(utterance.text, workspace: &workspace).map { "\($0.name)@\($0.range)" })
            let expected = Set(utterance.slots.map { "\($0.name)@\($0.range)" })
            correct += found.intersection(expected).count
            predicted += found.count
            gold += expected.count
        }
        let precision = Double(correct) / Double(max(predicted, 1)), recall = Double(correct) / Double(max(gold, 1))
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    @Test(arguments: [TrainingOptions.Algorithm.lbfgs, .perceptron])
    func learnsSlotsThatGeneraliseToNewPhrasings(algorithm: TrainingOptions.Algorithm) {
        let (model, report) = ModelTrainer(options: options(algorithm)).train(Self.corpora.train)
        #expect(report.iterations > 0)
        let score = f1(model, on: Self.corpora.test)
        #expect(score > 0.8, "held-out slot F1 \(score)")
    }

    /// The built-in entity template, a default, is kept in the model and learnt from, and a
    /// model trained without it records that: each generalises, and its features come from the
    /// extractor at parse time only when the model has the template.
    @Test func learnsWithAndWithoutBuiltinEntityFeatures() {
        var options = options(.lbfgs)
        #expect(options.features.templates.contains(.builtinEntities))
        let (model, _) = ModelTrainer(options: options).train(Self.corpora.train)
        #expect(model.features.templates.contains(.builtinEntities))
        #expect(f1(model, on: Self.corpora.test) > 0.8, "held-out slot F1 with the template")
        options.features.templates.remove(.builtinEntities)
        let (without, _) = ModelTrainer(options: options).train(Self.corpora.train)
        #expect(!without.features.templates.contains(.builtinEntities))
        #expect(f1(without, on: Self.corpora.test) > 0.8, "held-out slot F1 without the template")
    }

    /// With the known-words template (a default) the model's gazetteer lists every training
    /// token as a known word, and nothing else as one; without it, none.
    @Test func theModelKnowsTheTrainingWords() throws {
        var options = options(.lbfgs)
        options.maxIterations = 2
        #expect(options.features.templates.contains(.knownWords))
        let (model, _) = ModelTrainer(options: options).train(Self.corpora.train)
        let known = try #require(model.gazetteer.knownWordEntityID)
        let tokenizer = Tokenizer()
        func isKnown(_ text: String) -> [Bool] {
            let tokens = tokenizer.tokenize(text)
            var matches = [Gazetteer.Match]()
            model.gazetteer.matches(in: tokens, into: &matches)
            return (0..<tokens.count).map { token in matches.contains { $0.token == token && $0.entity == known } }
        }
        for utterance in Self.corpora.train.utterances.prefix(50) { #expect(isKnown(utterance.text).allSatisfy { $0 }, "\(utterance.text)") }
        #expect(isKnown("zorblax quibbleworth") == [false, false])

        options.features.templates.remove(.knownWords)
        let (without, _) = ModelTrainer(options: options).train(Self.corpora.train)
        #expect(without.gazetteer.knownWordEntityID == nil)
        #expect(without.gazetteer.phraseCount < model.gazetteer.phraseCount)
    }

    /// The perceptron trains without known words, whatever the templates say.
    @Test func thePerceptronTrainsWithoutKnownWords() {
        var options = options(.perceptron)
        options.maxIterations = 1
        let (model, _) = ModelTrainer(options: options).train(Self.corpora.train)
        #expect(model.gazetteer.knownWordEntityID == nil)
        #expect(!model.features.templates.contains(.knownWords))
    }

    /// Known-word dropout removes known-word matches of training utterances, at the rate asked
    /// and the same way for the same seed, and leaves every other match alone.
    @Test func knownWordDropoutRemovesOnlyKnownWordMatches() throws {
        let gazetteer = Gazetteer(
            entries: [(entity: "artist", phrase: "the beatles"), (entity: Gazetteer.knownWordEntity, phrase: "play"),
                      (entity: Gazetteer.knownWordEntity, phrase: "some"), (entity: Gazetteer.knownWordEntity, phrase: "by")],
            indexingWords: false)
        let known = try #require(gazetteer.knownWordEntityID)
        let tokens = Tokenizer().tokenize("play some songs by the beatles")
        func matches(dropout: Double, index: Int) -> [Gazetteer.Match] {
            var options = TrainingOptions()
            options.knownWordsDropout = dropout
            var matches = [Gazetteer.Match]()
            ModelTrainer(options: options).trainingMatches(tokens, gazetteer: gazetteer, index: index, into: &matches)
            return matches
        }
        let all = matches(dropout: 0, index: 0)
        #expect(all.filter { $0.entity == known }.map(\.token) == [0, 1, 3])
        #expect(matches(dropout: 1, index: 0) == all.filter { $0.entity != known })
        #expect(matches(dropout: 1, index: 0).contains { $0.entity != known })
        var dropped = 0
        for index in 0..<200 {
            let some = matches(dropout: 0.5, index: index)
            #expect(some == matches(dropout: 0.5, index: index))
            dropped += 3 - some.filter { $0.entity == known }.count
        }
        #expect((200...400).contains(dropped), "about half of 600 known-word matches dropped: \(dropped)")
    }

    @Test func bilouLabelsTrainTagAndSurviveTheModelFile() throws {
        var bilou = options(.lbfgs)
        bilou.labelScheme = .bilou
        let (model, _) = ModelTrainer(options: bilou).train(Self.corpora.train)
        #expect(model.labels.scheme == .bilou)
        #expect(model.labels.count == 1 + 4 * model.labels.slotNames.count)
        let score = f1(model, on: Self.corpora.test)
        #expect(score > 0.8, "held-out slot F1 \(score)")
        let reread = try NLUModel(reading: ModelFileReader(bytes: model.fileBytes(), name: "bilou"))
        #expect(reread.labels == model.labels)
    }

    @Test func calibratesTheIntentClassifierOnTheDevSet() {
        var calibrating = options(.lbfgs)
        calibrating.maxIterations = 5
        calibrating.calibrateIntents = true
        var lines = [String]()
        let (calibrated, _) = ModelTrainer(options: calibrating) { lines.append($0.description) }.train(Self.corpora.train, dev: Self.corpora.test)
        calibrating.calibrateIntents = false
        let (plain, _) = ModelTrainer(options: calibrating).train(Self.corpora.train, dev: Self.corpora.test)
        #expect(lines.contains { $0.contains("bias offsets fitted on \(Self.corpora.test.utterances.count) dev utterances") })
        let offsets = zip(calibrated.intentClassifier!.storage.biases, plain.intentClassifier!.storage.biases).map { $0 - $1 }
        #expect(offsets.contains { $0 != 0 })
        #expect(calibrated.intentClassifier!.storage.weights == plain.intentClassifier!.storage.weights)
    }

    @Test func pruningDropsSmallWeightsOfBothModels() throws {
        var keepAll = options(.lbfgs)
        keepAll.pruneBelow = 0
        var pruning = keepAll
        pruning.pruneBelow = 0.05
        let (full, _) = ModelTrainer(options: keepAll).train(Self.corpora.train)
        let (pruned, _) = ModelTrainer(options: pruning).train(Self.corpora.train)
        #expect(pruned.stateWeightCount < full.stateWeightCount)
        #expect(pruned.storage.stateWeights.allSatisfy { abs($0) >= 0.05 })
        #expect(pruned.storage.transitions == full.storage.transitions)
        let (fullClassifier, prunedClassifier) = (try #require(full.intentClassifier), try #require(pruned.intentClassifier))
        #expect(prunedClassifier.attributes.count < fullClassifier.attributes.count)
        #expect(f1(pruned, on: Self.corpora.test) > 0.8)
    }

    /// (Without the user-vocabulary template: its second stage adds the same small block of
    /// L2-regularised weights to both models.)
    @Test func elasticNetMakesASmallerModel() {
        var base = options(.lbfgs)
        base.features.templates.remove(.userVocabulary)
        var sparse = base
        sparse.c1 = 0.5
        let (dense, _) = ModelTrainer(options: base).train(Self.corpora.train)
        let (compact, _) = ModelTrainer(options: sparse).train(Self.corpora.train)
        #expect(compact.stateWeightCount < dense.stateWeightCount / 2)
        #expect(compact.provenance["algorithm"] == "owl-qn")
    }

    @Test func theSameSeedGivesAByteIdenticalModel() throws {
        var twoThreads = options(.lbfgs)
        twoThreads.maxIterations = 10
        let first = try ModelTrainer(options: twoThreads).train(Self.corpora.train).0.fileBytes()
        let second = try ModelTrainer(options: twoThreads).train(Self.corpora.train).0.fileBytes()
        #expect(first == second)
    }

    @Test func theThreadCountDoesNotChangeTheModel() throws {
        var models = [[UInt8]]()
        for threads in [1, 2, 5] {
            var options = options(.lbfgs)
            options.maxIterations = 10
            options.threads = threads
            models.append(try ModelTrainer(options: options).train(Self.corpora.train).0.fileBytes())
        }
        #expect(models[0] == models[1] && models[1] == models[2])
    }

    @Test func stopsWhenAskedAndKeepsTheBestIterationSoFar() {
        final class Calls: @unchecked Sendable { var count = 0 }
        for algorithm in [TrainingOptions.Algorithm.lbfgs, .perceptron] {
            let calls = Calls()
            var trainer = ModelTrainer(options: options(algorithm))
            trainer.shouldStop = {
                calls.count += 1
                return calls.count >= 3
            }
            let (_, report) = trainer.train(Self.corpora.train, dev: Self.corpora.test)
            #expect(report.stop == "interrupted" && report.iterations == 3, "\(algorithm): \(report.stop) after \(report.iterations)")
            #expect((1...3).contains(report.keptIteration))
        }
    }

    @Test func earlyStopsOnADevSetAndKeepsTheBestIteration() {
        var options = options(.lbfgs)
        options.patience = 3
        options.maxIterations = 200
        var lines = [String]()
        let (_, report) = ModelTrainer(options: options) { lines.append($0.description) }.train(Self.corpora.train, dev: Self.corpora.test)
        #expect(report.devF1 != nil)
        #expect(lines.contains { $0.contains("dev slot F1") })
        #expect(report.stop == "stoppedByCaller" || report.stop == "converged")
    }

    /// A lone lucky iterate outranks the plateau after it by its own dev F1, not by the mean of
    /// a window; patience counts from the best window.
    @Test func earlyStoppingKeepsAPlateauOverALuckyIterate() {
        let f1s = [0.90, 0.93, 0.94, 0.952, 0.96, 0.945, 0.950, 0.955, 0.956, 0.957, 0.957, 0.958, 0.956, 0.955]
        func kept(window: Int, patience: Int = 100) -> (iteration: Int, f1: Double, stoppedAfter: Int) {
            var stopping = CRFTrainer.EarlyStopping(window: window)
            var last = 0
            for (offset, f1) in f1s.enumerated() {
                last = offset + 1
                _ = stopping.record(f1, iteration: last)
                if stopping.sinceBest >= patience { break }
            }
            return (stopping.best!.iteration, stopping.best!.f1, last)
        }
        #expect(kept(window: 1).iteration == 5 && kept(window: 1).f1 == 0.96)
        // Means of three: 0.9523 at iteration 6, 0.9573 at 12, the best.
        #expect(kept(window: 3).iteration == 12 && kept(window: 3).f1 == 0.958)
        // Iteration by iteration, 6, 7 and 8 fall short of 5 and patience 3 ends it there; the
        // means rise again at 9 and run on to the plateau.
        #expect(kept(window: 1, patience: 3).stoppedAfter == 8)
        let smoothed = kept(window: 3, patience: 3)
        #expect(smoothed.iteration == 12 && smoothed.stoppedAfter == f1s.count)
    }

    @Test func modelFilesRoundTripAndRefuseDamage() throws {
        var quick = options(.lbfgs)
        quick.maxIterations = 5
        let (model, _) = ModelTrainer(options: quick).train(Self.corpora.train)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("tagger.model")
        try model.write(to: url)
        try model.write(to: url)  // replacing an existing file works too
        let reread = try NLUModel(contentsOf: url)
        #expect(reread == model)
        #expect(reread.provenance == model.provenance)

        let bytes = try model.fileBytes()
        let damagedURL = directory.appendingPathComponent("damaged.model")
        /// The error from reading `damaged` in memory; loading it from a file (checksum and
        /// decoding on two threads) must refuse it the same way.
        func refuses(_ damaged: [UInt8]) -> ModelError? {
            var inMemory: ModelError?
            do {
                _ = try NLUModel(reading: ModelFileReader(bytes: damaged, name: "damaged"))
            } catch {
                inMemory = error
            }
            var fromFile: ModelError?
            do {
                try Data(damaged).write(to: damagedURL)
                _ = try NLUModel(contentsOf: damagedURL)
            } catch let error as ModelError {
                fromFile = error
            } catch {
                Issue.record("cannot write \(damagedURL.path): \(error)")
            }
            #expect(inMemory?.description == fromFile?.description.replacingOccurrences(of: damagedURL.path, with: "damaged"))
            return inMemory
        }
        if case .truncated = refuses(Array(bytes.prefix(bytes.count / 2))) {} else { Issue.record("truncation not detected") }
        if case .truncated = refuses(Array(bytes.prefix(10))) {} else { Issue.record("a stub file not detected") }
        var flipped = bytes
        flipped[bytes.count - 5] ^= 0x40
        if case .checksumMismatch = refuses(flipped) {} else { Issue.record("a flipped bit not detected") }
        var wrongMagic = bytes
        wrongMagic[0] = UInt8(ascii: "X")
        if case .notAModel = refuses(wrongMagic) {} else { Issue.record("wrong magic not detected") }
        var future = bytes
        future[8] = 9
        if case .unsupportedVersion = refuses(future) {} else { Issue.record("a future major version not detected") }
        #expect(refuses([]) != nil)
        // A well-formed container whose contents contradict each other (valid checksum).
        let reader = try ModelFileReader(bytes: bytes, name: "model")
        func replacing(_ replaced: ModelFileFormat.Tag, with write: (inout ModelFileWriter) -> Void) throws -> [UInt8] {
            var writer = ModelFileWriter()
            for tag in ModelFileFormat.Tag.allCases where reader.has(tag) {
                if tag == replaced { write(&writer) } else { writer.add(tag, bytes: Array(try reader.data(tag))) }
            }
            return writer.bytes()
        }
        let badRows = try replacing(.rowOffsets) { $0.add(.rowOffsets, integers: [Int32](repeating: 7, count: model.attributes.count + 1)) }
        if case .inconsistent = refuses(badRows) {} else { Issue.record("inconsistent rows not detected") }
        let hashes = model.attributes.hashesInIDOrder
        let repeated = try replacing(.attributeKeys) { $0.add(.attributeKeys, integers: [hashes[1]] + hashes.dropFirst()) }
        if case .inconsistent = refuses(repeated) {} else { Issue.record("a repeated feature hash not detected") }
        let short = try replacing(.attributeKeys) { $0.add(.attributeKeys, integers: Array(hashes.dropLast())) }
        if case .inconsistent = refuses(short) {} else { Issue.record("a missing feature hash not detected") }
        // Sizes in the metadata that the reader would loop or multiply by.
        func withFeatures(_ key: String, _ value: Int) throws -> [UInt8] {
            try ModelFileEditing.changingMetadata(of: bytes) { metadata in
                var features = metadata["features"] as? [String: Any] ?? [:]
                features[key] = value
                metadata["features"] = features
            }
        }
        for value in [-1, FeatureConfiguration.maximumWindow + 1, 1 << 62] {
            #expect(refuses(try withFeatures("window", value)) == .inconsistent("the tagger's word window \(value) is outside 0...\(FeatureConfiguration.maximumWindow)"))
        }
        for value in [-1, FeatureConfiguration.maximumAffixLength + 1] {
            #expect(refuses(try withFeatures("affixLength", value)) == .inconsistent("the tagger's affix length \(value) is outside 0...\(FeatureConfiguration.maximumAffixLength)"))
        }
        let noPhraseLength = try ModelFileEditing.changingMetadata(of: bytes) { $0["gazetteerMaxPhraseLength"] = 0 }
        #expect(model.gazetteer.maxPhraseLength > 0 && refuses(noPhraseLength) == .inconsistent("the vocabulary section is malformed"))
        let intents = try #require(model.intentClassifier?.intents)
        try #require(intents.count > 1)
        let twice = try ModelFileEditing.changingMetadata(of: bytes) { $0["intents"] = [intents[0]] + intents.dropFirst().dropFirst() + [intents[0]] }
        #expect(refuses(twice) == .inconsistent("the intent classifier names an intent twice"))
        // Random garbage of every small size never crashes the reader.
        var generator = SplitMix64(seed: 3)
        for length in stride(from: 0, to: 400, by: 7) {
            var garbage = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if length >= 8 { garbage.replaceSubrange(0..<8, with: ModelFileFormat.magic) }
            #expect(refuses(garbage) != nil)
        }
    }
}
