/// A user's shortcut phrases (``UserShortcut``), compiled for matching: handed to a parser
/// (``IntentParser/using(_:)-(UserShortcuts)``), an utterance that is one of the phrases parses
/// to its shortcut's frame, marked with the shortcut (``IntentParse/shortcut``); any other
/// parses as before. Nothing is retrained.
///
/// An utterance is a phrase when their words are the same after the tokenizer's folding: case,
/// diacritics, typographic quotes, punctuation and spacing do not count ("Soup time!" is
/// "soup time"). Matching costs one hash of the utterance's words and one table probe, and
/// nothing at all for an utterance whose word count no phrase has.
///
/// Shortcuts ``encoded(by:)`` a parser whose model has a sentence encoder also match an
/// utterance that says a phrase another way ("it's soup time"), when the parser's
/// ``IntentParser/shortcutSimilarity`` is set: the cosine similarity of the encoder's vectors
/// of the two, as in sentence-embedding retrieval (Reimers & Gurevych, Sentence-BERT, 2019).
public struct UserShortcuts: Sendable {
    /// The shortcuts, in the order given.
    public let shortcuts: [UserShortcut]
    /// Phrase key → the first shortcut with that phrase.
    private let index: [UInt64: Int]
    /// Bit `n` set: some phrase has `n` words (`n` < 64; longer phrases set bit 63).
    private let wordCounts: UInt64
    /// The phrases' sentence vectors, unit length, a row of ``vectorLength`` each, in the order
    /// of ``shortcuts`` (``encoded(by:)``); empty until encoded.
    private var phraseVectors: [Float] = []
    private var vectorLength = 0
    /// The encoder of ``phraseVectors``: a parser whose model weighs another one ignores them.
    private(set) var encoder: EncoderIdentity?

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

    /// What is wrong with `shortcuts` as one user's set, by index: each one's
    /// ``UserShortcut/problem(in:)`` (with a schema), a phrase that is another's once case,
    /// punctuation and spacing are folded, an identifier given twice.
    public static func problems(of shortcuts: [UserShortcut], in schema: Schema?, tokenizer: Tokenizer = Tokenizer()) -> [(index: Int, problem: String)] {
        var problems = [(index: Int, problem: String)]()
        var phrases = [UInt64: Int](), identifiers = [String: Int]()
        var tokens = TokenizedText()
        for (index, shortcut) in shortcuts.enumerated() {
            if let schema, let problem = shortcut.problem(in: schema) {
                problems.append((index, problem))
                continue
            }
            tokenizer.tokenize(shortcut.phrase, into: &tokens)
            guard let (key, _) = key(of: tokens) else {
                problems.append((index, "the phrase '\(shortcut.phrase.prefix(80))' has no word"))
                continue
            }
            if let first = phrases[key] {
                let other = shortcuts[first]
                problems.append((index, "the phrase '\(shortcut.phrase.prefix(80))' is shortcut \(first + 1)'s ('\(other.phrase.prefix(80))', \(other.intent)) once case and punctuation are set aside; give each shortcut a phrase of its own"))
            } else {
                phrases[key] = index
            }
            if let first = identifiers[shortcut.identifier] {
                problems.append((index, "the id '\(shortcut.identifier.prefix(80))' is also shortcut \(first + 1)'s; ids are unique"))
            } else {
                identifiers[shortcut.identifier] = index
            }
        }
        return problems
    }

    /// Whether there are none.
    public var isEmpty: Bool { index.isEmpty }

    /// Whether the phrases have sentence vectors, for matching near phrasings (``encoded(by:)``).
    public var isEncoded: Bool { vectorLength > 0 }

    /// Whether the phrases have vectors from the sentence encoder of `parser`'s model.
    public func isEncoded(by parser: IntentParser) -> Bool {
        isEncoded && encoder == parser.model.intentClassifier?.encoder
    }

    /// These shortcuts with their phrases' sentence vectors from the sentence encoder of
    /// `parser`'s model, so that a parser with a ``IntentParser/shortcutSimilarity`` matches
    /// near phrasings; unchanged for a model without an encoder. Encoding runs the encoder once
    /// per phrase: do it when the shortcuts change, not per parse.
    public func encoded(by parser: IntentParser) -> UserShortcuts {
        guard let encoder = parser.sentenceEncoder, !shortcuts.isEmpty, !isEncoded(by: parser) else { return self }
        var copy = self
        let vectors = encoder.encode(shortcuts.map(\.phrase))
        copy.vectorLength = vectors.first?.count ?? 0
        copy.encoder = encoder.identity
        copy.phraseVectors.reserveCapacity(vectors.count * copy.vectorLength)
        for vector in vectors { copy.phraseVectors.append(contentsOf: Self.unitLength(vector)) }
        return copy
    }

    /// The shortcut whose phrase is nearest `vector` (an utterance's sentence vector) and their
    /// cosine similarity; `nil` without vectors.
    func nearest(to vector: [Float]) -> (shortcut: UserShortcut, similarity: Double)? {
        guard vectorLength > 0, vector.count == vectorLength else { return nil }
        let unit = Self.unitLength(vector)
        var best = -Float.infinity, bestRow = 0
        phraseVectors.withUnsafeBufferPointer { rows in
            unit.withUnsafeBufferPointer { x in
                for row in 0..<shortcuts.count {
                    let similarity = BLAS.dot(rows.baseAddress! + row * vectorLength, x.baseAddress!, count: vectorLength)
                    if similarity > best { (best, bestRow) = (similarity, row) }
                }
            }
        }
        return (shortcuts[bestRow], Double(best))
    }

    private static func unitLength(_ vector: [Float]) -> [Float] {
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? vector.map { $0 / norm } : vector
    }

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
