import Foundation
import IntentKit
import IntentKitCorpus

extension FrameComparison {
    /// The gold frame of `utterance` beside `parse`, whose slots are scored exactly as `parse`
    /// returns them (name and scalar range), on word-annotated corpora too: a slot that covers
    /// part of a gold word does not match it.
    /// - Parameters:
    ///   - phrases: an entity value's identifier → its canonical phrase, so that a gold value
    ///     written either way counts as resolved.
    ///   - outOfScopeIntents: the gold intents that mean "out of scope"; they and an out-of-scope
    ///     parse become ``outOfScopeLabel``.
    ///   - judgedConfidence: the confidence the parser's minimum judged the parse by
    ///     (`IntentParser.judgedConfidence(of:workspace:)`), when it is not the parse's own.
    public init(
        _ utterance: Utterance, _ parse: IntentParse, phrases: [String: String],
        outOfScopeIntents: Set<String> = Set(OutOfScopeCalibration.conventionalIntentNames), judgedConfidence: Double? = nil
    ) {
        let spans = parse.slots.map { Span(name: $0.name, start: $0.range.lowerBound, end: $0.range.upperBound) }
        let names: [[String]] = parse.slots.map { Self.names(of: $0.value, phrases: phrases) }
        // Each slot's resolution, when the parse resolved its parameters.
        let outcomes: [Outcome?] = parse.slots.map { slot in
            guard let resolved = parse.parameters.first(where: { $0.slot == slot }) else { return nil }
            var candidates = [[String]]()
            if case .disambiguation(let list) = resolved.resolution { candidates = list.map { [$0.identifier, $0.phrase] } }
            return Outcome(name: resolved.resolution.outcome, candidates: candidates)
        }
        self.init(
            text: utterance.text, goldIntent: outOfScopeIntents.contains(utterance.intent) ? Self.outOfScopeLabel : utterance.intent,
            predictedIntent: parse.isOutOfScope ? Self.outOfScopeLabel : parse.intent, confidence: parse.confidence,
            goldSlots: utterance.slots.map { Span(name: $0.name, start: $0.range.lowerBound, end: $0.range.upperBound) },
            predictedSlots: spans, goldValues: utterance.slots.map { $0.value.map(Self.comparableValue) }, predictedValues: names,
            predictedOutcomes: outcomes, judgedConfidence: judgedConfidence)
    }

    /// The names a resolved value answers to: an entity value's identifier and its canonical
    /// phrase, or a built-in value's description ("12.5 USD", "6", "2026-11-23 (day)").
    static func names(of value: SlotValue?, phrases: [String: String]) -> [String] {
        switch value {
        case .custom(let identifier)?: return [identifier] + (phrases[identifier].map { [$0] } ?? [])
        case let value?: return [value.readableDescription]
        case nil: return []
        }
    }

    /// A gold value as it compares with ``names(of:phrases:)``: a value written as one built-in
    /// entity, whole ("12.50 USD", "six", "2026-11-23"), becomes that entity's description
    /// ("12.5 USD", "6", "2026-11-23 (day)"); any other value ("Sparkle Van") stays as written.
    static func comparableValue(_ gold: String) -> String {
        let matches = goldValueReader.extract(from: gold, reference: Evaluator.referenceDate)
        guard matches.count == 1, let match = matches.first, match.range == 0..<gold.unicodeScalars.count else { return gold }
        return match.value.readableDescription
    }

    /// Reads gold values in UTC, against the evaluation's fixed reference moment.
    private static let goldValueReader: BuiltinEntityExtractor = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return BuiltinEntityExtractor(calendar: calendar)
    }()

    /// Entity value identifier → canonical phrase, from a model's schema.
    public static func phrases(of schema: Schema) -> [String: String] {
        var phrases = [String: String]()
        for entity in schema.entities {
            for value in entity.values where phrases[value.identifier] == nil { phrases[value.identifier] = value.phrase }
        }
        return phrases
    }
}

extension Evaluator {
    /// The moment relative dates resolve against when a corpus is scored: fixed, so that the
    /// same model and corpus give the same report on every run.
    public static let referenceDate = Date(timeIntervalSince1970: 1_795_334_400)

    /// Parses every utterance with `parser`, as `intentkit parse` does, and compares each parse
    /// with the utterance's gold frame: the one parse → compare step behind every score IntentKit
    /// reports (`evaluate`, `train --dev`, `cross-validate`).
    /// - Parameter resolving: also resolve every parameter, for the resolution outcomes
    ///   (slower; the intent and slot scores do not depend on it).
    public func comparisons(of parser: IntentParser, on utterances: [Utterance], resolving: Bool = true) -> [FrameComparison] {
        var workspace = parser.makeWorkspace()
        let phrases = FrameComparison.phrases(of: parser.model.schema)
        var outOfScope = Set(OutOfScopeCalibration.conventionalIntentNames)
        if let name = parser.model.intentClassifier?.outOfScope.intent { outOfScope.insert(name) }
        return utterances.map { utterance in
            let parse = parser.parse(utterance.text, workspace: &workspace, alternatives: 0, resolving: resolving, reference: Self.referenceDate)
            return FrameComparison(utterance, parse, phrases: phrases, outOfScopeIntents: outOfScope,
                                   judgedConfidence: parser.judgedConfidence(of: parse, workspace: workspace))
        }
    }

    /// Scores `parser` on `utterances` (see ``comparisons(of:on:resolving:)``).
    public func evaluate(_ parser: IntentParser, on utterances: [Utterance], resolving: Bool = true) -> EvaluationReport {
        var evaluator = self
        evaluator.minimumConfidence = parser.minimumConfidence
        return evaluator.evaluate(comparisons(of: parser, on: utterances, resolving: resolving))
    }
}
