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

    /// A closed entity's slot must name one of its values (by phrase, synonym or identifier, in
    /// any case), in its words or in its annotated value.
    @Test func aClosedEntitysSlotMustBeOneOfItsValues() {
        let schema = Schema(
            domains: [Domain(name: "payments", intents: [
                IntentDefinition(name: "SendPayment", parameters: [Parameter(name: "app", entity: .custom("paymentApp"))]),
            ])],
            entities: [Entity(name: "paymentApp", values: [EntityValue(identifier: "app.unicorn", phrase: "Unicorn Pay", synonyms: ["UPay"])],
                              allowsOtherValues: false)])
        func messages(_ text: String, _ range: Range<Int>, value: String? = nil) -> [String] {
            let utterance = Utterance(text: text, intent: "SendPayment", slots: [SlotAnnotation(name: "app", range: range, value: value)],
                                      location: SourceLocation(file: "c.yaml", line: 2, column: 1))
            return CorpusValidator(minimumExamples: 1).validate(Corpus(schema: schema, utterances: [utterance])).map(\.description)
        }
        #expect(messages("pay with unicorn  pay", 9..<21) == [])
        #expect(messages("pay with UPay", 9..<13) == [])
        #expect(messages("pay with the unicorn app", 9..<24, value: "app.unicorn") == [])
        #expect(messages("pay with Venmo", 9..<14) == [
            "c.yaml:2:10: warning: 'Venmo' is none of the values of 'paymentApp', which allows no others: add it as a value or a synonym, or annotate the value it means ([words](app: value))",
        ])
    }

    /// The same utterance twice counts twice; under two intents the model cannot learn both.
    /// Case variants are not the same utterance.
    @Test func duplicatedUtterancesAreReportedWithTheFirstPlace() {
        let schema = Schema(domains: [Domain(name: "d", intents: [IntentDefinition(name: "A"), IntentDefinition(name: "B")])])
        let utterances = [
            Utterance(text: "lock the car", intent: "A", location: SourceLocation(file: "c.yaml", line: 3, column: 7)),
            Utterance(text: "lock  the car", intent: "A", location: SourceLocation(file: "c.yaml", line: 4, column: 7)),
            Utterance(text: "Lock the car", intent: "A", location: SourceLocation(file: "c.yaml", line: 5, column: 7)),  // a case variant: no warning
            Utterance(text: "lock the car", intent: "B", location: SourceLocation(file: "c.yaml", line: 9, column: 7)),
        ]
        #expect(CorpusValidator(minimumExamples: 1).validate(Corpus(schema: schema, utterances: utterances)).map(\.description) == [
            "c.yaml:4:7: warning: the same utterance as at line 3: it counts twice in training and in scores",
            "c.yaml:9:7: warning: the same utterance as at line 3, there labelled 'A' and here 'B': the model cannot learn both",
        ])
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
