import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// How training teaches the tagger to trust a user's vocabulary: simulated vocabularies, and a
/// second stage that moves only their weights.
@Suite("User vocabulary training")
struct UserVocabularyTrainingTests {
    let corpus = Corpus(utterances: [
        Utterance(text: "play abbey road by the beatles", intent: "PlayMusic",
                  slots: [SlotAnnotation(name: "album", range: 5..<15), SlotAnnotation(name: "artist", range: 19..<30)]),
        Utterance(text: "play thriller", intent: "PlayMusic", slots: [SlotAnnotation(name: "album", range: 5..<13)]),
    ])

    private func simulation(rate: Double, noise: Double) -> (SequenceDataset, ModelTrainer.UserVocabularySimulation, Gazetteer) {
        let dataset = SequenceDataset(corpus: corpus, tokenizer: Tokenizer(), scheme: .bio)
        let gazetteer = Gazetteer(entries: [(entity: "album", phrase: "abbey road"), (entity: "artist", phrase: "the beatles")], indexingWords: true)
        var options = TrainingOptions()
        options.userVocabularyRate = rate
        options.userVocabularyNoise = noise
        let simulation = ModelTrainer.UserVocabularySimulation(
            gazetteer: gazetteer, slotNames: dataset.labels.slotNames, entityOfSlot: [:], options: options)
        return (dataset, simulation, gazetteer)
    }

    @Test func everySlotIsMatchedAtRateOneAndNoneAtZero() throws {
        let (dataset, simulation, gazetteer) = simulation(rate: 1, noise: 0)
        let trainer = ModelTrainer()
        let (matches, values) = trainer.simulatedUserMatches(dataset.sequences[0], index: 0, labels: dataset.labels, simulation: simulation)
        #expect(values == [1..<3, 4..<6])
        let offset = gazetteer.entityNames.count
        let album = try #require(gazetteer.entityNames.firstIndex(of: "album")) + offset
        let artist = try #require(gazetteer.entityNames.firstIndex(of: "artist")) + offset
        let albumFirst = try #require(gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("album", .first))) + offset
        // "play abbey road by the beatles": album = tokens 1-2, artist = tokens 4-5.
        for expected in [Gazetteer.Match(token: 1, entity: album, position: .begin), Gazetteer.Match(token: 2, entity: album, position: .last),
                         Gazetteer.Match(token: 4, entity: artist, position: .begin), Gazetteer.Match(token: 1, entity: albumFirst, position: .unit)] {
            #expect(matches.contains(expected))
        }
        #expect(matches.allSatisfy { $0.entity >= offset }, "numbered after the gazetteer's own entities")
        #expect(!matches.contains { $0.token == 0 || $0.token == 3 })
        let none = self.simulation(rate: 0, noise: 0)
        #expect(trainer.simulatedUserMatches(none.0.sequences[0], index: 0, labels: none.0.labels, simulation: none.1).matches.isEmpty)
    }

    @Test func theSameSeedDrawsTheSameVocabulary() {
        let (dataset, simulation, _) = simulation(rate: 0.5, noise: 0.5)
        let trainer = ModelTrainer()
        for index in 0..<2 {
            let first = trainer.simulatedUserMatches(dataset.sequences[index], index: index, labels: dataset.labels, simulation: simulation)
            let second = trainer.simulatedUserMatches(dataset.sequences[index], index: index, labels: dataset.labels, simulation: simulation)
            #expect(first.matches == second.matches && first.values == second.values)
        }
    }

