import ArgumentParser
import Foundation
import IntentKit

/// Loads the model at `path`; on failure prints the path and the reason and exits with status 1.
func loadModel(_ path: String) throws -> NLUModel {
    do {
        return try NLUModel(contentsOf: URL(fileURLWithPath: path))
    } catch {
        StandardError.print(modelErrorMessage(error, path: path))
        throw ExitCode.failure
    }
}

/// A parser for the model at `path` (see ``loadModel(_:)``), reranking intents or not.
func loadParser(_ path: String, intentReranking: Bool) throws -> IntentParser {
    var parser = IntentParser(model: try loadModel(path))
    parser.intentReranking = intentReranking
    return parser
}

/// "PATH: error: REASON", without naming the path twice when the reason already does.
func modelErrorMessage(_ error: any Error, path: String) -> String {
    let reason = "\(error)"
    return reason.contains(path) ? "error: \(reason)" : "\(path): error: \(reason)"
}
