import Foundation

/// SentencePiece's unigram tokenizer (Kudo 2018; Kudo & Richardson 2018), read from a
/// `.model` file: the text normalised by the model's precompiled character map (NFKC as the
/// model was trained with it), spaces made `▁` with one before the first word, then cut into the
/// pieces whose log-probabilities sum highest (Viterbi over every piece that matches at each
/// character), as the reference library cuts it.
struct SentencePieceTokenizer: Sendable {
    /// Every piece's log-probability, by id.
    private let scores: [Float]
    /// The pieces as a trie over Unicode scalars: `(node << 21) | scalar` → child node.
    private let children: [UInt64: Int32]
    /// The piece that ends at each trie node, or -1 where a node is only a prefix.
    private let pieceAtNode: [Int32]
    /// The longest piece, in scalars.
    private let longestPiece: Int
    let unknown: Int32, beginning: Int32, end: Int32
    /// A character no piece starts with is one unknown piece, scored below every piece
    /// (the reference library's `min_score - 10`).
    private let unknownScore: Float
    private let normalizer: Normalizer
    /// The pieces in the file.
    let pieceCount: Int

    /// Reads a SentencePiece `ModelProto`: its pieces (field 1: piece, score, type) and its
    /// normaliser's precompiled character map (field 3, its field 2).
    init(model data: Data, file: String = "sentencepiece.model") throws(EncoderError) {
        let bytes = [UInt8](data)
        let top = try ProtobufFields(bytes, 0..<bytes.count, file: file)
        var scores = [Float](), children = [UInt64: Int32](), pieceAtNode: [Int32] = [-1]
        var longest = 0, unknown: Int32 = -1, beginning: Int32 = -1, end: Int32 = -1
        children.reserveCapacity(top.messages(1).count * 4)
        for range in top.messages(1) {
            let fields = try ProtobufFields(bytes, range, file: file)
            guard let pieceRange = fields.messages(1).first, let piece = String(bytes: bytes[pieceRange], encoding: .utf8) else {
                throw .malformed("\(file): piece \(scores.count) has no UTF-8 text")
            }
            let id = Int32(scores.count)
            scores.append(fields.float(2) ?? 0)
            switch fields.varint(3) ?? 1 {
            case 2:
                unknown = id
                continue
            case 3:
                if piece == "<s>" { beginning = id }
                if piece == "</s>" { end = id }
                continue
            case 1, 4: break
            default: continue
            }
            var node: Int32 = 0, length = 0
            for scalar in piece.unicodeScalars {
                let key = UInt64(node) << 21 | UInt64(scalar.value)
                if let child = children[key] {
                    node = child
                } else {
                    let child = Int32(pieceAtNode.count)
                    pieceAtNode.append(-1)
                    children[key] = child
                    node = child
                }
                length += 1
            }
            pieceAtNode[Int(node)] = id
            longest = max(longest, length)
        }
        guard !scores.isEmpty, unknown >= 0 else { throw .malformed("\(file): no pieces, or no unknown piece") }
        self.scores = scores
        self.children = children
        self.pieceAtNode = pieceAtNode
        longestPiece = longest
        (self.unknown, self.beginning, self.end) = (unknown, beginning, end)
        unknownScore = (scores.min() ?? 0) - 10
        pieceCount = scores.count
        var charsmap: ArraySlice<UInt8> = []
        if let spec = top.messages(3).first {
            let fields = try ProtobufFields(bytes, spec, file: file)
            if let map = fields.messages(2).first { charsmap = bytes[map] }
        }
        normalizer = try Normalizer(charsmap: Array(charsmap), file: file)
    }

    /// The pieces of `text` between the beginning and end pieces, at most `maximumLength` in all.
    func encode(_ text: String, maximumLength: Int) -> [Int32] {
        var ids: [Int32] = beginning >= 0 ? [beginning] : []
        let normalized = normalizer.normalize(text)
        ids += normalized.isEmpty ? [unknown] : segment(normalized)
        if ids.count > maximumLength - (end >= 0 ? 1 : 0) { ids.removeLast(ids.count - maximumLength + (end >= 0 ? 1 : 0)) }
        if end >= 0 { ids.append(end) }
        return ids
    }

