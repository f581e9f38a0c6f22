/// The text a JSON file (or property list) was read from, shared by its values to turn byte
/// offsets into lines and columns when (and only when) a message needs one.
///
/// A value may also come from another file: an Intent Definition File's string replaced by its
/// translation in a `.strings` file. Such a file is added with ``add(text:file:)``, and its
/// offsets are counted on from the end of the texts before it, so that one offset still names
/// one place.
final class JSONSource: @unchecked Sendable {
    private struct Text {
        let file: String
        let bytes: [UInt8]
        let base: Int
        lazy var lineStarts: [Int] = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    }

    let file: String
    let bytes: [UInt8]
    private var texts: [Text]

    convenience init(text: String, file: String) {
        self.init(bytes: Array(text.utf8), file: file)
    }

    init(bytes: [UInt8], file: String) {
        self.file = file
        self.bytes = bytes
        texts = [Text(file: file, bytes: bytes, base: 0)]
    }

    /// Adds the text of another file; its byte `n` is offset `base + n`, `base` returned.
    func add(bytes: [UInt8], file: String) -> Int {
        let base = texts.last.map { $0.base + $0.bytes.count + 1 } ?? 0
        texts.append(Text(file: file, bytes: bytes, base: base))
        return base
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`.
    func location(ofByte offset: Int) -> SourceLocation {
        let index = texts.lastIndex { $0.base <= offset } ?? 0
        let bytes = texts[index].bytes
        let offset = min(max(offset - texts[index].base, 0), bytes.count)
        let lineStarts = texts[index].lineStarts
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = bytes[lineStarts[low]..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(file: texts[index].file, line: low + 1, column: column)
    }
}
