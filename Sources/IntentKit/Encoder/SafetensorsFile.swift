import Foundation

/// A safetensors file, Hugging Face's weight format: an 8-byte little-endian header length, a
/// JSON header that names each tensor's dtype, shape and byte range, then the tensors' bytes.
///
/// Opening the file checks every announced range against the file's length and every byte count
/// against its shape and dtype, so a truncated or corrupt file is refused with the tensor and the
/// byte offsets at fault and nothing is ever read past its end. The file is memory-mapped: only
/// the tensors asked for are read, once, into `Float` arrays, or checked and left in place
/// (``mappedFloats(_:shape:)``); ``release(_:)`` hands pages read back to the system.
struct SafetensorsFile {
    /// One tensor's entry in the header.
    struct Tensor: Sendable {
        /// "F32", "F16", "BF16", "I64", …
        let dtype: String
        let shape: [Int]
        /// Its bytes, as offsets into the file.
        let bytes: Range<Int>
    }

    /// The file's name, for errors.
    let fileName: String
    let tensors: [String: Tensor]
    /// The whole file, mapped, or (``isMapped`` false) in memory.
    let data: Data
    /// Whether ``data`` maps the file, whose pages ``release(_:)`` hands back; bytes in memory
    /// are never released (advising the system to drop them would zero them).
    let isMapped: Bool

    /// The size in bytes of one element of each dtype IntentKit reads or skips.
    private static let elementSizes: [String: Int] = [
        "F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1, "BOOL": 1,
    ]

    init(contentsOf url: URL) throws(EncoderError) {
        try self.init(data: try MappedFile.data(contentsOf: url), fileName: url.lastPathComponent, isMapped: true)
    }

