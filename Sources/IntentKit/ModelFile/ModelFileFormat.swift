/// The layout of IntentKit model files, shared by the reader (runtime) and the writer (training).
///
/// ```
/// offset  size  field
///      0     8  magic "IKMODEL\0"
///      8     2  format major version (little-endian; a reader refuses other majors)
///     10     2  format minor version (additions a reader may ignore)
///     12     4  section count N
///     16     8  file length in bytes
///     24     4  CRC-32 (IEEE) of bytes 32..<file length
///     28     4  reserved, 0
///     32  24×N  section table: tag (4 ASCII bytes), reserved (4), offset (8), length (8)
///        …      sections, each starting on a 16-byte boundary
/// ```
/// Arrays are little-endian and aligned, so they can be read in place. The format version is
/// independent of the package version.
package enum ModelFileFormat {
    package static let magic: [UInt8] = Array("IKMODEL".utf8) + [0]
    package static let majorVersion: UInt16 = 1
    package static let minorVersion: UInt16 = 2
    package static let headerSize = 32
    package static let sectionEntrySize = 24
    package static let alignment = 16

    /// Four-character section tags.
    package enum Tag: String, CaseIterable, Sendable {
        case metadata = "META"          // UTF-8 JSON: provenance and configuration
        case attributeKeys = "AKEY"     // UInt64 [attributes] feature hashes in id order (1.2; before: the table's key slots)
        case attributeValues = "AVAL"   // Int32 attribute id per key slot (files before 1.2 only)
        case rowOffsets = "ROWS"        // Int32 [attributes + 1] CSR offsets
        case stateLabels = "SLAB"       // UInt16 [nnz] label per state weight
        case stateWeights = "SWGT"      // Float32 [nnz]
        case transitions = "TRAN"       // Float32 [L][L]
        case gazetteerKeys = "GKEY"     // UInt64 [phrases] phrase hashes
        case gazetteerOffsets = "GOFF"  // Int32 [phrases + 1] offsets into GENT
        case gazetteerEntities = "GENT" // UInt16 entity ids
        case intentKeys = "CKEY"        // UInt64 [attributes] intent feature hashes in id order (as AKEY)
        case intentValues = "CVAL"      // Int32 attribute id per key slot (files before 1.2 only)
        case intentWeights = "CWGT"     // Float32 [attributes][intents]
        case intentBiases = "CBIA"      // Float32 [intents]
        case schema = "SCHM"            // UTF-8 JSON: domains, intents, parameters, entities (1.1)

        package var code: UInt32 {
            let bytes = Array(rawValue.utf8)
            return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        }
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), table-driven.
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
