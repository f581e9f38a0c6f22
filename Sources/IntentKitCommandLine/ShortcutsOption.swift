import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus

/// `--shortcuts FILE`: a user's shortcut phrases handed to the parser at run time.
struct ShortcutsOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A user's shortcut phrases: YAML or JSON, a list of {phrase, intent, parameters, id}; an utterance that is one of the phrases parses to that shortcut's intent and values.",
            valueName: "file"),
        completion: .file())
    var shortcuts: String?

    /// `parser` with the shortcuts, if a file was given; one that does not read, or names an
    /// intent, parameter or value the model's schema lacks, prints its problems and exits 1.
    func apply(to parser: IntentParser) throws -> IntentParser {
        guard let path = shortcuts else { return parser }
        do {
            return parser.using(UserShortcuts(try UserShortcutsFormat.read(at: URL(fileURLWithPath: path), displayPath: path, schema: parser.model.schema)))
        } catch {
            StandardError.print("\(error)")
            throw ExitCode.failure
        }
    }
}
