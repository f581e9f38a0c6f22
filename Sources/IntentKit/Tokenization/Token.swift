/// One token of an utterance, located in the original text.
///
/// Ranges are offsets into the original text, end exclusive: `range` counts Unicode scalars (the
/// unit corpora use for slot annotations), `utf8Range` counts UTF-8 bytes (the unit for slicing).
/// The token's normalised form lives in the ``TokenizedText`` that produced it.
public struct Token: Hashable, Sendable {
    /// What a token is made of; decides which features it gets.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        /// Letters, possibly with digits and inner joiners: `Buttercup`, `o'clock`, `e-mail`, `7am`.
        case word
        /// Digits with inner separators, optionally a leading currency sign or trailing `%`:
        /// `85`, `8.5`, `1,000`, `7:30`, `$85`, `50%`.
        case number
        /// One punctuation mark: `,`, `?`, `(`.
        case punctuation
        /// One symbol or emoji cluster: `+`, `🍕`, `👍🏽`.
        case symbol
        /// One character of a script written without spaces (Han, Hiragana, Katakana).
        case ideograph
        /// An e-mail address: `bob@example.com`.
        case email
        /// A URL starting with a scheme (`https://…`) or `www.`.
        case url
    }

    /// Unicode scalar offsets into the original text, end exclusive.
    public var range: Range<Int>
    /// UTF-8 byte offsets into the original text, end exclusive.
    public var utf8Range: Range<Int>
    /// What the token is made of.
    public var kind: Kind
    /// Byte offsets of the normalised form in ``TokenizedText``'s normalised storage.
    @usableFromInline
    internal var normalizedRange: Range<Int32>

    @usableFromInline
    internal init(range: Range<Int>, utf8Range: Range<Int>, kind: Kind, normalizedRange: Range<Int32>) {
        self.range = range
        self.utf8Range = utf8Range
        self.kind = kind
        self.normalizedRange = normalizedRange
    }
}
