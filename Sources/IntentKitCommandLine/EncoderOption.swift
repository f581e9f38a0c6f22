import ArgumentParser
import Foundation
import IntentKit

/// `--encoder DIR`: a sentence encoder's directory. `train` and `cross-validate` weigh its
/// vectors in the intent classifier; commands that load a model parse with it in place of the
/// directory the model recorded.
struct EncoderOption: ParsableArguments {
    @Option(name: .customLong("encoder"), help: ArgumentHelp(
        "A sentence encoder (BERT-family, or Universal Sentence Encoder multilingual): its directory, or the name of one installed (`intentkit encoders` lists them). Training weighs its vectors in the intent classifier when they help on held-out folds; a model trained with one parses with it (default: the directory the model recorded, else the same encoder wherever `intentkit encoders` finds it).",
        valueName: "NAME|DIR"))
    var directory: String?

    /// The encoder, `nil` without the option; on failure prints the directory and the reason
    /// and exits with status 1.
    func load() throws -> SentenceEncoder? {
        guard let directory else { return nil }
        guard let found = EncoderDirectories.named(directory) else {
            StandardError.print(EncoderDirectories.notFound(directory))
            throw ExitCode.failure
        }
        do {
            return try SentenceEncoder(directory: found)
        } catch {
            StandardError.print("\(directory): error: \(error)")
            throw ExitCode.failure
        }
    }
}