    /// The likeliest segmentation of `text` (normalised) into pieces. Every node starting at a
    /// position shares that position's best predecessor, so a left-to-right pass over positions
    /// is the lattice's Viterbi; ties keep the earlier-starting piece, as the reference does.
    func segment(_ text: [Unicode.Scalar]) -> [Int32] {
        let count = text.count
        var best = [Float](repeating: -.greatestFiniteMagnitude, count: count + 1)
        var startOf = [Int](repeating: 0, count: count + 1), pieceOf = [Int32](repeating: 0, count: count + 1)
        best[0] = 0
        for start in 0..<count {
            let base = best[start]
            var node: Int32 = 0, hasSingle = false
            for stop in (start + 1)...min(start + longestPiece, count) {
                guard let child = children[UInt64(node) << 21 | UInt64(text[stop - 1].value)] else { break }
                node = child
                let id = pieceAtNode[Int(child)]
                guard id >= 0 else { continue }
                let score = base + scores[Int(id)]
                if score > best[stop] { (best[stop], startOf[stop], pieceOf[stop]) = (score, start, id) }
                if stop == start + 1 { hasSingle = true }
            }
            if !hasSingle, base + unknownScore > best[start + 1] {
                (best[start + 1], startOf[start + 1], pieceOf[start + 1]) = (base + unknownScore, start, unknown)
            }
        }
        var ids = [Int32](), position = count
        while position > 0 {
            ids.append(pieceOf[position])
            position = startOf[position]
        }
        return ids.reversed()
    }

    /// SentencePiece's normaliser over a precompiled character map: a darts-clone double-array
    /// trie of UTF-8 byte sequences, each leaf the offset of its replacement (NUL-terminated) in
    /// the table after the trie; at each position the longest match is replaced, anything else
    /// kept as its one character. Then spaces: leading, trailing and repeated ones removed, the
    /// rest `▁`, and one `▁` before the text.
    struct Normalizer: Sendable {
        private let units: [UInt32]
        private let replacements: [UInt8]

        init(charsmap: [UInt8], file: String) throws(EncoderError) {
            guard !charsmap.isEmpty else {
                (units, replacements) = ([], [])
                return
            }
            guard charsmap.count >= 4 else { throw .malformed("\(file): the character map is cut short") }
            let trieSize = Int(UInt32(charsmap[0]) | UInt32(charsmap[1]) << 8 | UInt32(charsmap[2]) << 16 | UInt32(charsmap[3]) << 24)
            guard trieSize % 4 == 0, trieSize <= charsmap.count - 4, trieSize >= 4 else {
                throw .malformed("\(file): the character map's trie of \(trieSize) bytes does not fit its \(charsmap.count)")
            }
            units = (0..<(trieSize / 4)).map { index in
                let at = 4 + index * 4
                return UInt32(charsmap[at]) | UInt32(charsmap[at + 1]) << 8 | UInt32(charsmap[at + 2]) << 16 | UInt32(charsmap[at + 3]) << 24
            }
            replacements = Array(charsmap[(4 + trieSize)...])
        }

        private static func offset(_ unit: UInt32) -> Int { Int((unit >> 10) << ((unit & 0x200) >> 6)) }

        /// The replacement of the longest key at `bytes[position...]` and the bytes it covers,
        /// or nil when no key matches there.
        private func longestMatch(_ bytes: [UInt8], at position: Int) -> (replacement: Range<Int>, length: Int)? {
            guard !units.isEmpty else { return nil }
            var node = Self.offset(units[0]), index = position
            var bestLength = 0, bestValue = 0
            while index < bytes.count {
                let byte = bytes[index]
                node ^= Int(byte)
                guard node < units.count else { break }
                let unit = units[node]
                guard unit & 0x8000_00FF == UInt32(byte) else { break }
                node ^= Self.offset(unit)
                index += 1
                if unit & 0x100 != 0, node < units.count {
                    bestLength = index - position
                    bestValue = Int(units[node] & 0x7FFF_FFFF)
                }
            }
            guard bestLength > 0, bestValue < replacements.count else { return nil }
            var stop = bestValue
            while stop < replacements.count && replacements[stop] != 0 { stop += 1 }
            return (bestValue..<stop, bestLength)
        }

