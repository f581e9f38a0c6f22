import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKit
@testable import IntentKitTraining

/// Requests for no intent: the out-of-scope class (from a corpus intent or generated noise), the
/// calibrated temperature and minimum confidence, and how a parse answers with them.
@Suite("Out of scope")
struct OutOfScopeTrainingTests {
    /// The payments and car domains of the default corpus with its out-of-scope utterances, and
    /// their dev and held-out utterances.
    static let corpora: (train: Corpus, dev: Corpus, test: Corpus) = {
        let train = load("assistant")
        let intents = Set(train.schema.domains.filter { ["payments", "car", "outOfScope"].contains($0.name) }.flatMap(\.intents).map(\.name))
        func only(_ corpus: Corpus) -> Corpus {
            var corpus = corpus
            corpus.utterances = corpus.utterances.filter { intents.contains($0.intent) }
            return corpus
        }
        return (only(train), only(load("assistant-dev")), only(load("assistant-test")))
    }()

    /// The corpus `Corpora/name` of the repository.
    private static func load(_ name: String) -> Corpus {
        try! CorpusFormat.load(at: ModelTrainerTests.repository.appendingPathComponent("Corpora/\(name)")).corpus
    }

    private static func options(noise: Double) -> TrainingOptions {
        var options = TrainingOptions()
        options.maxIterations = 30
        options.noiseFactor = noise
        return options
    }

    static let model = ModelTrainer(options: options(noise: 0)).train(corpora.train).0

    @Test func anOutOfScopeIntentBecomesTheClassOfNoIntent() throws {
        let calibration = try #require(Self.model.intentClassifier?.outOfScope)
        #expect(calibration.intent == "out_of_scope")
        #expect(calibration.temperature > 0.2 && calibration.temperature < 5)
        // The class alone would reject more than 1 % of the held-out folds' new phrasings; its
        // score is lowered until it rejects no more (with what is left for a minimum).
        #expect((calibration.falseRejectionRate ?? 1) <= 0.01)
        let parser = IntentParser(model: Self.model)
        #expect(parser.minimumConfidence == calibration.minimumConfidence)
        // Out-of-scope phrasings never seen in training; in-scope requests as training phrases
        // them (the calibration's promise is about requests like the training ones).
        let outside = Self.corpora.test.utterances.filter { $0.intent == "out_of_scope" }
        let inside = Self.corpora.dev.utterances.filter { $0.intent != "out_of_scope" }
        let caught = outside.filter { parser.parse($0.text).isOutOfScope }.count
        let rejected = inside.filter { parser.parse($0.text).isOutOfScope }.count
        #expect(Double(caught) >= 0.6 * Double(outside.count), "\(caught) of \(outside.count) out-of-scope utterances caught")
        #expect(Double(rejected) <= 0.05 * Double(inside.count), "\(rejected) of \(inside.count) in-scope utterances rejected")
    }

    @Test func aMinimumConfidenceIsCalibratedForTheRateAskedFor() throws {
        var options = Self.options(noise: 0)
        options.falseRejectionRate = 0.2
        // The folds' requests as written alone: counted with a word left out too, the rate
        // spreads over both (`onATemplatedCorpusTheBudgetCountsRequestsWithAWordLeftOut`).
        options.calibratesOnUnknownWords = false
        let model = ModelTrainer(options: options).train(Self.corpora.train).0
        let calibration = try #require(model.intentClassifier?.outOfScope)
        let threshold = try #require(calibration.minimumConfidence)
        #expect(threshold > 0 && threshold < 1)
        #expect(IntentParser(model: model).minimumConfidence == threshold)
        let rate = try #require(calibration.falseRejectionRate)
        #expect(rate > 0.15 && rate <= 0.2)
    }

