import Foundation
import Testing
@testable import IntentKit

@Suite("A user's history as priors")
struct UserHistoryTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    static let day = 86_400.0

    @Test func recentInteractionsWeighMoreAndHabitsAreMostOfAnIntentsInteractions() {
        let history = UserHistory([
            UserInteraction(intent: "A", parameters: ["soup": "chowder"], date: Self.now),
            UserInteraction(intent: "A", parameters: ["soup": "chowder"], date: Self.now - 14 * Self.day),
            UserInteraction(intent: "A", parameters: ["soup": "miso"], date: Self.now - 28 * Self.day),
            UserInteraction(intent: "B", parameters: ["tip": "5 dollars"], date: Self.now - 14 * Self.day),
        ], now: Self.now)
        // Weights 1, 0.5, 0.25 and 0.5: A has 1.75 of 2.25.
        #expect(abs(history.intentShares["A"]! - 1.75 / 2.25) < 1e-9)
        #expect(abs(history.intentShares["B"]! - 0.5 / 2.25) < 1e-9)
        #expect(history.habitualValues["A"]?["soup"] == "chowder")
        #expect(history.habitualValues["B"]?["tip"] == "5 dollars")
        // A value in half the weight or less is no habit.
        let split = UserHistory([UserInteraction(intent: "A", parameters: ["soup": "chowder"], date: Self.now),
                                 UserInteraction(intent: "A", parameters: ["soup": "miso"], date: Self.now)], now: Self.now)
        #expect(split.habitualValues["A"]?["soup"] == nil)
        #expect(UserHistory().isEmpty)
    }

    @Test func anUnsureParseLeansToTheUsersIntentsAndASureOneNever() {
        let parser = IntentParser(model: RuntimeFixtures.model)
        let intents = parser.model.intentClassifier!.intents.filter { $0 != "out_of_scope" }
        var leaned = 0
        for favourite in intents {
            let history = UserHistory((0..<20).map { UserInteraction(intent: favourite, date: Self.now - Double($0) * Self.day) }, now: Self.now)
            let personal = parser.using(history)
            for text in RuntimeFixtures.heldOutUtterances {
                let plain = parser.parse(text), leaning = personal.parse(text)
                if plain.isOutOfScope || plain.confidence >= Double(parser.historyCeiling) {
                    #expect(leaning.intent == plain.intent, "\(text)")
                } else if leaning.intent != plain.intent {
                    #expect(leaning.intent == favourite, "\(text)")
                    leaned += 1
                }
            }
        }
        #expect(leaned > 0)
        // Without a weight, a history changes nothing.
        var unweighted = parser.using(UserHistory([UserInteraction(intent: intents[0], date: Self.now)], now: Self.now))
        unweighted.historyWeight = 0
        for text in RuntimeFixtures.heldOutUtterances.prefix(100) { #expect(unweighted.parse(text) == parser.parse(text)) }
    }

    @Test func aRequiredValueTheUserHabituallyGivesIsProposed() throws {
        let parser = IntentParser(model: RuntimeFixtures.model)
            .using(UserHistory([UserInteraction(intent: "SendPayment", parameters: ["payee": "Buttercup", "amount": "20 dollars"], date: Self.now)], now: Self.now))
        let parse = parser.parse("send money", resolving: true)
        try #require(parse.intent == "SendPayment")
        let resolutions = Dictionary(uniqueKeysWithValues: parse.parameters.map { ($0.name, $0.resolution) })
        #expect(resolutions["payee"] == .confirmationRequired(.custom("Buttercup")))
        #expect(resolutions["amount"] == .confirmationRequired(.amountOfMoney(20, currency: "USD")))
        #expect(resolutions["note"] == .notRequired)
    }

    /// A habitual built-in value is read against the parse's reference moment and calendar, as
    /// the utterance's own values are, not against the clock of the machine.
    @Test func aHabitualDateIsReadAgainstTheParsesReference() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let reference = Date(timeIntervalSince1970: 1_000_000_000)  // 2001-09-09T01:46:40Z
        let parser = IntentParser(model: RuntimeFixtures.model)
        let value = parser.slotResolver.habitualValue("tomorrow", of: Parameter(name: "when", entity: .builtin(.dateTime)), reference: reference, calendar: utc)
        guard case .dateTime(let moment)? = value else {
            Issue.record("not a date: \(String(describing: value))")
            return
        }
        #expect((moment.year, moment.month, moment.day) == (2001, 9, 10))
    }
}
