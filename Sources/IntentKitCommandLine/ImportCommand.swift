import ArgumentParser
import Foundation
import IntentKitCorpus

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a corpus between formats.",
        discussion: """
            Reads any supported format and writes yaml (the default), json, bio (a directory), \
            conll, rasa-json or rasa-yaml. The output format follows --to, else the output's \
            extension (.yaml/.yml, .json, .conll). What the output format cannot hold is \
            listed, one warning per kind with its count; --strict refuses to write then.
            """)

    @OptionGroup var input: CorpusInputOptions

    @Option(name: .shortAndLong, help: "Where to write the converted corpus.", completion: .file())
    var output: String

    @Option(help: "The output format.")
    var to: CorpusFormat?

    @Flag(help: "Replace the output even when it is a read-only file.")
    var force = false

    @Flag(help: "Refuse to write when the output format cannot hold something of the corpus (a warning otherwise).")
    var strict = false

    func validate() throws {
        if let to, !to.isWritable {
            throw ValidationError("IntentKit reads \(to.rawValue) but cannot write it; choose one of: \(CorpusFormat.allCases.filter(\.isWritable).map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let format = to ?? outputFormatFromExtension()
        try checkOutputPath(output, force: force, directory: format == .bio, consequence: "nothing was written")
        let loaded = try input.load(countingWarnings: true)
        let losses: [String]
        do {
            losses = try format.losses(writing: loaded.corpus, path: output)
        } catch let error as CorpusError {
            StandardError.print(error.description)
            throw ExitCode.failure
        }
        if strict && !losses.isEmpty {
            for loss in losses { StandardError.print("\(output): error: \(format.rawValue): \(loss)") }
            StandardError.print("\(output): nothing was written (--strict); without it these are warnings")
            throw ExitCode.failure
        }
        do {
            for warning in try format.write(loaded.corpus, to: URL(fileURLWithPath: output)) { StandardError.print(warning.description) }
        } catch let error as CorpusError {
            StandardError.print(error.description)
            throw ExitCode.failure
        }
        StandardError.print("wrote \(counted(loaded.corpus.utterances.count, "utterance")), \(counted(loaded.corpus.schema.intents.count, "intent")) to \(output) (\(format.rawValue))")
    }

    private func outputFormatFromExtension() -> CorpusFormat {
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "json": return .json
        case "conll": return .conll
        default: return .yaml
        }
    }
}