    /// By default the minimum confidence is compared with the likeliest intent's probability; a
    /// model trained with `.twoLikeliestIntents` compares the two likeliest intents'
    /// probabilities summed, so a request torn between two intents stays in scope.
    @Test func aModelTrainedToSumTheTwoLikeliestIntentsKeepsATornRequestInScope() throws {
        var options = Self.options(noise: 0)
        options.confidenceMeasure = .twoLikeliestIntents
        let twoLikeliestModel = ModelTrainer(options: options).train(Self.corpora.train).0
        #expect(Self.model.intentClassifier?.outOfScope.confidenceMeasure == .likeliestIntent)
        #expect(twoLikeliestModel.intentClassifier?.outOfScope.confidenceMeasure == .twoLikeliestIntents)
        var twoLikeliest = IntentParser(model: twoLikeliestModel), likeliest = IntentParser(model: Self.model)
        var torn = 0
        for utterance in Self.corpora.test.utterances + Self.corpora.dev.utterances {
            twoLikeliest.minimumConfidence = nil
            let parse = twoLikeliest.parse(utterance.text, alternatives: 1)
            // (The two models differ in their minimum alone: the same weights, the same probabilities.)
            likeliest.minimumConfidence = nil
            #expect(likeliest.parse(utterance.text, alternatives: 1) == parse)
            guard let intent = parse.intent, let runnerUp = parse.alternatives.first else { continue }
            let top = max(parse.confidence, runnerUp.confidence), both = parse.confidence + runnerUp.confidence
            guard both - top > 0.1 else { continue }
            torn += 1
            twoLikeliest.minimumConfidence = (top + both) / 2
            likeliest.minimumConfidence = (top + both) / 2
            #expect(twoLikeliest.parse(utterance.text).intent == intent, "\(utterance.text): \(parse.confidence) and \(runnerUp.confidence)")
            #expect(likeliest.parse(utterance.text).isOutOfScope)
            // Above the pair's sum, both answer out of scope.
            twoLikeliest.minimumConfidence = both + 0.01
            #expect(twoLikeliest.parse(utterance.text).isOutOfScope)
        }
        #expect(torn >= 3, "\(torn) requests torn between two intents")
    }

    @Test func anOutOfScopeParseNamesNoIntentAndOffersTheLikeliestOnes() throws {
        var parser = IntentParser(model: Self.model)
        parser.minimumConfidence = nil
        let parse = parser.parse("tell me a joke about penguins", alternatives: 2)
        #expect(parse.isOutOfScope && parse.intent == nil && parse.slots.isEmpty)
        #expect(parse.alternatives.count == 3 && !parse.alternatives.contains { $0.intent == "out_of_scope" })
        #expect(parse.confidence == parse.alternatives.first?.confidence)
        #expect(zip(parse.alternatives, parse.alternatives.dropFirst()).allSatisfy { $0.confidence >= $1.confidence })
        // An in-scope request lists no out-of-scope alternative either.
        let request = parser.parse("send Buttercup 85 bucks on Unicorn Pay", alternatives: 20)
        #expect(request.intent == "SendPayment" && !request.isOutOfScope)
        #expect(!request.alternatives.contains { $0.intent == "out_of_scope" })
    }

    /// Three intents of eight requests each, as a first corpus is: too few held-out requests
    /// for a 1 % budget to spare one, so the out-of-scope class is lowered until it rejects none.
    static let smallCorpus: Corpus = {
        let phrasings: [(String, [String])] = [
            ("TurnOnLights", ["turn on the lights", "switch the light on", "lights on please", "can you turn the lights on",
                              "turn on the kitchen light", "put the lights on in the bedroom", "light up the living room", "switch on the lamp"]),
            ("TurnOffLights", ["turn off the lights", "switch the light off", "lights off please", "can you turn the lights off",
                               "turn off the kitchen light", "kill the lights in the bedroom", "switch off the lamp", "darken the living room"]),
            ("SetTemperature", ["set the temperature to 20 degrees", "make it warmer", "turn the heat up", "set the thermostat to 68",
                                "it's too cold in here", "lower the temperature", "make it cooler in the bedroom", "heat the house to 21"]),
        ]
        return Corpus(utterances: phrasings.flatMap { intent, texts in texts.map { Utterance(text: $0, intent: intent, slots: []) } })
    }()

