import Foundation
import IntentKit

/// A Snips NLU dataset: `{"language": "en", "intents": {name: {"utterances": [{"data": [chunks]}]}},
/// "entities": {name: {"data": [{"value", "synonyms"}], "automatically_extensible", …}}}`.
///
/// Chunks name their slot in `slot_name` and its type in `entity`; Snips built-ins
/// (`snips/amountOfMoney`, `snips/datetime`, …) map to IntentKit's built-in entities, other
/// `snips/` types stay custom entities of that name.
public enum SnipsDatasetFormat {
    static let builtins: [String: BuiltinEntity] = [
        "snips/number": .number, "snips/ordinal": .ordinal, "snips/amountOfMoney": .amountOfMoney,
        "snips/datetime": .dateTime, "snips/duration": .duration, "snips/percentage": .percentage,
        "snips/temperature": .temperature,
    ]

    /// Reads a Snips NLU dataset file.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let decoded = try decoder.decodeFile(at: url, displayPath: displayPath)
        let root = try JSONFileValue.parse(decoded.text, file: displayPath)
        var entities = [Entity]()
        var warnings = [Diagnostic]()
        for (name, definition) in try (root["entities"]?.object() ?? []) where builtins[name] == nil {
            // Options IntentKit's matching has no counterpart for: said, not dropped silently.
            if let useSynonyms = definition["use_synonyms"], try useSynonyms.bool() == false {
                warnings.append(Diagnostic(.warning, "entity '\(name)': use_synonyms false is not kept: IntentKit resolves a value's synonyms to it", at: useSynonyms.location))
            }
            if let strictness = definition["matching_strictness"], case .number(let value, _) = strictness.value.content, value != 1 {
                warnings.append(Diagnostic(.warning, "entity '\(name)': matching_strictness \(value) is not kept: IntentKit's tagger learns how closely a slot matches the values", at: strictness.location))
            }
            var values = [EntityValue]()
            for item in try (definition["data"]?.array() ?? []) {
                let synonyms = try (item["synonyms"]?.array() ?? []).map { try $0.string() }
                guard let value = try item["value"]?.string() else { throw item.failure("an entity value has no \"value\"") }
                values.append(EntityValue(phrase: value, synonyms: synonyms))
            }
            let extensible = try definition["automatically_extensible"]?.bool() ?? true
            entities.append(Entity(name: name, values: values, allowsOtherValues: extensible))
        }
        var utterances = [Utterance]()
        var entityOfSlot = [String: String]()
        guard let intents = root["intents"] else { throw root.failure("the dataset has no \"intents\"") }
        for (intent, definition) in try intents.object() {
            for item in try (definition["utterances"]?.array() ?? []) {
                guard let data = item["data"] else { throw item.failure("an utterance has no \"data\"") }
                let (utterance, slotEntities) = try SnipsChunks.utterance(data, intent: intent, slotKey: "slot_name",
                                                                          location: SourceLocation(file: displayPath, line: item.location.line))
                utterances.append(utterance)
                for (slot, entity) in slotEntities {
                    entityOfSlot[slot] = builtins[entity]?.qualifiedName ?? entity
                }
            }
        }
        var schema = SchemaInference.schema(
            domain: url.deletingPathExtension().lastPathComponent, utterances: utterances,
            entityOfSlot: entityOfSlot, entities: entities, intentOrder: try intents.object().map(\.key))
        if let languageNode = root["language"] {
            let language = try languageNode.string()
            guard Schema.isLanguageTag(language) else { throw languageNode.failure("\"language\": '\(language)' is not a BCP 47 language tag (such as en, fr, de)") }
            schema.language = Schema.canonicalLanguageTag(language)
        }
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances), diagnostics: decoded.repairs + warnings)
    }
}
