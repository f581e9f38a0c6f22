import Foundation
import Testing
@testable import IntentKit

/// `ParseJSONWriter` against `JSONEncoder` on the same `ParseJSON`: the same bytes for every kind
/// of value, every parameter outcome, strings that need escaping and numbers of every form.
@Suite("Parse JSON writer")
struct ParseJSONWriterTests {
    private func encoderBytes(_ parse: IntentParse, topK: Int, resolve: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(ParseJSON(parse, topK: topK, resolve: resolve)), as: UTF8.self)
    }

    private func writerBytes(_ parse: IntentParse, topK: Int, resolve: Bool) -> String {
        var writer = ParseJSONWriter()
        writer.write(parse, topK: topK, resolve: resolve)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func expectSameBytes(_ parse: IntentParse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for topK in [1, 3] {
            for resolve in [false, true] {
                let expected = try encoderBytes(parse, topK: topK, resolve: resolve)
                #expect(writerBytes(parse, topK: topK, resolve: resolve) == expected, "top-k \(topK), resolve \(resolve)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    private static let moment = CalendarDateTime(year: 2026, month: 11, day: 23, hour: 19, minute: 30, second: nil)

    /// Every kind of slot value, with awkward numbers.
    static let values: [SlotValue?] = [
        nil, .custom("contact-17"), .number(85), .number(-0.0), .number(0.1), .number(1e-5), .number(1e15), .number(1e16),
        .number(-123456.75), .number(9.007199254740993e15), .ordinal(3), .percentage(12.5), .amountOfMoney(85, currency: "USD"),
        .amountOfMoney(12.34, currency: "EUR"), .duration(seconds: 600), .temperature(-2, unit: nil), .temperature(21.5, unit: "celsius"),
        .dateTime(moment), .dateTime(CalendarDateTime(year: 2026, month: 12, day: 1, hour: nil, minute: nil, second: nil)),
        .dateTimeInterval(DateTimeInterval(start: moment, end: nil, grain: .hour)),
        .dateTimeInterval(DateTimeInterval(start: nil, end: moment, grain: .minute)),
        .dateTimeInterval(DateTimeInterval(start: moment, end: CalendarDateTime(year: 2026, month: 11, day: 24, hour: 0, minute: 0, second: 0),
                                           grain: .second)),
    ]

    @Test func everyKindOfValueIsWrittenAsTheEncoderWritesIt() throws {
        for (index, value) in Self.values.enumerated() {
            let slot = ParsedSlot(name: "amount", text: "85 bucks", range: 15..<23, confidence: 0.98765, value: value)
            let parse = IntentParse(text: "send Buttercup 85 bucks", intent: "SendPayment", confidence: Double(index) / 7,
                                    alternatives: [IntentCandidate(intent: "RequestPayment", confidence: 0.0123456)], slots: [slot],
                                    parameters: [ResolvedParameter(name: "amount", slot: slot, resolution: value.map { .success($0) } ?? .notRequired)],
                                    isOutOfScope: false)
            try expectSameBytes(parse)
        }
    }

    /// Every number of at most four decimals between 0 and 1 (what confidences are rounded to),
    /// and numbers near them, as the encoder writes them.
    @Test func everyRoundedProbabilityIsWrittenAsTheEncoderWritesIt() throws {
        var values = (0...10_000).map { ParseJSON.rounded(Double($0) / 10_000) }
        values += values.flatMap { [$0.nextUp, $0.nextDown] }.filter { $0 >= 0 } + [0.12345, 0.5 + 1e-12]
        var writer = ParseJSONWriter()
        writer.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { writer.append(",") }
            writer.number(value)
        }
        writer.append("]")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(decoding: try JSONEncoder().encode(values), as: UTF8.self))
    }

    @Test func everyParameterOutcomeIsWrittenAsTheEncoderWritesIt() throws {
        let slot = ParsedSlot(name: "payee", text: "Buttercup", range: 5..<14, confidence: 1, value: .custom("contact-17"))
        let outcomes: [ParameterResolution] = [
            .success(.custom("contact-17")), .confirmationRequired(.number(2)),
            .disambiguation([UserVocabulary.Candidate(identifier: "c-1", phrase: "Buttercup Jones"),
                             UserVocabulary.Candidate(identifier: "c/2", phrase: "Butter \"Cup\"")]),
            .disambiguation([]), .needsValue(prompt: "Who should I pay?"), .needsValue(prompt: nil),
            .unsupported(reason: "no such payee"), .notRequired,
        ]
        for resolution in outcomes {
            for withSlot in [true, false] {
                let parse = IntentParse(text: "send Buttercup money", intent: "SendPayment", confidence: 1, alternatives: [],
                                        slots: withSlot ? [slot] : [],
                                        parameters: [ResolvedParameter(name: "payee", slot: withSlot ? slot : nil, resolution: resolution),
                                                     ResolvedParameter(name: "note", slot: nil, resolution: .notRequired)],
                                        isOutOfScope: false)
                try expectSameBytes(parse)
            }
        }
    }

    @Test func stringsAreEscapedAsTheEncoderEscapesThem() throws {
        var controls = ""
        for scalar in 0..<32 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        for text in [controls, "a/b \"quoted\" back\\slash", "\u{7F}\u{2028}\u{2029} café 東京 😀", "", "tab\tnewline\n"] {
            let slot = ParsedSlot(name: text, text: text, range: 0..<text.unicodeScalars.count, confidence: 0.5, value: .custom(text))
            let parse = IntentParse(text: text, intent: text, confidence: 0.25, alternatives: [IntentCandidate(intent: text, confidence: 0.75)],
                                    slots: [slot], parameters: [ResolvedParameter(name: text, slot: slot, resolution: .unsupported(reason: text))],
                                    isOutOfScope: false)
            try expectSameBytes(parse)
        }
    }

    @Test func outOfScopeParsesListTheirRunnerUpsOnlyWhenThereAreSome() throws {
        let alone = IntentParse(text: "", intent: nil, confidence: 0, alternatives: [], slots: [], parameters: [], isOutOfScope: true)
        try expectSameBytes(alone)
        #expect(writerBytes(alone, topK: 1, resolve: false) == #"{"confidence":0,"outOfScope":true,"slots":[],"text":""}"#)
        let withRunnersUp = IntentParse(text: "what is the meaning of life", intent: nil, confidence: 0.31,
                                        alternatives: [IntentCandidate(intent: "PlayMusic", confidence: 0.31)], slots: [], parameters: [],
                                        isOutOfScope: true)
        try expectSameBytes(withRunnersUp)
        #expect(writerBytes(withRunnersUp, topK: 1, resolve: false).hasPrefix(#"{"alternatives":[{"confidence":0.31,"intent":"PlayMusic"}]"#))
    }

    /// The real thing: the runtime fixture model's parses of held-out utterances.
    @Test func parsesOfTheFixtureModelAreWrittenAsTheEncoderWritesThem() throws {
        let parser = IntentParser(model: RuntimeFixtures.model)
        var workspace = parser.makeWorkspace()
        for line in RuntimeFixtures.heldOutUtterances.prefix(200) {
            let parse = parser.parse(line, workspace: &workspace, alternatives: 2, resolving: true, reference: RuntimeFixtures.reference)
            try expectSameBytes(parse)
        }
    }
}
