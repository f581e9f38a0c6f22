/// Reads a `.strings` file (`"ID" = "text";` pairs, an old-style property list of strings, as
/// Xcode writes localizations): each translation with the byte offset of its text, and the
/// place of the first problem when the file is not one.
///
/// The grammar: pairs `KEY = VALUE;` (or `KEY;`, a value equal to its key), each side a quoted
/// string with backslash escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx`, octal `\ddd`) or an
/// unquoted word of letters, digits and `_$+/:.-`; `/* … */` and `// …` comments; the whole
/// optionally inside `{ }`. Foundation's reader names no place for an error, and accepted an
/// unterminated comment.
package struct StringsFileReader {
    /// One translation: the ID, its text, and where each starts.
    package struct Entry: Equatable {
        package var key: String
        package var value: String
        package var keyOffset: Int
        package var valueOffset: Int
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The entries of the UTF-8 text `bytes`, in file order; an ID given twice is an error.
    package static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [Entry] {
        var reader = StringsFileReader(bytes)
        return try reader.entries()
    }

    /// The UTF-8 bytes of a UTF-16 file with a byte-order mark (`FF FE` little-endian, `FE FF`
    /// big-endian), as older Xcode writes `.strings`; `nil` when `data` has no such mark.
    /// - Throws: for an odd number of bytes or a lone surrogate, at its byte offset in the file.
    package static func utf8(fromUTF16 data: [UInt8]) throws(JSONSyntaxError) -> [UInt8]? {
        let littleEndian: Bool
        if data.starts(with: [0xFF, 0xFE]) { littleEndian = true } else if data.starts(with: [0xFE, 0xFF]) { littleEndian = false } else { return nil }
        guard data.count % 2 == 0 else {
            throw JSONSyntaxError(offset: data.count - 1, message: "UTF-16 with an odd number of bytes (\(data.count)): the file is cut inside its last character")
        }
        func unit(_ index: Int) -> UInt16 {
            let (first, second) = (UInt16(data[index]), UInt16(data[index + 1]))
            return littleEndian ? first | second << 8 : first << 8 | second
        }
        var text = ""
        text.unicodeScalars.reserveCapacity(data.count / 2)
        var index = 2
        while index < data.count {
            let first = unit(index)
            if let scalar = Unicode.Scalar(first) {
                text.unicodeScalars.append(scalar)
                index += 2
            } else if UTF16.isLeadSurrogate(first), index + 3 < data.count, UTF16.isTrailSurrogate(unit(index + 2)) {
                let code = 0x10000 + (UInt32(first) - 0xD800) << 10 + (UInt32(unit(index + 2)) - 0xDC00)
                text.unicodeScalars.append(Unicode.Scalar(code)!)
                index += 4
            } else {
                throw JSONSyntaxError(offset: index, message: "not UTF-16: a lone surrogate")
            }
        }
        return Array(text.utf8)
    }

    private mutating func entries() throws(JSONSyntaxError) -> [Entry] {
        var entries = [Entry]()
        var seen = [String: Int]()
        try skipSpace()
        var braced = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
            braced = true
            position += 1
        }
        while true {
            try skipSpace()
            guard position < bytes.count else {
                if braced { throw JSONSyntaxError(offset: position, message: "the file ends before the '}' that closes its '{'") }
                return entries
            }
            if braced, bytes[position] == UInt8(ascii: "}") {
                position += 1
                try skipSpace()
                guard position == bytes.count else { throw JSONSyntaxError(offset: position, message: "text after the closing '}'") }
                return entries
            }
            let keyOffset = position
            let key = try string(what: "an ID")
            try skipSpace()
            var value = key, valueOffset = keyOffset
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                try skipSpace()
                valueOffset = position
                value = try string(what: "the text of '\(key.prefix(60))'")
                try skipSpace()
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
                throw JSONSyntaxError(offset: position, message: "expected ';' after the entry of '\(key.prefix(60))'")
            }
            position += 1
            if let first = seen[key] {
                throw JSONSyntaxError(offset: keyOffset, message: "the ID '\(key.prefix(60))' twice (the first is entry \(first + 1))")
            }
            seen[key] = entries.count
            entries.append(Entry(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
        }
    }

    /// A quoted string or an unquoted word.
    private mutating func string(what: String) throws(JSONSyntaxError) -> String {
        guard position < bytes.count else { throw JSONSyntaxError(offset: position, message: "the file ends where \(what) was expected") }
        if bytes[position] == UInt8(ascii: "\"") { return try quoted() }
        let start = position
        while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
        guard position > start else {
            throw JSONSyntaxError(offset: start, message: "expected \(what), a quoted string, found '\(String(decoding: bytes[start..<min(bytes.count, start + 1)], as: UTF8.self))'")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quoted() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        var text = [UInt8]()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                text += try escape()
                continue
            }
            text.append(byte)
            position += 1
        }
        throw JSONSyntaxError(offset: start, message: "a string without its closing '\"'")
    }

    /// The bytes a backslash escape at the position stands for.
    private mutating func escape() throws(JSONSyntaxError) -> [UInt8] {
        let start = position
        position += 1
        guard position < bytes.count else { throw JSONSyntaxError(offset: start, message: "a '\\' at the end of the file") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var code: UInt32 = 0, digits = 0
            while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
                code = code << 4 | digit
                position += 1
                digits += 1
            }
            // A pair of escaped surrogates (`\UD83D\UDE00`) stands for one character.
            if UTF16.isLeadSurrogate(UInt16(code)), digits == 4, position + 5 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
               bytes[position + 1] | 0x20 == UInt8(ascii: "u") {
                var low: UInt32 = 0, lowDigits = 0
                while lowDigits < 4, let digit = Self.hexValue(bytes[position + 2 + lowDigits]) {
                    low = low << 4 | digit
                    lowDigits += 1
                }
                if lowDigits == 4, UTF16.isTrailSurrogate(UInt16(low)) {
                    position += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
            }
            guard digits > 0, code != 0, let scalar = Unicode.Scalar(code) else {
                throw JSONSyntaxError(offset: start, message: "'\\U' takes up to four hex digits of a character that is not a lone surrogate or NUL")
            }
            return Array(String(Character(scalar)).utf8)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code = UInt32(byte - UInt8(ascii: "0")), digits = 1
            while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                code = code << 3 | UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            guard code != 0, let scalar = Unicode.Scalar(code) else { throw JSONSyntaxError(offset: start, message: "'\\0' (NUL) in a string") }
            return Array(String(Character(scalar)).utf8)
        default:
            // `\"`, `\\`, `\'` and any other character stand for themselves, as Foundation reads them.
            return [byte]
        }
    }

    /// Skips white space and comments.
    private mutating func skipSpace() throws(JSONSyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let start = position
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) { position += 1 }
                guard position + 1 < bytes.count else { throw JSONSyntaxError(offset: start, message: "a comment '/*' without its '*/'") }
                position += 2
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else if position == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                position = 3
            } else {
                return
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "_$+/:.-".utf8.contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
