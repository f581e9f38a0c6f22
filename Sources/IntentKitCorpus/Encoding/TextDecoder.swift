import Foundation

/// Decodes corpus files as strict UTF-8, refusing invalid bytes with their exact place.
///
/// Never guesses another encoding and never substitutes replacement characters. One repair is
/// offered, on request: CESU-8 ("modified UTF-8", as Java and some database exports write),
/// where a character beyond U+FFFF is written as two 3-byte surrogates
/// (`ED A0-AF xx ED B0-BF xx`). With ``Options/repairSurrogatePairs`` such a pair decodes into
/// the character it stands for; a lone surrogate is still an error.
public struct TextDecoder: Sendable {
    /// What the decoder may fix.
    public struct Options: Hashable, Sendable {
        /// Decode CESU-8 surrogate pairs into the characters they encode.
        public var repairSurrogatePairs: Bool

        /// Creates options.
        public init(repairSurrogatePairs: Bool = false) {
            self.repairSurrogatePairs = repairSurrogatePairs
        }
    }

    /// A text and what was repaired in it.
    public struct Result: Sendable {
        /// The decoded text, without a leading byte-order mark.
        public var text: String
        /// One note per repaired surrogate pair, located.
        public var repairs: [Diagnostic]
    }

    /// What the decoder may fix.
    public var options: Options

    /// Creates a decoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The largest corpus or vocabulary file read: a YAML reader holds several times a file's
    /// size while it builds the document, so a bound here keeps a stray huge file from taking
    /// the machine's memory. A larger corpus is a directory of files.
    public static let maximumFileBytes = 64 << 20

    /// Reads and decodes the file at `url`; messages name it as `displayPath`.
    /// - Throws: ``CorpusError`` for a file that cannot be read, one larger than
    ///   ``maximumFileBytes``, or bytes that are not UTF-8.
    public func decodeFile(at url: URL, displayPath: String? = nil) throws -> Result {
        let path = displayPath ?? url.path
        try Self.checkSize(of: url, path: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CorpusError.io(path: path, detail: "cannot read file (\(error.localizedDescription))")
        }
        return try decode([UInt8](data), file: path)
    }

    /// Refuses a file larger than ``maximumFileBytes`` before anything reads it.
    static func checkSize(of url: URL, path: String) throws {
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int, size > maximumFileBytes {
            throw CorpusError.io(path: path, detail: "the file has \(size / 1_000_000) MB; a corpus or vocabulary file may hold at most \(maximumFileBytes >> 20) MiB (split a larger corpus into the files of a directory)")
        }
    }

    /// Decodes `bytes`; messages name the source as `file`.
    public func decode(_ bytes: [UInt8], file: String) throws -> Result {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) {
            return Result(text: text, repairs: [])
        }
        return try decodeWithRepairs(body, file: file)
    }

    /// The slow path, taken only when strict validation failed: walks sequence by sequence to
    /// find the first bad byte, repairing surrogate pairs if allowed.
    private func decodeWithRepairs(_ bytes: ArraySlice<UInt8>, file: String) throws -> Result {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var repairs = [Diagnostic]()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = Self.validSequenceLength(bytes, at: index)
            if length > 0 {
                output.append(contentsOf: bytes[index..<index + length])
                index += length
                continue
            }
            let location = Self.locate(bytes, offset: index)
            if let scalar = Self.surrogatePair(bytes, at: index) {
                guard options.repairSurrogatePairs else {
                    throw CorpusError.invalidEncoding(
                        file: file, line: location.line, column: location.column, byteOffset: index,
                        detail: "a CESU-8 surrogate pair (\(Self.hex(bytes[index..<index + 6]))) for U+\(String(scalar.value, radix: 16, uppercase: true)); pass --repair-encoding to decode it")
                }
                output.append(contentsOf: Array(String(scalar).utf8))
                repairs.append(Diagnostic(
                    .warning,
                    "repaired a CESU-8 surrogate pair (\(Self.hex(bytes[index..<index + 6]))) into U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)",
                    at: SourceLocation(file: file, line: location.line, column: location.column)))
                index += 6
                continue
            }
            let end = min(index + 4, bytes.endIndex)
            let isSurrogate = bytes[index] == 0xED && index + 1 < bytes.endIndex && bytes[index + 1] >= 0xA0
            throw CorpusError.invalidEncoding(
                file: file, line: location.line, column: location.column, byteOffset: index,
                detail: isSurrogate
                    ? "a lone UTF-16 surrogate (\(Self.hex(bytes[index..<min(index + 3, bytes.endIndex)]))) that no repair can decode"
                    : "bytes \(Self.hex(bytes[index..<end])) are not a UTF-8 sequence")
        }
        let text = String(decoding: output, as: UTF8.self)
        return Result(text: text, repairs: repairs)
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629 table 3-7), or 0.
    private static func validSequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.endIndex && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// The scalar a CESU-8 high+low surrogate pair at `index` encodes, if there is one.
    private static func surrogatePair(_ bytes: ArraySlice<UInt8>, at index: Int) -> Unicode.Scalar? {
        guard index + 6 <= bytes.endIndex,
              bytes[index] == 0xED, (0xA0...0xAF).contains(bytes[index + 1]), (0x80...0xBF).contains(bytes[index + 2]),
              bytes[index + 3] == 0xED, (0xB0...0xBF).contains(bytes[index + 4]), (0x80...0xBF).contains(bytes[index + 5])
        else { return nil }
        let high = 0xD000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
        let low = 0xD000 | (UInt32(bytes[index + 4] & 0x3F) << 6) | UInt32(bytes[index + 5] & 0x3F)
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    /// 1-based line and column (in scalars of the valid text before it) of byte `offset`.
    private static func locate(_ bytes: ArraySlice<UInt8>, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.startIndex..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Count lead bytes (not continuation bytes) between the line start and the offset.
        let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
