import Foundation

/// Folds scalars to the normalised form used by features: lowercase, no diacritics, ASCII quotes
/// and dashes.
///
/// Below U+3000 (Latin, Greek, Cyrillic and the other alphabets with case or accents) the folded
/// bytes come from a table built once with Foundation's case- and diacritic-insensitive folding,
/// so the hot path is a lookup and never allocates. Above it, the Unicode lowercase mapping
/// applies (such scripts have no diacritics to fold).
enum TextFolding {
    private static let tableEnd: UInt32 = 0x3000

    /// `[tableEnd + 1]` offsets into `bytes`: scalar `v`'s folding is `bytes[offsets[v]..<offsets[v + 1]]`.
    private static let table: (offsets: [Int32], bytes: [UInt8]) = {
        var offsets = [Int32]()
        offsets.reserveCapacity(Int(tableEnd) + 1)
        var bytes = [UInt8]()
        for value in 0..<tableEnd {
            offsets.append(Int32(bytes.count))
            guard let scalar = Unicode.Scalar(value) else { continue }
            bytes.append(contentsOf: foldSlowly(scalar).utf8)
        }
        offsets.append(Int32(bytes.count))
        return (offsets, bytes)
    }()

    /// Appends the folded UTF-8 bytes of `scalar` to `output`.
    @inline(__always)
    static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            output.append(value >= 0x41 && value <= 0x5A ? UInt8(value + 0x20) : UInt8(value))
        } else if value < tableEnd {
            let table = Self.table
            let start = Int(table.offsets[Int(value)]), end = Int(table.offsets[Int(value) + 1])
            for index in start..<end { output.append(table.bytes[index]) }
        } else {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                return
            default:
                output.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
    }

    private static func foldSlowly(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201B, 0x2032: return "'"
        case 0x201C, 0x201D, 0x201F, 0x2033: return "\""
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x00A0, 0x2000...0x200A, 0x202F, 0x205F: return " "
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return ""
        default: break
        }
        let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        // Folding must never lose a letter entirely; fall back to the lowercase mapping.
        return folded.isEmpty ? scalar.properties.lowercaseMapping : folded
    }
}
