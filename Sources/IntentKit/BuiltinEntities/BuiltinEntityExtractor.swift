import Foundation

/// Finds the built-in entities of raw text — numbers, ordinals, percentages, amounts of money,
/// durations, temperatures, dates and times — with their place and resolved value, the way
/// Duckling does for Rasa: no model and no training, the grammars alone.
///
/// ```swift
/// let extractor = BuiltinEntityExtractor()
/// for match in extractor.extract(from: "send 20 dollars 43 cents in 2 days") {
///     print(match.kind, match.text, match.value)
/// }
/// // amountOfMoney 20 dollars 43 cents amountOfMoney(20.43, currency: "USD")
/// // dateTime in 2 days dateTime(2026-11-28)
/// ```
///
/// **Overlaps.** Every grammar reads the longest expression it can at every word; where
/// candidates overlap, the one covering more of the text wins, and between equally long ones
/// the more specific kind, in this order: date and time, amount of money, temperature,
/// duration, percentage, ordinal, number ("2m" is two minutes, not two million; "$5" is money,
/// not the number 5; "in 2 days" is a date, not a duration). The matches returned never
/// overlap, and come in the order of the text.
///
/// Relative dates resolve against the reference moment in the calendar's time zone.
public struct BuiltinEntityExtractor: Sendable {
    /// The kinds looked for; the others are neither returned nor compete for the text.
    public var kinds: Set<BuiltinEntity> {
        didSet { wanted = Self.specificity.filter(kinds.contains) }
    }
    /// ``kinds`` from the most specific (a set's lookups hash the kind's name).
    private var wanted: [BuiltinEntity]
    /// The calendar (and its time zone) dates are resolved in.
    public var calendar: Calendar
    /// The language of the grammars.
    let language: BuiltinLanguage

    /// An extractor of `kinds` (every kind by default), resolving dates in `calendar`, reading
    /// the language a BCP 47 tag names (``supportedLanguages``; English for another or none).
    public init(kinds: Set<BuiltinEntity> = Set(BuiltinEntity.allCases), calendar: Calendar = .current, language: String? = nil) {
        self.kinds = kinds
        wanted = Self.specificity.filter(kinds.contains)
        self.calendar = calendar
        self.language = BuiltinLanguage.of(language)
    }

    /// An extractor of `kinds` reading `language`'s grammars.
    init(kinds: Set<BuiltinEntity>, calendar: Calendar, grammars language: BuiltinLanguage) {
        self.kinds = kinds
        wanted = Self.specificity.filter(kinds.contains)
        self.calendar = calendar
        self.language = language
    }

    /// An extractor of the one `kind` reading `language`'s grammars, made without hashing a
    /// set: what resolving a slot or a request's dates makes at every parse.
    init(_ kind: BuiltinEntity, calendar: Calendar, grammars language: BuiltinLanguage) {
        let index = BuiltinEntity.allCases.firstIndex(of: kind)!
        kinds = Self.singleKinds[index]
        wanted = Self.singleWanted[index]
        self.calendar = calendar
        self.language = language
    }

    /// Each kind alone, as ``kinds`` and as `wanted`, in the order of `BuiltinEntity.allCases`.
    private static let singleKinds = BuiltinEntity.allCases.map { Set([$0]) }
    private static let singleWanted = BuiltinEntity.allCases.map { [$0] }

    /// The languages with grammars of their own, by primary subtag.
    public static var supportedLanguages: [String] { BuiltinLanguage.supportedLanguages }

    /// The entities of `text`, relative dates resolved against `reference`.
    public func extract(from text: String, reference: Date = Date()) -> [BuiltinEntityMatch] {
        extract(from: Tokenizer().tokenize(text), reference: reference)
    }

    /// The entities of an utterance already tokenized.
    public func extract(from text: TokenizedText, reference: Date = Date()) -> [BuiltinEntityMatch] {
        extract(from: text, tokens: 0..<text.count, reference: reference)
    }

