/// The words the built-in grammars read: an utterance's tokens in their normalised form
/// (lower case, diacritics folded), cut finer where a token joins what the grammars read apart —
/// a number and its unit or suffix ("100k" → `100` `k`, "20°c" → `20` `°` `c`, "usd3.14" →
/// `usd` `3.14`, "21st" → `21` `st`), a sign or symbol and its number ("$85" → `$` `85`, "50%"
/// → `50` `%`), words joined by a hyphen ("twenty-one" → `twenty` `-` `one`) — each with its
/// place in the original text and whether white space comes before it.
///
/// Digit separators stay inside their number (`1,000`, `8.5`, `7:30`, `9:01:10`), and an
/// apostrophe inside a word stays in it (`o'clock`). Building the words of a short span (a
/// slot) allocates one array: the normalised forms of short tokens are small strings.
struct EntityWords {
    private struct Piece {
        var word: Substring
        /// Unicode-scalar offsets in the original text, end exclusive.
        var range: Range<Int>
        /// No white space before it (`false` for the first).
        var attached: Bool
        /// Written with a capital letter ("1.2M" is a million, "2m" two minutes).
        var capitalized: Bool
    }

    private var pieces = [Piece]()

    var count: Int { pieces.count }
    subscript(index: Int) -> Substring { pieces[index].word }
    /// The word at `index`, or `nil` past the end.
    func word(at index: Int) -> Substring? { index >= 0 && index < pieces.count ? pieces[index].word : nil }
    /// Whether the word at `index` exists and follows the previous one without white space.
    func isAttached(_ index: Int) -> Bool { index > 0 && index < pieces.count && pieces[index].attached }
    /// Whether the word at `index` exists and was written with a capital letter.
    func isCapitalized(_ index: Int) -> Bool { index >= 0 && index < pieces.count && pieces[index].capitalized }
    /// The Unicode-scalar offsets of the word at `index` in the original text.
    func range(at index: Int) -> Range<Int> { pieces[index].range }

    /// The words of `tokens` of `text`.
    init(_ text: TokenizedText, tokens: Range<Int>) {
        pieces.reserveCapacity(tokens.count + 2)
        for index in tokens {
            let normalized = text.normalized(at: index)
            let range = text.tokens[index].range
            let scalars = normalized.unicodeScalars
            guard !scalars.isEmpty else { continue }
            let original = text.text(at: index).unicodeScalars
            // A normalised form of another length than the original (a folded ligature) cannot
            // be cut at places of the original: it stays one word.
            guard scalars.count == range.count else {
                append(normalized[...], range: range, capitalized: original.contains(where: Self.isCapital))
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
                if let previous, !Self.joins(beforePrevious, previous, current, next < scalars.endIndex ? scalars[next] : nil) {
                    append(normalized[start..<position], range: (range.lowerBound + startOffset)..<(range.lowerBound + offset), capitalized: capitalized)
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
            append(normalized[start...], range: (range.lowerBound + startOffset)..<range.upperBound, capitalized: capitalized)
        }
    }

    private mutating func append(_ word: Substring, range: Range<Int>, capitalized: Bool) {
        let attached = pieces.last.map { $0.range.upperBound == range.lowerBound } ?? false
        pieces.append(Piece(word: word, range: range, attached: attached, capitalized: capitalized))
    }

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
