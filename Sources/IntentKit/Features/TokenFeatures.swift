/// The features of every token of one utterance: `[tokenCount + 1]` offsets into a flat list of
/// feature hashes. Reused across utterances; it only grows.
package struct TokenFeatures: Sendable {
    /// `hashes[offsets[t]..<offsets[t + 1]]` are token `t`'s features.
    private(set) var offsets: [Int] = [0]  // [tokenCount + 1] once finished
    /// Feature hashes of all tokens, token after token.
    private(set) var hashes: [UInt64] = []
    /// Sentence-level feature hashes: they apply to every token alike (computing them once per
    /// utterance instead of once per token turns O(T²) work into O(T)).
    package private(set) var sentence: [UInt64] = []
    /// Whether the ``FeatureTemplate/builtinEntities`` template read the utterance's built-in
    /// entities, and the token ranges of the date and time expressions it found: what a later
    /// stage that reads the utterance's dates (``UserReservations``) need not look for again.
    package var readBuiltinEntities = false
    package var dateTimeTokens: [Range<Int>] = []

    /// An empty buffer.
    package init() {}

    /// The number of tokens.
    package var tokenCount: Int { offsets.count - 1 }

    /// Token `index`'s features.
    package func features(of index: Int) -> ArraySlice<UInt64> { hashes[offsets[index]..<offsets[index + 1]] }

    mutating func reset() {
        offsets.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        sentence.removeAll(keepingCapacity: true)
        readBuiltinEntities = false
        dateTimeTokens.removeAll(keepingCapacity: true)
    }

    mutating func beginToken() {
        offsets.append(hashes.count)
    }

    mutating func append(_ hash: UInt64) {
        hashes.append(hash)
    }

    /// Appends, for each feature of the token being written, the same feature conjoined with
    /// `salt` (a hash of the intent).
    mutating func conjoinCurrentToken(with salt: UInt64) {
        let start = offsets[offsets.count - 1], end = hashes.count
        for index in start..<end {
            hashes.append((hashes[index] ^ salt) &* 0x9E37_79B9_7F4A_7C15)
        }
    }

    mutating func appendSentence(_ hash: UInt64) {
        sentence.append(hash)
    }

    /// Closes the last token.
    mutating func finish() {
        offsets.append(hashes.count)
    }
}
