import Foundation
import Testing
@testable import IntentKit

/// Runtime vocabulary and parameter resolution, on the current-format fixture model (a slice of
/// the default corpus, `Fixtures/models`): the model never saw the user's terms.
@Suite("Parameter resolution")
struct ParameterResolutionTests {
    static let model = RuntimeFixtures.model
    static let reference = RuntimeFixtures.reference
    static var calendar: Calendar { RuntimeFixtures.calendar }
    static let contacts = [
        VocabularyTerm("Buttercup Jones", identifier: "contact-17"),
        VocabularyTerm("Buttercup Smith", identifier: "contact-42"),
        VocabularyTerm("Buttercup the Pony", identifier: "contact-58"),
        VocabularyTerm("Xiomara Quill", identifier: "contact-99"),
    ]
    static let parser = IntentParser(model: Self.model).using(UserVocabulary(["contact": contacts]))

    static func parse(_ text: String, with parser: IntentParser = parser) -> IntentParse {
        parser.parse(text, resolving: true, reference: Self.reference, calendar: Self.calendar)
    }

    static func resolution(_ name: String, in parse: IntentParse) -> ParameterResolution? {
        parse.parameters.first { $0.name == name }?.resolution
    }

    @Test func everyParameterOfTheIntentIsResolvedInSchemaOrder() throws {
        let parse = Self.parse("pay Xiomara Quill 85 bucks")
        #expect(parse.intent == "SendPayment")
        let schema = try #require(Self.model.schema.intent(named: "SendPayment"))
        #expect(parse.parameters.map(\.name) == schema.parameters.map(\.name))
        #expect(Self.resolution("payee", in: parse) == .success(.custom("contact-99")))
        #expect(Self.resolution("amount", in: parse) == .success(.amountOfMoney(85, currency: "USD")))
        #expect(Self.resolution("note", in: parse) == .notRequired)
        #expect(parse.slots.first { $0.name == "payee" }?.value == .custom("contact-99"), "the slot's value comes from the user's terms")
    }