    /// The entities within `tokens` of an utterance: what the parser reads around a slot.
    func extract(from text: TokenizedText, tokens: Range<Int>, reference: Date) -> [BuiltinEntityMatch] {
        spans(in: text, tokens: tokens, reference: reference).map { match in
            // The text said, cut from the original at the UTF-8 offsets of its scalars.
            let utf8 = text.text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: text.utf8Offsets[match.range.lowerBound])
            let end = utf8.index(start, offsetBy: text.utf8Offsets[match.range.upperBound] - text.utf8Offsets[match.range.lowerBound])
            return BuiltinEntityMatch(kind: match.kind, text: String(text.text[start..<end]), range: match.range, value: match.reading.slotValue)
        }
    }

    /// The entities within `tokens` of an utterance without their words, their values as the
    /// grammars read them: what the tagger's features need.
    func spans(in text: TokenizedText, tokens: Range<Int>, reference: Date) -> [(kind: BuiltinEntity, range: Range<Int>, reading: BuiltinGrammar.Reading)] {
        guard Self.mayHoldExpression(text, tokens: tokens, language: language) else { return [] }
        let words = EntityWords(text, tokens: tokens)
        var candidates = [(kind: BuiltinEntity, range: Range<Int>, reading: BuiltinGrammar.Reading)]()
        var context: DateTimeContext?
        Self.forEachStart(of: words, language: language) { start in
            for kind in wanted {
                if kind == .dateTime && context == nil { context = DateTimeContext(reference: reference, calendar: calendar) }
                guard let (reading, end) = BuiltinGrammar.parse(kind, words, from: start, context: context, language: language), end > start else { continue }
                candidates.append((kind, words.range(at: start).lowerBound..<words.range(at: end - 1).upperBound, reading))
            }
        }
        guard candidates.count > 1 else { return candidates }
        // Longest first, then the more specific kind, then the earlier.
        candidates.sort { a, b in
            if a.range.count != b.range.count { return a.range.count > b.range.count }
            if a.kind != b.kind { return Self.rank(of: a.kind) < Self.rank(of: b.kind) }
            return a.range.lowerBound < b.range.lowerBound
        }
        // A candidate is kept unless it overlaps one kept before it (longer, or as long and more
        // specific). Which scalars a kept match covers: a candidate is checked in the time of its length.
        var taken = [Bool](repeating: false, count: text.scalars.count)
        var kept = [(kind: BuiltinEntity, range: Range<Int>, reading: BuiltinGrammar.Reading)]()
        for candidate in candidates where !taken[candidate.range].contains(true) {
            for offset in candidate.range { taken[offset] = true }
            kept.append(candidate)
        }
        kept.sort { $0.range.lowerBound < $1.range.lowerBound }
        return kept
    }

    /// The reading of the longest expression of the extractor's kinds that starts at the first
    /// of `tokens`: one parse at one start, for words where an earlier pass already found an
    /// expression begin (read there against another moment), without looking for others.
    func reading(in text: TokenizedText, startingAt tokens: Range<Int>, reference: Date) -> BuiltinGrammar.Reading? {
        let words = EntityWords(text, tokens: tokens)
        guard words.count > 0 else { return nil }
        let context = wanted.contains(.dateTime) ? DateTimeContext(reference: reference, calendar: calendar) : nil
        var best: (reading: BuiltinGrammar.Reading, end: Int)?
        for kind in wanted {
            guard let found = BuiltinGrammar.parse(kind, words, from: 0, context: context, language: language),
                  found.end > (best?.end ?? 0) else { continue }
            best = found
        }
        return best?.reading
    }

    /// Calls `body` with every word an expression may start at: a digit, a sign or symbol, or a
    /// word a grammar starts with (a number word, a month, a currency code, …); or a word that
    /// only leads into an expression ("the", "in", "at", "a", "next", "before", …) when a word
    /// that means something to a grammar follows within four. Most words of an utterance start
    /// nothing, and cost one lookup of their ``Role``.
    static func forEachStart(of words: EntityWords, language: BuiltinLanguage = .english, _ body: (Int) -> Void) {
        // Where the last word that means something was seen, scanning back from the end.
        var meaningfulAhead = Int.max
        var starts = 0 as UInt64, overflow = [Int]()
        func mark(_ index: Int) {
            if index < 64 { starts |= 1 << UInt64(index) } else { overflow.append(index) }
        }
        for index in stride(from: words.count - 1, through: 0, by: -1) {
            if !words.startsWithLetter(at: index) {
                if symbolMayStart(words, at: index, symbols: language.symbols) {
                    mark(index)
                    meaningfulAhead = index
                }
                continue
            }
            let key = words.key(at: index)
            let role = language.roles[key] ?? (language.startsByShape?(words[index]) == true ? [.meaningful, .start] : [])
            if role.contains(.meaningful), !role.contains(.phrase) || language.phraseWords[key]?.contains(words.key(at: index + 1)) == true {
                if role.contains(.start) { mark(index) }
                meaningfulAhead = index
            } else if meaningfulAhead - index <= 4, role.contains(.lead) {
                mark(index)
            }
        }
        while starts != 0 {
            body(starts.trailingZeroBitCount)
            starts &= starts - 1
        }
        for start in overflow.reversed() { body(start) }
    }

    /// What a word is to the start scan: one lookup instead of one a set.
    struct Role: OptionSet, Sendable {
        let rawValue: UInt8
        /// One of ``BuiltinLanguage/meaningfulWords``.
        static let meaningful = Role(rawValue: 1)
        /// A word a grammar starts with.
        static let start = Role(rawValue: 2)
        /// One of ``BuiltinLanguage/leadWords``.
        static let lead = Role(rawValue: 4)
        /// One of ``BuiltinLanguage/phraseWords``: meaningful only before the words that continue it.
        static let phrase = Role(rawValue: 8)
    }

    /// Whether `tokens` of `text` may hold an expression: a token other than plain ASCII letters,
    /// or one that means something to a grammar. Without one, no word starts an expression
    /// (a lead word needs a meaningful one after it), so most utterances are answered from their
    /// tokens' bytes, before any word is built.
    static func mayHoldExpression(_ text: TokenizedText, tokens: Range<Int>, language: BuiltinLanguage = .english) -> Bool {
        text.normalizedStorage.withUnsafeBufferPointer { storage in
            text.tokens.withUnsafeBufferPointer { tokenList in
                for index in tokens {
                    let range = tokenList[index].normalizedRange
                    var key = WordKey.Builder()
                    for byte in storage[Int(range.lowerBound)..<Int(range.upperBound)] {
                        // Lower-case ASCII letters: a byte outside 0x61...0x7A after subtracting 0x61 wraps above 25.
                        guard byte &- 0x61 <= 25 else { return true }
                        key.combine(byte)
                    }
                    if language.meaningfulWords.contains(key.key) { return true }
                    if let startsByShape = language.startsByShape,
                       startsByShape(String(decoding: storage[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)) { return true }
                }
                return false
            }
        }
    }

    /// Whether a word that is not a letter's may start an expression: digits ("85", "7:30"), a
    /// currency symbol ("$", "€"), or a sign or decimal mark before a number ("-504", ".77", ",5").
    /// Other marks ("-" between words, ":", "&", "/") start nothing and lead into nothing.
    private static func symbolMayStart(_ words: EntityWords, at index: Int, symbols: WordSet) -> Bool {
        let word = words.key(at: index)
        if EntityWords.startsWithDigit(words[index]) || symbols.contains(word) { return true }
        // A sign apart from its number may start a temperature ("- 2 degrees").
        if word == "-" || word == "−" || word == "+", !words.isAttached(index + 1), words.word(at: index + 1).map(EntityWords.startsWithDigit) == true { return true }
        guard word == "-" || word == "−" || word == "." || word == "," || word == "+", words.isAttached(index + 1), let next = words.word(at: index + 1) else { return false }
        return EntityWords.startsWithDigit(next) || (word != "." && word != "," && word != "+" && (words.key(at: index + 1) == "." || words.key(at: index + 1) == "," || symbols.contains(words.key(at: index + 1))))
    }

    private static func startsWithLetter(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return first.isASCII ? (0x41...0x5A).contains(first.value) || (0x61...0x7A).contains(first.value) : first.properties.isAlphabetic
    }

    /// Whether `word` (a token's normalised form) may be part of an expression: a start or
    /// meaningful word, a lead word, or one that joins or ends one ("to", "and", "pm", "ago").
    static func mayExtend(_ word: String) -> Bool {
        let language = BuiltinLanguage.english
        guard startsWithLetter(word) else { return true }
        let key = WordKey(word)
        return language.meaningfulWords.contains(key) || language.leadWords.contains(key) || language.closingWords.contains(key)
    }

    /// The kinds from the most specific, which wins a tie between candidates of one length.
    static let specificity: [BuiltinEntity] = [.dateTime, .amountOfMoney, .temperature, .duration, .percentage, .ordinal, .number]
    private static func rank(of kind: BuiltinEntity) -> Int { specificity.firstIndex(of: kind)! }
}
