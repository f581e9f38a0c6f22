import IntentKit

/// Requests with a word left out: a new phrasing's, for the calibration of the minimum confidence.
enum WordDropout {
    /// `sequence` with one of its words outside slots left out, the word chosen by `seed`: a
    /// request as a new phrasing brings it, where a word the classifier knows from the other
    /// phrasings of its intent gives no evidence. `nil` for a sequence of one token or with no
    /// word outside its slots.
    static func withoutOneWord(_ sequence: TaggedSequence, labels: LabelSet, tokenizer: Tokenizer, seed: UInt64) -> TokenizedText? {
        let tokens = sequence.tokens
        let words = tokens.tokens.indices.filter { labels.tag(sequence.labels[$0]) == .outside && tokens.tokens[$0].kind == .word }
        guard tokens.count > 1, !words.isEmpty else { return nil }
        let left = tokens.tokens[words[Int(splitMix(seed) % UInt64(words.count))]].utf8Range
        let utf8 = Array(tokens.text.utf8)
        return tokenizer.tokenize(String(decoding: utf8[..<left.lowerBound] + utf8[left.upperBound...], as: UTF8.self))
    }
}
