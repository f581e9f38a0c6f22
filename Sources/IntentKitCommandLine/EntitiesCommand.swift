import ArgumentParser
import Foundation
import IntentKit

struct EntitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entities",
        abstract: "Find the built-in entities of text: numbers, ordinals, percentages, money, durations, temperatures, dates.",
        discussion: """
            No model needed: the built-in grammars alone. With a text argument, prints its \
            entities; without one, reads lines from stdin and answers each line (a line that is \
            not valid UTF-8 is an error, skipped with a warning under --lenient). Plain output is \
            one entity a line: start-end, kind, the words in quotes, the value. With --json, each \
            input gives one JSON object on a line: {"text": …, "entities": [{"kind", "text", \
            "start", "end", "value"}]}, start and end counting Unicode scalars, end exclusive, \
            value as a parse's slot value ({"kind", "value", "unit"}). Overlapping candidates: \
            the longest wins, then the more specific kind (date, money, temperature, duration, \
            percentage, ordinal, number).
            """)

    @Argument(help: "The text; omit to read lines from stdin.")
    var text: String?

    @Option(name: [.customLong("reference"), .customLong("reference-date")],
            help: ArgumentHelp("Resolve relative dates against this moment, ISO 8601: YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS], with an optional Z or ±HH:MM (default: now).", valueName: "date"))
    var reference: String?

    @Option(help: ArgumentHelp("The time zone dates are resolved in, as an identifier (Europe/Paris, UTC) (default: the machine's).", valueName: "zone"))
    var timeZone: String?

    @Option(help: ArgumentHelp("Only these kinds, comma-separated: \(BuiltinEntity.allCases.map(\.rawValue).joined(separator: ", ")) (default: all).", valueName: "kinds"))
    var kinds: String?

    @Option(help: ArgumentHelp("The text's language, a BCP 47 tag (default: en). Grammars: \(BuiltinEntityExtractor.supportedLanguages.joined(separator: ", ")).", valueName: "tag"))
    var language: String?

    @Flag(help: "Write JSON, one object per input.")
    var json = false

    @Flag(help: "Skip input lines that are not valid UTF-8 with a warning, instead of stopping with an error.")
    var lenient = false

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil { throw ValidationError("--time-zone '\(timeZone)' is not a time zone identifier (for example UTC or Europe/Paris)") }
        if let reference, Self.date(reference, in: zone) == nil {
            throw ValidationError("--reference '\(reference)' is not ISO 8601 (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally with Z or ±HH:MM)")
        }
        _ = try selectedKinds()
        if let language {
            guard Schema.isLanguageTag(language) else { throw ValidationError("--language '\(language)' is not a BCP 47 language tag (for example en, fr or fr-CA)") }
            let primary = language.split(separator: "-").first!.lowercased()
            guard BuiltinEntityExtractor.supportedLanguages.contains(primary) else {
                throw ValidationError("--language '\(language)': the built-in grammars read \(BuiltinEntityExtractor.supportedLanguages.joined(separator: ", "))")
            }
        }
    }

    private var zone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? .current }

    private func selectedKinds() throws -> Set<BuiltinEntity> {
        guard let kinds else { return Set(BuiltinEntity.allCases) }
        var selected = Set<BuiltinEntity>()
        for name in kinds.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let kind = BuiltinEntity(rawValue: name) ?? BuiltinEntity(qualifiedName: name) else {
                throw ValidationError("--kinds: unknown kind '\(name)'; the kinds are \(BuiltinEntity.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            selected.insert(kind)
        }
        guard !selected.isEmpty else { throw ValidationError("--kinds names no kind") }
        return selected
    }

    func run() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let extractor = BuiltinEntityExtractor(kinds: try selectedKinds(), calendar: calendar, language: language)
        let reference = reference.flatMap { Self.date($0, in: zone) } ?? Date()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = LineOutput()
        func answer(_ line: String) throws {
            let matches = extractor.extract(from: line, reference: reference)
            if json {
                output.append(try encoder.encode(Answer(text: line, entities: matches)))
            } else {
                for match in matches {
                    output.append("\(match.range.lowerBound)-\(match.range.upperBound)\t\(match.kind.rawValue)\t\"\(match.text)\"\t\(match.value.readableDescription)")
                }
            }
        }
        if let text {
            try answer(text)
            output.flush()
            return
        }
        var input = InputLines(lenient: lenient)
        defer { output.flush() }
        while let line = try input.next(beforeBlocking: { output.flush() }) {
            try answer(line)
        }
    }

    private struct Answer: Encodable {
        var text: String
        var entities: [BuiltinEntityMatch]
    }

    /// An ISO 8601 moment: a date, a date and time (minutes or seconds), with an optional
    /// offset; without one, in `zone`.
    static func date(_ text: String, in zone: TimeZone) -> Date? {
        ReferenceDate.date(text, in: zone)
    }
}
