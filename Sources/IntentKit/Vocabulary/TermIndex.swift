/// The compiled form of one entity type's user vocabulary: its terms, and the tables that find
/// them in an utterance.
///
/// - Phrase keys: every phrase, pronunciation hint and alternative of a term, its tokens
///   normalised (case, diacritics) and joined without spaces, so "nest egg", "Nest Egg" and
///   "NestEgg" are one key, and "eye tunes" finds the term whose hint it is.
/// - Word keys: every normalised word of those phrases, with the terms that contain it (for
///   partial names: "Buttercup" → "Buttercup Jones", "Buttercup Smith") and its roles in
///   multi-word phrases (the gazetteer's word entities).
///
/// Everything lives in a few flat arrays, about 75 bytes a term for two-word names; the terms'
/// text is kept too, so that removing terms rebuilds the index without the caller's copy.
final class TermIndex: Sendable {
    /// The number of terms; a term's number is its priority, 0 first.
    let count: Int
    /// Each term's fields separated by ``separator``: phrase, identifier (empty when it is the
    /// phrase), pronunciation (empty when none), then the alternatives.
    private let text: [UInt8]
    /// `[count + 1]` where each term's fields start in ``text``.
    private let termOffsets: [UInt32]
    /// Phrase key → phrase entry; an entry's terms are `phraseTerms[phraseOffsets[e]..<phraseOffsets[e + 1]]`.
    private let phraseTable: FingerprintTable
    private let phraseOffsets: [UInt32]
    private let phraseTerms: [UInt32]
    /// The most normalised UTF-8 bytes in a phrase key: a longer span of an utterance cannot match.
    let maximumKeyBytes: Int
    /// Word key → word entry, its terms (ascending) and ``WordRoles``.
    private let wordTable: FingerprintTable
    private let wordOffsets: [UInt32]
    private let wordTerms: [UInt32]
    private let wordRoles: [UInt8]

    /// Where a word sits in the multi-word phrases that contain it.
    struct WordRoles: OptionSet {
        let rawValue: UInt8
        static let first = WordRoles(rawValue: 1)
        static let inner = WordRoles(rawValue: 2)
        static let last = WordRoles(rawValue: 4)
    }

    static let separator: UInt8 = 0x1E
    /// Hash templates of the two kinds of keys (``FeatureHash``).
    static let phraseTemplate: UInt8 = 0xF1
    static let wordTemplate: UInt8 = 0xF2

    /// Compiles `terms`, in priority order.
    /// - Parameter parallel: tokenize on two threads (for a large list, when no other index is
    ///   being compiled at the same time).
    convenience init(terms: [VocabularyTerm], tokenizer: Tokenizer, parallel: Bool = true) {
        var text = [UInt8]()
        var termOffsets: [UInt32] = [0]
        termOffsets.reserveCapacity(terms.count + 1)
        for term in terms {
            Self.appendField(term.phrase, to: &text)
            text.append(Self.separator)
            if term.identifier != term.phrase { Self.appendField(term.identifier, to: &text) }
            text.append(Self.separator)
            if let pronunciation = term.pronunciation { Self.appendField(pronunciation, to: &text) }
            for alternative in term.alternatives {
                text.append(Self.separator)
                Self.appendField(alternative, to: &text)
            }
            termOffsets.append(UInt32(text.count))
        }
        let parts = Self.extract(count: terms.count, parallel: parallel) { range in
            var keys = ExtractedKeys(tokenizer: tokenizer)
            for index in range {
                let term = terms[index]
                keys.add(term.phrase, term: index)
                if let pronunciation = term.pronunciation { keys.add(pronunciation, term: index) }
                for alternative in term.alternatives { keys.add(alternative, term: index) }
            }
            return keys
        }
        self.init(text: text, termOffsets: termOffsets, parts: parts)
    }

    /// Compiles terms already laid out as ``text`` and ``termOffsets``.
    private convenience init(text: [UInt8], termOffsets: [UInt32], tokenizer: Tokenizer) {
        let parts = Self.extract(count: termOffsets.count - 1, parallel: true) { range in
            var keys = ExtractedKeys(tokenizer: tokenizer)
            for term in range {
                for field in Self.fields(text, termOffsets, term).enumerated() where field.offset != 1 && !field.element.isEmpty {
                    keys.add(String(decoding: field.element, as: UTF8.self), term: term)
                }
            }
            return keys
        }
        self.init(text: text, termOffsets: termOffsets, parts: parts)
    }

