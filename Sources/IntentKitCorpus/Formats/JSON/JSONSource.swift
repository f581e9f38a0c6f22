/// The text a JSON file was read from, shared by its values to turn byte offsets into lines
/// and columns when (and only when) a message needs one.
final class JSONSource: @unchecked Sendable {
    let file: String
    let bytes: [UInt8]
    private lazy var lineStarts: [Int] = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }

    init(text: String, file: String) {
        self.file = file
        self.bytes = Array(text.utf8)
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`.
    func location(ofByte offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = bytes[lineStarts[low]..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}