    /// Values made unseen keep their tokens and the words around them; only the letters of
    /// their long words move, the same way for the same seed.
    @Test func unseenRewritesShuffleOnlyTheLongWordsOfMatchedValues() throws {
        let (dataset, simulation, gazetteer) = simulation(rate: 1, noise: 0)
        var options = TrainingOptions()
        options.userVocabularyUnseenRate = 1
        let unseenSimulation = ModelTrainer.UserVocabularySimulation(
            gazetteer: gazetteer, slotNames: dataset.labels.slotNames, entityOfSlot: [:], options: options)
        let trainer = ModelTrainer(), tokenizer = Tokenizer()
        let sequence = dataset.sequences[0]  // "play abbey road by the beatles"
        let rewritten = try #require(trainer.unseenRewrite(sequence.tokens, values: [1..<3, 4..<6], index: 0, simulation: unseenSimulation, tokenizer: tokenizer))
        #expect(rewritten.count == sequence.tokens.count)
        for token in [0, 3, 4] { #expect(rewritten.text(at: token) == sequence.tokens.text(at: token), "token \(token) kept") }
        for token in [1, 2, 5] {
            #expect(rewritten.text(at: token).sorted() == sequence.tokens.text(at: token).sorted(), "token \(token): the same letters")
        }
        #expect([1, 2, 5].contains { rewritten.text(at: $0) != sequence.tokens.text(at: $0) })
        let again = try #require(trainer.unseenRewrite(sequence.tokens, values: [1..<3, 4..<6], index: 0, simulation: unseenSimulation, tokenizer: tokenizer))
        #expect(again.text == rewritten.text)
        // Rate 0 (the simulation above) and short words only rewrite nothing.
        #expect(trainer.unseenRewrite(sequence.tokens, values: [1..<3], index: 0, simulation: simulation, tokenizer: tokenizer) == nil)
        #expect(trainer.unseenRewrite(sequence.tokens, values: [3..<5], index: 0, simulation: unseenSimulation, tokenizer: tokenizer) == nil)
    }

    /// The second stage moves the free weights and leaves every other weight bit for bit.
    @Test func aFrozenObjectiveMovesOnlyTheFreeWeights() {
        var data = CompiledSequences()
        data.append(attributeIDs: [[0, 1], [2], [3, 0]], labels: [0, 1, 2])
        data.append(attributeIDs: [[1], [2, 3]], labels: [1, 0])
        let structure = CRFStructure(labelCount: 3, rowOffsets: [0, 2, 4, 7, 8], stateLabels: [0, 2, 0, 1, 0, 1, 2, 2])
        var objective = FrozenObjective(base: CRFObjective(data: data, structure: structure, l2: 0.1, threads: 1), free: 4..<8)
        var parameters = (0..<structure.parameterCount).map { Double($0 % 5) / 10 - 0.2 }
        let before = parameters
        var settings = LBFGS.Settings()
        settings.maxIterations = 20
        _ = LBFGS(settings: settings).minimize(&objective, parameters: &parameters) { _, _ in true }
        for index in parameters.indices where !(4..<8).contains(index) { #expect(parameters[index] == before[index], "weight \(index) moved") }
        #expect((4..<8).contains { parameters[$0] != before[$0] })
    }

    /// Without a user vocabulary, a model trained with the template tags as one trained without
    /// it: the first stage is the same training, the second moves only weights no match fires.
    @Test func withoutAVocabularyTheModelTagsAsWithoutTheTemplate() {
        var options = TrainingOptions()
        options.maxIterations = 30
        let with = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        options.features.templates.remove(.userVocabulary)
        let without = ModelTrainer(options: options).train(ModelTrainerTests.corpora.train).0
        #expect(with.attributes.count > without.attributes.count, "the user-vocabulary weights are in the model")
        let (withParser, withoutParser) = (IntentParser(model: with), IntentParser(model: without))
        for utterance in ModelTrainerTests.corpora.test.utterances {
            let a = withParser.parse(utterance.text, reference: ModelWritingTests.reference)
            let b = withoutParser.parse(utterance.text, reference: ModelWritingTests.reference)
            #expect(a.intent == b.intent && a.slots.map(\.range) == b.slots.map(\.range) && a.slots.map(\.name) == b.slots.map(\.name), "\(utterance.text)")
        }
    }
}
