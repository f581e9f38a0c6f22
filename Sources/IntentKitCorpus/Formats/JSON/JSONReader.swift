import Foundation

/// Where a text stops being JSON: the byte offset and what was wrong there.
package struct JSONSyntaxError: Error, Equatable {
    package var offset: Int
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// Reads JSON text into ``JSONValue``s: strictly (RFC 8259: no comments, no trailing commas, no
/// leading zeros, no control characters in strings, valid UTF-8, no member name twice in an
/// object), each value with its byte offset, and the offset of the first problem when the text
/// is not JSON. Corpus files, request bodies and the C API's arguments all go through it.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` give no position for a value, only a
/// character offset for a syntax error, and keep the last of two members of one name silently;
/// a corpus file's errors need `file:line:column` and a server's a byte offset.
package struct JSONReader {
    /// Arrays and objects nested deeper than this are refused: the reader recurses, and a
    /// hostile text must not exhaust the stack.
    package static let maximumDepth = 512
    /// Objects with more members than this check for a repeated name with a set, not a scan.
    private static let membersScannedForRepeats = 16

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The single value `bytes` holds, with white space around it.
    package static func read(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// The single value `bytes` holds, with white space around it.
    package static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBytes { buffer in Result { () throws(JSONSyntaxError) in try read(buffer) } }.get()
    }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        guard let byte = current else { throw error("expected a value, found \(found)") }
        switch byte {
        case UInt8(ascii: "{"): return JSONValue(try object(), offset: start)
        case UInt8(ascii: "["): return JSONValue(try array(), offset: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(try number(), offset: start)
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else {
            throw error("expected a value, found \(found)")
        }
        position += count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        depth += 1
        position += 1
        skipWhitespace()
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue.Content {
        try enter()
        defer { depth -= 1 }
        var members: [(key: String, value: JSONValue)] = []
        var names: Set<String> = []
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes, found \(found)") }
            let keyOffset = position
            let key = try string()
            if members.count < Self.membersScannedForRepeats ? members.contains(where: { $0.key == key }) : !names.insert(key).inserted {
                throw JSONSyntaxError(offset: keyOffset, message: "the member '\(key)' appears twice in one object")
            }
            if members.count == Self.membersScannedForRepeats - 1 { names = Set(members.map(\.key) + [key]) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name, found \(found)") }
            position += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            case nil: throw error("the object is never closed; expected ',' or '}'")
            default: throw error("expected ',' or '}' in an object, found \(found)")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue.Content {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
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
                return .array(elements)
            case nil: throw error("the array is never closed; expected ',' or ']'")
            default: throw error("expected ',' or ']' in an array, found \(found)")
            }
        }
    }

    /// A number by RFC 8259's grammar (no leading zeros, no '+', no bare '.'), as a `Double`,
    /// and as an `Int` too when it is written as a whole number that fits one.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue.Content {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.position
            while let byte = reader.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { reader.position += 1 }
            return reader.position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits(&self) > 0 else { throw error("expected a digit, found \(found)") }
        if bytes[integerStart] == UInt8(ascii: "0") && position - integerStart > 1 {
            throw JSONSyntaxError(offset: integerStart, message: "a number may not start with 0")
        }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            position += 1
            isWhole = false
            guard digits(&self) > 0 else { throw error("expected a digit after '.', found \(found)") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            isWhole = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent, found \(found)") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONSyntaxError(offset: start, message: "the number \(text) is out of range") }
        return .number(value, integer: isWhole ? Int(text) : nil)
    }

    // MARK: Strings

    /// A string: its escapes decoded (surrogate pairs joined), its bytes checked as UTF-8.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        let start = position
        // The common case: no escape. The bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { position += 1 }
        if current == UInt8(ascii: "\"") {
            let text = try utf8(UnsafeRawBufferPointer(rebasing: bytes[start..<position]), from: start)
            position += 1
            return text
        }
        var decoded = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let byte = current else { throw JSONSyntaxError(offset: opening, message: "the string is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try utf8(decoded, from: start)
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case ..<0x20:
                throw error(String(format: "a control character (U+%04X) in a string; write it as an escape", byte))
            default:
                decoded.append(byte)
                position += 1
            }
        }
    }

    /// The escape at `position` (a backslash), decoded into `decoded` as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let start = position
        position += 1
        guard let escape = current else { throw JSONSyntaxError(offset: start, message: "the string is never closed") }
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad()
            if (0xD800...0xDBFF).contains(code) {
                // A high surrogate must be followed by an escaped low one: together one scalar
                // (RFC 8259 §7).
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: start, message: "a high surrogate \\u\(String(code, radix: 16, uppercase: true)) without its low surrogate")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(offset: start, message: "a high surrogate \\u\(String(code, radix: 16, uppercase: true)) without its low surrogate")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else {
                throw JSONSyntaxError(offset: start, message: "a lone low surrogate \\u\(String(code, radix: 16, uppercase: true))")
            }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            position -= 1
            throw JSONSyntaxError(offset: start, message: "unknown escape '\\\(Self.printable(escape))' in a string")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("expected four hexadecimal digits after \\u, found \(found)")
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }

    private func utf8(_ bytes: some Sequence<UInt8>, from start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(offset: start, message: "a string is not valid UTF-8")
        }
        return text
    }

    // MARK: Bytes

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, message: message)
    }

    /// What stands at `position`, for messages: `'garbage'` (a run of letters and digits, up
    /// to 20), `'}'`, `byte 0xFF`, or `the end of the text`.
    private var found: String {
        guard let byte = current else { return "the end of the text" }
        func isWordByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        if isWordByte(byte) {
            var end = position
            while end < bytes.count, end - position < 20, isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))'"
        }
        if byte >= 0x80 {
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if position + length <= bytes.count,
               let character = String(validating: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self) {
                return "'\(character)'"
            }
        }
        return byte >= 0x20 && byte < 0x7F ? "'\(Self.printable(byte))'" : String(format: "byte 0x%02X", byte)
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
    }
}
