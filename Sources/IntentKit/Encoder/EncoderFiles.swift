import Foundation

/// The files of a sentence encoder that a model file carries (sections `EIDX` and `EFIL`), so
/// that the model parses where the encoder is not installed: `config.json`, `vocab.txt` (or
/// `sentencepiece.model`), `model.safetensors` and the sentence-transformers files that say how
/// to pool and normalise,
/// byte for byte as in the encoder's directory, so the carried encoder's identity (the CRC-32 of
/// its files) is the one the model records.
package struct EncoderFiles: Sendable {
    /// The files loading an encoder reads, in the order a model file stores them.
    package static let names = [
        "config.json", "vocab.txt", "modules.json", "sentence_bert_config.json", "1_Pooling/config.json", "sentencepiece.model", "model.safetensors",
    ]

    /// The encoder's name and the directory it was trained from (where the files came from).
    package let name: String, directory: String
    /// Each file's bytes by its path in the directory.
    package let files: [String: Data]

    package init(name: String, directory: String, files: [String: Data]) {
        self.name = name
        self.directory = directory
        self.files = files
    }

    /// One file's place in the `EFIL` section, as the `EIDX` section lists it.
    private struct Entry: Codable {
        let path: String
        let offset: Int
        let length: Int
    }

    private struct Index: Codable {
        let name: String
        let directory: String
        let files: [Entry]
    }

    /// The two sections' bytes: the index (UTF-8 JSON) and the files one after another, each
    /// starting on a 16-byte boundary of the section.
    package func sections() throws -> (index: [UInt8], bytes: [UInt8]) {
        var bytes = [UInt8](), entries = [Entry]()
        for path in Self.names {
            guard let data = files[path] else { continue }
            entries.append(Entry(path: path, offset: bytes.count, length: data.count))
            bytes.append(contentsOf: data)
            bytes.append(contentsOf: [UInt8](repeating: 0, count: (16 - bytes.count % 16) % 16))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (Array(try encoder.encode(Index(name: name, directory: directory, files: entries))), bytes)
    }

    /// The files the sections `index` and `section` hold, borrowed: each file's `Data` points
    /// into `section` and is valid only as long as its bytes are, which is enough to load the
    /// encoder (``SentenceEncoder/init(carried:precision:)`` keeps copies of what it needs, never
    /// the files). Every entry must lie inside `section`.
    package init(index: [UInt8], borrowing section: UnsafeRawBufferPointer, fileName: String) throws(ModelError) {
        guard let decoded = try? JSONDecoder().decode(Index.self, from: Data(index)) else {
            throw ModelError.inconsistent("\(fileName): the carried encoder's index (EIDX) is not the JSON IntentKit writes")
        }
        var files = [String: Data]()
        for entry in decoded.files {
            guard Self.names.contains(entry.path), entry.offset >= 0, entry.length >= 0, entry.offset <= section.count - entry.length else {
                throw ModelError.inconsistent("\(fileName): the carried encoder's file '\(entry.path)' (bytes \(entry.offset)+\(entry.length)) lies outside its \(section.count)-byte section")
            }
            guard entry.length > 0, let base = section.baseAddress else { files[entry.path] = Data(); continue }
            files[entry.path] = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base + entry.offset), count: entry.length, deallocator: .none)
        }
        self.init(name: decoded.name, directory: decoded.directory, files: files)
    }

    /// The bytes carried, all files together.
    package var size: Int { files.values.reduce(0) { $0 + $1.count } }
}
