import IntentKit

/// Rasa keeps entity values in two flat lists: lookup tables (name → elements) and synonyms
/// (canonical value → other texts). These helpers map them onto IntentKit entities and back.
enum RasaVocabulary {
    /// Entities from lookup tables, with synonyms attached to the value whose phrase they share,
    /// or else to the entity whose annotations use that value (as an annotated value, or as the
    /// words annotated). Returns warnings for synonyms
    /// that fit no entity.
    static func entities(
        lookups: [(name: String, elements: [String])], synonyms: [(value: String, synonyms: [String])],
        utterances: [Utterance], file: String
    ) -> ([Entity], [Diagnostic]) {
        var entities = lookups.map { Entity(name: $0.name, values: $0.elements.map { EntityValue(phrase: $0) }) }
        var warnings = [Diagnostic]()
        for synonym in synonyms {
            if let entityIndex = entities.firstIndex(where: { $0.values.contains { $0.phrase == synonym.value } }),
               let valueIndex = entities[entityIndex].values.firstIndex(where: { $0.phrase == synonym.value }) {
                entities[entityIndex].values[valueIndex].synonyms += synonym.synonyms
            } else if let slot = utterances.lazy.flatMap({ utterance in
                // Annotated with the value, or with the value's own words.
                utterance.slots.lazy.filter { $0.value == synonym.value || ($0.value == nil && utterance.text(of: $0) == synonym.value) }
            }).first {
                if let entityIndex = entities.firstIndex(where: { $0.name == slot.name }) {
                    entities[entityIndex].values.append(EntityValue(phrase: synonym.value, synonyms: synonym.synonyms))
                } else {
                    entities.append(Entity(name: slot.name, values: [EntityValue(phrase: synonym.value, synonyms: synonym.synonyms)]))
                }
            } else {
                warnings.append(Diagnostic(.warning, "synonym value '\(synonym.value)' is neither in a lookup table nor used by an annotation; skipped", at: SourceLocation(file: file)))
            }
        }
        return (entities, warnings)
    }

    /// Lookup tables and synonyms for the custom entities of `schema`.
    static func lists(of schema: Schema) -> (lookups: [(name: String, elements: [String])], synonyms: [(value: String, synonyms: [String])]) {
        let withValues = schema.entities.filter { !$0.values.isEmpty }
        return (withValues.map { ($0.name, $0.values.map(\.phrase)) },
                withValues.flatMap { $0.values.filter { !$0.synonyms.isEmpty }.map { ($0.phrase, $0.synonyms) } })
    }
}
