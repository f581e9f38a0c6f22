import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

extension FrameComparison {
    /// The gold frame of `utterance` beside `parse`; on word-annotated corpora (`wordLevel`) the
    /// predicted spans are projected onto the words first (``WordProjection``).
    /// - Parameter phrases: an entity value's identifier → its canonical phrase, so that a gold
    ///   value written either way counts as resolved.
    init(_ utterance: Utterance, _ parse: IntentParse, wordLevel: Bool, phrases: [String: String]) {
        let spans = parse.slots.map { Span(name: $0.name, start: $0.range.lowerBound, end: $0.range.upperBound) }
        let names: [[String]] = parse.slots.map { slot in
            guard case .custom(let identifier)? = slot.value else { return [] }
            return [identifier] + (phrases[identifier].map { [$0] } ?? [])
        }
        // Each slot's resolution, when the parse resolved its parameters.
        let outcomes: [Outcome?] = parse.slots.map { slot in
            guard let resolved = parse.parameters.first(where: { $0.slot == slot }) else { return nil }
            var candidates = [[String]]()
            if case .disambiguation(let list) = resolved.resolution { candidates = list.map { [$0.identifier, $0.phrase] } }
            return Outcome(name: resolved.resolution.outcome, candidates: candidates)
        }
        var predicted = spans, predictedValues = names, predictedOutcomes = outcomes
        if wordLevel {
            predicted = WordProjection.project(spans, onto: WordProjection.words(of: utterance.text))
            predictedValues = predicted.map { span in spans.firstIndex(of: span).map { names[$0] } ?? [] }
            predictedOutcomes = predicted.map { span in spans.firstIndex(of: span).flatMap { outcomes[$0] } }
        }
        self.init(
            text: utterance.text, goldIntent: utterance.intent, predictedIntent: parse.intent, confidence: parse.confidence,
            goldSlots: utterance.slots.map { Span(name: $0.name, start: $0.range.lowerBound, end: $0.range.upperBound) },
            predictedSlots: predicted, goldValues: utterance.slots.map(\.value), predictedValues: predictedValues,
            predictedOutcomes: predictedOutcomes)
    }

    /// Entity value identifier → canonical phrase, from a model's schema.
    static func phrases(of schema: Schema) -> [String: String] {
        var phrases = [String: String]()
        for entity in schema.entities {
            for value in entity.values where phrases[value.identifier] == nil { phrases[value.identifier] = value.phrase }
        }
        return phrases
    }
}
