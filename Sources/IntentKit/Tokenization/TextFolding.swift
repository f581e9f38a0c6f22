/// Folds scalars to the normalised form used by features: lowercase, no diacritics, ASCII quotes
/// and dashes.
///
/// Below U+3000 (Latin, Greek, Cyrillic and the other alphabets with case or accents) the folded
/// bytes come from a table, so the hot path is a lookup and never allocates. The table is built
/// on first use from ``exceptions``, the scalars whose folding is not themselves: Foundation's
/// case- and diacritic-insensitive folding, fixed in source so that folding — and so every
/// feature a model was trained on — is the same on every platform and Foundation version, and
/// costs no Foundation calls at run time (building it from them would stall the first utterance
/// with a non-ASCII letter). Above U+3000, the
/// Unicode lowercase mapping applies (such scripts have no diacritics to fold).
enum TextFolding {
    static let tableEnd: UInt32 = 0x3000

    /// `[tableEnd + 1]` offsets into `bytes`: scalar `v`'s folding is `bytes[offsets[v]..<offsets[v + 1]]`.
    private static let table: (offsets: [Int32], bytes: [UInt8]) = {
        var offsets = [Int32]()
        offsets.reserveCapacity(Int(tableEnd) + 1)
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(tableEnd) * 3)
        var next = 0
        for value in 0..<tableEnd {
            offsets.append(Int32(bytes.count))
            guard let scalar = Unicode.Scalar(value) else { continue }
            if next < exceptions.count && exceptions[next] == value {
                for folded in exceptions[(next + 1)...(next + 2)] where folded != 0 {
                    bytes.append(contentsOf: String(Unicode.Scalar(folded)!).utf8)
                }
                next += 3
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
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
}
