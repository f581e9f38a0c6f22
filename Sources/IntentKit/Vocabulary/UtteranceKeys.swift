/// The keys an utterance offers a user vocabulary: the hash of every span of tokens short enough
/// to be a phrase (normalised, spaces ignored) and of every word, computed once per utterance
/// for all entity types.
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

    private(set) var spans: [Span] = []
    private(set) var words: [UInt64] = []

    /// The keys of `tokens`, spans of at most `maximumBytes` normalised bytes.
    mutating func compute(_ tokens: TokenizedText, maximumBytes: Int) {
        spans.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            for start in 0..<tokens.count {
                let first = tokens.tokens[start].normalizedRange
                words.append(TermIndex.wordKey(UnsafeBufferPointer(rebasing: storage[Int(first.lowerBound)..<Int(first.upperBound)])))
                var key = FeatureHash(template: TermIndex.phraseTemplate)
                var bytes = 0
                for end in start..<tokens.count {
                    let range = tokens.tokens[end].normalizedRange
                    bytes += Int(range.upperBound - range.lowerBound)
                    if bytes > maximumBytes { break }
                    key.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
                    spans.append(Span(key: key.value, start: Int32(start), end: Int32(end), bytes: Int32(bytes)))
                }
            }
        }
    }
}
