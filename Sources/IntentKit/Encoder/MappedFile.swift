import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file mapped into memory (`mmap`, private, read-only), held as `Data` that unmaps
/// it when released. Its pages are read from disk as they are touched, and ``release(_:of:)``
/// hands touched pages back, so an encoder's 90 MB of weights need not stay resident after load.
enum MappedFile {
    /// The file at `url`, mapped.
    static func data(contentsOf url: URL) throws(EncoderError) -> Data {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw .missingFile("\(url.path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .missingFile("\(url.path): \(String(cString: strerror(errno)))") }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .missingFile("\(url.path): cannot be mapped: \(String(cString: strerror(errno)))")
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { address, count in munmap(address, count) })
    }

    /// Drops the whole pages within `bytes` of `data` (returned by ``data(contentsOf:)``) from the
    /// process's resident memory. They stay in the page cache; touching them again reads them back.
    static func release(_ bytes: Range<Int>, of data: Data) {
        guard !bytes.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            let start = (Int(bitPattern: base) + bytes.lowerBound + page - 1) / page * page
            let end = (Int(bitPattern: base) + min(bytes.upperBound, raw.count)) / page * page
            guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(address, end - start, Int32(MADV_DONTNEED))
        }
    }
}
