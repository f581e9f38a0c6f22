import Foundation

// The JSON shape of a parse, shared by apps that send parses on and by `intentkit parse`:
//
//     {"text": "send Buttercup 85 bucks", "intent": "SendPayment", "outOfScope": false, "confidence": 0.99,
//      "alternatives": [{"intent": "RequestPayment", "confidence": 0.01}],
//      "slots": [{"name": "amount", "text": "85 bucks", "start": 15, "end": 23, "confidence": 0.98,
//                 "value": {"kind": "amountOfMoney", "value": 85, "unit": "USD"}}],
//      "parameters": [{"name": "payee", "outcome": "disambiguation", "text": "Buttercup",
//                      "candidates": [{"id": "contact-17", "phrase": "Buttercup Jones"}]}]}
//
// `start`/`end` are Unicode-scalar offsets, end exclusive. A slot's `value` is `null` when its
// words do not resolve, never absent. An out-of-scope utterance has `"outOfScope": true` and no
// `intent`.

extension IntentParse: Codable {
    private enum CodingKeys: String, CodingKey { case text, intent, outOfScope, confidence, alternatives, slots, parameters, shortcut }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decode(String.self, forKey: .text),
            intent: try container.decodeIfPresent(String.self, forKey: .intent),
            confidence: try container.decode(Double.self, forKey: .confidence),
            alternatives: try container.decodeIfPresent([IntentCandidate].self, forKey: .alternatives) ?? [],
            slots: try container.decode([ParsedSlot].self, forKey: .slots),
            parameters: try container.decodeIfPresent([ResolvedParameter].self, forKey: .parameters) ?? [],
            isOutOfScope: try container.decodeIfPresent(Bool.self, forKey: .outOfScope) ?? false,
            shortcut: try container.decodeIfPresent(String.self, forKey: .shortcut))
    }

    /// Every field, at full precision: a parameter keeps its slot (`slot`, beside the `text` the
    /// printed JSON has), so that a parse sent on decodes to the same value. With sorted keys,
    /// these are the bytes of ``ParseJSONWriter``'s exact form (a test holds the two to each
    /// other); `intentkit parse`, the server and the C API print its rounded form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(intent, forKey: .intent)
        try container.encode(isOutOfScope, forKey: .outOfScope)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(alternatives, forKey: .alternatives)
        try container.encode(slots, forKey: .slots)
        try container.encode(parameters, forKey: .parameters)
        try container.encodeIfPresent(shortcut, forKey: .shortcut)
    }
}

extension ParsedSlot: Codable {
    private enum CodingKeys: String, CodingKey { case name, text, start, end, confidence, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(Int.self, forKey: .start), end = try container.decode(Int.self, forKey: .end)
        guard start <= end else {
            throw DecodingError.dataCorruptedError(forKey: .end, in: container, debugDescription: "end \(end) is before start \(start)")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name), text: try container.decode(String.self, forKey: .text),
            range: start..<end, confidence: try container.decode(Double.self, forKey: .confidence),
            value: try container.decodeIfPresent(SlotValue.self, forKey: .value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(text, forKey: .text)
        try container.encode(range.lowerBound, forKey: .start)
        try container.encode(range.upperBound, forKey: .end)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(value, forKey: .value)  // null when unresolved, never absent
    }
}

/// `{"kind": "amountOfMoney", "value": 85, "unit": "USD"}`: `kind` is ``SlotValue/kind``; `value`
/// a number, or a string for `custom` (the identifier) and `dateTime` (ISO 8601, `2026-11-23` or
/// `2026-11-23T19:30`, with seconds when said); `unit` the currency (ISO 4217), `second` for durations, or a
/// temperature's unit when said. A `dateTime` has its `grain` (`second` … `year`); an interval
/// has `from` and `to` in place of `value`, either absent when the interval is open, `to`
/// exclusive: `{"kind": "dateTime", "from": "2026-11-22T15:00", "to": "2026-11-22T18:00", "grain": "hour"}`.
/// An approximation ("about 3pm") is its value's object with `"precision": "approximate"`.
extension SlotValue: Codable {
    private enum CodingKeys: String, CodingKey { case kind, value, unit, grain, from, to, precision }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let precision = try container.decodeIfPresent(String.self, forKey: .precision) {
            guard precision == "approximate" else {
                throw DecodingError.dataCorruptedError(forKey: .precision, in: container, debugDescription: "unknown precision '\(precision)'; only 'approximate'")
            }
            self = .approximate(try Self(exactFrom: decoder))
        } else {
            self = try Self(exactFrom: decoder)
        }
    }