    @Test func severalMatchingTermsAskWhichOneInPriorityOrder() {
        let parse = Self.parse("pay Buttercup 85 bucks")
        #expect(Self.resolution("payee", in: parse) == .disambiguation([
            .init(identifier: "contact-17", phrase: "Buttercup Jones"), .init(identifier: "contact-42", phrase: "Buttercup Smith"),
            .init(identifier: "contact-58", phrase: "Buttercup the Pony"),
        ]))
        let reversed = Self.parser.using(UserVocabulary(["contact": Self.contacts.reversed()]))
        guard case .disambiguation(let candidates)? = Self.resolution("payee", in: Self.parse("pay Buttercup 85 bucks", with: reversed)) else {
            Issue.record("no disambiguation")
            return
        }
        #expect(candidates.map(\.identifier) == ["contact-58", "contact-42", "contact-17"])
    }

    @Test func aRequiredParameterThatIsMissingAsksForAValue() {
        let parse = Self.parse("I want to send money")
        #expect(Self.resolution("payee", in: parse) == .needsValue(prompt: "Who do you want to pay?"))
        #expect(Self.resolution("amount", in: parse) == .needsValue(prompt: "How much do you want to send?"))
    }

    @Test func aMisspelledNameOrAnUnsureSlotAsksForConfirmation() {
        #expect(Self.resolution("payee", in: Self.parse("pay Xiomarra 85 bucks")) == .confirmationRequired(.custom("contact-99")))
        var unsure = Self.parser
        unsure.confirmationThreshold = 1.01  // no slot is that sure
        #expect(Self.resolution("payee", in: Self.parse("pay Xiomara Quill 85 bucks", with: unsure)) == .confirmationRequired(.custom("contact-99")))
    }

    @Test func wordsOutsideAClosedEntityAreUnsupported() throws {
        let parser = Self.parser
        let slot = ParsedSlot(name: "rideOption", text: "unicorn carriage", range: 7..<23, confidence: 0.9, value: nil, tokens: 2..<4)
        let parameter = Parameter(name: "rideOption", entity: .custom("rideOption"))
        #expect(Self.model.schema.entity(named: "rideOption")?.allowsOtherValues == false)
        #expect(parser.slotResolver.resolution(of: slot, as: parameter, lookup: nil, confirmationThreshold: 0.5) == .unsupported(reason: "'unicorn carriage' is not a known rideOption"))
        let open = Parameter(name: "note", entity: .custom("freeText"))
        #expect(parser.slotResolver.resolution(of: slot, as: open, lookup: nil, confirmationThreshold: 0.5) == .success(.custom("unicorn carriage")), "free text is its own value")
        let amount = Parameter(name: "amount", entity: .builtin(.amountOfMoney))
        #expect(parser.slotResolver.resolution(of: slot, as: amount, lookup: nil, confirmationThreshold: 0.5) == .unsupported(reason: "'unicorn carriage' is not understood as amountOfMoney"))
    }

    /// A user's term reaches the tagger and the classifier as the model's own vocabulary matches.
    @Test func userTermsBecomeTheModelsVocabularyMatches() throws {
        let features = VocabularyFeatures(gazetteer: Self.model.gazetteer)
        let contact = try #require(Self.model.gazetteer.entityNames.firstIndex(of: "contact"))
        let tokens = Tokenizer().tokenize("pay xiomara quill now")
        var matches = [Gazetteer.Match]()
        features.appendMatches(of: UserVocabulary(["contact": Self.contacts]), in: tokens, into: &matches)
        #expect(matches.contains(Gazetteer.Match(token: 1, entity: contact, position: .begin)))
        #expect(matches.contains(Gazetteer.Match(token: 2, entity: contact, position: .last)))
        #expect(!matches.contains { $0.token == 0 || $0.token == 3 })
        var again = matches
        features.appendMatches(of: UserVocabulary(["contact": Self.contacts]), in: tokens, into: &again)
        #expect(again == matches, "a match is not counted twice")
    }

    @Test func deletionTakesEffectOnTheNextParse() {
        let store = VocabularyStore(UserVocabulary(["contact": Self.contacts]))
        let parser = IntentParser(model: Self.model).using(store)
        #expect(Self.resolution("payee", in: Self.parse("pay Xiomara Quill 5 dollars", with: parser)) == .success(.custom("contact-99")))
        store.update { $0.removeTerms(withIdentifiers: ["contact-99", "contact-42"], for: "contact") }
        #expect(Self.resolution("payee", in: Self.parse("pay Xiomara Quill 5 dollars", with: parser))?.value != .custom("contact-99"))
        guard case .disambiguation(let candidates)? = Self.resolution("payee", in: Self.parse("pay Buttercup 5 dollars", with: parser)) else {
            Issue.record("no disambiguation")
            return
        }
        #expect(candidates.map(\.identifier) == ["contact-17", "contact-58"])
    }

    /// Parses running while the vocabulary is swapped see one vocabulary or the other, whole.
    @Test func concurrentParsesWhileTheVocabularyIsSwapped() {
        let three = UserVocabulary(["contact": Self.contacts])
        let one = UserVocabulary(["contact": [VocabularyTerm("Buttercup Jones", identifier: "contact-17")]])
        let store = VocabularyStore(three)
        let parser = IntentParser(model: Self.model).using(store)
        let expectedThree = Self.resolution("payee", in: Self.parse("pay Buttercup 5 dollars", with: parser.using(three)))
        let expectedOne = Self.resolution("payee", in: Self.parse("pay Buttercup 5 dollars", with: parser.using(one)))
        #expect(expectedThree != expectedOne)
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 5) { thread in
            if thread == 0 {
                for swap in 0..<40 { store.replace(with: swap % 2 == 0 ? one : three) }
                return
            }
            var workspace = parser.makeWorkspace()
            for _ in 0..<40 {
                let parse = parser.parse("pay Buttercup 5 dollars", workspace: &workspace, resolving: true,
                                         reference: Self.reference, calendar: Self.calendar)
                outcomes.add(Self.resolution("payee", in: parse))
            }
        }
        #expect(outcomes.all.count == 160)
        #expect(outcomes.all.allSatisfy { $0 == expectedThree || $0 == expectedOne })
    }
}

private final class Outcomes: @unchecked Sendable {
    private var values: [ParameterResolution?] = []
    private let lock = NSLock()
    func add(_ value: ParameterResolution?) { lock.withLock { values.append(value) } }
    var all: [ParameterResolution?] { lock.withLock { values } }
}
