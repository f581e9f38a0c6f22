import Foundation

/// BERT's tokenizer: the basic pass (drop control characters, split Chinese, Japanese and Korean
/// ideographs apart, lower-case, strip accents, split on white space and punctuation), then
/// WordPiece's greedy longest-match-first split of each word into vocabulary pieces, the pieces
/// after the first marked "##" (Devlin et al. 2019, §3; Wu et al. 2016, §4.1). It matches
/// Hugging Face's `BertTokenizer` with `do_lower_case` on, which uncased models use.
struct WordPieceTokenizer: Sendable {
    /// Each piece's id: its line in vocab.txt.
    private let ids: [String: Int32]
    let classifierID: Int32, separatorID: Int32, unknownID: Int32
    /// Words longer than this many characters are one unknown piece, as in BERT.
    private static let maximumWordLength = 100

    /// - Parameters:
    ///   - vocabulary: the pieces, in id order (vocab.txt's lines).
    ///   - classifier: the piece that opens every sentence (`<s>` for MPNet).
    ///   - separator: the piece that closes it (`</s>` for MPNet).
    init(vocabulary: [String], classifier: String = "[CLS]", separator: String = "[SEP]", file: String = "vocab.txt") throws(EncoderError) {
        var ids = [String: Int32](minimumCapacity: vocabulary.count)
        for (index, piece) in vocabulary.enumerated() where ids[piece] == nil { ids[piece] = Int32(index) }
        guard let classifier = ids[classifier], let separator = ids[separator], let unknown = ids["[UNK]"] else {
            throw .malformed("\(file): no \(classifier), \(separator) or [UNK] piece")
        }
        self.ids = ids
        (classifierID, separatorID, unknownID) = (classifier, separator, unknown)
    }

    /// `[CLS]`, the pieces of `text` (the first `maximumLength - 2`), `[SEP]`.
    func encode(_ text: String, maximumLength: Int) -> [Int32] {
        encodeWithOffsets(text, maximumLength: maximumLength).pieces
    }

    /// ``encode(_:maximumLength:)``'s pieces, and for each the Unicode scalar offset in `text`
    /// where its word starts (−1 for `[CLS]` and `[SEP]`): what ties a piece to the token of
    /// another tokenizer that holds it.
    func encodeWithOffsets(_ text: String, maximumLength: Int) -> (pieces: [Int32], offsets: [Int32]) {
        var pieces: [Int32] = [classifierID], offsets: [Int32] = [-1]
        for (word, start) in Self.wordsWithOffsets(of: text) {
            let added = wordPieces(word)
            pieces += added
            offsets += repeatElement(Int32(start), count: added.count)
            if pieces.count >= maximumLength - 1 { break }
        }
        if pieces.count > maximumLength - 1 {
            pieces.removeLast(pieces.count - (maximumLength - 1))
            offsets.removeLast(offsets.count - (maximumLength - 1))
        }
        pieces.append(separatorID)
        offsets.append(-1)
        return (pieces, offsets)
    }

    /// The words of BERT's basic pass, lower-cased and without accents.
    static func words(of text: String) -> [String] {
        wordsWithOffsets(of: text).map(\.word)
    }

    /// ``words(of:)``, each with the Unicode scalar offset in `text` of its first scalar.
    static func wordsWithOffsets(of text: String) -> [(word: String, start: Int)] {
        var words = [(word: String, start: Int)](), current = String.UnicodeScalarView(), currentStart = 0
        func flush() {
            if !current.isEmpty { words.append((String(current), currentStart)) }
            current = String.UnicodeScalarView()
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar.value == 0 || scalar.value == 0xFFFD { continue }
            if isWhitespace(scalar) {
                flush()
                continue
            }
            if isControl(scalar) { continue }
            if isIdeograph(scalar) {
                flush()
                words.append((String(scalar), offset))
                continue
            }
            // Lower-case, then decompose and drop the combining marks (the accents).
            for lower in String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            where lower.properties.generalCategory != .nonspacingMark {
                if isPunctuation(lower) {
                    flush()
                    words.append((String(lower), offset))
                } else {
                    if current.isEmpty { currentStart = offset }
                    current.append(lower)
                }
            }
        }
        flush()
        return words
    }

    /// The pieces of one word, greedy longest match first; the unknown piece if any part has none.
    private func wordPieces(_ word: String) -> [Int32] {
        let characters = Array(word.unicodeScalars)
        guard characters.count <= Self.maximumWordLength else { return [unknownID] }
        var pieces = [Int32](), start = 0
        while start < characters.count {
            var end = characters.count, found: Int32?
            while start < end {
                var piece = String(String.UnicodeScalarView(characters[start..<end]))
                if start > 0 { piece = "##" + piece }
                if let id = ids[piece] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let found else { return [unknownID] }
            pieces.append(found)
            start = end
        }
        return pieces
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r": return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Control, format, private-use, surrogate and unassigned code points (BERT's `_is_control`, with tab and line ends as white space).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned: return true
        default: return false
        }
    }

    /// ASCII symbols count as punctuation, as in BERT, besides Unicode's P categories.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (33...47).contains(value) || (58...64).contains(value) || (91...96).contains(value) || (123...126).contains(value) { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK Unified Ideographs blocks and their extensions and compatibility forms.
    private static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F, 0x2B820...0x2CEAF,
             0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
