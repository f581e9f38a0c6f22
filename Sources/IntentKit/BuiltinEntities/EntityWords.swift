/// The words the built-in grammars read: an utterance's tokens in their normalised form
/// (lower case, diacritics folded), cut finer where a token joins what the grammars read apart —
/// a number and its unit or suffix ("100k" → `100` `k`, "20°c" → `20` `°` `c`, "usd3.14" →
/// `usd` `3.14`, "21st" → `21` `st`), a sign or symbol and its number ("$85" → `$` `85`, "50%"
/// → `50` `%`), words joined by a hyphen ("twenty-one" → `twenty` `-` `one`) — each with its
/// place in the original text and whether white space comes before it.
///
/// Digit separators stay inside their number (`1,000`, `8.5`, `7:30`, `9:01:10`), and an
/// apostrophe inside a word stays in it (`o'clock`, `aujourd'hui`) but after an elision (`l'`
/// `heure`, `jusqu'` `a`). Building the words of a short span (a
/// slot) allocates one array: the normalised forms of short tokens are small strings.
struct EntityWords {
    private struct Piece {
        var word: String
        /// The word's hash, for the grammars' tables.
        var key: WordKey
        /// Unicode-scalar offsets in the original text, end exclusive.
        var range: Range<Int>
        /// No white space before it (`false` for the first).
        var attached: Bool
        /// Written with a capital letter ("1.2M" is a million, "2m" two minutes).
        var capitalized: Bool
        /// ASCII digits alone ("2026", not "2,026").
        var isDigits: Bool
        /// Its first scalar is a letter.
        var startsWithLetter: Bool
    }

    private let pieces: [Piece]
    /// What the grammars read at each word, kept once read: several kinds and parts start by
    /// reading the same number or day at the same word.
    let memo: Memo

    var count: Int { pieces.count }
    subscript(index: Int) -> String { pieces[index].word }
    /// The key of the word at `index` (``WordKey/none`` past either end): what the grammars'
    /// tables are looked up by.
    func key(at index: Int) -> WordKey { index >= 0 && index < pieces.count ? pieces[index].key : .none }
    /// The word at `index`, or `nil` past the end.
    func word(at index: Int) -> String? { index >= 0 && index < pieces.count ? pieces[index].word : nil }
    /// Whether the word at `index` exists and follows the previous one without white space.
    func isAttached(_ index: Int) -> Bool { index > 0 && index < pieces.count && pieces[index].attached }
    /// Whether the word at `index` exists and is ASCII digits alone.
    func isDigits(at index: Int) -> Bool { index >= 0 && index < pieces.count && pieces[index].isDigits }
    /// Whether the word at `index` exists and starts with a letter.
    func startsWithLetter(at index: Int) -> Bool { index >= 0 && index < pieces.count && pieces[index].startsWithLetter }
    /// Whether the word at `index` exists and was written with a capital letter.
    func isCapitalized(_ index: Int) -> Bool { index >= 0 && index < pieces.count && pieces[index].capitalized }
    /// The Unicode-scalar offsets of the word at `index` in the original text.
    func range(at index: Int) -> Range<Int> { pieces[index].range }

    /// Whether `word` is ASCII digits alone ("2026", not "2,026" or "٣").
    static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func startsWithDigit(_ word: String) -> Bool { word.utf8.first.map { (0x30...0x39).contains($0) } ?? false }
    static func endsWithDigit(_ word: String) -> Bool { word.utf8.last.map { (0x30...0x39).contains($0) } ?? false }