    @Test func anUtteranceOfWordsTheModelNeverSawIsOutOfScope() throws {
        let model = ModelTrainer(options: Self.options(noise: 1)).train(Self.smallCorpus).0
        let classifier = try #require(model.intentClassifier)
        #expect(classifier.outOfScopeClass != nil)
        for minimum in [classifier.outOfScope.minimumConfidence, 0] {
            var parser = IntentParser(model: model)
            parser.minimumConfidence = minimum
            #expect(parser.parse("turn the lights on").intent == "TurnOnLights")
            // No word of these is the corpus's: the classifier's probabilities would be the
            // intents' priors, whose likeliest beats the lowered out-of-scope class.
            for text in ["asdf qwerty", "¿dónde está la biblioteca?", "xyzzy"] {
                let parse = parser.parse(text, alternatives: 1)
                #expect(parse.isOutOfScope && parse.intent == nil && parse.slots.isEmpty, "\(text)")
                #expect(parse.alternatives.count == 2 && !parse.alternatives.contains { $0.intent == "out_of_scope" }, "\(text)")
                #expect(parse.confidence == parse.alternatives.first?.confidence)
                // Priors are no confidence: a model never says "sure, and out of scope".
                #expect(parse.confidence == 0 && parse.alternatives.allSatisfy { $0.confidence == 0 }, "\(text)")
            }
        }
        // One known word is evidence: the classifier then weighs it, as it weighs any request.
        let intentClassifier = IntentClassifier(model: classifier, gazetteer: Gazetteer())
        var workspace = IntentClassifier.Workspace()
        _ = intentClassifier.classify(Tokenizer().tokenize("xyzzy lamp"), matches: [], sentenceVector: nil, workspace: &workspace)
        #expect(workspace.hasEvidence)
        _ = intentClassifier.classify(Tokenizer().tokenize("xyzzy plugh"), matches: [], sentenceVector: nil, workspace: &workspace)
        #expect(!workspace.hasEvidence)
    }

    @Test func generatedNoiseTeachesTheClassWhenTheCorpusHasNone() throws {
        var corpus = Self.corpora.train
        corpus.utterances.removeAll { $0.intent == "out_of_scope" }
        corpus.schema.domains.removeAll { $0.name == "outOfScope" }
        let withNoise = ModelTrainer(options: Self.options(noise: 1)).train(corpus).0
        #expect(withNoise.intentClassifier?.outOfScope.intent == "out_of_scope")
        #expect(withNoise.intentClassifier?.intents.last == "out_of_scope")
        // The class has no slots: the tagger may not fill any when it reads a request as it.
        #expect(withNoise.intentSlots["out_of_scope"] == [])
        let without = ModelTrainer(options: Self.options(noise: 0)).train(corpus).0
        #expect(without.intentClassifier?.outOfScope.intent == nil)
        #expect(without.intentClassifier?.intents.contains("out_of_scope") == false)
    }

    @Test func everydayRequestsThatShareAKeywordOfTheCorpusAreLeftOut() {
        let weather = ["what's the weather in Paris", "weather for tomorrow in Paris"]
        // Forty ways to ask for timers, one of them for a party: "party" is said in passing.
        let timers = ["set two kitchen timers", "set a timer for the party"] + (1...38).map { "set a timer for \($0) minutes" }
        let requests = ["will it rain in paris on friday", "start a timer for the pasta", "how many minutes are in a day",
                        "how do I get to the stadium", "play something for the party"]
        // "paris" and "timer" (as the plural "timers" reads too) are keywords, and "minute" of
        // 38 of 40 timers; "the", "in", "how" and "for" are everyone's.
        #expect(EverydayRequests.sharingNoKeyword(requests, with: [weather, timers]) == ["how do I get to the stadium", "play something for the party"])
        // In a small intent every word is a keyword.
        #expect(EverydayRequests.sharingNoKeyword(requests, with: [weather, Array(timers.prefix(3))]) == ["how do I get to the stadium"])
        #expect(EverydayRequests.words(of: "What's on TV, Bob?") == ["what's", "on", "tv", "bob"])
        #expect(!EverydayRequests.english.isEmpty && EverydayRequests.english.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
    }

