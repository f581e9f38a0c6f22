import IntentKit

/// Converts between slot spans and BIO tags on tokens.
///
/// Tags to spans follows conlleval (see ``BIOTag/spans(_:)``). Spans to tags splits the
/// text at white space and, inside a white-space-delimited chunk, at slot boundaries, so every
/// slot covers whole tokens and plain BIO data survives a round trip unchanged.
enum BIOTagging {
    /// A tag that is not `O`, `B-<slot>` or `I-<slot>`.
    struct InvalidTag: Error {
        var index: Int
        var tag: String
    }

    /// Slot annotations for `tags`, one per token; `tokenRanges` are the tokens' scalar ranges.
    static func slots(tags: [String], tokenRanges: [Range<Int>]) throws(InvalidTag) -> [SlotAnnotation] {
        var parsed = [BIOTag]()
        parsed.reserveCapacity(tags.count)
        for (index, tag) in tags.enumerated() {
            guard let bio = BIOTag(tag) else { throw InvalidTag(index: index, tag: tag) }
            parsed.append(bio)
        }
        return BIOTag.spans(parsed).map { span in
            SlotAnnotation(name: span.slot, range: tokenRanges[span.tokens.lowerBound].lowerBound..<tokenRanges[span.tokens.upperBound - 1].upperBound)
        }
    }

    /// The text of space-joined `tokens` and the slots `tags` (one per token) mark on it.
    static func utterance(tokens: [Substring], tags: [String]) throws(InvalidTag) -> (text: String, slots: [SlotAnnotation]) {
        var ranges = [Range<Int>]()
        ranges.reserveCapacity(tokens.count)
        var offset = 0
        for token in tokens {
            let length = token.unicodeScalars.count
            ranges.append(offset..<offset + length)
            offset += length + 1
        }
        return (tokens.joined(separator: " "), try slots(tags: tags, tokenRanges: ranges))
    }

    /// Tokens (scalar ranges into `text`) and their BIO tags.
    static func tokens(of utterance: Utterance) -> [(range: Range<Int>, tag: String)] {
        let scalars = Array(utterance.text.unicodeScalars)
        let boundaries = Set(utterance.slots.flatMap { [$0.range.lowerBound, $0.range.upperBound] })
        var pieces = [Range<Int>]()
        var index = 0
        while index < scalars.count {
            if scalars[index].properties.isWhitespace { index += 1; continue }
            var start = index
            while index < scalars.count, !scalars[index].properties.isWhitespace {
                index += 1
                if boundaries.contains(index), index < scalars.count, !scalars[index].properties.isWhitespace {
                    pieces.append(start..<index)
                    start = index
                }
            }
            pieces.append(start..<index)
        }
        return pieces.map { piece in
            guard let slot = utterance.slots.first(where: { $0.range.contains(piece.lowerBound) }) else {
                return (piece, "O")
            }
            let isFirst = !pieces.contains { $0.upperBound <= piece.lowerBound && $0.lowerBound >= slot.range.lowerBound }
            return (piece, (isFirst ? "B-" : "I-") + slot.name)
        }
    }
}
