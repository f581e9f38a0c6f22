import Foundation
import Testing
@testable import IntentKit

/// What `ParseJSONWriter` must write, as an `Encodable` value for `JSONEncoder`: the oracle the
/// writer's bytes are checked against (compact and pretty-printed).
private struct ParseJSONOracle: Encodable {
    struct Slot: Encodable {
        var name: String
        var text: String
        var start: Int
        var end: Int
        var value: SlotValue?
        var confidence: Double

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(text, forKey: .text)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            try container.encode(value, forKey: .value)  // null when unresolved, never absent
            try container.encode(confidence, forKey: .confidence)
        }

        enum CodingKeys: String, CodingKey { case name, text, start, end, value, confidence }
    }

    struct Alternative: Encodable {
        var intent: String
        var confidence: Double
    }

    struct Parameter: Encodable {
        var name: String
        var outcome: String
        var text: String?
        var value: SlotValue?
        var candidates: [UserVocabulary.Candidate]?
        var prompt: String?
        var reason: String?
    }

    var text: String
    var intent: String?
    var outOfScope: Bool
    var confidence: Double
    var slots: [Slot]
    var alternatives: [Alternative]?
    var parameters: [Parameter]?
    var shortcut: String?
    var response: String?
    var responseProblem: String?

    init(_ parse: IntentParse, topK: Int, resolve: Bool = false, response: ParseJSON.RenderedResponse? = nil) {
        if case .text(let text)? = response { self.response = text }
        if case .problem(let problem)? = response { responseProblem = problem }
        text = parse.text
        intent = parse.intent
        outOfScope = parse.isOutOfScope
        confidence = Self.rounded(parse.confidence)
        slots = parse.slots.map { slot in
            Slot(name: slot.name, text: slot.text, start: slot.range.lowerBound, end: slot.range.upperBound,
                 value: slot.value, confidence: Self.rounded(slot.confidence))
        }
        shortcut = parse.shortcut
        alternatives = Self.showsAlternatives(of: parse, topK: topK) ? parse.alternatives.map { Alternative(intent: $0.intent, confidence: Self.rounded($0.confidence)) } : nil
        parameters = resolve ? parse.parameters.map(Self.parameter) : nil
    }

    private static func parameter(_ parameter: ResolvedParameter) -> Parameter {
        var result = Parameter(name: parameter.name, outcome: parameter.resolution.outcome, text: parameter.slot?.text)
        switch parameter.resolution {
        case .success(let value), .confirmationRequired(let value): result.value = value
        case .disambiguation(let candidates): result.candidates = candidates
        case .needsValue(let prompt): result.prompt = prompt
        case .unsupported(let reason): result.reason = reason
        case .notRequired: break
        }
        return result
    }

    static func showsAlternatives(of parse: IntentParse, topK: Int) -> Bool { ParseJSON.showsAlternatives(of: parse, topK: topK) }
    static func rounded(_ value: Double) -> Double { ParseJSON.rounded(value) }
}

/// `ParseJSONWriter` against `JSONEncoder` on the same parse: the same bytes for every kind
/// of value, every parameter outcome, strings that need escaping and numbers of every form.
@Suite("Parse JSON writer")
struct ParseJSONWriterTests {
    private func encoderBytes(_ parse: IntentParse, topK: Int, resolve: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(ParseJSONOracle(parse, topK: topK, resolve: resolve)), as: UTF8.self)
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
                let pretty = JSONEncoder()
                pretty.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                var writer = ParseJSONWriter()
                writer.write(parse, topK: topK, resolve: resolve)
                #expect(String(decoding: ParseJSONWriter.prettyPrinted(writer.bytes), as: UTF8.self)
                        == String(decoding: try pretty.encode(ParseJSONOracle(parse, topK: topK, resolve: resolve)), as: UTF8.self),
                        "pretty, top-k \(topK), resolve \(resolve)", sourceLocation: sourceLocation)
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