    @Test func everydayRequestsAndNoiseAreInTheCorpusLanguage() {
        #expect(GeneralVocabulary.words(for: "fr-CA") == GeneralVocabulary.french)
        #expect(GeneralVocabulary.words(for: "de") == GeneralVocabulary.german && GeneralVocabulary.words(for: "es_MX") == GeneralVocabulary.spanish)
        #expect(GeneralVocabulary.words(for: "it") == GeneralVocabulary.words && GeneralVocabulary.words(for: nil) == GeneralVocabulary.words)
        for language in ["fr", "de", "es"] {
            let requests = EverydayRequests.requests(for: language)
            #expect(!requests.isEmpty && requests.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() }, "\(language)")
            #expect(Set(requests).isDisjoint(with: EverydayRequests.english))
        }
        #expect(EverydayRequests.requests(for: "it").isEmpty)
        // An elision ends at its apostrophe: "l'heure" shares "heure" with a corpus that says it.
        #expect(EverydayRequests.words(of: "L'heure qu'il est", language: "fr") == ["l", "heure", "qu", "il", "est"])
        let corpus = [["quelle heure est-il", "donne-moi l'heure", "heure de paris"]]
        #expect(EverydayRequests.sharingNoKeyword(["à quelle heure part le train", "raconte-moi une blague"], with: corpus, language: "fr")
                == ["raconte-moi une blague"])
        let noise = OutOfScopeNoise(corpusWordRate: 0, vocabulary: GeneralVocabulary.german).utterances(count: 20, corpusWords: [], lengths: [3], seed: 1)
        let german = Set(GeneralVocabulary.german)
        #expect(noise.allSatisfy { $0.split(separator: " ").allSatisfy { german.contains(String($0)) } }, "\(noise)")
    }

    @Test func everydayRequestsTeachTheClassWhenTheCorpusHasNone() throws {
        var corpus = Self.corpora.train
        corpus.utterances.removeAll { $0.intent == "out_of_scope" }
        corpus.schema.domains.removeAll { $0.name == "outOfScope" }
        let model = ModelTrainer(options: Self.options(noise: 1)).train(corpus).0
        let parser = IntentParser(model: model)
        // Requests for other apps written for this test, none of them in the everyday list.
        let elsewhere = ["is it going to be foggy in rome on friday", "tell me a joke about cats", "who directed the godfather",
                         "put on my running playlist", "how many teaspoons are in a cup", "read me the sports headlines"]
        let caught = elsewhere.filter { parser.parse($0).isOutOfScope }
        #expect(caught.count >= 4, "caught \(caught)")
        let inside = Self.corpora.dev.utterances.filter { $0.intent != "out_of_scope" }
        let rejected = inside.filter { parser.parse($0.text).isOutOfScope }.count
        #expect(Double(rejected) <= 0.05 * Double(inside.count), "\(rejected) of \(inside.count) in-scope utterances rejected")
    }

    @Test func intentRerankingNeverMovesARequestIntoOrOutOfTheClass() {
        // The tagger has no reading of "no intent" to weigh: the class's answers are the
        // classifier's alone, reranked or not.
        var reranked = IntentParser(model: Self.model), classifierOnly = reranked
        reranked.minimumConfidence = nil
        classifierOnly.minimumConfidence = nil
        classifierOnly.intentReranking = false
        let utterances = Self.corpora.test.utterances + Self.corpora.dev.utterances
        let differing = utterances.filter { reranked.parse($0.text).isOutOfScope != classifierOnly.parse($0.text).isOutOfScope }
        #expect(differing.isEmpty, "\(differing.map(\.text))")
        #expect(utterances.contains { reranked.parse($0.text).isOutOfScope })
    }

    @Test func theOutOfScopeIntentsNameIsAnOption() throws {
        var corpus = Self.corpora.train
        for index in corpus.utterances.indices where corpus.utterances[index].intent == "out_of_scope" {
            corpus.utterances[index].intent = "chitchat"
        }
        for d in corpus.schema.domains.indices {
            for i in corpus.schema.domains[d].intents.indices where corpus.schema.domains[d].intents[i].name == "out_of_scope" {
                corpus.schema.domains[d].intents[i].name = "chitchat"
            }
        }
        var options = Self.options(noise: 0)
        options.maxIterations = 5
        #expect(ModelTrainer(options: options).train(corpus).0.intentClassifier?.outOfScope.intent == nil)
        options.outOfScopeIntents = ["chitchat"]
        #expect(ModelTrainer(options: options).train(corpus).0.intentClassifier?.outOfScope.intent == "chitchat")
    }

    @Test func theCalibrationSurvivesTheModelFile() throws {
        let reread = try NLUModel(reading: ModelFileReader(bytes: Self.model.fileBytes(), name: "out of scope"))
        #expect(reread.intentClassifier?.outOfScope == Self.model.intentClassifier?.outOfScope)
        #expect(reread.intentClassifier == Self.model.intentClassifier)
    }

    @Test func noMinimumConfidenceIsCalibratedAtAZeroRate() {
        var options = Self.options(noise: 0)
        options.maxIterations = 5
        options.falseRejectionRate = 0
        #expect(ModelTrainer(options: options).train(Self.corpora.train).0.intentClassifier?.outOfScope.minimumConfidence == nil)
    }
}

