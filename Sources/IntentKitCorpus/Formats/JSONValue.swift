import Foundation

/// Decoded JSON that knows where each value stands in its file, so every error, structural or
/// syntactic, names `file:line:column` and the path that led there
/// (`file.json:12:7: error: PlayMusic[12].data[3]: "text" must be a string`).
///
/// The parser is strict RFC 8259 JSON over the UTF-8 bytes (Foundation's `JSONSerialization`
/// reports only a character offset and forgets where values were). Nesting is bounded by
/// ``maximumDepth`` so a hostile file cannot exhaust the stack.
struct JSONValue: Sendable {
    /// A JSON value's contents.
    indirect enum Content: Sendable {
        case null
        case bool(Bool)
        /// A number; `integer` is set when the literal is a whole number that fits `Int`.
        case number(Double, integer: Int?)
        case string(String)
        case array([JSONValue])
        /// Members in file order of their first appearance, each key once; a repeated key keeps
        /// its last value, as JSONSerialization does.
        case object([(key: String, value: JSONValue)])
    }

    let content: Content
    /// How the value was reached from the root (`intents.PlayMusic.utterances[3]`).
    let path: String
    let file: String
    /// The byte offset of the value's first character in `source`, when it was parsed from text.
    let offset: Int
    let source: JSONSource?

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    init(content: Content, path: String, offset: Int, source: JSONSource) {
        self.content = content
        self.path = path
        self.offset = offset
        self.source = source
        self.file = source.file
    }

    /// The same tree over a Foundation object (a decoded property list), whose values have no
    /// place in a text: messages name the file and the path.
    init(foundationObject object: Any, path: String = "", file: String) {
        self.path = path
        self.file = file
        self.offset = 0
        self.source = nil
        switch object {
        case let text as String: content = .string(text)
        case let flag as Bool: content = .bool(flag)
        case let number as Int: content = .number(Double(number), integer: number)
        case let number as Double: content = .number(number, integer: nil)
        case let items as [Any]:
            content = .array(items.enumerated().map { JSONValue(foundationObject: $0.element, path: "\(path)[\($0.offset)]", file: file) })
        case let dictionary as [String: Any]:
            content = .object(dictionary.keys.sorted().map { key in
                (key, JSONValue(foundationObject: dictionary[key]!, path: path.isEmpty ? key : "\(path).\(key)", file: file))
            })
        default: content = .null
        }
    }

    /// The value's place in its file.
    var location: SourceLocation { source?.location(ofByte: offset) ?? SourceLocation(file: file) }

    /// Parses `text` (already strictly decoded) as JSON.
    static func parse(_ text: String, file: String) throws -> JSONValue {
        let source = JSONSource(text: text, file: file)
        var parser = JSONParser(bytes: source.bytes, source: source)
        return try parser.parseDocument()
    }

    func failure(_ message: String) -> CorpusError {
        CorpusError.malformed(location, (path.isEmpty ? "" : "\(path): ") + message)
    }

    /// The object's members, sorted by key.
    func object() throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = content else { throw failure("expected a JSON object") }
        return members.sorted { $0.key < $1.key }
    }

    /// The member `key` of an object, unless absent or `null`.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content, let member = members.last(where: { $0.key == key }) else { return nil }
        if case .null = member.value.content { return nil }
        return member.value
    }

    var isArray: Bool {
        if case .array = content { return true }
        return false
    }

    func array() throws -> [JSONValue] {
        guard case .array(let items) = content else { throw failure("expected a JSON array") }
        return items
    }

    func string() throws -> String {
        guard case .string(let text) = content else { throw failure("expected a string") }
        return text
    }

    /// A whole number that fits `Int` (a literal like `3.0` counts; `1e308` does not).
    func int() throws -> Int {
        if case .number(let value, let integer) = content {
            if let integer { return integer }
            if value.rounded() == value, let exact = Int(exactly: value) { return exact }
        }
        throw failure("expected a whole number between \(Int.min) and \(Int.max)")
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = content else { throw failure("expected true or false") }
        return flag
    }
}

/// The text a JSON document was parsed from, shared by its values to turn byte offsets into
/// lines and columns when (and only when) a message needs one.
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

/// A recursive-descent JSON parser over UTF-8 bytes that records each value's offset.
private struct JSONParser {
    let bytes: [UInt8]
    let source: JSONSource
    var index = 0
    var depth = 0

    init(bytes: [UInt8], source: JSONSource) {
        self.bytes = bytes
        self.source = source
    }

    mutating func parseDocument() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue(path: "")
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> CorpusError {
        CorpusError.malformed(source.location(ofByte: offset ?? index), "not valid JSON: \(message)")
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(path: String) throws -> JSONValue {
        let start = index
        guard index < bytes.count else { throw error("expected a value, found the end of the file") }
        func value(_ content: JSONValue.Content) -> JSONValue {
            JSONValue(content: content, path: path, offset: start, source: source)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return value(.object(try nested { try $0.parseMembers(path: path) }))
        case UInt8(ascii: "["):
            return value(.array(try nested { try $0.parseElements(path: path) }))
        case UInt8(ascii: "\""):
            return value(.string(try parseString()))
        case UInt8(ascii: "t"): try expectLiteral("true"); return value(.bool(true))
        case UInt8(ascii: "f"): try expectLiteral("false"); return value(.bool(false))
        case UInt8(ascii: "n"): try expectLiteral("null"); return value(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return value(try parseNumber())
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws -> T) throws -> T {
        guard depth < JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth) levels") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func parseMembers(path: String) throws -> [(key: String, value: JSONValue)] {
        index += 1  // {
        var members = [(key: String, value: JSONValue)]()
        var positions = [String: Int]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a member name, found \(describeCurrent())") }
            index += 1
            skipWhitespace()
            let member = try parseValue(path: path.isEmpty ? key : "\(path).\(key)")
            // A repeated key keeps its last value, in one lookup (not a scan of the members).
            if let position = positions[key] {
                members[position].value = member
            } else {
                positions[key] = members.count
                members.append((key, member))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("the object is never closed; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return members }
            throw error("expected ',' or '}' in an object, found \(describeCurrent())")
        }
    }

    private mutating func parseElements(path: String) throws -> [JSONValue] {
        index += 1  // [
        var elements = [JSONValue]()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            skipWhitespace()
            elements.append(try parseValue(path: "\(path)[\(elements.count)]"))
            skipWhitespace()
            guard index < bytes.count else { throw error("the array is never closed; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
            throw error("expected ',' or ']' in an array, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw error("expected a value, found \(describeCurrent())")
        }
        index += count
    }

    private mutating func parseNumber() throws -> JSONValue.Content {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("a number needs digits after '-'") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw error("a number may not start with 0", at: integerStart)
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal) else { throw error("cannot read the number \(literal)", at: start) }
        return .number(value, integer: isInteger ? Int(literal) : nil)
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1  // "
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("the string is never closed", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error(String(format: "control character U+%04X in a string; write it as an escape", byte)) }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            flush(self, upTo: index)
            index += 1
            guard index < bytes.count else { throw error("the string is never closed", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    // A high surrogate must be followed by an escaped low one (RFC 8259 §7).
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a lone surrogate \\u\(String(code, radix: 16, uppercase: true)) in a string")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("a high surrogate is followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw error("a lone surrogate \\u\(String(code, radix: 16, uppercase: true)) in a string")
                }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("unknown escape '\\\(describeCurrent())' in a string")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw error("\\u needs four hexadecimal digits") }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }
}
