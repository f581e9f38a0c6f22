import Foundation
import Testing
@testable import IntentKit

/// A parse encodes to the documented JSON shape and decodes back to the same parse.
@Suite("Parse results as JSON")
struct ParseCodingTests {
    static let model = RuntimeFixtures.modelURL
    static let reference = RuntimeFixtures.reference

    /// The parse without the slots' token ranges, which JSON does not carry.
    private func withoutTokens(_ parse: IntentParse) -> IntentParse {
        var parse = parse
        parse.slots = parse.slots.map { var slot = $0; slot.tokens = 0..<0; return slot }
        parse.parameters = parse.parameters.map { parameter in
            var parameter = parameter
            parameter.slot = parameter.slot.map { var slot = $0; slot.tokens = 0..<0; return slot }
            return parameter
        }
        return parse
    }

    @Test("parses of the fixture model round-trip through JSON", arguments: [
        "send Buttercup 85 bucks on Unicorn Pay for rainbow polish", "get me a ride to the library", "pay Twinkle", "",
    ])
    func roundTrip(_ text: String) throws {
        let parser = try IntentParser(contentsOf: Self.model)
        let parse = parser.parse(text, alternatives: 2, resolving: true, reference: Self.reference)
        let data = try JSONEncoder().encode(parse)
        #expect(try JSONDecoder().decode(IntentParse.self, from: data) == withoutTokens(parse))
        var shortcut = withoutTokens(parse)
        shortcut.shortcut = "usual-order"
        #expect(try JSONDecoder().decode(IntentParse.self, from: JSONEncoder().encode(shortcut)) == shortcut)
    }

