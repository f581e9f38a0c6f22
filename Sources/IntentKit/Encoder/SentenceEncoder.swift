import CEncoderKernels
import Foundation

/// A pretrained BERT-family sentence encoder (a sentence-transformers directory such as
/// all-MiniLM-L6-v2): text in, one fixed-size vector out, which places sentences that mean the
/// same close together even when they share no word.
///
/// It reads a Hugging Face model directory: `config.json`, `vocab.txt`, `model.safetensors`, and
/// the sentence-transformers files when present (`modules.json`, `1_Pooling/config.json`,
/// `sentence_bert_config.json`). The forward pass is BERT's (Devlin et al. 2019): token, position
/// and segment embeddings, then per layer multi-head self-attention and a GELU feed-forward
/// block, each added back to its input and layer-normalised (Vaswani et al. 2017, §3); every
/// projection is one OpenBLAS `sgemm`. The token vectors are then pooled (their mean, as
/// sentence-transformers' mean pooling, Reimers & Gurevych 2019) and, when the directory's
/// modules say so, scaled to unit length.
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
    public var dimension: Int { configuration.hiddenSize }
    /// The directory's name ("model", "all-MiniLM-L6-v2").
    public let name: String
    /// The most pieces an utterance is cut to, `[CLS]` and `[SEP]` included.
    public let maximumLength: Int
    /// Whether vectors are scaled to unit length (a `Normalize` module).
    public let normalizes: Bool
    /// The encoder's name, checksum, dimension and directory, as a model trained with it records them.
    public let identity: EncoderIdentity

    package let configuration: BertConfiguration
    let tokenizer: WordPieceTokenizer
    private let pooling: Pooling
    private let embeddings: Embeddings
    private let layers: [Layer]
    /// MPNet's relative position bias, `[buckets][heads]`, added to every attention score; empty for BERT.
    private let relativeBias: [Float]
    /// The bucket of each relative position from `-(maximumLength - 1)` to `maximumLength - 1`
    /// (``BertConfiguration/relativeBucket(_:buckets:maximumDistance:)``); empty for BERT.
    private let relativeBuckets: [Int]

    /// How token vectors become one sentence vector.
    enum Pooling: Sendable {
        /// The mean of every token's vector, `[CLS]` and `[SEP]` included.
        case mean
        /// The `[CLS]` token's vector.
        case classifierToken
    }

    private struct Embeddings: Sendable {
        let words: WordTable, positions: [Float], segment: [Float]
        let norm: LayerNorm
    }

    /// The word-piece embeddings, `[vocabulary][hidden]`: the largest tensor (47 MB of floats for
    /// all-MiniLM-L6-v2), of which a sentence reads a dozen rows. An `F32` table is read in place
    /// from the mapped file, so only the rows sentences use become resident; others are converted.
    private enum WordTable: Sendable {
        case inFile(Data, offset: Int)
        case converted([Float])

        /// Copies row `id` (`width` floats) to `target`.
        func copyRow(_ id: Int, width: Int, to target: UnsafeMutablePointer<Float>) {
            switch self {
            case .inFile(let data, let offset):
                data.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(target).copyMemory(from: raw.baseAddress! + offset + id * width * 4, byteCount: width * 4)
                }
            case .converted(let floats):
                floats.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + id * width, count: width) }
            }
        }
    }

    private struct LayerNorm: Sendable {
        let weight: [Float], bias: [Float]
    }

    private struct Layer: Sendable {
        /// Query, key and value projections stacked into one `[3h][h]` layer.
        let queryKeyValue: LinearLayer
        let attentionOutput: LinearLayer
        let attentionNorm: LayerNorm
        let intermediate: LinearLayer
        let output: LinearLayer
        let outputNorm: LayerNorm
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
    ///   BERT-family, a tensor of the wrong shape, weights cut short.
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
        let configurationBytes = try files.read("config.json"), vocabularyBytes = try files.read("vocab.txt")
        let configuration = try BertConfiguration(json: configurationBytes)
        self.configuration = configuration
        tokenizer = try Self.tokenizer(vocabularyBytes, configuration: configuration)
        var maximumLength = configuration.maximumPositions - configuration.firstPosition
        if let settings = try files.optionalJSON("sentence_bert_config.json") as? [String: Any], let length = settings["max_seq_length"] as? Int {
            maximumLength = min(max(length, 2), maximumLength)
        }
        self.maximumLength = maximumLength
        pooling = try Self.pooling(files)
        let modules = try files.optionalJSON("modules.json") as? [[String: Any]] ?? []
        normalizes = modules.contains { ($0["type"] as? String)?.hasSuffix("Normalize") == true }

        let weights = try files.weights()
        identity = EncoderIdentity(
            name: name, checksum: Self.checksum(of: [configurationBytes, vocabularyBytes], weights), dimension: configuration.hiddenSize,
            directory: files.directory)
        let tensors = Tensors(weights: weights, configuration: configuration, precision: precision)
        embeddings = try tensors.embeddings()
        if configuration.relativeAttentionBuckets > 0 {
            relativeBias = try tensors.tensor("encoder.relative_attention_bias.weight", [configuration.relativeAttentionBuckets, configuration.headCount])
            relativeBuckets = (-(maximumLength - 1)..<maximumLength).map {
                BertConfiguration.relativeBucket($0, buckets: configuration.relativeAttentionBuckets)
            }
        } else {
            relativeBias = []
            relativeBuckets = []
        }
        layers = try (0..<configuration.layerCount).map { index throws(EncoderError) in try tensors.layer(index) }
    }

    /// The identity of the encoder in `directory` (what ``identity`` would be), from its files'
    /// checksum alone, without building its layers: to tell which of several directories holds
    /// the encoder a model names.
    package static func identity(of directory: URL) throws(EncoderError) -> EncoderIdentity {
        try identity(of: Files(directory: directory))
    }

    private static func identity(of files: Files) throws(EncoderError) -> EncoderIdentity {
        let configurationBytes = try files.read("config.json"), vocabularyBytes = try files.read("vocab.txt")
        let configuration = try BertConfiguration(json: configurationBytes)
        let weights = try files.weights()
        return EncoderIdentity(
            name: files.name, checksum: checksum(of: [configurationBytes, vocabularyBytes], weights), dimension: configuration.hiddenSize,
            directory: files.directory)
    }

    /// The directory the encoder was loaded from; `nil` for one a model file carried (whose
    /// bytes are not kept once loaded).
    private let loadedDirectory: String?

    /// The files of an encoder: its directory's, each mapped, not read; or those a model file
    /// carries, in memory.
    private struct Files: Sendable {
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

    private static func tokenizer(_ vocabularyBytes: Data, configuration: BertConfiguration) throws(EncoderError) -> WordPieceTokenizer {
        guard let vocabularyText = String(data: vocabularyBytes, encoding: .utf8) else { throw .malformed("vocab.txt is not UTF-8") }
        var vocabulary = vocabularyText.components(separatedBy: "\n")
        if vocabulary.last == "" { vocabulary.removeLast() }
        vocabulary = vocabulary.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        guard vocabulary.count == configuration.vocabularySize else {
            throw .malformed("vocab.txt has \(vocabulary.count) pieces, config.json's vocab_size is \(configuration.vocabularySize)")
        }
        return configuration.family == .mpnet
            ? try WordPieceTokenizer(vocabulary: vocabulary, classifier: "<s>", separator: "</s>")
            : try WordPieceTokenizer(vocabulary: vocabulary)
    }

    private static func pooling(_ files: Files) throws(EncoderError) -> Pooling {
        guard let settings = try files.optionalJSON("1_Pooling/config.json") as? [String: Any] else { return .mean }
        // sentence-transformers writes one of two layouts: a flag per mode (before version 5), or
        // one `pooling_mode` naming it.
        let mode = settings["pooling_mode"] as? String
        if mode == "cls" || settings["pooling_mode_cls_token"] as? Bool == true { return .classifierToken }
        guard mode == "mean" || settings["pooling_mode_mean_tokens"] as? Bool == true else {
            throw .unsupportedModel("1_Pooling/config.json: IntentKit pools by mean or by the [CLS] token")
        }
        return .mean
    }

    /// The encoder's tensors, read from its safetensors file by their names. Each tensor is
    /// copied (and the projections packed) once; its pages in the mapped file are then handed
    /// back, so loading does not leave the file resident beside the copies.
    private struct Tensors {
        let weights: SafetensorsFile
        let configuration: BertConfiguration
        let precision: Precision
        /// "bert." or "mpnet." where the file's names have it.
        let prefix: String

        init(weights: SafetensorsFile, configuration: BertConfiguration, precision: Precision) {
            self.weights = weights
            self.configuration = configuration
            self.precision = precision
            let family = configuration.family.rawValue
            prefix = weights.tensors["\(family).embeddings.word_embeddings.weight"] != nil ? "\(family)." : ""
        }

        func tensor(_ name: String, _ shape: [Int]) throws(EncoderError) -> [Float] {
            let floats = try weights.floats(prefix + name, shape: shape)
            if let bytes = weights.tensors[prefix + name]?.bytes { weights.release(bytes) }
            return floats
        }

        func linear(_ names: [String], outputs: Int, inputs: Int) throws(EncoderError) -> LinearLayer {
            var weight = [Float](), bias = [Float]()
            for name in names {
                weight += try tensor(name + ".weight", [outputs / names.count, inputs])
                bias += try tensor(name + ".bias", [outputs / names.count])
            }
            return LinearLayer(weight: weight, bias: bias, outputs: outputs, inputs: inputs, precision: precision)
        }

        func norm(_ name: String) throws(EncoderError) -> LayerNorm {
            let h = configuration.hiddenSize
            return LayerNorm(weight: try tensor(name + ".weight", [h]), bias: try tensor(name + ".bias", [h]))
        }

        /// The embeddings; the word-piece table is read in place from the mapping when its
        /// bytes are floats as this machine lays them out.
        func embeddings() throws(EncoderError) -> Embeddings {
            let h = configuration.hiddenSize
            let wordName = prefix + "embeddings.word_embeddings.weight", wordShape = [configuration.vocabularySize, h]
            let words: WordTable
            // (Bytes in memory are converted: kept in place, they would keep every weight's bytes alive.)
            if weights.isMapped, let bytes = try weights.mappedFloats(wordName, shape: wordShape) {
                words = .inFile(weights.data, offset: bytes.lowerBound)
                weights.release(bytes)
            } else {
                words = .converted(try weights.floats(wordName, shape: wordShape))
            }
            return Embeddings(
                words: words,
                positions: try tensor("embeddings.position_embeddings.weight", [configuration.maximumPositions, h]),
                segment: configuration.family == .mpnet ? [Float](repeating: 0, count: h)
                    : Array(try tensor("embeddings.token_type_embeddings.weight", [configuration.typeVocabularySize, h]).prefix(h)),
                norm: try norm("embeddings.LayerNorm"))
        }

        /// Transformer layer `index`, its query, key and value projections stacked into one.
        func layer(_ index: Int) throws(EncoderError) -> Layer {
            let h = configuration.hiddenSize, inner = configuration.intermediateSize
            // MPNet names its attention's projections q, k, v and o, and its norm one level up.
            let (query, key, value, attentionOutput, attentionNorm) = configuration.family == .mpnet
                ? ("attention.attn.q", "attention.attn.k", "attention.attn.v", "attention.attn.o", "attention.LayerNorm")
                : ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense", "attention.output.LayerNorm")
            let p = "encoder.layer.\(index)."
            return Layer(
                queryKeyValue: try linear([p + query, p + key, p + value], outputs: 3 * h, inputs: h),
                attentionOutput: try linear([p + attentionOutput], outputs: h, inputs: h),
                attentionNorm: try norm(p + attentionNorm),
                intermediate: try linear([p + "intermediate.dense"], outputs: inner, inputs: h),
                output: try linear([p + "output.dense"], outputs: h, inputs: inner),
                outputNorm: try norm(p + "output.LayerNorm"))
        }
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
        encode(pieces: [tokenizer.encode(text, maximumLength: maximumLength)])[0]
    }

    /// The sentence vectors of `texts`, in order: the same vectors as one `encode` each, computed
    /// in batches whose tokens share every projection (one `sgemm` over all their rows instead of
    /// one a sentence, the weights read once a batch), the batches split over `threads` threads.
    public func encode(_ texts: [String], threads: Int = 1) -> [[Float]] {
        let pieces = texts.map { tokenizer.encode($0, maximumLength: maximumLength) }
        let batches = Self.batches(pieceCounts: pieces.map(\.count))
        return concurrentMap(batches.count, threads: threads) { encode(pieces: Array(pieces[batches[$0]])) }.flatMap { $0 }
    }

    /// Consecutive sentences in batches of about 256 pieces: the projections' weights are then
    /// read once for many pieces, and the activations (256 × the intermediate size) stay in the
    /// cache.
    private static func batches(pieceCounts: [Int]) -> [Range<Int>] {
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

    /// The forward pass over sentences of piece ids (`[CLS]` … `[SEP]` each), their tokens
    /// stacked into one matrix: every projection runs over all of them at once, attention
    /// within each sentence.
    func encode(pieces sentences: [[Int32]]) -> [[Float]] {
        let (x, firstRows) = forward(sentences)
        return zip(sentences, firstRows).map { sentence, first in pool(x, rows: first..<(first + sentence.count)) }
    }

    /// The last layer's rows of every piece of `sentences`, stacked (`[pieces][hiddenSize]`),
    /// and each sentence's first row.
    private func forward(_ sentences: [[Int32]]) -> (x: [Float], firstRows: [Int]) {
        let h = configuration.hiddenSize, inner = configuration.intermediateSize
        let heads = configuration.headCount, d = h / heads
        let epsilon = configuration.layerNormEpsilon
        let rows = sentences.reduce(0) { $0 + $1.count }
        let longest = sentences.map(\.count).max() ?? 0
        var x = [Float](repeating: 0, count: rows * h)
        var qkv = [Float](repeating: 0, count: rows * 3 * h)
        var context = [Float](repeating: 0, count: rows * h)
        var scores = [Float](repeating: 0, count: longest * longest)
        var projected = [Float](repeating: 0, count: rows * h)
        var hidden = [Float](repeating: 0, count: rows * inner)
        // Each sentence's first row in the stacked matrices.
        var firstRows = [Int](), row = 0
        for sentence in sentences {
            firstRows.append(row)
            row += sentence.count
        }
        // Embeddings: word + position + segment 0, layer-normalised.
        for (sentence, first) in zip(sentences, firstRows) {
            for (position, id) in sentence.enumerated() {
                let place = (configuration.firstPosition + position) * h, target = (first + position) * h
                x.withUnsafeMutableBufferPointer { embeddings.words.copyRow(Int(id), width: h, to: $0.baseAddress! + target) }
                for j in 0..<h { x[target + j] = x[target + j] + embeddings.positions[place + j] + embeddings.segment[j] }
            }
        }
        Self.normalize(&x, rows: rows, width: h, embeddings.norm, epsilon: epsilon)
        let scale = 1 / Float(d).squareRoot()
        x.withUnsafeMutableBufferPointer { x in
            qkv.withUnsafeMutableBufferPointer { qkv in
                context.withUnsafeMutableBufferPointer { context in
                    projected.withUnsafeMutableBufferPointer { projected in
                        hidden.withUnsafeMutableBufferPointer { hidden in
                            scores.withUnsafeMutableBufferPointer { scores in
                                let (x, qkv, context) = (x.baseAddress!, qkv.baseAddress!, context.baseAddress!)
                                let (projected, hidden, scores) = (projected.baseAddress!, hidden.baseAddress!, scores.baseAddress!)
                                for layer in layers {
                                    // Q, K and V of every token in one product: [rows][h] × [3h][h]ᵀ.
                                    layer.queryKeyValue.apply(x, rows: rows, into: qkv)
                                    // Each sentence, each head: softmax(Q Kᵀ / √d) V, its block of the context.
                                    for (sentence, first) in zip(sentences, firstRows) {
                                        let n = sentence.count
                                        for head in 0..<heads {
                                            let query = qkv + first * 3 * h + head * d, key = query + h, value = query + 2 * h
                                            BLAS.gemm(m: n, n: n, k: d, alpha: scale, query, lda: 3 * h, key, ldb: 3 * h,
                                                      transposedB: true, scores, ldc: n)
                                            if !relativeBias.isEmpty { addRelativeBias(to: scores, count: n, head: head) }
                                            for line in 0..<n { Self.softmax(scores + line * n, count: n) }
                                            BLAS.gemm(m: n, n: d, k: n, scores, lda: n, value, ldb: 3 * h, context + first * h + head * d,
                                                      ldc: h)
                                        }
                                    }
                                    layer.attentionOutput.apply(context, rows: rows, into: projected)
                                    Self.addAndNormalize(projected, to: x, rows: rows, width: h, layer.attentionNorm, epsilon: epsilon)
                                    layer.intermediate.apply(x, rows: rows, into: hidden)
                                    ik_gelu(hidden, rows * inner)
                                    layer.output.apply(hidden, rows: rows, into: projected)
                                    Self.addAndNormalize(projected, to: x, rows: rows, width: h, layer.outputNorm, epsilon: epsilon)
                                }
                            }
                        }
                    }
                }
            }
        }
        return (x, firstRows)
    }

    /// The sentence vector of the sentence whose pieces are `rows` of `x`: ``pooling``, then
    /// unit length when ``normalizes``.
    private func pool(_ x: [Float], rows: Range<Int>) -> [Float] {
        let h = configuration.hiddenSize
        var vector: [Float]
        switch pooling {
        case .classifierToken:
            vector = Array(x[(rows.lowerBound * h)..<(rows.lowerBound * h + h)])
        case .mean:
            vector = [Float](repeating: 0, count: h)
            for line in rows { for j in 0..<h { vector[j] += x[line * h + j] } }
            for j in 0..<h { vector[j] /= Float(rows.count) }
        }
        if normalizes {
            let length = BLAS.dot(vector, vector, count: h).squareRoot()
            if length > 0 { BLAS.scale(1 / length, &vector, count: h) }
        }
        return vector
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
    package func encodeWithTokens(_ inputs: [TokenizedInput], threads: Int = 1) -> [TokenizedEncoding] {
        let encoded = inputs.map { tokenizer.encodeWithOffsets($0.text, maximumLength: maximumLength) }
        let batches = Self.batches(pieceCounts: encoded.map(\.pieces.count))
        let h = configuration.hiddenSize
        return concurrentMap(batches.count, threads: threads) { batch in
            let range = batches[batch]
            let (x, firstRows) = forward(encoded[range].map(\.pieces))
            return zip(range, firstRows).map { index, first in
                let (sentencePieces, offsets) = encoded[index]
                let tokens = inputs[index].tokens
                var vectors = [Float](repeating: 0, count: tokens.count * h)
                var counts = [Int](repeating: 0, count: tokens.count)
                // Pieces and tokens both run left to right: one pass matches them.
                var token = 0
                for piece in 0..<sentencePieces.count where offsets[piece] >= 0 {
                    let offset = Int(offsets[piece])
                    while token < tokens.count && tokens[token].upperBound <= offset { token += 1 }
                    guard token < tokens.count, tokens[token].contains(offset) else { continue }
                    counts[token] += 1
                    let row = (first + piece) * h
                    for j in 0..<h { vectors[token * h + j] += x[row + j] }
                }
                for token in 0..<tokens.count where counts[token] > 1 {
                    let scale = 1 / Float(counts[token])
                    for j in 0..<h { vectors[token * h + j] *= scale }
                }
                return TokenizedEncoding(sentence: pool(x, rows: first..<(first + sentencePieces.count)), tokens: vectors)
            }
        }.flatMap { $0 }
    }

    /// Layer normalisation of each row (Ba et al. 2016): zero mean, unit variance, then scaled and shifted.
    private static func normalize(_ x: inout [Float], rows: Int, width: Int, _ norm: LayerNorm, epsilon: Float) {
        x.withUnsafeMutableBufferPointer { x in
            for row in 0..<rows { normalize(x.baseAddress! + row * width, width: width, norm, epsilon: epsilon) }
        }
    }

    /// `x += residual`, then each row of `x` layer-normalised: a sublayer's output added back to
    /// its input (Vaswani et al. 2017, §3.1).
    private static func addAndNormalize(_ residual: UnsafePointer<Float>, to x: UnsafeMutablePointer<Float>, rows: Int, width: Int,
                                        _ norm: LayerNorm, epsilon: Float) {
        for index in 0..<(rows * width) { x[index] += residual[index] }
        for row in 0..<rows { normalize(x + row * width, width: width, norm, epsilon: epsilon) }
    }

    /// One row layer-normalised in place.
    private static func normalize(_ row: UnsafeMutablePointer<Float>, width: Int, _ norm: LayerNorm, epsilon: Float) {
        var mean: Float = 0
        for j in 0..<width { mean += row[j] }
        mean /= Float(width)
        var variance: Float = 0
        for j in 0..<width { variance += (row[j] - mean) * (row[j] - mean) }
        let inverse = 1 / (variance / Float(width) + epsilon).squareRoot()
        norm.weight.withUnsafeBufferPointer { weight in
            norm.bias.withUnsafeBufferPointer { bias in
                for j in 0..<width { row[j] = (row[j] - mean) * inverse * weight[j] + bias[j] }
            }
        }
    }

    /// Adds MPNet's relative position bias of `head` to the `count` × `count` attention scores
    /// of one sentence (query rows, key columns).
    private func addRelativeBias(to scores: UnsafeMutablePointer<Float>, count n: Int, head: Int) {
        let heads = configuration.headCount, offset = maximumLength - 1
        relativeBias.withUnsafeBufferPointer { bias in
            relativeBuckets.withUnsafeBufferPointer { buckets in
                for query in 0..<n {
                    for key in 0..<n { scores[query * n + key] += bias[buckets[key - query + offset] * heads + head] }
                }
            }
        }
    }

    /// A numerically stable softmax in place: the maximum is subtracted before exponentiating.
    private static func softmax(_ row: UnsafeMutablePointer<Float>, count: Int) {
        var maximum = -Float.infinity
        for j in 0..<count { maximum = max(maximum, row[j]) }
        var total: Float = 0
        for j in 0..<count {
            row[j] = exp(row[j] - maximum)
            total += row[j]
        }
        for j in 0..<count { row[j] /= total }
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
