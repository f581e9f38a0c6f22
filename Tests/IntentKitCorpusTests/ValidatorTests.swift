import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("Validation")
struct ValidatorTests {
    let schema = Schema(
        domains: [Domain(name: "payments", intents: [
            IntentDefinition(name: "SendPayment", parameters: [
                Parameter(name: "payee", entity: .custom("contact"), isRequired: true),
                Parameter(name: "amount", entity: .builtin(.amountOfMoney), isRequired: true),
            ]),
        ])],
        entities: [Entity(name: "contact"), Entity(name: "unused")])

    private func messages(_ utterances: [Utterance], minimumExamples: Int = 1) -> [String] {
        CorpusValidator(minimumExamples: minimumExamples).validate(Corpus(schema: schema, utterances: utterances)).map(\.description)
    }

    @Test func acceptsAWellFormedCorpusButNotesUnusedEntities() {
        let ok = Utterance(text: "pay Bob 5 dollars", intent: "SendPayment",
                           slots: [SlotAnnotation(name: "payee", range: 4..<7), SlotAnnotation(name: "amount", range: 8..<17)])
        #expect(messages([ok]) == ["warning: entity 'unused' is used by no parameter"])
    }

    @Test func reportsOverlappingAndOutOfRangeSpans() {
        let location = SourceLocation(file: "c.json", line: 3, column: 1)
        let bad = Utterance(text: "pay Bob", intent: "SendPayment", slots: [
            SlotAnnotation(name: "payee", range: 4..<7), SlotAnnotation(name: "amount", range: 5..<9),
        ], location: location)
        let found = messages([bad])
        #expect(found.contains("c.json:3:6: error: slot 'amount' overlaps slot 'payee'"))
        #expect(found.contains("c.json:3:1: error: slot 'amount' spans 5..<9, outside the text's 7 characters"))
    }

    @Test func reportsUnknownIntentsSlotsAndEmptyUtterances() {
        let found = messages([
            Utterance(text: "hello", intent: "Greet"),
            Utterance(text: "pay Bob", intent: "SendPayment", slots: [SlotAnnotation(name: "payer", range: 4..<7)]),
            Utterance(text: " \t", intent: "SendPayment"),
        ])
        #expect(found.contains("error: unknown intent 'Greet'"))
        #expect(found.contains("error: unknown slot 'payer' for intent 'SendPayment' (parameters: payee, amount)"))
        #expect(found.contains("error: empty utterance"))
        #expect(found.contains("warning: required parameter 'payee' of 'SendPayment' is never annotated"))
    }

    @Test func warnsAboutIntentsWithFewExamples() {
        #expect(messages([Utterance(text: "pay", intent: "SendPayment")], minimumExamples: 5)
            .contains("warning: intent 'SendPayment' has 1 utterance; at least 5 are needed to learn it"))
    }
}
