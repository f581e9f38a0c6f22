import Foundation

/// Reads and checks the container of an IntentKit model file: magic, version, length, checksum
/// and section table. Every offset and length is validated against the file before use, so a
/// truncated, corrupt or hostile file is refused with an error, never read out of bounds.
package struct ModelFileReader: Sendable {
    private let bytes: [UInt8]
    private let sections: [UInt32: Range<Int>]
    let minorVersion: UInt16

    /// The file's path (or what stands for it), for errors.
    let name: String

    /// Reads the file at `url`.
    init(contentsOf url: URL) throws(ModelError) {
        try self.init(uncheckedContentsOf: url)
        try verifyChecksum()
    }

    /// Reads the file at `url` and its section table, leaving ``verifyChecksum()`` to the
    /// caller (which may run it alongside decoding: every section is validated anyway).
    package init(uncheckedContentsOf url: URL) throws(ModelError) {
        try self.init(uncheckedBytes: try Self.readFile(url.path), name: url.path)
    }

    /// The file's bytes, read straight into the array (no intermediate `Data` to copy from).
    ///
    /// The path is checked before anything is allocated: it must name a regular file (not a
    /// directory, FIFO or device, whose reads would block or whose sizes mean nothing), start
    /// with the magic bytes and a version this build reads, and be as long as its header says,
    /// at most ``ModelFileFormat/maximumFileSize``. So a huge, sparse or foreign file is refused
    /// after reading 32 bytes, not by running out of memory.
    private static func readFile(_ path: String) throws(ModelError) -> [UInt8] {
        func failure(_ what: String, _ code: Int32 = errno) -> ModelError {
            .io("\(path): \(what) (\(String(cString: strerror(code))))")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure("cannot read the model") }
        try checkRegularFile(status, path: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open the model") }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read the model") }
        try checkRegularFile(status, path: path)

        let size = Int(status.st_size)
        let format = ModelFileFormat.self
        var header = [UInt8](repeating: 0, count: format.headerSize)
        let headerCount = try readFully(descriptor, into: &header, at: 0, count: min(size, format.headerSize), path: path)
        try checkHeader(Array(header[0..<headerCount]), fileSize: size, name: path)

        var readError: ModelError?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            buffer.baseAddress!.initialize(from: header, count: format.headerSize)
            count = format.headerSize
            do throws(ModelError) {
                count += try readFully(descriptor, into: buffer, at: format.headerSize, count: size - format.headerSize, path: path)
            } catch { readError = error }
        }
        if let readError { throw readError }
        guard bytes.count == size else {
            throw ModelError.truncated("\(path) ended after \(bytes.count) of its \(size) bytes while being read")
        }
        return bytes
    }

    private static func checkRegularFile(_ status: stat, path: String) throws(ModelError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw ModelError.io("\(path) is a directory; give the path of a model file written by `intentkit train`")
        default: throw ModelError.io("\(path) is not a regular file (a FIFO, socket or device); give the path of a model file")
        }
    }

    /// Reads `count` bytes at `offset` of the descriptor into `buffer`, retrying short reads;
    /// returns how many it read (fewer only at the end of the file).
    private static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, count: Int, path: String
    ) throws(ModelError) -> Int {
        var done = 0
        while done < count {
            let result = pread(descriptor, buffer.baseAddress! + offset + done, count - done, off_t(offset + done))
            if result < 0 && errno == EINTR { continue }
            if result < 0 { throw ModelError.io("\(path): cannot read the model (\(String(cString: strerror(errno))))") }
            if result == 0 { break }
            done += result
        }
        return done
    }

    private static func readFully(_ descriptor: Int32, into array: inout [UInt8], at offset: Int, count: Int, path: String) throws(ModelError) -> Int {
        var done = 0
        var failure: ModelError?
        array.withUnsafeMutableBufferPointer { buffer in
            do throws(ModelError) { done = try readFully(descriptor, into: buffer, at: offset, count: count, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
        return done
    }

    /// Refuses a file whose first bytes are not an IntentKit header of a readable version, or
    /// whose header disagrees with the file's size.
    private static func checkHeader(_ header: [UInt8], fileSize: Int, name: String) throws(ModelError) {
        let format = ModelFileFormat.self
        guard header.starts(with: format.magic) || format.magic.starts(with: header) else {
            throw ModelError.notAModel("\(name) does not start with the IntentKit magic bytes")
        }
        guard header.count >= format.headerSize else {
            throw ModelError.truncated("\(name): \(header.count) bytes, shorter than the \(format.headerSize)-byte header")
        }
        func integer<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
            header.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        let major = integer(8, as: UInt16.self)
        guard major == format.majorVersion else {
            throw ModelError.unsupportedVersion("\(name) has format version \(major).\(integer(10, as: UInt16.self)); this IntentKit reads version \(format.majorVersion).x — retrain or use a matching IntentKit")
        }
        let declaredLength = integer(16, as: UInt64.self)
        guard declaredLength == UInt64(fileSize) else {
            throw ModelError.truncated("\(name) is \(fileSize) bytes but its header says \(declaredLength)")
        }
        guard fileSize <= format.maximumFileSize else {
            throw ModelError.inconsistent("\(name) is \(fileSize) bytes, more than the \(format.maximumFileSize) a model file may have")
        }
    }

    /// Reads a model from memory; `name` is used in messages.
    init(bytes: [UInt8], name: String) throws(ModelError) {
        try self.init(uncheckedBytes: bytes, name: name)
        try verifyChecksum()
    }

    /// Throws unless the checksum in the header matches the file's contents.
    func verifyChecksum() throws(ModelError) {
        try verifyChecksum(CRC32.combine(checksum(ofHalf: 0), checksum(ofHalf: 1), count: checkedRange(ofHalf: 1).count))
    }

    /// The CRC-32 of the first (0) or second (1) half of the bytes the checksum covers; two
    /// threads can compute one each, for ``verifyChecksum(_:)`` to combine
    /// (``CRC32/combine(_:_:count:)``).
    func checksum(ofHalf half: Int) -> UInt32 {
        bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[checkedRange(ofHalf: half)])) }
    }

    /// The first or second half of the bytes after the header.
    func checkedRange(ofHalf half: Int) -> Range<Int> {
        let start = ModelFileFormat.headerSize, middle = start + (bytes.count - start) / 2
        return half == 0 ? start..<middle : middle..<bytes.count
    }

    /// Refuses the file unless `actual` (the CRC-32 of everything after the header) is the
    /// checksum its header stores.
    func verifyChecksum(_ actual: UInt32) throws(ModelError) {
        let stored = bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 24, as: UInt32.self)) }
        guard stored == actual else {
            throw ModelError.checksumMismatch("\(name): checksum \(String(stored, radix: 16)) expected, \(String(actual, radix: 16)) found")
        }
    }

    /// Reads a model from memory and its section table, leaving ``verifyChecksum()`` to the
    /// caller, as ``init(uncheckedContentsOf:)`` does.
    init(uncheckedBytes bytes: [UInt8], name: String) throws(ModelError) {
        let format = ModelFileFormat.self
        try Self.checkHeader(Array(bytes.prefix(format.headerSize)), fileSize: bytes.count, name: name)
        func integer<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        let sectionCount = Int(integer(12, as: UInt32.self))
        let tableEnd = format.headerSize + sectionCount * format.sectionEntrySize
        guard sectionCount <= 1024, tableEnd <= bytes.count else {
            throw ModelError.truncated("\(name): the section table (\(sectionCount) entries) runs past the end of the file")
        }
        var sections = [UInt32: Range<Int>]()
        var contentEnd = tableEnd
        for index in 0..<sectionCount {
            let entry = format.headerSize + index * format.sectionEntrySize
            let tag = integer(entry, as: UInt32.self)
            let offset = integer(entry + 8, as: UInt64.self), length = integer(entry + 16, as: UInt64.self)
            guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset, offset >= UInt64(tableEnd),
                  offset % UInt64(format.alignment) == 0 else {
                throw ModelError.truncated("\(name): section \(index) lies outside the file or is misaligned")
            }
            sections[tag] = Int(offset)..<Int(offset + length)
            contentEnd = max(contentEnd, Int(offset + length))
        }
        // The writer pads the last section to the alignment and stops: anything after that is
        // not part of the model (a concatenation, a bad copy) and is refused.
        let alignedEnd = (contentEnd + format.alignment - 1) / format.alignment * format.alignment
        guard bytes.count <= alignedEnd else {
            throw ModelError.inconsistent("\(name): \(bytes.count - alignedEnd) bytes follow the last section")
        }
        self.bytes = bytes
        self.name = name
        self.sections = sections
        minorVersion = integer(10, as: UInt16.self)
    }

    /// The file's size in bytes.
    var size: Int { bytes.count }

    /// Every section as (four-character tag, byte range), in file order; unknown tags included.
    var sectionTable: [(tag: String, range: Range<Int>)] {
        sections.map { code, range in
            let tag = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }, as: UTF8.self)
            return (tag, range)
        }.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether the file has section `tag`.
    func has(_ tag: ModelFileFormat.Tag) -> Bool { sections[tag.code] != nil }

    /// The bytes of section `tag`.
    func data(_ tag: ModelFileFormat.Tag) throws(ModelError) -> ArraySlice<UInt8> {
        guard let range = sections[tag.code] else { throw ModelError.inconsistent("missing section \(tag.rawValue)") }
        return bytes[range]
    }

    /// Calls `body` with section `tag`'s bytes where they lie, copied nowhere: for a large
    /// section read once (a carried encoder's weights). The pointer is valid only during the call.
    func withSection<R>(_ tag: ModelFileFormat.Tag, _ body: (UnsafeRawBufferPointer) throws(ModelError) -> R) throws(ModelError) -> R {
        guard let range = sections[tag.code] else { throw ModelError.inconsistent("missing section \(tag.rawValue)") }
        // (Array's withUnsafeBytes rethrows untyped: the typed error comes out through a Result.)
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(ModelError) in try body(UnsafeRawBufferPointer(rebasing: raw[range])) }
        }.get()
    }

    /// Section `tag` as an array of little-endian `T`.
    func array<T: FixedWidthInteger>(_ tag: ModelFileFormat.Tag, of type: T.Type) throws(ModelError) -> [T] {
        let slice = try data(tag)
        guard slice.count % MemoryLayout<T>.size == 0 else {
            throw ModelError.inconsistent("section \(tag.rawValue) is not a whole number of \(T.self) values")
        }
        var values = Self.copy(slice, as: T.self)
        if 1.littleEndian != 1 { for index in values.indices { values[index] = T(littleEndian: values[index]) } }
        return values
    }

    /// Section `tag` as an array of `Float` (stored as little-endian IEEE-754 bit patterns).
    func floats(_ tag: ModelFileFormat.Tag) throws(ModelError) -> [Float] {
        let slice = try data(tag)
        guard slice.count % 4 == 0 else {
            throw ModelError.inconsistent("section \(tag.rawValue) is not a whole number of Float values")
        }
        var values = Self.copy(slice, as: Float.self)
        if 1.littleEndian != 1 {
            for index in values.indices { values[index] = Float(bitPattern: UInt32(littleEndian: values[index].bitPattern)) }
        }
        return values
    }

    /// The bytes of `slice` (a whole number of `T`) copied at once into an array of `T`: the
    /// file's little-endian values as they are on a little-endian machine, byte-swapped by the
    /// caller elsewhere.
    private static func copy<T>(_ slice: ArraySlice<UInt8>, as type: T.Type) -> [T] {
        let count = slice.count / MemoryLayout<T>.size
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            slice.withUnsafeBytes { raw in
                if let source = raw.baseAddress, count > 0 { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source, byteCount: count * MemoryLayout<T>.size) }
            }
            initialized = count
        }
    }
}