@Suite("Phrasing folds")
struct PhrasingKeyTests {
    private func key(_ text: String, _ slots: [(String, Range<Int>)] = []) -> UInt64 {
        let utterance = Utterance(text: text, intent: "SendPayment", slots: slots.map { SlotAnnotation(name: $0.0, range: $0.1) })
        let dataset = SequenceDataset(corpus: Corpus(utterances: [utterance]))
        return Phrasings.key(of: dataset.sequences[0], labels: dataset.labels)
    }

    @Test func utterancesOfOnePhrasingShareAKeyWhateverTheirValues() {
        let pay = key("pay Buttercup 85 bucks", [("payee", 4..<13), ("amount", 14..<22)])
        #expect(key("Pay Twinkle Toes $12.50?", [("payee", 4..<16), ("amount", 17..<23)]) == pay)
        #expect(key("pay Buttercup 85 bucks.", [("payee", 4..<13), ("amount", 14..<22)]) == pay)
        // Another word, another slot, or the same words unannotated: another phrasing.
        #expect(key("send Buttercup 85 bucks", [("payee", 5..<14), ("amount", 15..<23)]) != pay)
        #expect(key("pay Buttercup 85 bucks", [("note", 4..<13), ("amount", 14..<22)]) != pay)
        #expect(key("pay Buttercup 85 bucks") != pay)
    }
}