    /// The words of `tokens` of `text`.
    init(_ text: TokenizedText, tokens: Range<Int>) {
        var pieces = [Piece]()
        pieces.reserveCapacity(tokens.count + 2)
        for index in tokens {
            let range = text.tokens[index].range
            // Most tokens are a run of ASCII letters or digits as long as the original: one word,
            // read off the normalised bytes without a walk over scalars.
            let whole: (word: String, key: WordKey, isLetters: Bool)? = text.withNormalizedUTF8(at: index) { bytes in
                guard !bytes.isEmpty, bytes.count == range.count else { return nil }
                var letters = 0, key = WordKey.Builder()
                for byte in bytes {
                    if byte &- 0x61 <= 25 { letters += 1 } else if byte &- 0x30 > 9 { return nil }
                    key.combine(byte)
                }
                guard letters == 0 || letters == bytes.count else { return nil }
                return (String(decoding: bytes, as: UTF8.self), key.key, letters > 0)
            }
            if let whole {
                let capitalized = whole.isLetters && text.scalars[range].contains(where: Self.isCapital)
                Self.append(to: &pieces, whole.word, key: whole.key, range: range, capitalized: capitalized,
                            shape: (isDigits: !whole.isLetters, startsWithLetter: whole.isLetters))
                continue
            }
            let normalized = text.normalized(at: index)
            let scalars = normalized.unicodeScalars
            guard !scalars.isEmpty else { continue }
            let original = text.scalars[range]
            // A normalised form of another length than the original (a folded ligature) cannot
            // be cut at places of the original: it stays one word.
            guard scalars.count == range.count else {
                Self.append(to: &pieces, normalized, range: range, capitalized: original.contains(where: Self.isCapital))
                continue
            }
            var start = scalars.startIndex, startOffset = 0
            var originalIndex = original.startIndex
            var capitalized = false
            var previous: Unicode.Scalar?, beforePrevious: Unicode.Scalar?
            var position = scalars.startIndex, offset = 0
            while position < scalars.endIndex {
                let current = scalars[position]
                let next = scalars.index(after: position)
                // "l'heure" → `l'` `heure`: an elided article or preposition is a word of its own.
                let endsElision = previous == "'" && offset - startOffset <= 7 && Self.elisions.contains(String(normalized[start..<position]))
                if let previous, endsElision || !Self.joins(beforePrevious, previous, current, next < scalars.endIndex ? scalars[next] : nil) {
                    Self.append(to: &pieces, String(normalized[start..<position]), range: (range.lowerBound + startOffset)..<(range.lowerBound + offset), capitalized: capitalized)
                    start = position
                    startOffset = offset
                    capitalized = false
                }
                if originalIndex < original.endIndex {
                    capitalized = capitalized || Self.isCapital(original[originalIndex])
                    originalIndex = original.index(after: originalIndex)
                }
                beforePrevious = previous
                previous = current
                position = next
                offset += 1
            }
            Self.append(to: &pieces, String(normalized[start...]), range: (range.lowerBound + startOffset)..<range.upperBound, capitalized: capitalized)
        }
        self.pieces = pieces
        memo = Memo(count: pieces.count)
    }

    /// Appends a word; `key` and `shape` when the caller knows them.
    private static func append(to pieces: inout [Piece], _ word: String, key: WordKey? = nil, range: Range<Int>, capitalized: Bool,
                               shape: (isDigits: Bool, startsWithLetter: Bool)? = nil) {
        let attached = !pieces.isEmpty && pieces[pieces.count - 1].range.upperBound == range.lowerBound
        let startsWithLetter = shape?.startsWithLetter ?? (word.unicodeScalars.first.map { kind($0) == .letter } ?? false)
        pieces.append(Piece(word: word, key: key ?? WordKey(word), range: range, attached: attached, capitalized: capitalized,
                            isDigits: shape?.isDigits ?? (!startsWithLetter && isDigits(word)), startsWithLetter: startsWithLetter))
    }

    /// The elided words of French (and Italian's `l'`, `d'`), which stay apart from the word after them.
    private static let elisions: Set<String> = ["l'", "d'", "j'", "m'", "n'", "s'", "t'", "c'", "qu'", "jusqu'", "lorsqu'", "puisqu'"]

    private enum Class { case digit, letter, other }

