import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus

/// `--shortcuts FILE`, `--history FILE` and `--reservations FILE`: a user's shortcut phrases,
/// interactions and reservations handed to the parser at run time.
struct ShortcutsOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A user's shortcut phrases: YAML or JSON, a list of {phrase, intent, parameters, id}; an utterance that is one of the phrases parses to that shortcut's intent and values.",
            valueName: "file"),
        completion: .file())
    var shortcuts: String?

    @Option(
        help: ArgumentHelp(
            "With --shortcuts and a model trained with the sentence encoder, also match an utterance whose encoder vector is at least this similar (cosine, up to 1) to a phrase's: the shortcut said another way.",
            valueName: "s"))
    var shortcutSimilarity: Double?

    @Option(
        help: ArgumentHelp(
            "A user's recent interactions as priors: YAML or JSON, a list of {intent, parameters, date}; an unsure parse leans to the intents they use, and a required value they habitually give is proposed.",
            valueName: "file"),
        completion: .file())
    var history: String?

    @Option(
        help: ArgumentHelp(
            "With --history, how far it may raise an intent's odds: an unsure parse's probabilities are multiplied by at most 1 + w (default 2).",
            valueName: "w"))
    var historyWeight: Double?

    /// `parser` with the shortcuts, if a file was given; one that does not read, or names an
    /// intent, parameter or value the model's schema lacks, prints its problems and exits 1.
    @Option(
        help: ArgumentHelp(
            "A user's reservations: YAML or JSON, a list of {id, category, start, end, phrase, number, place, from, to, party, status}; with --resolve, a parameter of the entity builtin.reservation resolves to the one a request points at.",
            valueName: "file"),
        completion: .file())
    var reservations: String?

    func validate() throws {
        if let historyWeight {
            guard history != nil else { throw ValidationError("--history-weight needs --history") }
            guard historyWeight >= 0, historyWeight.isFinite else { throw ValidationError("--history-weight must be 0 or more") }
        }
        guard let shortcutSimilarity else { return }
        guard shortcuts != nil else { throw ValidationError("--shortcut-similarity needs --shortcuts") }
        guard (0...1).contains(shortcutSimilarity) else { throw ValidationError("--shortcut-similarity must be between 0 and 1") }
    }

    func apply(to parser: IntentParser, now: Date = Date()) throws -> IntentParser {
        var parser = parser
        if let shortcutSimilarity {
            guard parser.model.intentClassifier?.encoder != nil else {
                StandardError.print("error: --shortcut-similarity needs a model trained with the sentence encoder (train --encoder); this one has none")
                throw ExitCode.failure
            }
            parser.shortcutSimilarity = shortcutSimilarity
        }
        do {
            if let path = shortcuts {
                let read = UserShortcuts(try UserShortcutsFormat.read(at: URL(fileURLWithPath: path), displayPath: path, schema: parser.model.schema))
                parser = parser.using(parser.shortcutSimilarity == nil ? read : read.encoded(by: parser))
            }
            if let path = reservations {
                parser = parser.using(UserReservations(try UserReservationsFormat.read(at: URL(fileURLWithPath: path), displayPath: path)))
            }
            if let historyWeight { parser.historyWeight = historyWeight }
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
