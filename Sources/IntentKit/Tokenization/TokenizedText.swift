/// An utterance split into tokens, with a normalised form beside each token.
///
/// Produced by ``Tokenizer``. Reusing one value across calls of
/// ``Tokenizer/tokenize(_:into:)`` keeps every buffer's capacity, so tokenizing allocates nothing
/// per token once the buffers have grown to the longest utterance seen.
public struct TokenizedText: Sendable {
    /// The text that was tokenized.
    public internal(set) var text: String
    /// The tokens, in text order.
    public internal(set) var tokens: [Token]
    /// Normalised forms of all tokens, concatenated as UTF-8; sliced by `Token.normalizedRange`.
    @usableFromInline
    internal var normalizedStorage: [UInt8]
    /// Scratch: the text's scalars, and `[scalarCount + 1]` UTF-8 offsets of each scalar.
    internal var scalars: [Unicode.Scalar]
    internal var utf8Offsets: [Int]

    /// An empty value, ready to be filled by ``Tokenizer/tokenize(_:into:)``.
    public init() {
        text = ""
        tokens = []
        normalizedStorage = []
        scalars = []
        utf8Offsets = []
    }

    /// The number of tokens.
    public var count: Int { tokens.count }

    /// The original text of the token at `index`.
    public func text(at index: Int) -> Substring {
        let range = tokens[index].utf8Range
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return text[start..<end]
    }

    /// The normalised form of the token at `index`: lowercased, diacritics folded, typographic
    /// quotes and dashes made ASCII ("Música" → "musica", "’" → "'").
    public func normalized(at index: Int) -> String {
        withNormalizedUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of the normalised form of the token at `index`, without
    /// copying them. The buffer is valid only inside `body`.
    @inlinable
    public func withNormalizedUTF8<Result>(
        at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let range = tokens[index].normalizedRange
        return try normalizedStorage.withUnsafeBufferPointer { storage in
            try body(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
        }
    }
}
