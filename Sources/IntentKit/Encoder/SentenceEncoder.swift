import CEncoderKernels
import Foundation

/// A pretrained sentence encoder: text in, one fixed-size vector out, which places sentences
/// that mean the same close together even when they share no word.
///
/// It reads one of two kinds of directory:
/// - a BERT-family sentence-transformers directory such as all-MiniLM-L6-v2 (`config.json`,
///   `vocab.txt`, `model.safetensors`, and `modules.json`, `1_Pooling/config.json`,
///   `sentence_bert_config.json` when present): a transformer (Devlin et al. 2019), its token
///   vectors pooled;
/// - Universal Sentence Encoder multilingual (`config.json` of `model_type`
///   "universal-sentence-encoder-cnn", `sentencepiece.model`, `model.safetensors`), which
///   `intentkit encoders install universal-sentence-encoder-multilingual` writes: n-gram
///   convolutions and a deep averaging network, sixteen languages in one space, a sixth of
///   all-MiniLM-L6-v2's arithmetic a piece.
///
/// ```swift
/// let encoder = try SentenceEncoder(directory: URL(fileURLWithPath: "all-MiniLM-L6-v2"))
/// let a = encoder.encode("lock the car"), b = encoder.encode("secure the Moonracer")
/// SentenceEncoder.cosine(a, b)
/// ```
///
/// An encoder is immutable after loading; `encode` may run on several threads at once.
public final class SentenceEncoder: Sendable {
    /// The length of the vectors `encode` returns.
    public var dimension: Int {
        switch network {
        case .bert(let bert): bert.configuration.hiddenSize
        case .universal(let universal): universal.dimension
        }
    }
    /// The directory's name ("model", "all-MiniLM-L6-v2").
    public let name: String
    /// The most pieces an utterance is cut to, its first and last marks included.
    public let maximumLength: Int
    /// Whether vectors are scaled to unit length (a BERT-family directory's `Normalize` module;
    /// always for Universal Sentence Encoder).
    public let normalizes: Bool
    /// The encoder's name, checksum, dimension and directory, as a model trained with it records them.
    public let identity: EncoderIdentity

    private let network: Network

    /// The two architectures an encoder directory may hold.
    private enum Network: Sendable {
        case bert(BertNetwork)
        case universal(UniversalSentenceNetwork)
    }

    /// A line on the architecture, for `intentkit encoders`.
    package var summary: String {
        switch network {
        case .bert(let bert):
            "dimension \(dimension), \(bert.configuration.layerCount) layers, \(bert.configuration.vocabularySize) pieces, "
                + "up to \(maximumLength) a sentence\(normalizes ? ", unit vectors" : "")"
        case .universal(let universal):
            "dimension \(dimension), Universal Sentence Encoder (n-gram convolutions), \(universal.tokenizer.pieceCount) pieces, "
                + "languages \(Self.universalLanguages.joined(separator: " ")), unit vectors"
        }
    }

