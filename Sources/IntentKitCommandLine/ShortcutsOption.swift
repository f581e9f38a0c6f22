import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus

/// `--shortcuts FILE` and `--history FILE`: a user's shortcut phrases and interactions handed
/// to the parser at run time.
struct ShortcutsOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A user's shortcut phrases: YAML or JSON, a list of {phrase, intent, parameters, id}; an utterance that is one of the phrases parses to that shortcut's intent and values.",
            valueName: "file"),
        completion: .file())
    var shortcuts: String?

    @Option(
        help: ArgumentHelp(
            "A user's recent interactions as priors: YAML or JSON, a list of {intent, parameters, date}; an unsure parse leans to the intents they use, and a required value they habitually give is proposed.",
            valueName: "file"),
        completion: .file())
    var history: String?

    /// `parser` with the shortcuts, if a file was given; one that does not read, or names an
    /// intent, parameter or value the model's schema lacks, prints its problems and exits 1.
    func apply(to parser: IntentParser, now: Date = Date()) throws -> IntentParser {
        var parser = parser
        do {
            if let path = shortcuts {
                parser = parser.using(UserShortcuts(try UserShortcutsFormat.read(at: URL(fileURLWithPath: path), displayPath: path, schema: parser.model.schema)))
            }
            if let path = history {
                parser = parser.using(UserHistory(try UserHistoryFormat.read(at: URL(fileURLWithPath: path), displayPath: path, schema: parser.model.schema), now: now))
            }
        } catch {
            StandardError.print("\(error)")
            throw ExitCode.failure
        }
        return parser
    }
}