@Suite("Requests with a word left out")
struct UnknownWordCalibrationTests {
    @Test func oneWordOutsideTheSlotsIsLeftOutWhicheverTheSeed() throws {
        let utterance = Utterance(
            text: "pay Buttercup 85 bucks for rainbow polish!", intent: "SendPayment",
            slots: [SlotAnnotation(name: "payee", range: 4..<13), SlotAnnotation(name: "amount", range: 14..<22)])
        let dataset = SequenceDataset(corpus: Corpus(utterances: [utterance]))
        var left = Set<String>()
        for seed in 0..<64 as Range<UInt64> {
            let tokens = try #require(WordDropout.withoutOneWord(dataset.sequences[0], labels: dataset.labels, tokenizer: Tokenizer(), seed: seed))
            let words = (0..<tokens.count).map { String(tokens.text(at: $0)) }
            let all = ["pay", "Buttercup", "85", "bucks", "for", "rainbow", "polish", "!"]
            #expect(words.count == all.count - 1)
            // The slots' words and the punctuation stay; exactly one word outside them goes.
            for kept in ["Buttercup", "85", "bucks", "!"] { #expect(words.contains(kept)) }
            left.formUnion(Set(all).subtracting(words))
        }
        #expect(left == ["pay", "for", "rainbow", "polish"])
        // A request of its slots alone, or of one word, has none to leave out.
        let slotsOnly = SequenceDataset(corpus: Corpus(utterances: [
            Utterance(text: "Buttercup!", intent: "SendPayment", slots: [SlotAnnotation(name: "payee", range: 0..<9)]),
            Utterance(text: "balance", intent: "CheckBalance"),
        ]))
        for sequence in slotsOnly.sequences {
            #expect(WordDropout.withoutOneWord(sequence, labels: slotsOnly.labels, tokenizer: Tokenizer(), seed: 1) == nil)
        }
    }

    @Test func aCorpusIsTemplatedWhenUnderATenthOfItsRequestsArePhrasedOnce() {
        // 30 requests in 10 phrasings of 3: templated; with 4 phrased once (13 %), not.
        let templated = (0..<30).map { UInt64($0 % 10) }
        #expect(Phrasings.isTemplated(phrasings: templated))
        #expect(!Phrasings.isTemplated(phrasings: templated + [100, 101, 102, 103]))
        #expect(Phrasings.isTemplated(phrasings: templated + [100, 101]))
        #expect(!Phrasings.isTemplated(phrasings: (0..<30).map(UInt64.init)))
        #expect(!Phrasings.isTemplated(phrasings: []))
    }

    @Test func onATemplatedCorpusTheBudgetCountsRequestsWithAWordLeftOut() throws {
        // The default corpus's payments and car domains are written from templates: by default
        // the calibration counts each held-out request with a word left out too, and turns
        // away fewer of the held-out file's new phrasings than the folds' requests alone would.
        var options = TrainingOptions()
        options.maxIterations = 30
        options.noiseFactor = 0
        options.calibratesOnUnknownWords = false
        let foldsAlone = ModelTrainer(options: options).train(OutOfScopeTrainingTests.corpora.train).0
        let inside = OutOfScopeTrainingTests.corpora.test.utterances.filter { $0.intent != "out_of_scope" }
        func rejected(_ model: NLUModel) -> Int {
            let parser = IntentParser(model: model)
            return inside.filter { parser.parse($0.text).isOutOfScope }.count
        }
        let withWordsLeftOut = rejected(OutOfScopeTrainingTests.model), alone = rejected(foldsAlone)
        #expect(withWordsLeftOut < alone, "\(withWordsLeftOut) and \(alone) of \(inside.count) held-out in-scope requests rejected")
        // Both keep the budget on the folds' requests as written.
        for model in [OutOfScopeTrainingTests.model, foldsAlone] {
            #expect(try #require(model.intentClassifier?.outOfScope.falseRejectionRate) <= 0.01)
        }
    }
}

@Suite("Confidence calibration")
struct ConfidenceCalibrationTests {
    @Test(arguments: [0.5, 1.0, 2.5])
    func temperatureScalingFindsTheTemperatureTheLabelsWereDrawnWith(temperature: Double) {
        // Scores z, labels drawn from softmax(z / T): the fit recovers T.
        var generator = SeededGenerator(seed: 7)
        var logProbabilities = [[Float]](), classes = [Int]()
        for _ in 0..<4000 {
            let scores = (0..<4).map { _ in Double.random(in: -3...3, using: &generator) }
            let normaliser = log(scores.map(exp).reduce(0, +))
            logProbabilities.append(scores.map { Float($0 - normaliser) })
            let tempered = scores.map { exp($0 / temperature) }
            var draw = Double.random(in: 0..<tempered.reduce(0, +), using: &generator)
            var label = 0
            while label < 3 && draw >= tempered[label] { draw -= tempered[label]; label += 1 }
            classes.append(label)
        }
        let fitted = ConfidenceCalibration.temperature(logProbabilities: logProbabilities, classes: classes)
        #expect(abs(fitted - temperature) / temperature < 0.1, "fitted \(fitted) for \(temperature)")
    }