    /// The languages Universal Sentence Encoder multilingual was trained on (ISO 639-1; Chinese
    /// in its simplified and traditional scripts).
    static let universalLanguages = ["ar", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt", "ru", "th", "tr", "zh"]

    /// Whether the encoder places sentences of several languages in one space (Universal
    /// Sentence Encoder multilingual's ``universalLanguages``), so that a model trained in one
    /// of them answers requests in the others.
    public var isMultilingual: Bool {
        if case .universal = network { return true }
        return false
    }

    /// Whether ``encodeWithTokens(_:threads:)`` reads each token's vector (BERT-family encoders only).
    package var readsTokens: Bool {
        if case .bert = network { return true }
        return false
    }

    /// The arithmetic of the encoder's projections.
    public enum Precision: String, Sendable, CaseIterable {
        /// 32-bit floats throughout, each projection an OpenBLAS `sgemm`: the reference arithmetic,
        /// which reproduces the published similarities to four decimals.
        case float32
        /// The projections' weights and inputs quantised to 8-bit integers (per weight row and per
        /// input row), the products summed exactly in integers: several times faster on a short
        /// sentence, with the weights a quarter of the memory. Vectors keep nearly all of
        /// `float32`'s direction, and are the same bits on every machine.
        case int8
    }

    /// The arithmetic of the projections.
    public let precision: Precision

    /// Loads the encoder in `directory`, its projections in `precision` (8-bit integers unless
    /// asked otherwise: a model trained with an encoder parses with the same arithmetic).
    /// - Throws: ``EncoderError`` naming the file at fault: one missing, a model that is not
    ///   of a kind IntentKit runs, a tensor of the wrong shape, weights cut short.
    public convenience init(directory: URL, precision: Precision = .int8) throws(EncoderError) {
        try self.init(files: Files(directory: directory), precision: precision)
    }

    /// Loads the encoder a model file carries (``EncoderFiles``), as from its directory.
    package convenience init(carried files: EncoderFiles, precision: Precision = .int8) throws(EncoderError) {
        try self.init(files: Files(carried: files), precision: precision)
    }

    private init(files: Files, precision: Precision) throws(EncoderError) {
        self.precision = precision
        loadedDirectory = files.isCarried ? nil : files.directory
        name = files.name
        let kind = try Self.kind(of: files)
        let weights = try files.weights()
        switch kind {
        case .bert(let configuration):
            let bert = try BertNetwork(files: files, configuration: configuration, weights: weights, precision: precision)
            (network, maximumLength, normalizes) = (.bert(bert), bert.maximumLength, bert.normalizes)
        case .universal(let configuration):
            let universal = try UniversalSentenceNetwork(
                configuration: configuration, tokenizerBytes: try files.read(Self.sentencePieceFile), weights: weights, precision: precision)
            (network, maximumLength, normalizes) = (.universal(universal), Self.universalMaximumLength, true)
        }
        identity = EncoderIdentity(name: name, checksum: Self.checksum(of: try kind.checksummedFiles(files), weights), dimension: kind.dimension,
                                   directory: files.directory)
    }

    /// Universal Sentence Encoder's SentencePiece model, in its directory.
    package static let sentencePieceFile = "sentencepiece.model"
    /// The most pieces a Universal Sentence Encoder reads of a sentence (it has no position
    /// table; the bound keeps a hostile text's cost in proportion).
    static let universalMaximumLength = 512

    /// What `config.json` says the directory holds.
    private enum Kind {
        case bert(BertConfiguration)
        case universal([String: Any])

        var dimension: Int {
            switch self {
            case .bert(let configuration): configuration.hiddenSize
            case .universal(let configuration): configuration["hidden_size"] as? Int ?? 0
            }
        }

        /// The files whose bytes, before the weights', make the encoder's checksum.
        func checksummedFiles(_ files: Files) throws(EncoderError) -> [Data] {
            switch self {
            case .bert: [try files.read("config.json"), try files.read("vocab.txt")]
            case .universal: [try files.read("config.json"), try files.read(SentenceEncoder.sentencePieceFile)]
            }
        }
    }

    private static func kind(of files: Files) throws(EncoderError) -> Kind {
        let configurationBytes = try files.read("config.json")
        if let object = try? JSONSerialization.jsonObject(with: configurationBytes) as? [String: Any],
           object["model_type"] as? String == "universal-sentence-encoder-cnn" {
            return .universal(object)
        }
        return .bert(try BertConfiguration(json: configurationBytes))
    }

    /// The identity of the encoder in `directory` (what ``identity`` would be), from its files'
    /// checksum alone, without building its layers: to tell which of several directories holds
    /// the encoder a model names.
    package static func identity(of directory: URL) throws(EncoderError) -> EncoderIdentity {
        try identity(of: Files(directory: directory))
    }

    private static func identity(of files: Files) throws(EncoderError) -> EncoderIdentity {
        let kind = try kind(of: files)
        let weights = try files.weights()
        return EncoderIdentity(name: files.name, checksum: checksum(of: try kind.checksummedFiles(files), weights), dimension: kind.dimension,
                               directory: files.directory)
    }

    /// The directory the encoder was loaded from; `nil` for one a model file carried (whose
    /// bytes are not kept once loaded).
    private let loadedDirectory: String?

    /// The files of an encoder: its directory's, each mapped, not read; or those a model file
    /// carries, in memory.
    struct Files: Sendable {
        /// The encoder's directory (for carried files, the one it was trained from).
        let directory: String
        let name: String
        private let carried: [String: Data]?
        var isCarried: Bool { carried != nil }

        init(directory: URL) {
            self.directory = directory.standardizedFileURL.path
            name = directory.standardizedFileURL.lastPathComponent
            carried = nil
        }

        init(carried: EncoderFiles) {
            directory = carried.directory
            name = carried.name
            self.carried = carried.files
        }

        func read(_ path: String) throws(EncoderError) -> Data {
            if let carried {
                guard let data = carried[path] else { throw .missingFile("\(path) (not among the files the model carries)") }
                return data
            }
            do {
                return try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(path), options: .alwaysMapped)
            } catch {
                throw .missingFile("\(URL(fileURLWithPath: directory).appendingPathComponent(path).path)")
            }
        }

        func exists(_ path: String) -> Bool {
            carried.map { $0[path] != nil } ?? FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent(path).path)
        }