        /// The length of the UTF-8 character at `bytes[position]` (1 for a malformed one).
        private static func characterLength(_ bytes: [UInt8], at position: Int) -> Int {
            let first = bytes[position]
            let length = first < 0x80 ? 1 : first >> 5 == 0x6 ? 2 : first >> 4 == 0xE ? 3 : first >> 3 == 0x1E ? 4 : 1
            for k in 1..<max(length, 1) where position + k >= bytes.count || bytes[position + k] & 0xC0 != 0x80 { return 1 }
            return length
        }

        /// `text` normalised, as Unicode scalars, spaces as `▁`.
        func normalize(_ text: String) -> [Unicode.Scalar] {
            let bytes = Array(text.utf8)
            var output = [UInt8](), position = 0, previousWasSpace = true
            output.reserveCapacity(bytes.count + 8)
            let space: [UInt8] = [0xE2, 0x96, 0x81]
            while position < bytes.count {
                var piece: ArraySlice<UInt8>
                if let match = longestMatch(bytes, at: position) {
                    piece = replacements[match.replacement]
                    position += match.length
                } else {
                    let length = Self.characterLength(bytes, at: position)
                    piece = bytes[position..<(position + length)]
                    position += length
                }
                if previousWasSpace { piece = piece.drop { $0 == 0x20 } }
                guard !piece.isEmpty else { continue }
                if output.isEmpty { output += space }
                for byte in piece {
                    if byte == 0x20 { output += space } else { output.append(byte) }
                }
                previousWasSpace = piece.last == 0x20
            }
            while output.count >= 3 && Array(output.suffix(3)) == space { output.removeLast(3) }
            return Array(String(decoding: output, as: UTF8.self).unicodeScalars)
        }
    }
}

/// The fields of one protocol-buffer message (Google's wire format), as far as a SentencePiece
/// model needs them: length-delimited ones by number, and the last varint and 32-bit value of each.
private struct ProtobufFields {
    private var delimited = [Int: [Range<Int>]]()
    private var varints = [Int: UInt64]()
    private var fixed32 = [Int: UInt32]()

    init(_ bytes: [UInt8], _ range: Range<Int>, file: String) throws(EncoderError) {
        var position = range.lowerBound
        func varint() throws(EncoderError) -> UInt64 {
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard position < range.upperBound, shift < 64 else { throw .malformed("\(file): a varint at byte \(position) runs past its message") }
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
        while position < range.upperBound {
            let key = try varint(), field = Int(key >> 3)
            switch key & 7 {
            case 0: varints[field] = try varint()
            case 1:
                position += 8
            case 2:
                let length = try varint()
                guard length <= UInt64(range.upperBound - position) else {
                    throw .malformed("\(file): field \(field) at byte \(position) runs past its message")
                }
                delimited[field, default: []].append(position..<(position + Int(length)))
                position += Int(length)
            case 5:
                guard position + 4 <= range.upperBound else { throw .malformed("\(file): field \(field) at byte \(position) is cut short") }
                fixed32[field] = UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
                    | UInt32(bytes[position + 3]) << 24
                position += 4
            default:
                throw .malformed("\(file): field \(field) at byte \(position) has wire type \(key & 7)")
            }
            guard position <= range.upperBound else { throw .malformed("\(file): field \(field) runs past its message") }
        }
    }

    func messages(_ field: Int) -> [Range<Int>] { delimited[field] ?? [] }
    func varint(_ field: Int) -> UInt64? { varints[field] }
    func float(_ field: Int) -> Float? { fixed32[field].map { Float(bitPattern: $0) } }
}