    /// Groups the keys of `parts` (in term order) into the tables.
    private init(text: [UInt8], termOffsets: [UInt32], parts: [ExtractedKeys]) {
        let count = termOffsets.count - 1
        var phrases = KeyGrouping(capacity: count), words = KeyGrouping(capacity: count)
        var roles = [UInt8]()
        var longest = 0
        for part in parts {
            for index in part.phraseKeys.indices { phrases.add(part.phraseKeys[index], term: part.phraseTerms[index]) }
            for index in part.wordKeys.indices {
                let entry = words.add(part.wordKeys[index], term: part.wordTerms[index])
                if entry == roles.count { roles.append(0) }
                roles[entry] |= part.wordRoles[index]
            }
            longest = max(longest, part.longest)
        }
        self.count = count
        self.text = text
        self.termOffsets = termOffsets
        maximumKeyBytes = longest
        (phraseTable, phraseOffsets, phraseTerms) = phrases.finish()
        (wordTable, wordOffsets, wordTerms) = words.finish()
        wordRoles = roles
    }

    /// `extract` over the first and second half of `0..<count` on two threads when `parallel`
    /// (one for fewer than 2,048 terms): tokenizing is most of a compilation.
    private static func extract(count: Int, parallel: Bool, _ extract: (Range<Int>) -> ExtractedKeys) -> [ExtractedKeys] {
        guard parallel && count >= 2_048 else { return [extract(0..<count)] }
        let (first, second) = inParallel({ extract(0..<count / 2) }, { extract(count / 2..<count) })
        return [first, second]
    }

    private static func appendField(_ field: String, to text: inout [UInt8]) {
        let start = text.count
        text.append(contentsOf: field.utf8)
        guard text[start...].contains(separator) else { return }
        for index in start..<text.count where text[index] == separator { text[index] = 0x20 }
    }

    /// The keys of a run of terms' phrases, before grouping: each phrase's key and length, and
    /// each of its words' keys with their roles.
    struct ExtractedKeys {
        let tokenizer: Tokenizer
        /// Whether phrases of ASCII letters and spaces skip the tokenizer (``addPlainASCII(_:term:)``).
        var plainASCIIPath = true
        var tokens = TokenizedText()
        var phraseKeys = [UInt64](), phraseTerms = [UInt32]()
        var wordKeys = [UInt64](), wordTerms = [UInt32](), wordRoles = [UInt8]()
        var longest = 0
        /// `[start, end)` of each word of a plain phrase, reused.
        private var words = [Range<Int>]()

        init(tokenizer: Tokenizer) { self.tokenizer = tokenizer }

