import ArgumentParser
import Foundation
import IntentKit

/// Which tier `train` and `cross-validate` build: with a sentence encoder (`--encoder DIR`, or
/// by default the one installed where ``EncoderDirectories/defaultEncoder()`` looks), or on
/// words alone (`--no-encoder`, or when none is installed).
struct TrainingEncoderOption: ParsableArguments {
    @Option(name: .customLong("encoder"), help: ArgumentHelp(
        "A sentence encoder: its directory, or the name of one installed (`intentkit encoders` lists them; `intentkit encoders install` adds all-MiniLM-L6-v2, `intentkit encoders install universal-sentence-encoder-multilingual` a multilingual one). Default: the encoder in $INTENTKIT_ENCODER, else the first one `intentkit encoders` finds, else the words-only tier. Training weighs its vectors in the intent classifier where they help on held-out folds; the model then parses with it.",
        valueName: "NAME|DIR"))
    var directory: String?

    @Flag(name: .customLong("no-encoder"), help: "Train the words-only tier: no sentence encoder, parses in microseconds, a smaller model.")
    var noEncoder = false

    @Flag(name: .customLong("carry-encoder"), help: "Write the sentence encoder's files into the model (some 90 MB for all-MiniLM-L6-v2), so that it parses, serves and loads from C and Python where the encoder is not installed.")
    var carryEncoder = false

    func validate() throws {
        if noEncoder && directory != nil { throw ValidationError("--encoder and --no-encoder exclude each other") }
        if noEncoder && carryEncoder { throw ValidationError("--carry-encoder and --no-encoder exclude each other: a words-only model has no encoder to carry") }
    }

    /// The encoder to train with, `nil` for the words-only tier; prints which tier and why
    /// through `say`. On a failure to load prints the directory and the reason and exits with
    /// status 1.
    func load(saying say: (String) -> Void = StandardError.print) throws -> SentenceEncoder? {
        if noEncoder {
            say("tier: words only (--no-encoder)")
            return nil
        }
        let path: String
        if let directory {
            // Asked for by name or directory: an error when it is not there, never a words-only model.
            guard let found = EncoderDirectories.named(directory) else {
                StandardError.print(EncoderDirectories.notFound(directory))
                throw ExitCode.failure
            }
            path = found.path
        } else {
            switch EncoderDirectories.defaultEncoder() {
            case .none(let reason):
                say("tier: words only (\(reason))")
                return nil
            case .found(let url): path = url.path
            }
        }
        do {
            let encoder = try SentenceEncoder(directory: URL(fileURLWithPath: path))
            say("tier: sentence encoder at \(encoder.identity.directory)" + (directory == nil ? " (the default; --no-encoder trains on words alone)" : ""))
            return encoder
        } catch {
            StandardError.print("\(path): error: \(error)")
            throw ExitCode.failure
        }
    }
}
