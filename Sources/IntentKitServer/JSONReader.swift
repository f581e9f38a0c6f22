import Foundation

/// A JSON value as a request body holds it (RFC 8259), object members in their order.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// "an object", "a string", … for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where a body stops being JSON: the byte offset and what was wrong there.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int
    var message: String

    var description: String { "the body is not valid JSON: \(message) at byte \(offset)" }
}

/// Reads request bodies into ``JSONValue``s, strictly (RFC 8259: no comments, no trailing
/// commas, no control characters in strings, valid UTF-8) and with the byte offset of the first
/// problem. `JSONDecoder` took a third as long as the parse itself on a small request, and says
/// only that a body is not JSON, not where.
struct JSONReader {
    /// Arrays and objects nested deeper than this are refused (a hostile body would otherwise
    /// exhaust the stack).
    static let maximumDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The single value `bytes` holds, with white space around it.
    static func read(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of the body") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Self.printable(byte))'")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else {
            throw error("unexpected character '\(Self.printable(bytes[position]))'")
        }
        position += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error(current == nil ? "unexpected end of the body" : "expected a member name in quotes") }
            let keyOffset = position
            let key = try string()
            if members.contains(where: { $0.key == key }) { throw JSONSyntaxError(offset: keyOffset, message: "duplicate member '\(key)'") }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            position += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            case nil: throw error("unexpected end of the body")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            case nil: throw error("unexpected end of the body")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// A number by RFC 8259's grammar (no leading zeros, no '+', no bare '.'), as a `Double`.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.position
            while let byte = reader.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { reader.position += 1 }
            return reader.position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONSyntaxError(offset: start, message: "the number \(text) is out of range") }
        return value
    }

    /// A string: its escapes decoded (surrogate pairs joined), its bytes checked as UTF-8.
    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // The common case: no escape. The bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { position += 1 }
        if current == UInt8(ascii: "\"") {
            let text = try utf8(start..<position)
            position += 1
            return text
        }
        var scalars = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let byte = current else { throw JSONSyntaxError(offset: start - 1, message: "a string is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try utf8(scalars, from: start)
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = current else { throw error("unexpected end of the body") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hexQuad()
                    if (0xD800...0xDBFF).contains(code) {
                        // A high surrogate must be followed by its low half: together one scalar.
                        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate without its low surrogate")
                        }
                        position += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a \\u escape of a high surrogate without its low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("a \\u escape of a lone low surrogate")
                    }
                    scalars.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
                default:
                    throw JSONSyntaxError(offset: position - 2, message: "unknown escape '\\\(Self.printable(escape))'")
                }
            default:
                guard byte >= 0x20 else { throw error("a control character (U+00\(String(format: "%02X", byte))) in a string; escape it") }
                scalars.append(byte)
                position += 1
            }
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected four hex digits after \\u")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private func utf8(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw JSONSyntaxError(offset: range.lowerBound, message: "a string is not valid UTF-8")
        }
        return text
    }

    private func utf8(_ bytes: [UInt8], from start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
        }
        return text
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
    }
}
