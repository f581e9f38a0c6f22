/// One labelled example: text, its intent, and the slots marked in it.
public struct Utterance: Hashable, Sendable {
    /// The text as the user said or typed it.
    public var text: String
    /// The intent's name.
    public var intent: String
    /// The slots, ordered by position.
    public var slots: [SlotAnnotation]
    /// Where the utterance was read from, for messages; not part of equality.
    public var location: SourceLocation?

    /// Creates an utterance.
    public init(text: String, intent: String, slots: [SlotAnnotation] = [], location: SourceLocation? = nil) {
        self.text = text
        self.intent = intent
        self.slots = slots
        self.location = location
    }

    /// The text covered by `slot`.
    public func text(of slot: SlotAnnotation) -> String {
        let scalars = text.unicodeScalars
        let clamped = slot.range.clamped(to: 0..<scalars.count)
        let start = scalars.index(scalars.startIndex, offsetBy: clamped.lowerBound)
        let end = scalars.index(start, offsetBy: clamped.count)
        return String(scalars[start..<end])
    }

    public static func == (lhs: Utterance, rhs: Utterance) -> Bool {
        lhs.text == rhs.text && lhs.intent == rhs.intent && lhs.slots == rhs.slots
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(intent)
        hasher.combine(slots)
    }
}
