import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("Interchange formats")
struct InterchangeFormatTests {
    /// Reads `fixture`, writes it as `format` and reads that back: the corpus must not change.
    private func roundTrip(_ fixture: String, through format: CorpusFormat, fileName: String) throws -> Corpus {
        let original = try CorpusFormat.load(at: FixturePaths.fixture(fixture)).corpus
        let directory = try FixturePaths.temporaryDirectory()
        let output = directory.appendingPathComponent(fileName)
        try format.write(original, to: output)
        #expect(try CorpusFormat.detect(at: output) == format)
        let reread = try CorpusFormat.load(at: output).corpus
        #expect(reread.utterances == original.utterances)
        #expect(reread.schema.intents == original.schema.intents)
        #expect(reread.schema.entities == original.schema.entities)
        return original
    }

    @Test func detectsEachFixturesFormat() throws {
        let expected: [(String, CorpusFormat)] = [
            ("payments.yaml", .yaml), ("rasa.json", .rasaJSON), ("rasa.yml", .rasaYAML), ("sample.conll", .conll),
            ("bio", .bio), ("AppIntentVocabulary.plist", .appIntentVocabulary), ("snips-dataset.json", .snips),
        ]
        for (name, format) in expected {
            #expect(try CorpusFormat.detect(at: FixturePaths.fixture(name)) == format, "\(name)")
        }
    }

