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
    package static let minorVersion: UInt16 = 12
    package static let headerSize = 32
    package static let sectionEntrySize = 24
    package static let alignment = 16
    /// The largest model file a reader accepts (4 GiB): far above any model IntentKit trains,
    /// and a bound on what a hostile header can make a reader allocate.
    static let maximumFileSize = 1 << 32

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
        case gazetteerPrefixes = "GPRE" // UInt64 [prefixes] keys of the phrases' proper prefixes, ascending (1.3)
        case intentKeys = "CKEY"        // UInt64 [attributes] intent feature hashes in id order (as AKEY)
        case intentValues = "CVAL"      // Int32 attribute id per key slot (files before 1.2 only)
        case intentWeights = "CWGT"     // Float32 [attributes][intents] (files with no CWQ8)
        case intentQuantizedWeights = "CWQ8" // Int8 [attributes][intents]: a weight is its value times its row's CWSC (1.5)
        case intentRowScales = "CWSC"   // Float32 [attributes] the step of each row of CWQ8 (1.5)
        case intentBiases = "CBIA"      // Float32 [intents]
        case intentEncoderWeights = "CENC" // Float32 [encoder dimension (+ intents with exemplars)][intents]: weights of the sentence encoder's vector (1.6), then of the nearest-exemplar features (1.8)
        case intentExemplarVectors = "CEXV" // Float32 [exemplars][encoder dimension]: unit vectors of training utterances (1.8 only)
        case intentExemplarLevels = "CEXQ"  // Int8 [exemplars][encoder dimension]: those unit vectors in steps of CEXS, −127…127 (1.9)
        case intentExemplarScales = "CEXS"  // Float32 [exemplars]: the value of one step of each exemplar's row (1.9)
        case intentExemplarClasses = "CEXC" // UInt16 [exemplars]: each exemplar's intent (1.8)
        case scopeExemplarLevels = "SEXQ"   // Int8 [exemplars][encoder dimension]: as CEXQ, for the minimum similarity of a model without nearest-exemplar features (1.11)
        case scopeExemplarScales = "SEXS"   // Float32 [exemplars]: as CEXS (1.11)
        case scopeExemplarClasses = "SEXC"  // UInt16 [exemplars]: as CEXC (1.11)
        case schema = "SCHM"            // UTF-8 JSON: domains, intents, parameters, entities (1.1)
        case tokenClusterCentroids = "TCLU" // Float32 [Σ levels' centroids][encoder dimension], coarsest level first (1.7)
        case encoderFileIndex = "EIDX"  // UTF-8 JSON: the carried encoder's name, directory and each file's path, offset and length in EFIL (1.12)
        case encoderFiles = "EFIL"      // the carried encoder's files, byte for byte, each on a 16-byte boundary (1.12)

        package var code: UInt32 {
            let bytes = Array(rawValue.utf8)
            return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        }
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), slicing-by-8 (Kounavis & Berry
/// 2005): eight bytes per step through eight tables, several times the byte-at-a-time speed,
/// which matters because every model load checks the whole file.
package enum CRC32 {
    /// `[8][256]`: table k maps a byte to its CRC contribution k bytes further back.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            for k in 1..<8 {
                let previous = tables[(k - 1) * 256 + index]
                tables[k * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        // The running CRC lives in the closure, a register: captured from outside, it would be
        // stored and reloaded every step, a dependency that slowed the loop.
        tables.withUnsafeBufferPointer { t in
            var crc: UInt32 = 0xFFFF_FFFF
            var offset = 0
            let count = bytes.count
            while offset &+ 8 <= count {
                let low = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset &+ 4, as: UInt32.self))
                crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                offset &+= 8
            }
            while offset < count {
                crc = t[Int((crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
                offset &+= 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// The checksum of `a` followed by `b`, from the checksums of `a` and of `b` (`b` holding
    /// `count` bytes): crc(a‖b) = crc(a)·x^(8·count) mod P ⊕ crc(b), zlib's `crc32_combine`.
    /// Lets two threads check the two halves of a model file.
    static func combine(_ a: UInt32, _ b: UInt32, count: Int) -> UInt32 {
        multiplyModP(xPower(eightTimes: count), a) ^ b
    }

    /// a·b modulo P in the reflected bit order (bit 31 is x⁰).
    private static func multiplyModP(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var b = b, product: UInt32 = 0, bit: UInt32 = 1 << 31
        while bit != 0 {
            if a & bit != 0 { product ^= b }
            bit >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ 0xEDB8_8320 : b >> 1
        }
        return product
    }

    /// x^(2^k) mod P for k in 0..<32.
    private static let powersOfTwo: [UInt32] = {
        var power: UInt32 = 1 << 30  // x¹
        var table = [UInt32]()
        for _ in 0..<32 {
            table.append(power)
            power = multiplyModP(power, power)
        }
        return table
    }()

    /// x^(8·n) mod P, by squaring: the bits of 8·n pick the powers x^(2^k).
    private static func xPower(eightTimes n: Int) -> UInt32 {
        var result: UInt32 = 1 << 31  // x⁰
        var n = n, k = 3
        while n != 0 {
            if n & 1 != 0 { result = multiplyModP(powersOfTwo[k & 31], result) }
            n >>= 1
            k += 1
        }
        return result
    }
}
