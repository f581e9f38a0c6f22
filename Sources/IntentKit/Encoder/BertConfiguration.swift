import Foundation

/// The parts of a Hugging Face `config.json` a BERT encoder's forward pass needs.
package struct BertConfiguration: Sendable, Equatable {
    package var hiddenSize: Int
    package var layerCount: Int
    package var headCount: Int
    package var intermediateSize: Int
    package var maximumPositions: Int
    package var typeVocabularySize: Int
    package var vocabularySize: Int
    package var layerNormEpsilon: Float

    /// Reads and checks `config.json`: a BERT model (`model_type` "bert") with GELU activations
    /// and a hidden size that the heads divide. Other families (DistilBERT, RoBERTa, MPNet, …)
    /// name their weights and tokenizers differently and are refused.
    package init(json data: Data, file: String = "config.json") throws(EncoderError) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let config = object as? [String: Any] else {
            throw .malformed("\(file) is not a JSON object")
        }
        let modelType = config["model_type"] as? String ?? "(none)"
        guard modelType == "bert" else {
            throw .unsupportedModel("\(file): model_type \(modelType); IntentKit runs BERT-family encoders (model_type \"bert\")")
        }
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
        typeVocabularySize = try size("type_vocab_size")
        vocabularySize = try size("vocab_size")
        layerNormEpsilon = Float(config["layer_norm_eps"] as? Double ?? 1e-12)
        guard hiddenSize % headCount == 0 else {
            throw .malformed("\(file): hidden_size \(hiddenSize) is not a multiple of num_attention_heads \(headCount)")
        }
    }
}
