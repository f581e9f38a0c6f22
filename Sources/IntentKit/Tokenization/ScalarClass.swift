/// How the tokenizer sees one Unicode scalar.
enum ScalarClass: UInt8 {
    case space
    case letter
    case digit
    /// Combining marks, variation selectors, emoji modifiers: they stick to the scalar before.
    case extender
    /// Han, Hiragana, Katakana: scripts written without spaces, one token per character.
    case ideograph
    case currency
    case punctuation
    case symbol

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            self = ScalarClass.ascii[Int(value)]
            return
        }
        switch value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x200D:
            self = .extender
            return
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFF66...0xFF9F, 0x20000...0x2FA1F:
            self = .ideograph
            return
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format:
            self = .space
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            self = .letter
        case .decimalNumber, .letterNumber, .otherNumber:
            self = .digit
        case .nonspacingMark, .spacingMark, .enclosingMark:
            self = .extender
        case .currencySymbol:
            self = .currency
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            self = .punctuation
        default:
            self = .symbol
        }
    }

    private static let ascii: [ScalarClass] = (0..<128).map { value -> ScalarClass in
        switch UInt8(value) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .digit
        case 0...0x20, 0x7F:
            return .space
        case UInt8(ascii: "$"):
            return .currency
        case UInt8(ascii: "+"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "^"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return .symbol
        default:
            return .punctuation
        }
    }

    var isAlphanumeric: Bool { self == .letter || self == .digit }
}
