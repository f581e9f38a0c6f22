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

    /// Loads the corpus and checks it (``CorpusValidator``), printing the reader's diagnostics
    /// and the validator's errors on stderr (with `countingWarnings`, its warnings as one line
    /// counting them); exits with status 1 when the input cannot be read or has errors.
    func load(countingWarnings: Bool = false) throws -> LoadedCorpus {
        var loaded = try read()
        let findings = CorpusValidator().validate(loaded.corpus, source: SourceLocation(file: path))
        loaded.diagnostics += findings.filter { $0.severity == .error }
        let warnings = findings.count { $0.severity == .warning }
        for diagnostic in loaded.diagnostics.sortedByLocation() { StandardError.print(diagnostic.description) }
        if countingWarnings && warnings > 0 {
            StandardError.print("\(path): \(warnings) warning\(warnings == 1 ? "" : "s") from the validator; `intentkit validate \(path)` lists them")
        }
        if loaded.diagnostics.containsErrors { throw ExitCode.failure }
        return loaded
    }

    /// Reads the corpus without printing or judging what the reader noticed.
    func read() throws -> LoadedCorpus {
        let decoder = TextDecoder(options: .init(repairSurrogatePairs: repairEncoding))
        do {
            return try CorpusFormat.load(at: URL(fileURLWithPath: path), format: format, displayPath: path, decoder: decoder)
        } catch let error as CorpusError {
            StandardError.print(error.description)
            throw ExitCode.failure
        }
    }
}
