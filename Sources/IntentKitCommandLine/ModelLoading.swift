import ArgumentParser
import Foundation
import IntentKit

/// Loads the model at `path`, with the sentence encoder `encoder` names if it was trained with
/// one; on failure prints the path and the reason and exits with status 1.
func loadModel(_ path: String, encoder: EncoderOption = EncoderOption()) throws -> NLUModel {
    let sentenceEncoder = try encoder.load()
    do {
        return try NLUModel(contentsOf: URL(fileURLWithPath: path), encoder: sentenceEncoder)
    } catch {
        StandardError.print(modelErrorMessage(error, path: path))
        throw ExitCode.failure
    }
}

/// A parser for the model at `path` (see ``loadModel(_:encoder:)``), reranking intents or not.
func loadParser(_ path: String, encoder: EncoderOption, intentReranking: Bool) throws -> IntentParser {
    var parser = IntentParser(model: try loadModel(path, encoder: encoder))
    parser.intentReranking = intentReranking
    return parser
}

/// "PATH: error: REASON", without naming the path twice when the reason already does.
func modelErrorMessage(_ error: any Error, path: String) -> String {
    let reason = "\(error)"
    return reason.contains(path) ? "error: \(reason)" : "\(path): error: \(reason)"
}