    @Test func readsRasaJSONWithSynonymsAndLookupTables() throws {
        let corpus = try roundTrip("rasa.json", through: .rasaJSON, fileName: "rasa.json")
        #expect(corpus.intentNames == ["SendPayment", "CheckBalance"])
        let nestEgg = corpus.utterances[1]
        #expect(nestEgg.slots == [SlotAnnotation(name: "account", range: 13..<21, value: "NestEgg")])
        #expect(corpus.utterances[2].text == "Música for Celestra 🍕")
        #expect(corpus.utterances[2].slots.map { corpus.utterances[2].text(of: $0) } == ["Celestra"])
        #expect(corpus.schema.entity(named: "account")?.values == [
            EntityValue(phrase: "NestEgg", synonyms: ["nest egg", "my nest egg"]), EntityValue(phrase: "Rainy Day Fund"),
        ])
    }

    @Test func readsRasaYAMLLikeTheEquivalentJSON() throws {
        let yaml = try roundTrip("rasa.yml", through: .rasaYAML, fileName: "nlu.yml")
        let json = try CorpusFormat.load(at: FixturePaths.fixture("rasa.json")).corpus
        #expect(yaml.schema.entities == json.schema.entities)
        #expect(yaml.utterances.map(\.intent).sorted() == json.utterances.map(\.intent).sorted())
        #expect(yaml.utterances.first { $0.intent == "CheckBalance" }?.slots == [SlotAnnotation(name: "account", range: 13..<21, value: "NestEgg")])
        // The regex item has no place in IntentKit: skipped, and said so where it stands.
        let loaded = try CorpusFormat.load(at: FixturePaths.fixture("rasa.yml"))
        #expect(loaded.diagnostics.map(\.description) == [
            FixturePaths.fixture("rasa.yml").path + ":19:3: warning: regex 'account_number' is not imported: IntentKit learns patterns from annotated examples",
        ])
    }

    /// Many regexes (HWU64's Rasa file has 67) are one warning, at the first, naming a few.
    @Test func rasaRegexesAreOneWarningHoweverMany() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("nlu.json")
        let regexes = (0..<5).map { #"{"name": "key_\#($0)", "pattern": "k\#($0)"}"# }.joined(separator: ",\n      ")
        try Data("""
            {"rasa_nlu_data": {
              "common_examples": [{"text": "wake me up", "intent": "alarm", "entities": []}],
              "regex_features": [
                  \(regexes)
              ]
            }}
            """.utf8).write(to: file)
        let loaded = try CorpusFormat.load(at: file)
        #expect(loaded.diagnostics.map(\.description) == [
            file.path + ":4:7: warning: 5 regexes are not imported ('key_0', 'key_1', 'key_2' and 2 more): IntentKit learns patterns from annotated examples",
        ])
    }

    /// Rasa's roles and groups become part of the slot name and are written back, both formats.
    @Test func rasaRolesAndGroupsSurviveThroughSlotNames() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let yaml = directory.appendingPathComponent("nlu.yml")
        try Data("""
            version: "3.1"
            nlu:
            - intent: BookFlight
              examples: |
                - fly from [Berlin]{"entity": "city", "role": "departure"} to [Paris]{"entity": "city", "role": "destination"}
                - a [large]{"entity": "size", "group": "1"} pizza and a [small]{"entity": "size", "group": 2, "value": "S"} one
            """.utf8).write(to: yaml)
        let loaded = try CorpusFormat.load(at: yaml)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.corpus.utterances.map { $0.slots.map(\.name) } == [["city.departure", "city.destination"], ["size#1", "size#2"]])
        #expect(loaded.corpus.utterances[1].slots[1].value == "S")
        for format in [CorpusFormat.rasaYAML, .rasaJSON] {
            let output = directory.appendingPathComponent("out-\(format.rawValue)")
            try format.write(loaded.corpus, to: output)
            let written = try String(contentsOf: output, encoding: .utf8)
            #expect(written.contains(#""role": "departure""#) && written.contains(#""group": "2""#), "\(written)")
            let reread = try CorpusFormat.load(at: output, format: format).corpus
            #expect(reread.utterances == loaded.corpus.utterances.map { Utterance(text: $0.text, intent: $0.intent, slots: $0.slots) }
                    || reread.utterances.map(\.slots) == loaded.corpus.utterances.map(\.slots), "\(format)")
        }
        #expect(RasaEntityName.parts(of: "city.departure#2") == ("city", "departure", "2"))
        #expect(RasaEntityName.parts(of: "payee") == ("payee", nil, nil))
    }

    @Test func readsCoNLLColumns() throws {
        let corpus = try roundTrip("sample.conll", through: .conll, fileName: "sample.conll")
        #expect(corpus.utterances == [
            Utterance(text: "send Buttercup 85 bucks", intent: "SendPayment",
                      slots: [SlotAnnotation(name: "payee", range: 5..<14), SlotAnnotation(name: "amount", range: 15..<23)]),
            Utterance(text: "balance of nest egg", intent: "CheckBalance", slots: [SlotAnnotation(name: "account", range: 11..<19)]),
        ])
    }

    @Test func readsBIODirectoriesAndWritesThemBackUnchanged() throws {
        let corpus = try roundTrip("bio", through: .bio, fileName: "bio")
        #expect(corpus.utterances.map(\.text) == ["send buttercup 85 bucks", "balance of nest egg", "play música 🍕"])
        #expect(corpus.utterances[2].slots == [SlotAnnotation(name: "playlist", range: 5..<13)])
        let directory = try FixturePaths.temporaryDirectory()
        try CorpusFormat.bio.write(corpus, to: directory)
        for name in ["seq.in", "seq.out", "label"] {
            let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let original = try String(contentsOf: FixturePaths.fixture("bio/\(name)"), encoding: .utf8)
            #expect(written.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    == original.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    @Test func splitsTokensAtSlotBoundariesWhenWritingBIO() {
        let utterance = Utterance(text: "pay $85bucks now", intent: "SendPayment",
                                  slots: [SlotAnnotation(name: "amount", range: 5..<7)])
        #expect(BIOTagging.tokens(of: utterance).map(\.tag) == ["O", "O", "B-amount", "O", "O"])
        #expect(BIOTagging.tokens(of: utterance).map(\.range) == [0..<3, 4..<5, 5..<7, 7..<12, 13..<16])
    }

    @Test func readsBIOTagsLikeConlleval() throws {
        // An I- with no B- opens a span; a change of type opens another.
        let slots = try BIOTagging.slots(tags: ["I-a", "I-a", "B-a", "I-b", "O", "I-b"],
                                         tokenRanges: [0..<1, 2..<3, 4..<5, 6..<7, 8..<9, 10..<11])
        #expect(slots == [SlotAnnotation(name: "a", range: 0..<3), SlotAnnotation(name: "a", range: 4..<5),
                          SlotAnnotation(name: "b", range: 6..<7), SlotAnnotation(name: "b", range: 10..<11)])
    }

    @Test func reportsBadBIOLinesWithTheirPlace() throws {
        let directory = try FixturePaths.temporaryDirectory()
        try Data("a b\nc d\n".utf8).write(to: directory.appendingPathComponent("seq.in"))
        try Data("O X-y\nO\n".utf8).write(to: directory.appendingPathComponent("seq.out"))
        try Data("A\nB\n".utf8).write(to: directory.appendingPathComponent("label"))
        let loaded = try CorpusFormat.load(at: directory, displayPath: "dir")
        #expect(loaded.diagnostics.map(\.description) == [
            "dir/seq.out:1:3: error: 'X-y' is not a BIO tag (O, B-slot or I-slot)",
            "dir/seq.out:2: error: 1 tags for 2 tokens of seq.in line 2",
        ])
    }

    @Test func readsAppIntentVocabularyIntoEntitiesAndAnnotatedExamples() throws {
        let original = try CorpusFormat.load(at: FixturePaths.fixture("AppIntentVocabulary.plist")).corpus
        let entity = try #require(original.schema.entity(named: "rideOptionName"))
        #expect(entity.values.first == EntityValue(identifier: "object-id:456ABCDEF123789", phrase: "SparkleCar",
                                                   synonyms: ["sparkle ride"], pronunciation: "sparkle car",
                                                   examples: ["Book me a SparkleCar"]))
        #expect(original.schema.intent(named: "INRequestRideIntent")?.parameters == [
            Parameter(name: "rideOptionName", entity: .custom("rideOptionName")),
        ])
        let examples = original.utterances.map { AnnotatedText.render($0.text, slots: $0.slots) }
        #expect(examples == ["Get me a [GlitterPool](rideOptionName) to work", "I need a ride", "Book me a [SparkleCar](rideOptionName)"])
        // Round trip through the native format keeps everything.
        let directory = try FixturePaths.temporaryDirectory()
        try CorpusFormat.yaml.write(original, to: directory.appendingPathComponent("vocabulary.yaml"))
        #expect(try CorpusFormat.load(at: directory.appendingPathComponent("vocabulary.yaml")).corpus == original)
    }

    @Test func readsSnipsNLUDatasets() throws {
        let original = try CorpusFormat.load(at: FixturePaths.fixture("snips-dataset.json")).corpus
        #expect(original.schema.intent(named: "SendPayment")?.parameters == [
            Parameter(name: "payee", entity: .custom("contact")), Parameter(name: "amount", entity: .builtin(.amountOfMoney)),
        ])
        #expect(original.schema.entity(named: "contact")?.values.last == EntityValue(phrase: "Celestra", synonyms: ["Cel"]))
        // Chunk edges are trimmed: "Cel " annotates "Cel".
        #expect(original.utterances[1].slots == [SlotAnnotation(name: "payee", range: 4..<7)])
        let directory = try FixturePaths.temporaryDirectory()
        try CorpusFormat.json.write(original, to: directory.appendingPathComponent("dataset.json"))
        #expect(try CorpusFormat.load(at: directory.appendingPathComponent("dataset.json")).corpus == original)
    }

    @Test func refusesToWriteReadOnlyFormats() {
        #expect(throws: CorpusError.self) {
            try CorpusFormat.snips.write(Corpus(), to: URL(fileURLWithPath: "/tmp/never-written.json"))
        }
    }
}