    /// The value `decoder` holds, its precision aside.
    private init(exactFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        func number() throws -> Double { try container.decode(Double.self, forKey: .value) }
        switch kind {
        case "custom": self = .custom(try container.decode(String.self, forKey: .value))
        case BuiltinEntity.number.rawValue: self = .number(try number())
        case BuiltinEntity.ordinal.rawValue: self = .ordinal(try container.decode(Int.self, forKey: .value))
        case BuiltinEntity.percentage.rawValue: self = .percentage(try number())
        case BuiltinEntity.amountOfMoney.rawValue: self = .amountOfMoney(try number(), currency: try container.decode(String.self, forKey: .unit))
        case BuiltinEntity.duration.rawValue: self = .duration(seconds: try number())
        case BuiltinEntity.temperature.rawValue: self = .temperature(try number(), unit: try container.decodeIfPresent(String.self, forKey: .unit))
        case BuiltinEntity.dateTime.rawValue:
            let grain = try container.decodeIfPresent(DateTimeGrain.self, forKey: .grain)
            func moment(_ key: CodingKeys) throws -> CalendarDateTime? {
                guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
                guard var dateTime = CalendarDateTime(iso8601: text) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS")
                }
                if let grain { dateTime.grain = grain }
                return dateTime
            }
            if let value = try moment(.value) {
                self = .dateTime(value)
            } else {
                let from = try moment(.from), to = try moment(.to)
                guard from != nil || to != nil else {
                    throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "a dateTime needs a value, or an interval's from or to")
                }
                self = .dateTimeInterval(DateTimeInterval(start: from, end: to, grain: grain ?? min(from?.grain ?? .year, to?.grain ?? .year)))
            }
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind of value '\(kind)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .approximate(let value):
            try value.encode(to: encoder)
            try container.encode("approximate", forKey: .precision)
        case .custom(let identifier): try container.encode(identifier, forKey: .value)
        case .number(let number), .percentage(let number): try container.encode(number, forKey: .value)
        case .ordinal(let number): try container.encode(Double(number), forKey: .value)
        case .amountOfMoney(let amount, let currency):
            try container.encode(amount, forKey: .value)
            try container.encode(currency, forKey: .unit)
        case .duration(let seconds):
            try container.encode(seconds, forKey: .value)
            try container.encode("second", forKey: .unit)
        case .dateTime(let dateTime):
            try container.encode(dateTime.description, forKey: .value)
            try container.encode(dateTime.grain, forKey: .grain)
        case .dateTimeInterval(let interval):
            try container.encodeIfPresent(interval.start?.description, forKey: .from)
            try container.encodeIfPresent(interval.end?.description, forKey: .to)
            try container.encode(interval.grain, forKey: .grain)
        case .temperature(let degrees, let unit):
            try container.encode(degrees, forKey: .value)
            try container.encodeIfPresent(unit, forKey: .unit)
        }
    }
}

extension CalendarDateTime {
    /// Reads ``description``'s form back: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`.
    public init?(iso8601 text: String) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, let year = date[0], let month = date[1], let day = date[2],
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour: Int?, minute: Int?, second: Int?
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard time.count == 2 || time.count == 3, let h = time[0], let m = time[1], (0...23).contains(h), (0...59).contains(m) else { return nil }
            hour = h
            minute = m
            if time.count == 3 {
                guard let s = time[2], (0...59).contains(s) else { return nil }
                second = s
            }
        }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

/// `{"name", "outcome", "text"?, "value"?, "candidates"?, "prompt"?, "reason"?}`: `outcome` is
/// ``ParameterResolution/outcome``; `text` the words of the slot that gave the parameter; then
/// what the outcome carries.
extension ResolvedParameter: Codable {
    private enum CodingKeys: String, CodingKey { case name, outcome, text, slot, value, candidates, prompt, reason }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let outcome = try container.decode(String.self, forKey: .outcome)
        let resolution: ParameterResolution
        switch outcome {
        case "success": resolution = .success(try container.decode(SlotValue.self, forKey: .value))
        case "confirmationRequired": resolution = .confirmationRequired(try container.decode(SlotValue.self, forKey: .value))
        case "disambiguation": resolution = .disambiguation(try container.decode([UserVocabulary.Candidate].self, forKey: .candidates))
        case "needsValue": resolution = .needsValue(prompt: try container.decodeIfPresent(String.self, forKey: .prompt))
        case "unsupported": resolution = .unsupported(reason: try container.decode(String.self, forKey: .reason))
        case "notRequired": resolution = .notRequired
        default: throw DecodingError.dataCorruptedError(forKey: .outcome, in: container, debugDescription: "unknown outcome '\(outcome)'")
        }
        self.init(name: try container.decode(String.self, forKey: .name), slot: try container.decodeIfPresent(ParsedSlot.self, forKey: .slot),
                  resolution: resolution)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(resolution.outcome, forKey: .outcome)
        try container.encodeIfPresent(slot?.text, forKey: .text)
        try container.encodeIfPresent(slot, forKey: .slot)
        switch resolution {
        case .success(let value), .confirmationRequired(let value): try container.encode(value, forKey: .value)
        case .disambiguation(let candidates): try container.encode(candidates, forKey: .candidates)
        case .needsValue(let prompt): try container.encodeIfPresent(prompt, forKey: .prompt)
        case .unsupported(let reason): try container.encode(reason, forKey: .reason)
        case .notRequired: break
        }
    }
}

/// `{"id", "phrase"}`.
extension UserVocabulary.Candidate: Codable {
    private enum CodingKeys: String, CodingKey { case id, phrase }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(identifier: try container.decode(String.self, forKey: .id), phrase: try container.decode(String.self, forKey: .phrase))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .id)
        try container.encode(phrase, forKey: .phrase)
    }
}
