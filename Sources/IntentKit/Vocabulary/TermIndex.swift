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
/// Everything lives in a few flat arrays, about 70 bytes a term for two-word names; the terms'
/// text is kept too, so that removing terms rebuilds the index without the caller's copy.
struct TermIndex: Sendable {
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
    init(terms: [VocabularyTerm], tokenizer: Tokenizer) {
        var text = [UInt8]()
        var termOffsets: [UInt32] = [0]
        termOffsets.reserveCapacity(terms.count + 1)
        for term in terms {
            let fields = [term.phrase, term.identifier == term.phrase ? "" : term.identifier, term.pronunciation ?? ""] + term.alternatives
            for (index, field) in fields.enumerated() {
                if index > 0 { text.append(Self.separator) }
                text.append(contentsOf: field.utf8.lazy.map { $0 == Self.separator ? 0x20 : $0 })
            }
            termOffsets.append(UInt32(text.count))
        }
        self.init(text: text, termOffsets: termOffsets, tokenizer: tokenizer)
    }

    /// Compiles terms already laid out as ``text`` and ``termOffsets``.
    private init(text: [UInt8], termOffsets: [UInt32], tokenizer: Tokenizer) {
        let count = termOffsets.count - 1
        var phrases = KeyGrouping(), words = KeyGrouping()
        var roles = [UInt8]()
        var longest = 0
        var tokens = TokenizedText()
        for term in 0..<count {
            for field in Self.fields(text, termOffsets, term).enumerated() where field.offset != 1 && !field.element.isEmpty {
                tokenizer.tokenize(String(decoding: field.element, as: UTF8.self), into: &tokens)
                guard tokens.count > 0 else { continue }
                var key = FeatureHash(template: Self.phraseTemplate)
                var bytes = 0
                tokens.normalizedStorage.withUnsafeBufferPointer { storage in
                    for position in 0..<tokens.count {
                        let range = tokens.tokens[position].normalizedRange
                        let word = UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)])
                        key.combine(word)
                        bytes += word.count
                        var wordKey = FeatureHash(template: Self.wordTemplate)
                        wordKey.combine(word)
                        let entry = words.add(wordKey.value, term: UInt32(term))
                        if entry == roles.count { roles.append(0) }
                        if tokens.count > 1 {
                            let role: WordRoles = position == 0 ? .first : position == tokens.count - 1 ? .last : .inner
                            roles[entry] |= role.rawValue
                        }
                    }
                }
                longest = max(longest, bytes)
                phrases.add(key.value, term: UInt32(term))
            }
        }
        self.count = count
        self.text = text
        self.termOffsets = termOffsets
        maximumKeyBytes = longest
        (phraseTable, phraseOffsets, phraseTerms) = phrases.finish()
        (wordTable, wordOffsets, wordTerms) = words.finish()
        wordRoles = roles
    }

    /// Groups `(key, term)` pairs by key in first-seen order, terms ascending, without a
    /// dictionary of arrays: a counting sort over the pairs.
    private struct KeyGrouping {
        var entryOf = [UInt64: Int32]()
        var keys = [UInt64]()
        var lastTerm = [UInt32]()
        var pairs = [(entry: Int32, term: UInt32)]()

        /// Adds the pair (once per key and term) and returns the key's entry.
        @discardableResult
        mutating func add(_ key: UInt64, term: UInt32) -> Int {
            if let entry = entryOf[key] {
                if lastTerm[Int(entry)] != term {
                    lastTerm[Int(entry)] = term
                    pairs.append((entry, term))
                }
                return Int(entry)
            }
            let entry = Int32(keys.count)
            entryOf[key] = entry
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

    /// Calls `body(start, end)` for every span `tokens[start...end]` that is one of the phrases
    /// (normalised, spaces ignored): O(n · k) probes for n tokens and spans of up to
    /// ``maximumKeyBytes`` bytes.
    @inline(__always)
    func forEachPhraseMatch(in tokens: TokenizedText, _ body: (Int, Int) -> Void) {
        guard count > 0 else { return }
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            for start in 0..<tokens.count {
                var key = FeatureHash(template: Self.phraseTemplate)
                var bytes = 0
                for end in start..<tokens.count {
                    let range = tokens.tokens[end].normalizedRange
                    bytes += Int(range.upperBound - range.lowerBound)
                    if bytes > maximumKeyBytes { break }
                    key.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
                    if phraseTable.entry(of: key.value) != nil { body(start, end) }
                }
            }
        }
    }

    /// The roles of the word at `position` of `tokens` in multi-word phrases (empty when it is in
    /// none).
    @inline(__always)
    func roles(ofWordAt position: Int, in tokens: TokenizedText) -> WordRoles {
        guard let entry = wordEntry(tokens.withNormalizedUTF8(at: position) { Self.wordKey($0) }) else { return [] }
        return WordRoles(rawValue: wordRoles[entry])
    }

    @inline(__always)
    private func wordEntry(_ key: UInt64) -> Int? { wordTable.entry(of: key) }

    @inline(__always)
    private static func wordKey(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
        var candidates: [UInt32]?
        var fuzzyWords = 0
        for position in range {
            var entries = [Int]()
            let word = Array(tokens.normalized(at: position).utf8)
            if let entry = word.withUnsafeBufferPointer({ wordEntry(Self.wordKey($0)) }) {
                entries = [entry]
            } else if word.count >= fuzzyLength && fuzzyWords < maximumFuzzyWords {
                fuzzyWords += 1
                Self.forEachVariant(of: word) { variant in
                    if let entry = variant.withUnsafeBufferPointer({ wordEntry(Self.wordKey($0)) }), !entries.contains(entry) {
                        entries.append(entry)
                    }
                }
            }
            guard !entries.isEmpty else { return nil }
            var terms = entries.flatMap { wordTerms[Int(wordOffsets[$0])..<Int(wordOffsets[$0 + 1])] }
            if entries.count > 1 { terms = Array(Set(terms)).sorted() }
            candidates = candidates.map { Self.intersection($0, terms) } ?? terms
            if candidates!.isEmpty { return nil }
        }
        return (candidates ?? [], fuzzyWords > 0)
    }

    /// The common elements of two ascending arrays.
    private static func intersection(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result = [UInt32](), i = 0, j = 0
        while i < a.count && j < b.count {
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
