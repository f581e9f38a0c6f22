import ArgumentParser
import IntentKitCorpus

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a corpus and report every problem at its file:line:column.",
        discussion: "Exits with status 1 when there are errors (or warnings, with --strict).")

    @OptionGroup var input: CorpusInputOptions

    @Option(help: "Warn about intents with fewer utterances than this.")
    var minExamples = CorpusValidator().minimumExamples

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let loaded = try input.read()
        let findings = CorpusValidator(minimumExamples: minExamples).validate(loaded.corpus, source: SourceLocation(file: input.path))
        let all = (loaded.diagnostics + findings).sortedByLocation()
        for diagnostic in all { StandardError.print(diagnostic.description) }
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.count - errors
        print("\(input.path): \(counted(loaded.corpus.utterances.count, "utterance")), \(counted(loaded.corpus.schema.intents.count, "intent")): \(counted(errors, "error")), \(counted(warnings, "warning"))")
        if let note = OutOfScopeNote.note(for: loaded.corpus) { print(note) }
        if errors > 0 || (strict && warnings > 0) { throw ExitCode.failure }
    }
}