    private static func kind(_ scalar: Unicode.Scalar) -> Class {
        // ASCII without a Unicode property lookup: most words are.
        switch scalar.value {
        case 0x30...0x39: return .digit
        case 0x41...0x5A, 0x61...0x7A: return .letter
        case 0..<0x80: return .other
        default: return scalar.properties.isAlphabetic ? .letter : .other
        }
    }

    private static func isCapital(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
    }

    /// Whether `current` stays in the piece of `previous`: runs of digits (with `.` `,` `:`
    /// between digits), runs of letters (with `'` between letters); every other scalar alone.
    private static func joins(_ beforePrevious: Unicode.Scalar?, _ previous: Unicode.Scalar, _ current: Unicode.Scalar, _ next: Unicode.Scalar?) -> Bool {
        let previousKind = kind(previous), currentKind = kind(current)
        if previousKind == currentKind && currentKind != .other { return true }
        // A separator between digits, an apostrophe between letters: inside the run.
        if currentKind == .other, let next, previousKind == kind(next) {
            if previousKind == .digit && (current == "." || current == "," || current == ":") { return true }
            if previousKind == .letter && current == "'" { return true }
        }
        if previousKind == .other, let beforePrevious, kind(beforePrevious) == currentKind, currentKind != .other {
            if currentKind == .digit && (previous == "." || previous == "," || previous == ":") { return true }
            if currentKind == .letter && previous == "'" { return true }
        }
        return false
    }
}

extension EntityWords {
    /// The index after the first of `phrases` said from `index`, if one is.
    func end(ofAny phrases: [[WordKey]], at index: Int) -> Int? {
        for phrase in phrases where phrase.indices.allSatisfy({ key(at: index + $0) == phrase[$0] }) { return index + phrase.count }
        return nil
    }

    /// A grammar's result at one word: not read yet, nothing, or what it read.
    enum Cached<Value> {
        case unread, nothing, read(Value)

        var value: Value?? {
            switch self {
            case .unread: return nil
            case .nothing: return .some(nil)
            case .read(let value): return .some(value)
            }
        }

        init(_ value: Value?) { self = value.map { .read($0) } ?? .nothing }
    }

    /// The results read at each word, for one utterance and one reference moment: one entry a
    /// word, allocated with the words and reached through a pointer (a class's array would cost
    /// an exclusivity check and a copy of the entry at every read).
    final class Memo {
        struct Entry {
            var cardinal = Cached<(value: Double, end: Int)>.unread
            var ordinal = Cached<(value: Int, end: Int)>.unread
            var duration = Cached<(seconds: Double, smallestUnit: Double, end: Int)>.unread
            var dayPart = Cached<(day: Int, part: (from: Int, to: Int)?, grain: DateTimeGrain, isNow: Bool, end: Int)>.unread
            var moment = Cached<(value: DateTimeValue, end: Int)>.unread
        }

        private let count: Int
        private let entries: UnsafeMutablePointer<Entry>

        init(count: Int) {
            self.count = count
            entries = UnsafeMutablePointer<Entry>.allocate(capacity: count)
            entries.initialize(repeating: Entry(), count: count)
        }

        /// The entry of word `index` (`0 ..< count`).
        @inline(__always)
        func entry(_ index: Int) -> UnsafeMutablePointer<Entry> { entries + index }

        deinit {
            entries.deinitialize(count: count)
            entries.deallocate()
        }
    }

    /// `read()` at word `index`, once: later calls get the kept result, which `get` and `set`
    /// reach in an entry (closures, not a key path: a key path costs a runtime lookup a call).
    @inline(__always)
    func remembered<Value>(_ index: Int, get: (UnsafeMutablePointer<Memo.Entry>) -> Cached<Value>,
                           set: (UnsafeMutablePointer<Memo.Entry>, Cached<Value>) -> Void, _ read: () -> Value?) -> Value? {
        guard index >= 0 && index < count else { return read() }
        if let kept = get(memo.entry(index)).value { return kept }
        let value = read()
        set(memo.entry(index), Cached(value))
        return value
    }
}
