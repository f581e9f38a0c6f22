import Foundation
import Testing
@testable import IntentKit

@Suite("User shortcuts")
struct UserShortcutsTests {
    static let parser = IntentParser(model: RuntimeFixtures.model)

    /// A thousand recorded phrases of two to five words, none of them a held-out utterance.
    static let recorded: [UserShortcut] = {
        let words = ["amber", "basil", "cedar", "dune", "ember", "fjord", "grove", "harbor", "iris", "juniper", "kestrel", "lagoon"]
        var generator = SeededGenerator(seed: 3)
        return (0..<1000).map { index in
            let phrase = (0..<Int.random(in: 2...5, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            return UserShortcut("\(phrase) \(index)", intent: "SendPayment", parameters: ["payee": "Buttercup", "amount": "85 dollars"],
                                identifier: "shortcut-\(index)")
        }
    }()

    @Test func everyRecordedPhraseParsesToItsShortcutHoweverItIsTyped() {
        let parser = Self.parser.using(UserShortcuts(Self.recorded))
        var workspace = parser.makeWorkspace()
        var matched = 0
        for shortcut in Self.recorded {
            // Case, punctuation and spacing do not count.
            for typed in [shortcut.phrase, shortcut.phrase.uppercased() + "!", "  " + shortcut.phrase.replacingOccurrences(of: " ", with: "   ") + " ."] {
                let parse = parser.parse(typed, workspace: &workspace)
                if parse.shortcut == shortcut.identifier, parse.intent == "SendPayment", parse.confidence == 1, parse.slots.isEmpty { matched += 1 }
            }
        }
        #expect(matched == 3 * Self.recorded.count)
    }

    @Test func otherUtterancesParseExactlyAsWithoutShortcuts() {
        let plain = Self.parser
        let withShortcuts = Self.parser.using(UserShortcuts(Self.recorded))
        for text in RuntimeFixtures.heldOutUtterances {
            #expect(withShortcuts.parse(text, resolving: true, reference: RuntimeFixtures.reference, calendar: RuntimeFixtures.calendar)
                    == plain.parse(text, resolving: true, reference: RuntimeFixtures.reference, calendar: RuntimeFixtures.calendar))
        }
        // A phrase inside a longer utterance is no shortcut.
        let shortcut = Self.recorded[0]
        #expect(withShortcuts.parse("please \(shortcut.phrase) now").shortcut == nil)
    }

    @Test func aShortcutsValuesResolveAsTheIntentsParameters() throws {
        let parser = Self.parser.using(UserShortcuts([UserShortcut("pay the usual", intent: "SendPayment", parameters: ["payee": "Buttercup", "amount": "85 dollars"])]))
        let parse = parser.parse("Pay the usual", resolving: true, reference: RuntimeFixtures.reference, calendar: RuntimeFixtures.calendar)
        #expect(parse.shortcut == "pay the usual")
        let resolutions = Dictionary(uniqueKeysWithValues: parse.parameters.map { ($0.name, $0.resolution) })
        #expect(resolutions["payee"] == .success(.custom("Buttercup")))
        #expect(resolutions["amount"] == .success(.amountOfMoney(85, currency: "USD")))
        var writer = ParseJSONWriter()
        writer.write(parse, topK: 0, resolve: false)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""shortcut":"pay the usual","slots":[]"#))
    }

    @Test func aPhraseGivenTwiceGoesToTheFirstAndPunctuationAloneIsNoPhrase() {
        let shortcuts = UserShortcuts([UserShortcut("soup time", intent: "A"), UserShortcut("Soup, time!", intent: "B"), UserShortcut("?!", intent: "C")])
        var tokens = TokenizedText()
        Tokenizer().tokenize("SOUP TIME", into: &tokens)
        #expect(shortcuts.match(tokens)?.intent == "A")
        Tokenizer().tokenize("?!", into: &tokens)
        #expect(shortcuts.match(tokens) == nil)
        #expect(UserShortcuts().isEmpty)
    }
}