    @Test func theMinimumConfidenceRejectsAtMostTheRate() {
        let confidences = (1...100).map { Double($0) / 100 }
        // 3 % of 100: the three lowest, cut between 0.03 and 0.04.
        let (threshold, rejected) = ConfidenceCalibration.minimumConfidence(confidences: confidences, rejectedOtherwise: 0, rate: 0.03)
        #expect(threshold == 0.035 && rejected == 0.03)
        // Rejections spent elsewhere count: 2 of the 3 are.
        let spent = ConfidenceCalibration.minimumConfidence(confidences: Array(confidences.dropFirst(2)), rejectedOtherwise: 2, rate: 0.03)
        #expect(spent.threshold == 0.035 && spent.rejected == 0.03)
        // All spent: no threshold.
        let none = ConfidenceCalibration.minimumConfidence(confidences: Array(confidences.dropFirst(5)), rejectedOtherwise: 5, rate: 0.03)
        #expect(none.threshold == nil && none.rejected == 0.05)
        // Ties are not split: the cut goes below them.
        let tied = ConfidenceCalibration.minimumConfidence(confidences: [0.1, 0.2, 0.2, 0.2] + Array(repeating: 0.9, count: 96), rejectedOtherwise: 0, rate: 0.02)
        #expect(abs((tied.threshold ?? 0) - 0.15) < 1e-12 && tied.rejected == 0.01)
    }

    @Test func theMinimumSimilarityKeepsTheBudgetOrTheLeastSeenOnASmallSample() {
        let similarities = (1...100).map { Double($0) / 100 }
        #expect(ConfidenceCalibration.minimumSimilarity(similarities, rejectedOtherwise: 0, rate: 0.03) == 0.035)
        // 43 held-out requests cannot hold one rejection in a hundred: the least seen, which rejects none.
        let few = Array(similarities[20..<63])
        #expect(ConfidenceCalibration.minimumSimilarity(few, rejectedOtherwise: 0, rate: 0.01) == 0.21)
        // Too few to say anything.
        #expect(ConfidenceCalibration.minimumSimilarity(Array(similarities.prefix(9)), rejectedOtherwise: 0, rate: 0.01) == nil)
    }

    @Test func theOutOfScopeClassIsLoweredUntilItRejectsAtMostTheRate() {
        // 100 in-scope requests; the class wins 5 of them (positive margins).
        let margins = [2.0, 1.5, 1.0, 0.5, 0.25] + (1...95).map { -Double($0) / 10 }
        // 2 % may stay rejected: the shift is the third largest margin, freeing it and those below.
        let shift = ConfidenceCalibration.outOfScopeShift(margins: margins, rate: 0.02)
        #expect(shift == 1.0)
        #expect(margins.filter { $0 - shift > 0 }.count == 2)
        // Within the budget already: no shift, never a raise.
        #expect(ConfidenceCalibration.outOfScopeShift(margins: margins, rate: 0.05) == 0)
        #expect(ConfidenceCalibration.outOfScopeShift(margins: margins, rate: 0.5) == 0)
        // Nothing may stay rejected: the largest margin goes.
        #expect(ConfidenceCalibration.outOfScopeShift(margins: margins, rate: 0) == 2.0)
        #expect(ConfidenceCalibration.outOfScopeShift(margins: [], rate: 0.01) == 0)
    }
}

@Suite("Out-of-scope noise")
struct OutOfScopeNoiseTests {
    @Test func drawsLengthsAndWordsAsAskedTheSameForTheSameSeed() {
        let noise = OutOfScopeNoise(corpusWordRate: 0.5)
        let corpusWords = ["zzpay", "zzride", "zzcall"]
        let first = noise.utterances(count: 200, corpusWords: corpusWords, lengths: [2, 3], seed: 1)
        #expect(first == noise.utterances(count: 200, corpusWords: corpusWords, lengths: [2, 3], seed: 1))
        #expect(first != noise.utterances(count: 200, corpusWords: corpusWords, lengths: [2, 3], seed: 2))
        let words = first.map { $0.split(separator: " ").map(String.init) }
        #expect(words.allSatisfy { [2, 3].contains($0.count) })
        let fromCorpus = words.joined().filter(corpusWords.contains).count, total = words.joined().count
        #expect(Double(fromCorpus) > 0.4 * Double(total) && Double(fromCorpus) < 0.6 * Double(total))
        #expect(words.joined().allSatisfy { corpusWords.contains($0) || GeneralVocabulary.words.contains($0) })
        #expect(OutOfScopeNoise(corpusWordRate: 0).utterances(count: 50, corpusWords: corpusWords, lengths: [4], seed: 1)
            .allSatisfy { $0.split(separator: " ").allSatisfy { !corpusWords.contains(String($0)) } })
    }
}
