import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus

/// `--vocabulary FILE`: a user's terms handed to the parser at run time.
struct VocabularyOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "User vocabulary to match and resolve against: YAML or JSON mapping entity names to terms (a phrase, or {phrase, id, pronunciation, alternatives}), highest priority first; or an AppIntentVocabulary.plist.",
            valueName: "file"),
        completion: .file())
    var vocabulary: String?

    /// `parser` with the vocabulary, if one was given; a file that does not read prints its
    /// problems and exits with status 1. Entity types the model cannot use are reported.
    func apply(to parser: IntentParser) throws -> IntentParser {
        guard let path = vocabulary else { return parser }
        let terms: [String: [VocabularyTerm]]
        do {
            terms = try UserVocabularyFormat.read(at: URL(fileURLWithPath: path), displayPath: path)
        } catch {
            StandardError.print("\(error)")
            throw ExitCode.failure
        }
        for entity in terms.keys.sorted() where !parser.knowsVocabulary(of: entity) {
            let known = parser.model.schema.entity(named: entity) != nil
            StandardError.print("\(path): warning: the model has no vocabulary features for '\(entity)'"
                + (known ? "; its terms only resolve slots" : " and its schema no such entity; its terms are unused"))
        }
        return parser.using(UserVocabulary(terms))
    }
}
