/// JSON string literals, shared by the JSON and YAML writers (a JSON string is a valid YAML
/// double-quoted scalar).
enum JSONText {
    /// `value` as a JSON string literal; non-ASCII characters stay literal except those
    /// ``needsEscape(_:)`` names.
    static func quoted(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where needsEscape(scalar):
                output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// Whether `scalar` is written as a `\\uXXXX` escape: the C0 and C1 controls and DEL, the
    /// characters YAML 1.1 reads as line breaks (U+0085, U+2028, U+2029), the byte-order mark
    /// and the two non-characters YAML refuses (U+FFFE, U+FFFF). Escaped, every string is
    /// read back unchanged by JSON and YAML readers alike.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
