/// The keys an utterance offers a user vocabulary: the hash of every span of tokens short enough
/// to be a phrase (normalised, spaces ignored) and of every word, computed once per utterance
/// for all entity types — only those a vocabulary-wide ``KeyFilter`` lets through, when given.
///
/// Keeping them apart from the probes lets the probes of a table run back to back: each is a
/// likely cache miss in a 100,000-term table, and independent loads overlap.
struct UtteranceKeys: Sendable {
    struct Span: Sendable {
        var key: UInt64
        var start: Int32
        /// Inclusive.
        var end: Int32
        var bytes: Int32
    }

    struct Word: Sendable {
        var key: UInt64
        var token: Int32
    }

    private(set) var spans: [Span] = []
    private(set) var words: [Word] = []

    /// Whether the words `tokens` may be a phrase of the vocabulary whose filters computed the
    /// keys, or words of one (no exact match is missed: a phrase's span and a term's words pass
    /// the filters).
    func mayMatch(_ tokens: Range<Int>) -> Bool {
        guard !tokens.isEmpty else { return false }
        if spans.contains(where: { Int($0.start) == tokens.lowerBound && Int($0.end) == tokens.upperBound - 1 }) { return true }
        return tokens.allSatisfy { token in words.contains { Int($0.token) == token } }
    }

    /// The keys of `tokens`: spans of at most `maximumBytes` normalised bytes that `phraseFilter`
    /// lets through, and words that `wordFilter` lets through (all without a filter).
    mutating func compute(_ tokens: TokenizedText, maximumBytes: Int, phraseFilter: KeyFilter? = nil, wordFilter: KeyFilter? = nil) {
        spans.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        let phraseFilter = phraseFilter ?? KeyFilter.all, wordFilter = wordFilter ?? KeyFilter.all
        phraseFilter.withView { phraseFilter in
            wordFilter.withView { wordFilter in
                tokens.normalizedStorage.withUnsafeBufferPointer { storage in
                    tokens.tokens.withUnsafeBufferPointer { tokens in
                        for start in tokens.indices {
                            let first = tokens[start].normalizedRange
                            let word = TermIndex.wordKey(UnsafeBufferPointer(rebasing: storage[Int(first.lowerBound)..<Int(first.upperBound)]))
                            if wordFilter.mayContain(fingerprint: FingerprintTable.fingerprint(word)) {
                                words.append(Word(key: word, token: Int32(start)))
                            }
                            var key = FeatureHash(template: TermIndex.phraseTemplate)
                            var bytes = 0
                            for end in start..<tokens.count {
                                let range = tokens[end].normalizedRange
                                bytes += Int(range.upperBound - range.lowerBound)
                                if bytes > maximumBytes { break }
                                key.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
                                if phraseFilter.mayContain(fingerprint: FingerprintTable.fingerprint(key.value)) {
                                    spans.append(Span(key: key.value, start: Int32(start), end: Int32(end), bytes: Int32(bytes)))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
