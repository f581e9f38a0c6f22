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
}
