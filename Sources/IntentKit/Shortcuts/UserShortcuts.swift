/// A user's shortcut phrases (``UserShortcut``), compiled for matching: handed to a parser
/// (``IntentParser/using(_:)-(UserShortcuts)``), an utterance that is one of the phrases parses
/// to its shortcut's frame, marked with the shortcut (``IntentParse/shortcut``); any other
/// parses as before. Nothing is retrained.
///
/// An utterance is a phrase when their words are the same after the tokenizer's folding: case,
/// diacritics, typographic quotes, punctuation and spacing do not count ("Soup time!" is
/// "soup time"). Matching costs one hash of the utterance's words and one table probe, and
/// nothing at all for an utterance whose word count no phrase has.
public struct UserShortcuts: Sendable {
    /// The shortcuts, in the order given.
    public let shortcuts: [UserShortcut]
    /// Phrase key → the first shortcut with that phrase.
    private let index: [UInt64: Int]
    /// Bit `n` set: some phrase has `n` words (`n` < 64; longer phrases set bit 63).
    private let wordCounts: UInt64

    /// No shortcuts.
    public init() {
        self.init([])
    }

    /// Compiles `shortcuts`; a phrase given twice goes to the first.
    public init(_ shortcuts: [UserShortcut], tokenizer: Tokenizer = Tokenizer()) {
        self.shortcuts = shortcuts
        var index = [UInt64: Int]()
        var counts: UInt64 = 0
        var tokens = TokenizedText()
        for (position, shortcut) in shortcuts.enumerated() {
            tokenizer.tokenize(shortcut.phrase, into: &tokens)
            guard let (key, words) = Self.key(of: tokens) else { continue }
            if index[key] == nil { index[key] = position }
            counts |= 1 << UInt64(min(words, 63))
        }
        self.index = index
        wordCounts = counts
    }

    /// Whether there are none.
    public var isEmpty: Bool { index.isEmpty }

    /// The shortcut whose phrase `tokens` are, if any.
    public func match(_ tokens: TokenizedText) -> UserShortcut? {
        guard !index.isEmpty else { return nil }
        var words = 0
        for token in tokens.tokens where token.kind != .punctuation { words += 1 }
        guard words > 0, wordCounts & (1 << UInt64(min(words, 63))) != 0,
              let (key, _) = Self.key(of: tokens), let position = index[key] else { return nil }
        return shortcuts[position]
    }

    /// FNV-1a over the normalised forms of the words (punctuation left out), 0x1F between them;
    /// with the word count. `nil` for text without a word.
    private static func key(of tokens: TokenizedText) -> (UInt64, Int)? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var words = 0
        for index in 0..<tokens.count where tokens.tokens[index].kind != .punctuation {
            if words > 0 { hash = (hash ^ 0x1F) &* 0x100_0000_01b3 }
            tokens.withNormalizedUTF8(at: index) { bytes in
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            }
            words += 1
        }
        return words == 0 ? nil : (hash, words)
    }
}
