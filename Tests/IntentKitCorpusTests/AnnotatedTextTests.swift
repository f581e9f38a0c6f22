import Testing
@testable import IntentKitCorpus

@Suite("Inline annotations")
struct AnnotatedTextTests {
    @Test func parsesSlotsValuesAndEscapes() throws {
        let (text, slots) = try AnnotatedText.parse(#"send [Buttercup](payee) [85 bucks](amount: 85 USD) \[now\] for [rainbow polish](note)"#)
        #expect(text == "send Buttercup 85 bucks [now] for rainbow polish")
        #expect(slots == [
            SlotAnnotation(name: "payee", range: 5..<14),
            SlotAnnotation(name: "amount", range: 15..<23, value: "85 USD"),
            SlotAnnotation(name: "note", range: 34..<48),
        ])
    }

    @Test func countsOffsetsInUnicodeScalars() throws {
        let (text, slots) = try AnnotatedText.parse("🍕 [Música](playlist)")
        #expect(text == "🍕 Música")
        #expect(slots == [SlotAnnotation(name: "playlist", range: 2..<8)])
    }

    @Test func parsesRasaEntityAttributes() throws {
        let (text, slots) = try AnnotatedText.parse(#"in [nest egg]{"entity": "account", "value": "NestEgg"}"#, allowJSONAttributes: true)
        #expect(text == "in nest egg")
        #expect(slots == [SlotAnnotation(name: "account", range: 3..<11, value: "NestEgg")])
    }

    @Test(arguments: [
        ("send [Buttercup(payee)", 5, "'[' is never closed"),
        ("pay ] now", 4, "']' without a matching '['"),
        ("pay [Cel] now", 9, "expected '(slot)'"),
        ("pay [a [b](x)](y)", 7, "annotations cannot nest"),
        ("pay [](x)", 4, "empty annotation"),
        ("pay [a]() now", 7, "empty slot name"),
        ("pay [a](x", 7, "never closed"),
    ])
    func reportsSyntaxErrorsAtTheirOffset(input: String, offset: Int, message: String) {
        do {
            _ = try AnnotatedText.parse(input)
            Issue.record("expected a syntax error for \(input)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func renderIsTheInverseOfParse() throws {
        let cases = [
            ("send Buttercup 85 bucks [now] (really) \\ done", [SlotAnnotation(name: "payee", range: 5..<14), SlotAnnotation(name: "amount", range: 15..<23, value: "85 USD")]),
            ("🍕 Música", [SlotAnnotation(name: "playlist", range: 2..<8)]),
            ("no slots at all", []),
        ]
        for (text, slots) in cases {
            let rendered = AnnotatedText.render(text, slots: slots)
            let parsed = try AnnotatedText.parse(rendered)
            #expect(parsed.text == text)
            #expect(parsed.slots == slots)
            let rasa = try AnnotatedText.parse(AnnotatedText.render(text, slots: slots, jsonValues: true), allowJSONAttributes: true)
            #expect(rasa.slots == slots)
        }
    }
}