        func optionalJSON(_ path: String) throws(EncoderError) -> Any? {
            guard exists(path) else { return nil }
            guard let object = try? JSONSerialization.jsonObject(with: try read(path)) else { throw .malformed("\(path) is not valid JSON") }
            return object
        }

        func weights() throws(EncoderError) -> SafetensorsFile {
            if carried != nil { return try SafetensorsFile(data: try read("model.safetensors"), fileName: "model.safetensors") }
            return try SafetensorsFile(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("model.safetensors"))
        }
    }

    /// The files a model carries to parse without the encoder's directory: those loading reads
    /// (``EncoderFiles/names``), from the directory the encoder was loaded from, checked to be
    /// the files it was loaded from.
    package func carriedFiles() throws(EncoderError) -> EncoderFiles {
        guard let loadedDirectory else { throw .missingFile("the encoder \(name) was loaded from a model file, not a directory; give its directory") }
        let files = Files(directory: URL(fileURLWithPath: loadedDirectory))
        var carried = [String: Data]()
        for path in EncoderFiles.names where files.exists(path) { carried[path] = try files.read(path) }
        let result = EncoderFiles(name: name, directory: loadedDirectory, files: carried)
        guard try Self.identity(of: Files(carried: result)).isSameEncoder(as: identity) else {
            throw .malformed("\(loadedDirectory): the encoder's files changed since it was loaded")
        }
        return result
    }

    /// CRC-32 of `parts` then of the weights' file, one after the other. The file is read in
    /// chunks of 8 MB, its two halves on two threads, each chunk's pages handed back once read.
    private static func checksum(of parts: [Data], _ weights: SafetensorsFile) -> UInt32 {
        var crc: UInt32 = 0, first = true
        func append(_ partCRC: UInt32, count: Int) {
            crc = first ? partCRC : CRC32.combine(crc, partCRC, count: count)
            first = false
        }
        for part in parts { append(part.withUnsafeBytes { CRC32.checksum($0) }, count: part.count) }
        let chunk = 8 << 20
        let weightsCRC = weights.data.withUnsafeBytes { bytes -> UInt32 in
            func checksum(_ range: Range<Int>) -> UInt32 {
                var crc: UInt32 = 0
                for start in stride(from: range.lowerBound, to: range.upperBound, by: chunk) {
                    let piece = start..<min(start + chunk, range.upperBound)
                    let pieceCRC = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[piece]))
                    crc = start == range.lowerBound ? pieceCRC : CRC32.combine(crc, pieceCRC, count: piece.count)
                    weights.release(piece)
                }
                return crc
            }
            let half = bytes.count / 2
            let (a, b) = inParallel({ checksum(0..<half) }, { checksum(half..<bytes.count) })
            return CRC32.combine(a, b, count: bytes.count - half)
        }
        append(weightsCRC, count: weights.data.count)
        return crc
    }

    /// The sentence vector of `text` (``dimension`` values; unit length when ``normalizes``).
    public func encode(_ text: String) -> [Float] {
        encode(pieces: [pieces(of: text)])[0]
    }

    /// A BERT-family encoder's configuration; `nil` for Universal Sentence Encoder.
    var bertConfiguration: BertConfiguration? {
        if case .bert(let bert) = network { return bert.configuration }
        return nil
    }

    /// A BERT-family encoder's tokenizer; `nil` for Universal Sentence Encoder.
    var wordPieceTokenizer: WordPieceTokenizer? {
        if case .bert(let bert) = network { return bert.tokenizer }
        return nil
    }

    /// The piece ids of `text`, as the encoder reads it.
    func pieces(of text: String) -> [Int32] {
        switch network {
        case .bert(let bert): bert.tokenizer.encode(text, maximumLength: maximumLength)
        case .universal(let universal): universal.tokenizer.encode(text, maximumLength: maximumLength)
        }
    }

    /// The sentence vectors of sentences of piece ids, in one forward pass.
    func encode(pieces sentences: [[Int32]]) -> [[Float]] {
        switch network {
        case .bert(let bert): bert.encode(pieces: sentences)
        case .universal(let universal): universal.encode(pieces: sentences)
        }
    }

    /// The sentence vectors of `texts`, in order: the same vectors as one `encode` each, computed
    /// in batches whose tokens share every projection (one `sgemm` over all their rows instead of
    /// one a sentence, the weights read once a batch), the batches split over `threads` threads.
    public func encode(_ texts: [String], threads: Int = 1) -> [[Float]] {
        let pieces = texts.map(pieces(of:))
        let batches = Self.batches(pieceCounts: pieces.map(\.count))
        return concurrentMap(batches.count, threads: threads) { encode(pieces: Array(pieces[batches[$0]])) }.flatMap { $0 }
    }

    /// Consecutive sentences in batches of about 256 pieces: the projections' weights are then
    /// read once for many pieces, and the activations (256 × the intermediate size) stay in the
    /// cache.
    static func batches(pieceCounts: [Int]) -> [Range<Int>] {
        var batches = [Range<Int>](), start = 0, pieces = 0
        for (index, count) in pieceCounts.enumerated() {
            if pieces + count > 256 && index > start {
                batches.append(start..<index)
                (start, pieces) = (index, 0)
            }
            pieces += count
        }
        if start < pieceCounts.count { batches.append(start..<pieceCounts.count) }
        return batches
    }

    /// The cosine similarity of two vectors of one length.
    public static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "vectors of different lengths")
        let dot = BLAS.dot(a, b, count: a.count), aa = BLAS.dot(a, a, count: a.count), bb = BLAS.dot(b, b, count: b.count)
        return aa == 0 || bb == 0 ? 0 : dot / (aa.squareRoot() * bb.squareRoot())
    }

    /// An utterance to encode with ``encodeWithTokens(_:threads:)``: its text and the tokens of
    /// another tokenizer (IntentKit's), as Unicode scalar ranges of the text in order.
    package struct TokenizedInput: Sendable {
        var text: String
        var tokens: [Range<Int>]

        package init(text: String, tokens: [Range<Int>]) {
            self.text = text
            self.tokens = tokens
        }
    }

    /// One forward pass's two readings of an utterance.
    package struct TokenizedEncoding: Sendable {
        /// ``encode(_:)``'s vector of the text.
        var sentence: [Float]
        /// `[tokens][dimension]` each token's contextual vector: the mean of the last layer's
        /// rows of the word pieces whose word starts inside the token (as in BERT-based
        /// taggers, which read a word from its pieces); zeros for a token that holds no piece
        /// (one past the encoder's maximum length, or one BERT's basic pass drops).
        package var tokens: [Float]
    }

    /// ``TokenizedEncoding``s of `inputs`, in order, batched as ``encode(_:threads:)`` batches.
    /// - Precondition: ``readsTokens``: the encoder is BERT-family.
    package func encodeWithTokens(_ inputs: [TokenizedInput], threads: Int = 1) -> [TokenizedEncoding] {
        guard case .bert(let bert) = network else { preconditionFailure("\(name) gives no token vectors") }
        return bert.encodeWithTokens(inputs, threads: threads)
    }
}

/// Two encoders are equal when they are loaded from the same files (``EncoderIdentity/isSameEncoder(as:)``):
/// they give the same vectors, wherever the files lie.
extension SentenceEncoder: Hashable {
    public static func == (lhs: SentenceEncoder, rhs: SentenceEncoder) -> Bool {
        lhs.identity.isSameEncoder(as: rhs.identity)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity.checksum)
        hasher.combine(identity.dimension)
    }
}
