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

    /// What writing `corpus` as BIO or CoNLL loses (slot values, white space other than one
    /// space between words); throws for names the files cannot hold: a slot name with white
    /// space (a tag is one word), an intent name with a line break.
    static func losses(of corpus: Corpus, format: CorpusFormat, path: String) throws -> [String] {
        var values = 0, respaced = 0
        for utterance in corpus.utterances {
            if utterance.intent.contains(where: \.isNewline) || utterance.intent.isEmpty {
                throw CorpusError.io(path: path, detail: "intent \(JSONText.quoted(utterance.intent)) cannot be written as \(format.rawValue): it must be one non-empty line")
            }
            for slot in utterance.slots where slot.name.unicodeScalars.contains(where: \.properties.isWhitespace) || slot.name.isEmpty {
                throw CorpusError.io(path: path, detail: "slot \(JSONText.quoted(slot.name)) cannot be written as \(format.rawValue): a tag is one word")
            }
            values += utterance.slots.count { $0.value != nil }
            let words = utterance.text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) })
            if words.joined(separator: " ") != utterance.text { respaced += 1 }
        }
        var losses = [String]()
        if values > 0 { losses.append("\(values) slot value\(values == 1 ? "" : "s") not written (the format has none)") }
        if respaced > 0 { losses.append("\(respaced) utterance\(respaced == 1 ? "" : "s") written with one space between words") }
        return losses
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
