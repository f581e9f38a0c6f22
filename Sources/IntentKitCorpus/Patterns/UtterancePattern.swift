/// An utterance pattern of an intent, as a schema's `patterns:` write it:
/// `(please) order [quantity] [soup] (to|for) [deliveryLocation]`.
///
/// - `[name]` stands for a value of the intent's parameter `name`;
/// - `(a|b|c)` for one of its alternatives, each a pattern in turn;
/// - `(words)`, a group of one alternative, for the words or nothing.
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

    /// Parses `source`.
    /// - Throws: ``SyntaxError`` for an unclosed or stray bracket or parenthesis, an empty
    ///   parameter name, or a `|` outside parentheses.
    public init(_ source: String) throws(SyntaxError) {
        self.source = source
        var parser = Parser(scalars: Array(source.unicodeScalars))
        pieces = try parser.sequence(inGroup: false)
        if parser.position < parser.scalars.count {
            throw SyntaxError(message: "a ')' without its '('", offset: parser.position)
        }
    }

    /// The names of the parameters the pattern mentions, in order, each once.
    public var parameterNames: [String] {
        var names = [String]()
        func walk(_ pieces: [Piece]) {
            for piece in pieces {
                switch piece {
                case .text: break
                case .parameter(let name): if !names.contains(name) { names.append(name) }
                case .choice(let alternatives): alternatives.forEach(walk)
                }
            }
        }
        walk(pieces)
        return names
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        /// Pieces up to the end, or (in a group) up to a `|` or `)`, which it leaves unread.
        mutating func sequence(inGroup: Bool) throws(SyntaxError) -> [Piece] {
            var pieces = [Piece]()
            var text = ""
            func flush() {
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
            }
            while position < scalars.count {
                let scalar = scalars[position]
                switch scalar {
                case "[":
                    flush()
                    pieces.append(.parameter(try parameter()))
                case "(":
                    flush()
                    pieces.append(try choice())
                case "|", ")":
                    guard inGroup else {
                        throw SyntaxError(message: scalar == "|" ? "a '|' outside parentheses: write alternatives as (a|b)" : "a ')' without its '('", offset: position)
                    }
                    flush()
                    return pieces
                case "]":
                    throw SyntaxError(message: "a ']' without its '['", offset: position)
                default:
                    text.unicodeScalars.append(scalar)
                    position += 1
                }
            }
            flush()
            return pieces
        }

        mutating func parameter() throws(SyntaxError) -> String {
            let start = position
            position += 1
            var name = ""
            while position < scalars.count, scalars[position] != "]" {
                if "[()|".unicodeScalars.contains(scalars[position]) {
                    throw SyntaxError(message: "a parameter's name cannot hold '\(scalars[position])'", offset: position)
                }
                name.unicodeScalars.append(scalars[position])
                position += 1
            }
            guard position < scalars.count else { throw SyntaxError(message: "a '[' without its ']'", offset: start) }
            position += 1
            let trimmed = name.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw SyntaxError(message: "an empty parameter name '[]'", offset: start) }
            return trimmed
        }

        mutating func choice() throws(SyntaxError) -> Piece {
            let start = position
            position += 1
            var alternatives = [[Piece]]()
            while true {
                alternatives.append(try sequence(inGroup: true))
                guard position < scalars.count else { throw SyntaxError(message: "a '(' without its ')'", offset: start) }
                position += 1
                if scalars[position - 1] == ")" { return .choice(alternatives) }
            }
        }
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
