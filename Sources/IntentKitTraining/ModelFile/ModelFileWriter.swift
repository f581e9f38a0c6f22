import Foundation
import IntentKit

/// Writes IntentKit model files (layout in `ModelFileFormat`): sections aligned to 16 bytes,
/// a CRC-32 over everything after the header, written to a temporary file in the target's
/// folder and renamed into place, so a crash never leaves a half-written model behind.
struct ModelFileWriter {
    private var sections: [(tag: ModelFileFormat.Tag, bytes: [UInt8])] = []

    mutating func add(_ tag: ModelFileFormat.Tag, bytes: [UInt8]) {
        sections.append((tag, bytes))
    }

    mutating func add<T: FixedWidthInteger>(_ tag: ModelFileFormat.Tag, integers: [T]) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(integers.count * MemoryLayout<T>.size)
        for value in integers { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        add(tag, bytes: bytes)
    }

    mutating func add(_ tag: ModelFileFormat.Tag, floats: [Float]) {
        add(tag, integers: floats.map(\.bitPattern))
    }

    /// The file's bytes.
    func bytes() -> [UInt8] {
        let format = ModelFileFormat.self
        func aligned(_ offset: Int) -> Int { (offset + format.alignment - 1) / format.alignment * format.alignment }
        var offsets = [Int]()
        var cursor = aligned(format.headerSize + sections.count * format.sectionEntrySize)
        for section in sections {
            offsets.append(cursor)
            cursor = aligned(cursor + section.bytes.count)
        }
        var file = [UInt8](repeating: 0, count: cursor)
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { file.replaceSubrange(offset..<offset + MemoryLayout<T>.size, with: $0) }
        }
        file.replaceSubrange(0..<8, with: format.magic)
        put(format.majorVersion, at: 8)
        put(format.minorVersion, at: 10)
        put(UInt32(sections.count), at: 12)
        put(UInt64(file.count), at: 16)
        for (index, section) in sections.enumerated() {
            let entry = format.headerSize + index * format.sectionEntrySize
            put(section.tag.code, at: entry)
            put(UInt64(offsets[index]), at: entry + 8)
            put(UInt64(section.bytes.count), at: entry + 16)
            file.replaceSubrange(offsets[index]..<offsets[index] + section.bytes.count, with: section.bytes)
        }
        let checksum = file.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[format.headerSize...])) }
        put(checksum, at: 24)
        return file
    }

    /// Writes the file atomically and durably: the bytes go to a temporary file in the target's
    /// folder, are flushed to the disk (`fsync`), and the file is renamed over the target, whose
    /// folder is flushed in turn. A reader sees the old model or the new one, never a mix, and a
    /// power cut after the rename cannot leave an empty file behind. Temporary files of earlier
    /// runs that were killed mid-write are removed first.
    func write(to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        Self.removeStaleTemporaries(for: url)
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix(for: url) + "\(getpid()).tmp")
        do {
            try Self.writeDurably(bytes(), to: temporary.path)
        } catch {
            unlink(temporary.path)
            throw error
        }
        // POSIX rename replaces the target atomically: readers see the old or the new model.
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot move the model into place: \(reason)"])
        }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    private static func temporaryPrefix(for url: URL) -> String { ".\(url.lastPathComponent)." }

    private static func writeDurably(_ bytes: [UInt8], to path: String) throws {
        func failure(_ what: String) -> CocoaError {
            CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(errno)))"])
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        defer { close(descriptor) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do { try handle.write(contentsOf: bytes) } catch { throw failure("cannot write \(path)") }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path) to disk") }
    }

    /// Removes `.NAME.PID.tmp` files beside `url` whose process no longer runs: what a run
    /// killed between writing and renaming left behind.
    private static func removeStaleTemporaries(for url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let digits = name.dropFirst(prefix.count).dropLast(4)
            guard let pid = Int32(digits), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }
}