        /// Adds `phrase` as a key of `term`, and its words.
        mutating func add(_ phrase: String, term: Int) {
            if plainASCIIPath && addPlainASCII(phrase, term: term) { return }
            tokenizer.tokenize(phrase, into: &tokens)
            let count = tokens.count
            guard count > 0 else { return }
            var key = FeatureHash(template: TermIndex.phraseTemplate)
            var bytes = 0
            tokens.normalizedStorage.withUnsafeBufferPointer { storage in
                for position in 0..<count {
                    let range = tokens.tokens[position].normalizedRange
                    let word = UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)])
                    key.combine(word)
                    bytes += word.count
                    wordKeys.append(TermIndex.wordKey(word))
                    wordTerms.append(UInt32(term))
                    let role: WordRoles = count == 1 ? [] : position == 0 ? .first : position == count - 1 ? .last : .inner
                    wordRoles.append(role.rawValue)
                }
            }
            longest = max(longest, bytes)
            phraseKeys.append(key.value)
            phraseTerms.append(UInt32(term))
        }

        /// Most names are ASCII letters and spaces; for those the tokenizer's tokens are the runs
        /// of letters and its normalisation lowercases them, so the keys come straight from the
        /// bytes, several times faster (tested against the tokenizer). Returns `false`, adding
        /// nothing, for any other phrase.
        private mutating func addPlainASCII(_ phrase: String, term: Int) -> Bool {
            var phrase = phrase
            return phrase.withUTF8 { bytes in
                words.removeAll(keepingCapacity: true)
                var start = -1
                for (index, byte) in bytes.enumerated() {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        if start < 0 { start = index }
                    case UInt8(ascii: " "):
                        if start >= 0 { words.append(start..<index) }
                        start = -1
                    default:
                        return false
                    }
                }
                if start >= 0 { words.append(start..<bytes.count) }
                guard !words.isEmpty else { return true }
                var key = FeatureHash(template: TermIndex.phraseTemplate)
                var length = 0
                for (position, word) in words.enumerated() {
                    var wordKey = FeatureHash(template: TermIndex.wordTemplate)
                    for index in word {
                        let byte = bytes[index] | 0x20  // ASCII letters: lowercase
                        key.combine(byte)
                        wordKey.combine(byte)
                    }
                    length += word.count
                    wordKeys.append(wordKey.value)
                    wordTerms.append(UInt32(term))
                    let role: WordRoles = words.count == 1 ? [] : position == 0 ? .first : position == words.count - 1 ? .last : .inner
                    wordRoles.append(role.rawValue)
                }
                longest = max(longest, length)
                phraseKeys.append(key.value)
                phraseTerms.append(UInt32(term))
                return true
            }
        }
    }

    /// Groups `(key, term)` pairs by key in first-seen order, terms ascending, without a
    /// dictionary of arrays: a counting sort over the pairs.
    private struct KeyGrouping {
        var entryOf: KeyMap
        var keys = [UInt64]()
        var lastTerm = [UInt32]()
        var pairs = [(entry: Int32, term: UInt32)]()

        init(capacity: Int) {
            entryOf = KeyMap(capacity: capacity)
            keys.reserveCapacity(capacity)
            lastTerm.reserveCapacity(capacity)
            pairs.reserveCapacity(capacity)
        }

        /// Adds the pair (once per key and term) and returns the key's entry.
        @discardableResult
        mutating func add(_ key: UInt64, term: UInt32) -> Int {
            let entry = entryOf.entry(of: key, inserting: Int32(keys.count))
            if Int(entry) < keys.count {
                if lastTerm[Int(entry)] != term {
                    lastTerm[Int(entry)] = term
                    pairs.append((entry, term))
                }
                return Int(entry)
            }
            keys.append(key)
            lastTerm.append(term)
            pairs.append((entry, term))
            return Int(entry)
        }

        func finish() -> (FingerprintTable, [UInt32], [UInt32]) {
            var offsets = [UInt32](repeating: 0, count: keys.count + 1)
            for pair in pairs { offsets[Int(pair.entry) + 1] += 1 }
            for index in 0..<keys.count { offsets[index + 1] += offsets[index] }
            var next = offsets
            var terms = [UInt32](repeating: 0, count: pairs.count)
            // Pairs come in term order, so each key's terms land ascending.
            for pair in pairs {
                terms[Int(next[Int(pair.entry)])] = pair.term
                next[Int(pair.entry)] += 1
            }
            return (FingerprintTable(keys: keys), offsets, terms)
        }
    }

    // MARK: Terms

    private static func fields(_ text: [UInt8], _ offsets: [UInt32], _ term: Int) -> [ArraySlice<UInt8>] {
        text[Int(offsets[term])..<Int(offsets[term + 1])].split(separator: separator, omittingEmptySubsequences: false)
    }

    /// Term `index` as it was given.
    func term(_ index: Int) -> VocabularyTerm {
        let fields = Self.fields(text, termOffsets, index).map { String(decoding: $0, as: UTF8.self) }
        return VocabularyTerm(
            fields[0], identifier: fields[1].isEmpty ? nil : fields[1], pronunciation: fields[2].isEmpty ? nil : fields[2],
            alternatives: Array(fields.dropFirst(3)))
    }

    /// The phrase of term `index`.
    func phrase(_ index: Int) -> String {
        let start = Int(termOffsets[index]), end = Int(termOffsets[index + 1])
        let stop = text[start..<end].firstIndex(of: Self.separator) ?? end
        return String(decoding: text[start..<stop], as: UTF8.self)
    }

    /// The identifier of term `index`.
    func identifier(_ index: Int) -> String {
        let fields = text[Int(termOffsets[index])..<Int(termOffsets[index + 1])].split(separator: Self.separator, maxSplits: 2, omittingEmptySubsequences: false)
        return fields[1].isEmpty ? String(decoding: fields[0], as: UTF8.self) : String(decoding: fields[1], as: UTF8.self)
    }

    /// The index without the terms `keep` rejects, in the same order.
    func filtered(tokenizer: Tokenizer, keep: (Int) -> Bool) -> TermIndex {
        var text = [UInt8](), offsets: [UInt32] = [0]
        for term in 0..<count where keep(term) {
            text.append(contentsOf: self.text[Int(termOffsets[term])..<Int(termOffsets[term + 1])])
            offsets.append(UInt32(text.count))
        }
        return TermIndex(text: text, termOffsets: offsets, tokenizer: tokenizer)
    }

    /// Bytes of memory the index holds.
    var byteCount: Int {
        text.count + 4 * (termOffsets.count + phraseOffsets.count + phraseTerms.count + wordOffsets.count + wordTerms.count)
            + wordRoles.count + phraseTable.byteCount + wordTable.byteCount
    }

    // MARK: Matching

    /// The terms one of whose phrases is exactly `tokens[range]` (normalised, spaces ignored),
    /// highest priority first.
    func exactTerms(_ tokens: TokenizedText, range: Range<Int>) -> ArraySlice<UInt32> {
        var key = FeatureHash(template: Self.phraseTemplate)
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            for position in range {
                let bytes = tokens.tokens[position].normalizedRange
                key.combine(UnsafeBufferPointer(rebasing: storage[Int(bytes.lowerBound)..<Int(bytes.upperBound)]))
            }
        }
        guard let entry = phraseTable.entry(of: key.value) else { return [] }
        return phraseTerms[Int(phraseOffsets[entry])..<Int(phraseOffsets[entry + 1])]
    }

    /// Whether `key` (``UtteranceKeys``) is one of the phrases.
    @inline(__always)
    func containsPhrase(_ key: UInt64) -> Bool { phraseTable.entry(of: key) != nil }

    /// Calls `body` with each of `spans` that is one of the phrases, in order.
    @inline(__always)
    func forEachPhrase(in spans: [UtteranceKeys.Span], _ body: (UtteranceKeys.Span) -> Void) {
        let longest = Int32(maximumKeyBytes)
        phraseTable.withView { table in
            spans.withUnsafeBufferPointer { spans in
                for span in spans where span.bytes <= longest && table.entry(of: span.key) != nil { body(span) }
            }
        }
    }

    /// The roles in multi-word phrases of the word whose key is `key` (empty when it is in none).
    @inline(__always)
    func roles(ofWord key: UInt64) -> WordRoles {
        guard let entry = wordEntry(key) else { return [] }
        return WordRoles(rawValue: wordRoles[entry])
    }

    /// Calls `body` with the token and roles of each of `words` that has roles.
    @inline(__always)
    func forEachWordRoles(_ words: [UtteranceKeys.Word], _ body: (Int, WordRoles) -> Void) {
        wordTable.withView { table in
            wordRoles.withUnsafeBufferPointer { roles in
                words.withUnsafeBufferPointer { words in
                    for word in words {
                        guard let entry = table.entry(of: word.key), roles[entry] != 0 else { continue }
                        body(Int(word.token), WordRoles(rawValue: roles[entry]))
                    }
                }
            }
        }
    }

    /// Calls `body` with the fingerprint of every phrase key (for a filter of several indices).
    func forEachPhraseFingerprint(_ body: (UInt64) -> Void) { phraseTable.forEachFingerprint(body) }

    /// Calls `body` with the fingerprint of every word key.
    func forEachWordFingerprint(_ body: (UInt64) -> Void) { wordTable.forEachFingerprint(body) }

    /// The numbers of phrase and word keys.
    var keyCounts: (phrases: Int, words: Int) { (phraseTable.count, wordTable.count) }

    @inline(__always)
    private func wordEntry(_ key: UInt64) -> Int? { wordTable.entry(of: key) }

    @inline(__always)
    static func wordKey(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key = FeatureHash(template: wordTemplate)
        key.combine(word)
        return key.value
    }

    /// Terms whose words include every word of `tokens[range]`, each word matched exactly or,
    /// when it has at least `fuzzyLength` bytes, within one edit (Damerau-Levenshtein: a letter
    /// dropped, added, changed or two swapped), at most `maximumFuzzyWords` words that way.
    ///
    /// - Returns: the terms, highest priority first, and whether any word needed an edit; `nil`
    ///   when some word matches nothing.
    func partialTerms(
        _ tokens: TokenizedText, range: Range<Int>, fuzzyLength: Int = 4, maximumFuzzyWords: Int = 1
    ) -> (terms: [UInt32], edited: Bool)? {
        guard count > 0, !range.isEmpty else { return nil }
        // Each word's posting list: exact words first (no allocation), edited ones if allowed.
        var lists = [[UInt32]]()
        var exact = [Range<Int>]()
        var fuzzyWords = 0
        for position in range {
            if let entry = tokens.withNormalizedUTF8(at: position, { wordEntry(Self.wordKey($0)) }) {
                exact.append(Int(wordOffsets[entry])..<Int(wordOffsets[entry + 1]))
                continue
            }
            let bytes = tokens.tokens[position].normalizedRange
            guard fuzzyWords < maximumFuzzyWords && bytes.count >= fuzzyLength else { return nil }
            let word = Array(tokens.normalized(at: position).utf8)
            fuzzyWords += 1
            var entries = [Int]()
            Self.forEachVariant(of: word) { variant in
                if let entry = variant.withUnsafeBufferPointer({ wordEntry(Self.wordKey($0)) }), !entries.contains(entry) {
                    entries.append(entry)
                }
            }
            guard !entries.isEmpty else { return nil }
            lists.append(Array(Set(entries.flatMap { wordTerms[Int(wordOffsets[$0])..<Int(wordOffsets[$0 + 1])] })).sorted())
        }
        // Intersect from the shortest list: a common word's postings are only walked, not copied.
        exact.sort { $0.count < $1.count }
        var candidates: [UInt32]
        if let shortest = exact.first {
            candidates = Array(wordTerms[shortest])
            for postings in exact.dropFirst() where !candidates.isEmpty { candidates = Self.intersection(candidates, wordTerms[postings]) }
        } else {
            candidates = lists.removeFirst()
        }
        for list in lists where !candidates.isEmpty { candidates = Self.intersection(candidates, list[...]) }
        return candidates.isEmpty ? nil : (candidates, fuzzyWords > 0)
    }

    /// The common elements of two ascending arrays.
    private static func intersection(_ a: [UInt32], _ b: ArraySlice<UInt32>) -> [UInt32] {
        var result = [UInt32](), i = 0, j = b.startIndex
        while i < a.count && j < b.endIndex {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else { result.append(a[i]); i += 1; j += 1 }
        }
        return result
    }

    /// Letters an edit may insert or substitute: the lowercase ASCII a normalised word is mostly
    /// made of, digits and the apostrophe.
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789'".utf8)

    /// Every string one edit away from `word` (some more than once).
    private static func forEachVariant(of word: [UInt8], _ body: ([UInt8]) -> Void) {
        var variant = word
        for index in word.indices {
            // Deletion.
            variant.remove(at: index)
            body(variant)
            variant.insert(word[index], at: index)
            // Transposition with the next byte.
            if index + 1 < word.count && word[index] != word[index + 1] {
                variant.swapAt(index, index + 1)
                body(variant)
                variant.swapAt(index, index + 1)
            }
            // Substitution.
            for letter in alphabet where letter != word[index] {
                variant[index] = letter
                body(variant)
            }
            variant[index] = word[index]
        }
        // Insertion.
        for index in 0...word.count {
            for letter in alphabet {
                variant.insert(letter, at: index)
                body(variant)
                variant.remove(at: index)
            }
        }
    }
}