    @Test("the JSON has the documented keys and value shapes")
    func documentedShape() throws {
        let parser = try IntentParser(contentsOf: Self.model)
        let parse = parser.parse("send Buttercup 85 bucks on Unicorn Pay", resolving: true, reference: Self.reference)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(parse)) as? [String: Any])
        #expect(Set(object.keys) == ["text", "intent", "outOfScope", "confidence", "alternatives", "slots", "parameters"])
        let slots = try #require(object["slots"] as? [[String: Any]])
        let amount = try #require(slots.first { $0["name"] as? String == "amount" })
        #expect(Set(amount.keys) == ["name", "text", "start", "end", "confidence", "value"])
        let value = try #require(amount["value"] as? [String: Any])
        #expect(value["kind"] as? String == "amountOfMoney")
        #expect(value["value"] as? Double == 85)
        #expect(value["unit"] as? String == "USD")
        let parameters = try #require(object["parameters"] as? [[String: Any]])
        #expect(parameters.contains { $0["outcome"] as? String == "notRequired" || $0["outcome"] as? String == "success" })
    }

    @Test("every kind of value round-trips", arguments: [
        SlotValue.custom("contact.buttercup"), .number(8.5), .ordinal(3), .percentage(20), .amountOfMoney(12.5, currency: "EUR"),
        .duration(seconds: 600), .dateTime(CalendarDateTime(year: 2026, month: 11, day: 23)),
        .dateTime(CalendarDateTime(year: 2026, month: 11, day: 23, hour: 19, minute: 30)), .temperature(-5, unit: "celsius"), .temperature(20, unit: nil),
        .dateTime(CalendarDateTime(year: 2026, month: 11, day: 23, hour: 19, minute: 0, grain: .hour)),
        .dateTime(CalendarDateTime(year: 2026, month: 12, day: 1, grain: .month)),
        .dateTime(CalendarDateTime(year: 2026, month: 11, day: 23, hour: 9, minute: 1, second: 10)),
        .dateTimeInterval(DateTimeInterval(start: CalendarDateTime(year: 2026, month: 11, day: 22, hour: 15, minute: 0, grain: .hour),
                                           end: CalendarDateTime(year: 2026, month: 11, day: 22, hour: 18, minute: 0, grain: .hour), grain: .hour)),
        .dateTimeInterval(DateTimeInterval(start: nil, end: CalendarDateTime(year: 2026, month: 11, day: 22, hour: 17, minute: 0, grain: .hour), grain: .hour)),
        .dateTimeInterval(DateTimeInterval(start: CalendarDateTime(year: 2026, month: 11, day: 27), end: nil, grain: .day)),
    ])
    func valuesRoundTrip(_ value: SlotValue) throws {
        #expect(try JSONDecoder().decode(SlotValue.self, from: JSONEncoder().encode(value)) == value)
    }

    @Test("a value of an unknown kind or a malformed date is refused", arguments: [
        #"{"kind": "colour", "value": "red"}"#, #"{"kind": "dateTime", "value": "2026-13-01"}"#, #"{"kind": "amountOfMoney", "value": 3}"#,
        #"{"kind": "dateTime", "grain": "hour"}"#, #"{"kind": "dateTime", "value": "2026-11-22", "grain": "fortnight"}"#,
        #"{"kind": "dateTime", "from": "2026-11-22T25:00", "grain": "hour"}"#,
    ])
    func malformedValuesAreRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SlotValue.self, from: Data(json.utf8)) }
    }

    /// Every field a parse has, once at least: each outcome of a parameter, each kind of value, a
    /// slot without a value, a shortcut, an out-of-scope parse, confidences of every size.
    private static func everyField() throws -> [IntentParse] {
        let parser = try IntentParser(contentsOf: Self.model)
        var parses = ["send Buttercup 85 bucks on Unicorn Pay for rainbow polish", "get me a ride to the library", "pay Twinkle", "",
                      "xyzzy plugh"].map { parser.parse($0, alternatives: 3, resolving: true, reference: Self.reference) }
        let values: [SlotValue?] = [
            .custom("contact.buttercup"), .number(8.5), .ordinal(3), .percentage(20), .amountOfMoney(12.5, currency: "EUR"),
            .duration(seconds: 600), .temperature(-5, unit: "celsius"), .temperature(20, unit: nil),
            .dateTime(CalendarDateTime(year: 2026, month: 11, day: 23, hour: 19, minute: 30)),
            .dateTimeInterval(DateTimeInterval(start: nil, end: CalendarDateTime(year: 2026, month: 11, day: 22, hour: 17, minute: 0, grain: .hour), grain: .hour)),
            .approximate(.amountOfMoney(20, currency: "USD")), nil,
        ]
        let slots = values.enumerated().map { index, value in
            ParsedSlot(name: "slot\(index)", text: "words \"\(index)\"/\\", range: index..<(index + 1), confidence: 1 / Double(index + 3), value: value)
        }
        let candidates = [UserVocabulary.Candidate(identifier: "contact-17", phrase: "Buttercup Jones"),
                          UserVocabulary.Candidate(identifier: "contact-42", phrase: "Buttercup Smith")]
        let resolutions: [ParameterResolution] = [
            .success(.number(2)), .confirmationRequired(.custom("Stardust Diner")), .disambiguation(candidates),
            .needsValue(prompt: "Who?"), .needsValue(prompt: nil), .unsupported(reason: "'x' is not a known app"), .notRequired,
        ]
        let parameters = resolutions.enumerated().map { index, resolution in
            ResolvedParameter(name: "parameter\(index)", slot: index < slots.count && index % 2 == 0 ? slots[index] : nil, resolution: resolution)
        }
        parses.append(IntentParse(text: "everything", intent: "SendPayment", confidence: 0.123456789, alternatives: [
            IntentCandidate(intent: "RequestPayment", confidence: 3.4e-7), IntentCandidate(intent: "CheckBalance", confidence: 0),
        ], slots: slots, parameters: parameters))
        parses.append(IntentParse(text: "pay the usual", intent: "SendPayment", confidence: 1, alternatives: [], slots: [],
                                  parameters: [parameters[0]], shortcut: "usual-pay"))
        parses.append(IntentParse(text: "nothing", intent: nil, confidence: 0.25, alternatives: [IntentCandidate(intent: "CheckBalance", confidence: 0.25)],
                                  slots: [], isOutOfScope: true))
        return parses
    }

    /// One writer, two forms: the `Codable` conformance gives `JSONEncoder` the exact form's
    /// bytes, the exact form decodes to the same parse, and the printed form to the same parse
    /// less what it rounds and leaves out.
    @Test func theCodableConformanceWritesTheWritersExactFormAndBothFormsDecode() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for parse in try Self.everyField() {
            var exact = ParseJSONWriter()
            exact.writeExact(parse)
            #expect(String(decoding: try encoder.encode(parse), as: UTF8.self) == String(decoding: exact.bytes, as: UTF8.self))
            #expect(try JSONDecoder().decode(IntentParse.self, from: Data(exact.bytes)) == withoutTokens(parse))

            var printed = ParseJSONWriter()
            printed.write(parse, topK: .max, resolve: true)
            var expected = withoutTokens(parse)
            expected.confidence = ParseJSON.rounded(parse.confidence)
            expected.alternatives = parse.alternatives.map { IntentCandidate(intent: $0.intent, confidence: ParseJSON.rounded($0.confidence)) }
            expected.slots = expected.slots.map { var slot = $0; slot.confidence = ParseJSON.rounded(slot.confidence); return slot }
            expected.parameters = expected.parameters.map { ResolvedParameter(name: $0.name, slot: nil, resolution: $0.resolution) }
            let decoded = try JSONDecoder().decode(IntentParse.self, from: Data(printed.bytes))
            #expect(decoded == expected, "\(parse.text)")
        }
    }
}
