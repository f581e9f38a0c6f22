import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("Utterance patterns")
struct UtterancePatternTests {
    @Test func parametersChoicesAndOptionalWordsParse() throws {
        let pattern = try UtterancePattern("(please) order [quantity] [soup] (to|for) [deliveryLocation]")
        #expect(pattern.parameterNames == ["quantity", "soup", "deliveryLocation"])
        #expect(pattern.pieces.first == .choice([[.text("please")]]))
        #expect(pattern.pieces.contains(.choice([[.text("to")], [.text("for")]])))
        #expect(try UtterancePattern("(get|[verb] me) a [thing]").parameterNames == ["verb", "thing"])
    }

    @Test(arguments: [
        ("order [soup", "a '[' without its ']'", 6),
        ("order (a|b", "a '(' without its ')'", 6),
        ("order a|b", "a '|' outside parentheses: write alternatives as (a|b)", 7),
        ("order [] now", "an empty parameter name '[]'", 6),
        ("order soup)", "a ')' without its '('", 10),
        ("order ]", "a ']' without its '['", 6),
    ])
    func mistakesAreNamedWithTheirPlace(source: String, message: String, offset: Int) {
        #expect(throws: UtterancePattern.SyntaxError(message: message, offset: offset)) { try UtterancePattern(source) }
    }

    static let corpus: Corpus = {
        let schema = Schema(
            domains: [Domain(name: "soup", intents: [
                IntentDefinition(name: "OrderSoup", parameters: [
                    Parameter(name: "soup", entity: .custom("Soup")), Parameter(name: "quantity", entity: .builtin(.number)),
                    Parameter(name: "options", entity: .custom("Topping"), allowsMultipleValues: true),
                    Parameter(name: "place", entity: .custom("place")),
                ], patterns: ["(please) order [quantity] [soup] (with [options])", "send [soup] to [place]", "order [nothing]"]),
            ])],
            entities: [
                Entity(name: "Soup", values: [EntityValue(identifier: "clamChowder", phrase: "clam chowder", synonyms: ["chowder"]),
                                              EntityValue(phrase: "miso soup")], allowsOtherValues: false),
                Entity(name: "Topping", values: [EntityValue(phrase: "croutons"), EntityValue(phrase: "cheese")], allowsOtherValues: false),
                Entity(name: "place"),
            ])
        return Corpus(schema: schema, utterances: [])
    }()

    @Test func expansionIsAnnotatedCappedAndTheSameForASeed() throws {
        let expander = PatternExpander(examplesPerPattern: 15, seed: 7)
        let (utterances, report) = expander.expand(Self.corpus)
        #expect(report.generated == ["OrderSoup": 30])
        #expect(report.skipped.map(\.reason) == ["'OrderSoup' has no parameter 'nothing'"])
        // An open entity with no value is the user's: places stand in for it.
        #expect(report.standIns == ["place"])
        #expect(Set(utterances.map(\.text)).count == 30)
        for utterance in utterances {
            #expect(!utterance.text.contains("  ") && !utterance.text.hasPrefix(" ") && !utterance.text.hasSuffix(" "))
            #expect(utterance.text.contains("order ") || utterance.text.hasPrefix("send "))
            for slot in utterance.slots where slot.name == "place" { #expect(StandInValues.places.contains(utterance.text(of: slot))) }
            let texts = utterance.slots.map { utterance.text(of: $0) }
            #expect(utterance.slots.contains { $0.name == "soup" })
            for (slot, text) in zip(utterance.slots, texts) where slot.name == "soup" {
                #expect(["clam chowder", "chowder", "miso soup"].contains(text))
                #expect(slot.value == (text == "miso soup" ? nil : "clamChowder"))
            }
            for (slot, text) in zip(utterance.slots, texts) where slot.name == "quantity" {
                #expect(BuiltinExamples.examples(of: .number).contains(text))
            }
        }
        #expect(utterances.contains { $0.slots.filter { $0.name == "options" }.count == 2 })
        #expect(expander.expand(Self.corpus).utterances == utterances)
        #expect(PatternExpander(examplesPerPattern: 15, seed: 8).expand(Self.corpus).utterances != utterances)
    }

    @Test func standInsFollowWhatAnEntitysNameSaysItHolds() {
        #expect(StandInValues.values(forEntity: "deliveryLocation", language: nil) == StandInValues.places)
        #expect(StandInValues.values(forEntity: "Courier", language: "en") == StandInValues.people)
        #expect(StandInValues.values(forEntity: "recipients", language: nil) == StandInValues.people)
        #expect(StandInValues.values(forEntity: "note", language: "en-GB") == StandInValues.texts)
        // Free text in another language gets names, not English words.
        #expect(StandInValues.values(forEntity: "note", language: "fr") == StandInValues.names)
        #expect(StandInValues.values(forEntity: "ParkingZone", language: nil) == StandInValues.names)
    }

    @Test func anOpenEntityDrawsFromTheCorpusAnnotations() {
        var corpus = Self.corpus
        corpus.utterances = [Utterance(text: "send miso soup to the office", intent: "OrderSoup", slots: [SlotAnnotation(name: "place", range: 18..<28)])]
        let (utterances, report) = PatternExpander(examplesPerPattern: 4, seed: 1).expand(corpus)
        #expect(report.skipped.count == 1 && report.standIns.isEmpty)
        let sent = utterances.filter { $0.text.hasPrefix("send ") }
        #expect(!sent.isEmpty)
        #expect(sent.allSatisfy { $0.text.hasSuffix(" to the office") && $0.text != "send miso soup to the office" })
    }

    @Test(arguments: BuiltinEntity.allCases)
    func everyBuiltinExampleIsAWholeMatchOfItsGrammar(entity: BuiltinEntity) {
        let extractor = BuiltinEntityExtractor()
        for example in BuiltinExamples.examples(of: entity) {
            let matches = extractor.extract(from: example)
            #expect(matches.contains { $0.kind == entity && $0.text == example }, "\(example) as \(entity)")
        }
    }
}
