/// Mutations that keep a text's shape, for libFuzzer's custom mutator: byte flips alone rarely
/// nest a group a hundred levels deep, give a name twice or grow a field a thousandfold, and
/// those are what broke the readers (nesting that exhausted the stack, names accepted twice,
/// fields that made training quadratic). Each call makes one of:
///
/// - nesting: a run of opening brackets of one kind (`(`, `[`, `{`, `<array>`, a `<dict>` with a
///   key) and as many closing ones, at a random place;
/// - a line given twice (a YAML entry or key, a property list's `<key>` or element, a `.strings`
///   pair);
/// - a field emptied: the text of a `<string>` or of a quoted string;
/// - a word grown: a run of letters repeated to fill the room left.
struct StructuredMutator {
    private var state: UInt64

    init(seed: UInt32) {
        state = UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15
    }

    /// SplitMix64 (Steele, Lea and Flood 2014): enough randomness for choosing mutations.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }

    /// `bytes` with one structural mutation, at most `maximumSize` bytes; `nil` when none fits.
    mutating func mutate(_ bytes: [UInt8], maximumSize: Int) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        var result = bytes
        switch next(4) {
        case 0:
            let kinds: [(String, String)] = [("(", ")"), ("[", "]"), ("{", "}"), ("<array>", "</array>"), ("<dict><key>k</key>", "</dict>")]
            let (open, close) = kinds[next(kinds.count)]
            let depth = [2, 63, 64, 65, 99, 100, 101, 1_000, 20_000][next(9)]
            let at = next(bytes.count + 1)
            result.insert(contentsOf: Array(String(repeating: open, count: depth).utf8) + Array(String(repeating: close, count: depth).utf8), at: at)
        case 1:
            let lines = lineRanges(bytes)
            let line = lines[next(lines.count)]
            result.insert(contentsOf: bytes[line], at: line.upperBound)
        case 2:
            guard let field = quotedField(bytes) else { return nil }
            result.removeSubrange(field)
        default:
            let at = next(bytes.count)
            var end = at
            while end < bytes.count, isLetter(bytes[end]) { end += 1 }
            guard end > at else { return nil }
            let room = maximumSize - bytes.count
            guard room > end - at else { return nil }
            let copies = 1 + next(room / (end - at))
            result.insert(contentsOf: Array(repeating: bytes[at..<end], count: copies).joined(), at: end)
        }
        return result.count <= maximumSize ? result : nil
    }

    /// Each line with its line feed.
    private func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges = [Range<Int>](), start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The text of a random `<string>…</string>` or `"…"`, without its delimiters.
    private mutating func quotedField(_ bytes: [UInt8]) -> Range<Int>? {
        var fields = [Range<Int>]()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\""), let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) {
                fields.append((index + 1)..<end)
                index = end + 1
            } else if bytes[index] == UInt8(ascii: ">"), index > 6, bytes[(index - 7)...index].elementsEqual("<string>".utf8),
                      let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "<")) {
                fields.append((index + 1)..<end)
                index = end
            } else {
                index += 1
            }
        }
        return fields.isEmpty ? nil : fields[next(fields.count)]
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
