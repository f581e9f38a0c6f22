/// A parse in the JSON shape `intentkit parse` prints (and the C API and the server answer with):
/// confidences rounded to four decimals, `alternatives` only when asked for (or when the
/// utterance is out of scope and there are some), `parameters` only when resolving, a slot's
/// `value` `null` when unresolved. `JSONEncoder` writes it pretty-printed; ``ParseJSONWriter``
/// writes the same compact JSON, byte for byte, without an encoder.
package struct ParseJSON: Encodable {
    /// What `--respond` (and a request's `respond`) adds: the rendered response, or why there is none.
    package enum RenderedResponse {
        case text(String)
        case problem(String)
    }

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

    package init(_ parse: IntentParse, topK: Int, resolve: Bool = false, response: RenderedResponse? = nil) {
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

    /// Whether the JSON lists `alternatives`: when asked for (`topK` above 1), or when the
    /// utterance is out of scope and the model has in-scope runner-ups.
    static func showsAlternatives(of parse: IntentParse, topK: Int) -> Bool {
        topK > 1 || parse.isOutOfScope && !parse.alternatives.isEmpty
    }

    /// Four decimals: enough to rank, short enough to read.
    static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
