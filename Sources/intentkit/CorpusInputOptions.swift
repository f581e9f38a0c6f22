import ArgumentParser
import Foundation
import IntentKitCorpus

/// How a command finds and decodes its input corpus.
struct CorpusInputOptions: ParsableArguments {
    @Argument(help: "A corpus file or directory.", completion: .file())
    var path: String

    @Option(help: "The input format; detected from the path when left out.")
    var format: CorpusFormat?

    @Flag(help: "Decode CESU-8 surrogate pairs (as some Java and database exports write characters beyond U+FFFF) instead of refusing the file; each repair is reported on stderr.")
    var repairEncoding = false

    /// Loads the corpus, printing every diagnostic on stderr; exits with status 1 when the input
    /// cannot be read or has errors.
    func load(allowingErrors: Bool = false, printing: Bool = true) throws -> LoadedCorpus {
        let decoder = TextDecoder(options: .init(repairSurrogatePairs: repairEncoding))
        let loaded: LoadedCorpus
        do {
            loaded = try CorpusFormat.load(at: URL(fileURLWithPath: path), format: format, displayPath: path, decoder: decoder)
        } catch let error as CorpusError {
            StandardError.print(error.description)
            throw ExitCode.failure
        }
        if printing {
            for diagnostic in loaded.diagnostics.sortedByLocation() { StandardError.print(diagnostic.description) }
        }
        if loaded.diagnostics.containsErrors && !allowingErrors { throw ExitCode.failure }
        return loaded
    }
}
