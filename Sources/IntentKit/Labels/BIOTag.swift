/// One BIO tag: outside any slot, beginning a slot, or inside one.
public enum BIOTag: Hashable, Sendable, CustomStringConvertible {
    case outside
    case begin(String)
    case inside(String)

    /// Parses `O`, `B-<slot>` or `I-<slot>`; `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        if text == "O" {
            self = .outside
            return
        }
        guard text.count > 2, text.dropFirst().first == "-" else { return nil }
        let slot = String(text.dropFirst(2))
        switch text.first {
        case "B": self = .begin(slot)
        case "I": self = .inside(slot)
        default: return nil
        }
    }

    /// The slot name, or `nil` for `O`.
    public var slot: String? {
        switch self {
        case .outside: return nil
        case .begin(let slot), .inside(let slot): return slot
        }
    }

    public var description: String {
        switch self {
        case .outside: return "O"
        case .begin(let slot): return "B-" + slot
        case .inside(let slot): return "I-" + slot
        }
    }

    /// The slot spans a tag sequence marks, as token index ranges, read the way conlleval reads
    /// them: `B-x` opens a span; `I-x` continues a span of type `x` and otherwise opens one (an
    /// `I-` with no `B-` still counts as a span); `O` closes.
    ///
    /// - Complexity: O(n) in the number of tags.
    public static func spans(_ tags: some Sequence<BIOTag>) -> [(slot: String, tokens: Range<Int>)] {
        var spans = [(slot: String, tokens: Range<Int>)]()
        var open: (slot: String, start: Int)?
        var index = 0
        for tag in tags {
            switch tag {
            case .outside:
                if let span = open { spans.append((span.slot, span.start..<index)) }
                open = nil
            case .begin(let slot):
                if let span = open { spans.append((span.slot, span.start..<index)) }
                open = (slot, index)
            case .inside(let slot):
                if let span = open, span.slot == slot { break }
                if let span = open { spans.append((span.slot, span.start..<index)) }
                open = (slot, index)
            }
            index += 1
        }
        if let span = open { spans.append((span.slot, span.start..<index)) }
        return spans
    }
}
