import Foundation

/// The parts of a Hugging Face `config.json` an encoder's forward pass needs: BERT's, or MPNet's
/// (Song et al. 2020), which is BERT with no token types, positions counted from its padding id
/// plus one, and a relative position bias added to every attention score.
package struct BertConfiguration: Sendable, Equatable {
    /// The architecture: which weights the forward pass reads and how it places the pieces.
    enum Family: String, Sendable, Equatable {
        case bert, mpnet
    }

    var family: Family
    var hiddenSize: Int
    package var layerCount: Int
    var headCount: Int
    var intermediateSize: Int
    var maximumPositions: Int
    /// Token types (segments); 0 for MPNet, which has none.
    var typeVocabularySize: Int
    package var vocabularySize: Int
    var layerNormEpsilon: Float
    /// The row of the position table the first piece reads: 0 for BERT; MPNet, like RoBERTa,
    /// counts positions from its padding id plus one.
    var firstPosition: Int
    /// MPNet's buckets of relative position (`relative_attention_num_buckets`), 0 for BERT.
    var relativeAttentionBuckets: Int

    /// Reads and checks `config.json`: a BERT or MPNet model (`model_type` "bert" or "mpnet")
    /// with GELU activations and a hidden size that the heads divide. Other families (DistilBERT,
    /// RoBERTa, XLM-R, …) name their weights and tokenizers differently and are refused.
    init(json data: Data, file: String = "config.json") throws(EncoderError) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let config = object as? [String: Any] else {
            throw .malformed("\(file) is not a JSON object")
        }
        let modelType = config["model_type"] as? String ?? "(none)"
        guard let family = Family(rawValue: modelType) else {
            throw .unsupportedModel("\(file): model_type \(modelType); IntentKit runs BERT and MPNet encoders (model_type \"bert\" or \"mpnet\")")
        }
        self.family = family
        let activation = config["hidden_act"] as? String ?? "gelu"
        guard activation == "gelu" else { throw .unsupportedModel("\(file): hidden_act \(activation); IntentKit runs \"gelu\"") }
        if let embedding = config["position_embedding_type"] as? String, embedding != "absolute" {
            throw .unsupportedModel("\(file): position_embedding_type \(embedding); IntentKit runs \"absolute\"")
        }
        func size(_ key: String) throws(EncoderError) -> Int {
            guard let value = config[key] as? Int, value > 0, value <= 1 << 20 else { throw .malformed("\(file): \(key) missing or out of range") }
            return value
        }
        hiddenSize = try size("hidden_size")
        layerCount = try size("num_hidden_layers")
        headCount = try size("num_attention_heads")
        intermediateSize = try size("intermediate_size")
        maximumPositions = try size("max_position_embeddings")
        vocabularySize = try size("vocab_size")
        layerNormEpsilon = Float(config["layer_norm_eps"] as? Double ?? 1e-12)
        switch family {
        case .bert:
            typeVocabularySize = try size("type_vocab_size")
            firstPosition = 0
            relativeAttentionBuckets = 0
        case .mpnet:
            typeVocabularySize = 0
            let padding = config["pad_token_id"] as? Int ?? 1
            guard padding >= 0, padding + 2 < maximumPositions else { throw .malformed("\(file): pad_token_id \(padding) out of range") }
            firstPosition = padding + 1
            relativeAttentionBuckets = config["relative_attention_num_buckets"] == nil ? 32 : try size("relative_attention_num_buckets")
            guard relativeAttentionBuckets >= 4, relativeAttentionBuckets <= 1024 else {
                throw .malformed("\(file): relative_attention_num_buckets \(relativeAttentionBuckets) out of range")
            }
        }
        guard hiddenSize % headCount == 0 else {
            throw .malformed("\(file): hidden_size \(hiddenSize) is not a multiple of num_attention_heads \(headCount)")
        }
    }

    /// MPNet's bucket of a relative position (key position minus query position), as its
    /// `relative_position_bucket` computes it (the bidirectional buckets of T5, Raffel et al.
    /// 2020, §2.1): half the buckets for each direction, exact up to a quarter of them, then
    /// logarithmic up to `maximumDistance`, beyond which all share the last. In `Float`, as the
    /// reference computes it, so that the cut between two buckets falls where it does there.
    static func relativeBucket(_ relative: Int, buckets: Int, maximumDistance: Int = 128) -> Int {
        let half = buckets / 2, exact = half / 2
        let base = relative > 0 ? half : 0
        let n = abs(relative)
        guard n >= exact else { return base + n }
        let scaled = Foundation.log(Float(n) / Float(exact)) / Float(Foundation.log(Double(maximumDistance) / Double(exact))) * Float(half - exact)
        return base + min(exact + Int(scaled), half - 1)
    }
}
