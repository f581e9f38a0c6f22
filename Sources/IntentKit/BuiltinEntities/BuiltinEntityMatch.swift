/// A built-in entity found in an utterance: what kind, where, and its resolved value.
///
/// As JSON: `{"kind": "amountOfMoney", "text": "85 bucks", "start": 15, "end": 23, "value":
/// {"kind": "amountOfMoney", "value": 85, "unit": "USD"}}`, with `start`/`end` Unicode-scalar
/// offsets into the utterance, end exclusive (as a parse's slots have), and `value` in the
/// shape of a slot's value (``SlotValue``).
public struct BuiltinEntityMatch: Hashable, Sendable {
    /// The kind of entity.
    public var kind: BuiltinEntity
    /// The words of the utterance that say it.
    public var text: String
    /// Unicode-scalar offsets into the utterance, end exclusive.
    public var range: Range<Int>
    /// What the words mean: a number, an amount with its currency, a date, …
    public var value: SlotValue

    public init(kind: BuiltinEntity, text: String, range: Range<Int>, value: SlotValue) {
        self.kind = kind
        self.text = text
        self.range = range
        self.value = value
    }
}

extension BuiltinEntityMatch: Codable {
    private enum CodingKeys: String, CodingKey { case kind, text, start, end, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(Int.self, forKey: .start), end = try container.decode(Int.self, forKey: .end)
        guard start <= end else {
            throw DecodingError.dataCorruptedError(forKey: .end, in: container, debugDescription: "end \(end) is before start \(start)")
        }
        self.init(kind: try container.decode(BuiltinEntity.self, forKey: .kind), text: try container.decode(String.self, forKey: .text),
                  range: start..<end, value: try container.decode(SlotValue.self, forKey: .value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encode(range.lowerBound, forKey: .start)
        try container.encode(range.upperBound, forKey: .end)
        try container.encode(value, forKey: .value)
    }
}
