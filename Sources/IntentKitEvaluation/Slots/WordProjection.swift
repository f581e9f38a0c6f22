import IntentKit

/// Projects predicted slot spans onto a corpus's words, for corpora annotated word by word
/// (BIO, CoNLL): each word takes the label of its first scalar, `B-` where a span starts there
/// and `I-` inside one, exactly as `intentkit tag` writes tags for `seq.out` files; the tags are
/// then read back into spans the way conlleval reads them. Scores on the projected spans are
/// conlleval's (and seqeval's default mode's) on those tag files.
public enum WordProjection {
    /// The white-space-separated words of `text`, as Unicode scalar ranges.
    public static func words(of text: String) -> [Range<Int>] {
        var words = [Range<Int>]()
        var start: Int?
        var index = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let open = start { words.append(open..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
            index += 1
        }
        if let open = start { words.append(open..<index) }
        return words
    }

    /// One tag per word of `words`: the label of the word's first scalar.
    public static func tags(_ spans: [FrameComparison.Span], onto words: [Range<Int>]) -> [BIOTag] {
        words.map { word in
            guard let span = spans.first(where: { $0.start <= word.lowerBound && word.lowerBound < $0.end }) else { return .outside }
            return span.start == word.lowerBound ? .begin(span.name) : .inside(span.name)
        }
    }

    /// `spans` as conlleval sees them once written as one tag per word of `words`.
    public static func project(_ spans: [FrameComparison.Span], onto words: [Range<Int>]) -> [FrameComparison.Span] {
        BIOTag.spans(tags(spans, onto: words)).map { span in
            FrameComparison.Span(name: span.slot, start: words[span.tokens.lowerBound].lowerBound, end: words[span.tokens.upperBound - 1].upperBound)
        }
    }
}
