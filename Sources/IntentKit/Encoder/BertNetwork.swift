import CEncoderKernels
import Foundation

/// The forward pass of a BERT-family encoder (a sentence-transformers directory such as
/// all-MiniLM-L6-v2): BERT's (Devlin et al. 2019): token, position and segment embeddings, then
/// per layer multi-head self-attention and a GELU feed-forward block, each added back to its
/// input and layer-normalised (Vaswani et al. 2017, §3); or MPNet's (Song et al. 2020), the same
/// with positions counted from 2 and a relative position bias. The token vectors are pooled
/// (their mean, as sentence-transformers' mean pooling, Reimers & Gurevych 2019) and, when the
/// directory's modules say so, scaled to unit length.
struct BertNetwork: Sendable {
    typealias Precision = SentenceEncoder.Precision
    /// The most pieces an utterance is cut to, `[CLS]` and `[SEP]` included.
    let maximumLength: Int
    /// Whether vectors are scaled to unit length (a `Normalize` module).
    let normalizes: Bool
    let configuration: BertConfiguration
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

    private struct Layer: Sendable {
        /// Query, key and value projections stacked into one `[3h][h]` layer.
        let queryKeyValue: LinearLayer
        let attentionOutput: LinearLayer
        let attentionNorm: LayerNorm
        let intermediate: LinearLayer
        let output: LinearLayer
        let outputNorm: LayerNorm
    }

    init(files: SentenceEncoder.Files, configuration: BertConfiguration, weights: SafetensorsFile, precision: Precision) throws(EncoderError) {
        self.configuration = configuration
        tokenizer = try Self.tokenizer(try files.read("vocab.txt"), configuration: configuration)
        var maximumLength = configuration.maximumPositions - configuration.firstPosition
        if let settings = try files.optionalJSON("sentence_bert_config.json") as? [String: Any], let length = settings["max_seq_length"] as? Int {
            maximumLength = min(max(length, 2), maximumLength)
        }
        self.maximumLength = maximumLength
        pooling = try Self.pooling(files)
        let modules = try files.optionalJSON("modules.json") as? [[String: Any]] ?? []
        normalizes = modules.contains { ($0["type"] as? String)?.hasSuffix("Normalize") == true }
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

    private static func pooling(_ files: SentenceEncoder.Files) throws(EncoderError) -> Pooling {
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

    /// ``TokenizedEncoding``s of `inputs`, in order, batched as ``encode(_:threads:)`` batches.
    func encodeWithTokens(_ inputs: [SentenceEncoder.TokenizedInput], threads: Int) -> [SentenceEncoder.TokenizedEncoding] {
        let encoded = inputs.map { tokenizer.encodeWithOffsets($0.text, maximumLength: maximumLength) }
        let batches = SentenceEncoder.batches(pieceCounts: encoded.map(\.pieces.count))
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
                return SentenceEncoder.TokenizedEncoding(sentence: pool(x, rows: first..<(first + sentencePieces.count)), tokens: vectors)
            }
        }.flatMap { $0 }
    }

    /// Layer normalisation of each row of `x`.
    private static func normalize(_ x: inout [Float], rows: Int, width: Int, _ norm: LayerNorm, epsilon: Float) {
        x.withUnsafeMutableBufferPointer { norm.apply($0.baseAddress!, rows: rows, epsilon: epsilon) }
    }

    /// `x += residual`, then each row of `x` layer-normalised: a sublayer's output added back to
    /// its input (Vaswani et al. 2017, §3.1).
    private static func addAndNormalize(_ residual: UnsafePointer<Float>, to x: UnsafeMutablePointer<Float>, rows: Int, width: Int,
                                        _ norm: LayerNorm, epsilon: Float) {
        for index in 0..<(rows * width) { x[index] += residual[index] }
        norm.apply(x, rows: rows, epsilon: epsilon)
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
