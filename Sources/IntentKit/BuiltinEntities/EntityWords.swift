/// The words the built-in grammars read: an utterance's tokens in their normalised form
/// (lower case, diacritics folded), cut finer where a token joins what the grammars read apart —
/// a number and its unit or suffix ("100k" → `100` `k`, "20°c" → `20` `°` `c`, "usd3.14" →
/// `usd` `3.14`, "21st" → `21` `st`), a sign or symbol and its number ("$85" → `$` `85`, "50%"
/// → `50` `%`), words joined by a hyphen ("twenty-one" → `twenty` `-` `one`) — each with its
/// place in the original text and whether white space comes before it.
///
/// Digit separators stay inside their number (`1,000`, `8.5`, `7:30`, `9:01:10`), and an
/// apostrophe inside a word stays in it (`o'clock`).
struct EntityWords {
    /// The normalised words.
    private(set) var words = [Substring]()
    /// Each word's Unicode-scalar offsets in the original text, end exclusive.
    private(set) var ranges = [Range<Int>]()
    /// Whether a word follows the previous one without white space (`false` for the first).
    private(set) var attached = [Bool]()
    /// Whether a word was written with a capital letter ("1.2M" is a million, "2m" two minutes).
    private(set) var capitalized = [Bool]()

    var count: Int { words.count }
    subscript(index: Int) -> Substring { words[index] }
    /// The word at `index`, or `nil` past the end.
    func word(at index: Int) -> Substring? { index >= 0 && index < words.count ? words[index] : nil }
    /// Whether the word at `index` exists and follows the previous one without white space.
    func isAttached(_ index: Int) -> Bool { index > 0 && index < words.count && attached[index] }
    /// Whether the word at `index` exists and was written with a capital letter.
    func isCapitalized(_ index: Int) -> Bool { index >= 0 && index < words.count && capitalized[index] }

    /// The words of `tokens` of `text`.
    init(_ text: TokenizedText, tokens: Range<Int>) {
        for index in tokens {
            let normalized = text.normalized(at: index)
            let range = text.tokens[index].range
            let original = Array(text.text(at: index).unicodeScalars)
            let scalars = Array(normalized.unicodeScalars)
            // A normalised form of another length than the original (a folded ligature) cannot
            // be cut at places of the original: it stays one word.
            let cuts = scalars.count == range.count ? Self.cuts(scalars) : [0..<scalars.count]
            var offset = normalized.startIndex
            var consumed = 0
            for cut in cuts {
                let start = normalized.unicodeScalars.index(offset, offsetBy: cut.lowerBound - consumed)
                let end = normalized.unicodeScalars.index(start, offsetBy: cut.count)
                let written = cuts.count == 1 ? original[...] : original[cut]
                append(normalized[start..<end], range: cuts.count == 1 ? range : (range.lowerBound + cut.lowerBound)..<(range.lowerBound + cut.upperBound),
                       capitalized: written.contains { $0.isASCII ? (0x41...0x5A).contains($0.value) : $0.properties.isUppercase })
                offset = end
                consumed = cut.upperBound
            }
        }
    }

    /// Words from text already cut, for tests and for grammars that rewrite words: one space
    /// between each.
    init(_ words: [Substring]) {
        var position = 0
        for word in words {
            append(word, range: position..<(position + word.unicodeScalars.count), capitalized: false)
            position += word.unicodeScalars.count + 1
        }
    }

    private mutating func append(_ word: Substring, range: Range<Int>, capitalized: Bool) {
        self.capitalized.append(capitalized)
        attached.append(ranges.last.map { $0.upperBound == range.lowerBound } ?? false)
        words.append(word)
        ranges.append(range)
    }

    /// The pieces of one token's normalised scalars: runs of digits (with `.` `,` `:` between
    /// digits), runs of letters (with `'` between letters), and every other scalar alone.
    private static func cuts(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        enum Class { case digit, letter, other }
        func kind(_ scalar: Unicode.Scalar) -> Class {
            // ASCII without a Unicode property lookup: most words are.
            switch scalar.value {
            case 0x30...0x39: return .digit
            case 0x41...0x5A, 0x61...0x7A: return .letter
            case 0..<0x80: return .other
            default: return scalar.properties.isAlphabetic ? .letter : .other
            }
        }
        var cuts = [Range<Int>]()
        var start = 0
        for index in 1...scalars.count {
            guard index < scalars.count else { break }
            let previous = kind(scalars[index - 1]), current = kind(scalars[index])
            var joins = previous == current && current != .other
            // A separator between digits, an apostrophe between letters: inside the run.
            if current == .other, index + 1 < scalars.count, previous == kind(scalars[index + 1]) {
                if previous == .digit && ".,:".unicodeScalars.contains(scalars[index]) { joins = true }
                if previous == .letter && "'".unicodeScalars.contains(scalars[index]) { joins = true }
            }
            if previous == .other, index >= 2, kind(scalars[index - 2]) == current, current != .other {
                let separator = scalars[index - 1]
                if current == .digit && ".,:".unicodeScalars.contains(separator) { joins = true }
                if current == .letter && "'".unicodeScalars.contains(separator) { joins = true }
            }
            if !joins {
                cuts.append(start..<index)
                start = index
            }
        }
        cuts.append(start..<scalars.count)
        return cuts
    }
}