    /// The safetensors file whose bytes are `data` (`fileName` stands for it in errors),
    /// checked as a file is.
    init(data: Data, fileName: String, isMapped: Bool = false) throws(EncoderError) {
        self.fileName = fileName
        self.isMapped = isMapped
        let name = fileName
        guard data.count >= 8 else { throw .truncated("\(name): \(data.count) bytes, shorter than the 8-byte header length") }
        let headerLength = data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) }
        guard headerLength <= UInt64(data.count - 8) else {
            throw .truncated("\(name): the header announces \(headerLength) bytes, the file has \(data.count - 8) after the length")
        }
        let dataStart = 8 + Int(headerLength)
        let header: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: data.subdata(in: 8..<dataStart)) as? [String: Any] else {
                throw EncoderError.malformed("\(name): the header is not a JSON object")
            }
            header = parsed
        } catch let error as EncoderError {
            throw error
        } catch {
            throw .malformed("\(name): the header (bytes 8-\(dataStart)) is not valid JSON")
        }
        var tensors = [String: Tensor]()
        for (tensorName, value) in header where tensorName != "__metadata__" {
            guard let entry = value as? [String: Any], let dtype = entry["dtype"] as? String, let shape = entry["shape"] as? [Int],
                  let offsets = entry["data_offsets"] as? [Int], offsets.count == 2 else {
                throw .malformed("\(name): tensor '\(tensorName)' lacks a dtype, shape or data_offsets")
            }
            guard let elementSize = Self.elementSizes[dtype] else { throw .malformed("\(name): tensor '\(tensorName)' has dtype \(dtype)") }
            let (begin, end) = (offsets[0], offsets[1])
            guard begin >= 0, begin <= end, shape.allSatisfy({ $0 >= 0 }) else {
                throw .malformed("\(name): tensor '\(tensorName)' has offsets \(begin)-\(end) and shape \(shape)")
            }
            let (elements, overflow) = shape.reduce((1, false)) { partial, size in
                let (product, overflowed) = partial.0.multipliedReportingOverflow(by: size)
                return (product, partial.1 || overflowed)
            }
            guard !overflow, elements.multipliedReportingOverflow(by: elementSize) == (end - begin, false) else {
                throw .malformed("\(name): tensor '\(tensorName)' of shape \(shape) and dtype \(dtype) spans \(end - begin) bytes")
            }
            guard end <= data.count - dataStart else {
                throw .truncated("\(name): tensor '\(tensorName)' ends at byte \(dataStart + end), the file at \(data.count)")
            }
            tensors[tensorName] = Tensor(dtype: dtype, shape: shape, bytes: (dataStart + begin)..<(dataStart + end))
        }
        self.data = data
        self.tensors = tensors
    }

    /// The tensor `name` as `Float`s, row-major, after checking that its shape is `shape`.
    /// The byte range of tensor `name`, when it is `F32` of `shape` with every value finite, to be
    /// read in place; `nil` when it is another float type (read it with `floats`).
    /// - Throws: as `floats` does.
    func mappedFloats(_ name: String, shape: [Int]) throws(EncoderError) -> Range<Int>? {
        guard let tensor = tensors[name] else { throw .malformed("\(fileName): no tensor '\(name)'") }
        guard tensor.dtype == "F32" else {
            guard ["F16", "BF16"].contains(tensor.dtype) else {
                throw .unsupportedModel("\(fileName): tensor '\(name)' is \(tensor.dtype), not a float")
            }
            return nil
        }
        guard tensor.shape == shape else {
            throw .malformed("\(fileName): tensor '\(name)' has shape \(tensor.shape), expected \(shape)")
        }
        let finite = data.withUnsafeBytes { raw in
            var infinite: UInt32 = 0
            for offset in stride(from: tensor.bytes.lowerBound, to: tensor.bytes.upperBound, by: 4) {
                infinite |= raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self) & 0x7F80_0000 == 0x7F80_0000 ? 1 : 0
            }
            return infinite == 0
        }
        guard finite else { throw .malformed("\(fileName): tensor '\(name)' holds a value that is not finite") }
        return tensor.bytes
    }

    /// Hands the pages of `bytes` (file offsets) back: read, they need not stay resident.
    func release(_ bytes: Range<Int>) {
        if isMapped { MappedFile.release(bytes, of: data) }
    }

    func floats(_ name: String, shape: [Int]) throws(EncoderError) -> [Float] {
        guard let tensor = tensors[name] else { throw .malformed("\(fileName): no tensor '\(name)'") }
        guard tensor.shape == shape else {
            throw .malformed("\(fileName): tensor '\(name)' has shape \(tensor.shape), expected \(shape)")
        }
        let file = fileName
        guard ["F32", "F16", "BF16"].contains(tensor.dtype) else {
            throw .unsupportedModel("\(file): tensor '\(name)' is \(tensor.dtype), not a float")
        }
        let count = shape.reduce(1, *)
        let floats: [Float] = data.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[tensor.bytes])
            func halves(_ float: (UInt16) -> Float) -> [Float] {
                (0..<count).map { float(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * $0, as: UInt16.self))) }
            }
            switch tensor.dtype {
            case "F32":
                // The file is little-endian, as is every machine Swift runs on: the bytes are the floats.
                return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
                    initialized = count
                }
            case "BF16": return halves { Float(bitPattern: UInt32($0) << 16) }  // bfloat16 is the top half of a float32
            default: return halves(Self.half)  // F16
            }
        }
        // A float is finite when its exponent bits are not all ones.
        let finite = floats.withUnsafeBufferPointer { floats in
            UnsafeRawBufferPointer(floats).withMemoryRebound(to: UInt32.self) { bits in
                var infinite: UInt32 = 0
                for word in bits { infinite |= (word & 0x7F80_0000 == 0x7F80_0000) ? 1 : 0 }
                return infinite == 0
            }
        }
        guard finite else { throw .malformed("\(file): tensor '\(name)' holds a value that is not finite") }
        return floats
    }

    /// An IEEE 754 half-precision value from its bits (Float16 is not on every platform Swift runs on).
    private static func half(_ bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int(bits >> 10 & 0x1F), fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
