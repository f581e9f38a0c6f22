/// An utterance pattern of an intent, as a schema's `patterns:` write it:
/// `(please) order [quantity] [soup] (to|for) [deliveryLocation]`.
///
/// - `[name]` stands for a value of the intent's parameter `name`;
/// - `(a|b|c)` for one of its alternatives, each a pattern in turn;
/// - `(words)`, a group of one alternative, for the words or nothing;
/// - `\(`, `\)`, `\[`, `\]`, `\|` and `\\` for the character itself.
///
/// A pattern has at least one word or parameter, and stays within ``maximumLength`` characters,
/// ``maximumParameters`` parameter mentions and ``maximumDepth`` nested groups.
///
/// ``PatternExpander`` turns patterns into annotated utterances for training.
public struct UtterancePattern: Hashable, Sendable {
    /// A piece of a pattern.
    public indirect enum Piece: Hashable, Sendable {
        case text(String)
        case parameter(String)
        /// Alternatives; one alone is optional.
        case choice([[Piece]])
    }

    /// The pattern as written.
    public let source: String
    /// Its pieces in order.
    public let pieces: [Piece]

    /// What is wrong with a pattern, and where (a Unicode-scalar offset into it).
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// Groups nested deeper than this are refused: patterns are written by people, and a
    /// reader of hostile input must not let nesting cost unbounded stack or time.
    public static let maximumDepth = 100
    /// Longer patterns are refused: expansion draws a pattern's pieces into every utterance it
    /// gives, and an utterance longer than this teaches nothing a shorter one does not.
    public static let maximumLength = 2_000
    /// More parameter mentions than this in one pattern are refused, for the same reason.
    public static let maximumParameters = 32
    /// The characters a `\` makes literal.
    public static let specialCharacters: Set<Unicode.Scalar> = ["[", "]", "(", ")", "|", "\\"]

    /// `text` with the pattern syntax's characters escaped: a pattern that reads as the text itself.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if specialCharacters.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Parses `source`.
    /// - Throws: ``SyntaxError`` for an unclosed or stray bracket or parenthesis, an empty
    ///   parameter name, a `|` outside parentheses, an empty group or pattern, a `\` before
    ///   anything but `( ) [ ] | \`, or a pattern past ``maximumDepth``, ``maximumLength`` or
    ///   ``maximumParameters``.
    public init(_ source: String) throws(SyntaxError) {
        self.source = source
        let scalars = Array(source.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw SyntaxError(message: "a pattern of \(scalars.count) characters; at most \(Self.maximumLength)", offset: Self.maximumLength)
        }
        pieces = try Self.parse(scalars)
        guard Self.hasWords(pieces) else { throw SyntaxError(message: "a pattern with no words", offset: 0) }
    }

    /// The names of the parameters the pattern mentions, in order, each once.
    public var parameterNames: [String] {
        var names = [String]()
        // Depth-first, without recursion: the stack holds what is left of each level.
        var stack: [ArraySlice<Piece>] = [pieces[...]]
        while var level = stack.popLast() {
            guard let piece = level.popFirst() else { continue }
            stack.append(level)
            switch piece {
            case .text: break
            case .parameter(let name): if !names.contains(name) { names.append(name) }
            case .choice(let alternatives): stack += alternatives.reversed().map { $0[...] }
            }
        }
        return names
    }

    /// Whether `pieces` hold a parameter or a word.
    private static func hasWords(_ pieces: [Piece]) -> Bool {
        var stack: [[Piece]] = [pieces]
        while let level = stack.popLast() {
            for piece in level {
                switch piece {
                case .text(let text): if text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) { return true }
                case .parameter: return true
                case .choice(let alternatives): stack += alternatives
                }
            }
        }
        return false
    }

    /// The pieces of `scalars`, read in one pass with a stack of the groups open at each point
    /// (never recursion: nesting costs memory on the heap, bounded by ``maximumDepth``).
    private static func parse(_ scalars: [Unicode.Scalar]) throws(SyntaxError) -> [Piece] {
        /// A group being read: where it opened, the alternatives closed so far, the current one.
        struct Group {
            var start: Int
            var alternatives: [[Piece]] = []
        }
        var groups = [Group]()
        var pieces = [Piece]()
        var text = ""
        var parameters = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
        }
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            switch scalar {
            case "\\":
                guard position + 1 < scalars.count, specialCharacters.contains(scalars[position + 1]) else {
                    throw SyntaxError(message: "a '\\' escapes one of ( ) [ ] | \\; write '\\\\' for a backslash", offset: position)
                }
                text.unicodeScalars.append(scalars[position + 1])
                position += 2
            case "[":
                flush()
                let (name, end) = try parameter(in: scalars, at: position)
                parameters += 1
                guard parameters <= maximumParameters else {
                    throw SyntaxError(message: "more than \(maximumParameters) parameters in one pattern", offset: position)
                }
                pieces.append(.parameter(name))
                position = end
            case "(":
                flush()
                guard groups.count < maximumDepth else {
                    throw SyntaxError(message: "groups nested deeper than \(maximumDepth) levels", offset: position)
                }
                // The pieces before the group wait in the group's parent: kept as its last alternative.
                groups.append(Group(start: position, alternatives: [pieces]))
                pieces = []
                position += 1
            case "|":
                guard !groups.isEmpty else { throw SyntaxError(message: "a '|' outside parentheses: write alternatives as (a|b)", offset: position) }
                flush()
                groups[groups.count - 1].alternatives.append(pieces)
                pieces = []
                position += 1
            case ")":
                guard var group = groups.popLast() else { throw SyntaxError(message: "a ')' without its '('", offset: position) }
                flush()
                group.alternatives.append(pieces)
                var parent = group.alternatives.removeFirst()
                guard group.alternatives.contains(where: hasWords) else {
                    throw SyntaxError(message: "an empty group: '()' and '(|)' stand for nothing", offset: group.start)
                }
                parent.append(.choice(group.alternatives))
                pieces = parent
                position += 1
            case "]":
                throw SyntaxError(message: "a ']' without its '['", offset: position)
            default:
                text.unicodeScalars.append(scalar)
                position += 1
            }
        }
        if let open = groups.last { throw SyntaxError(message: "a '(' without its ')'", offset: open.start) }
        flush()
        return pieces
    }

    /// The parameter name of the `[name]` at `start`, and the position after its `]`.
    private static func parameter(in scalars: [Unicode.Scalar], at start: Int) throws(SyntaxError) -> (String, Int) {
        var position = start + 1
        var name = ""
        while position < scalars.count, scalars[position] != "]" {
            if "[()|\\".unicodeScalars.contains(scalars[position]) {
                throw SyntaxError(message: "a parameter's name cannot hold '\(scalars[position])'", offset: position)
            }
            name.unicodeScalars.append(scalars[position])
            position += 1
        }
        guard position < scalars.count else { throw SyntaxError(message: "a '[' without its ']'", offset: start) }
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw SyntaxError(message: "an empty parameter name '[]'", offset: start) }
        return (trimmed, position + 1)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
