import Foundation

/// Rasa NLU's legacy JSON: `{"rasa_nlu_data": {"common_examples": [{"text", "intent",
/// "entities": [{"start", "end", "value", "entity"}]}], "entity_synonyms": […], "lookup_tables": […]}}`.
///
/// Offsets are Unicode scalar offsets (Python string indices). An entity's `value`, when it
/// differs from the text it covers, becomes the annotation's canonical value; its role and group
/// become part of the slot's name (``RasaEntityName``), and are written back from it. Regex
/// features and lookup tables that point at files are skipped, each with a located warning.
public enum RasaJSONFormat {
    /// Reads a Rasa JSON file.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let decoded = try decoder.decodeFile(at: url, displayPath: displayPath)
        let root = try JSONFileValue.parse(decoded.text, file: displayPath)
        guard let data = root["rasa_nlu_data"] else { throw root.failure("no \"rasa_nlu_data\"") }
        var diagnostics = decoded.repairs
        var utterances = [Utterance]()
        for example in try (data["common_examples"]?.array() ?? []) {
            guard let textValue = example["text"] else { throw example.failure("an example has no \"text\"") }
            let text = try textValue.string()
            guard let intent = try example["intent"]?.string() else { throw example.failure("an example has no \"intent\"") }
            let scalars = Array(text.unicodeScalars)
            var slots = [SlotAnnotation]()
            for entity in try (example["entities"]?.array() ?? []) {
                guard let start = try entity["start"]?.int(), let end = try entity["end"]?.int(),
                      let name = try entity["entity"]?.string() else {
                    throw entity.failure("an entity needs \"start\", \"end\" and \"entity\"")
                }
                guard 0 <= start, start < end, end <= scalars.count else {
                    throw entity.failure("offsets \(start)..<\(end) are outside the text (\(scalars.count) characters)")
                }
                let slotName = RasaEntityName.slotName(entity: name, role: try entity["role"]?.string(), group: try Self.group(entity["group"]))
                let covered = String(String.UnicodeScalarView(scalars[start..<end]))
                let value = try entity["value"]?.string()
                slots.append(SlotAnnotation(name: slotName, range: start..<end, value: value == covered ? nil : value))
            }
            slots.sort { $0.range.lowerBound < $1.range.lowerBound }
            // Slot columns count from the text's first character, after its opening quote.
            utterances.append(Utterance(text: text, intent: intent, slots: slots, location: textValue.location.advanced(by: 1)))
        }
        let regexes = try (data["regex_features"]?.array() ?? []).map { pattern in
            (name: (try? pattern["name"]?.string()) ?? "(unnamed)", location: Optional(pattern.location))
        }
        if let warning = RasaRegexes.warning(regexes) { diagnostics.append(warning) }
        var lookups = [(name: String, elements: [String])]()
        for table in try (data["lookup_tables"]?.array() ?? []) {
            guard let name = try table["name"]?.string() else { throw table.failure("a lookup table has no \"name\"") }
            if let elements = table["elements"], elements.isArray {
                lookups.append((name, try elements.array().map { try $0.string() }))
            } else {
                diagnostics.append(Diagnostic(.warning, "lookup table '\(name)' refers to a file; only inline elements are read", at: table.location))
            }
        }
        let synonyms = try (data["entity_synonyms"]?.array() ?? []).map { item in
            (value: try item["value"]?.string() ?? "", synonyms: try (item["synonyms"]?.array() ?? []).map { try $0.string() })
        }
        let (entities, warnings) = RasaVocabulary.entities(lookups: lookups, synonyms: synonyms, utterances: utterances, file: displayPath)
        let schema = SchemaInference.schema(domain: url.deletingPathExtension().lastPathComponent, utterances: utterances, entities: entities)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances), diagnostics: diagnostics + warnings)
    }

    /// A Rasa group: a string, or a number as Rasa's examples write it.
    private static func group(_ value: JSONFileValue?) throws -> String? {
        guard let value else { return nil }
        if case .number(_, let integer?) = value.value.content { return String(integer) }
        return try value.string()
    }

    /// The corpus as Rasa JSON text.
    public static func json(of corpus: Corpus) -> String {
        let examples: [DocumentTree] = corpus.utterances.map { utterance in
            .object([
                ("text", .string(utterance.text)),
                ("intent", .string(utterance.intent)),
                ("entities", .array(utterance.slots.map { slot -> DocumentTree in
                    let parts = RasaEntityName.parts(of: slot.name)
                    var fields: [(String, DocumentTree)] = [
                        ("start", .int(slot.range.lowerBound)), ("end", .int(slot.range.upperBound)),
                        ("value", .string(slot.value ?? utterance.text(of: slot))), ("entity", .string(parts.entity)),
                    ]
                    if let role = parts.role { fields.append(("role", .string(role))) }
                    if let group = parts.group { fields.append(("group", .string(group))) }
                    return DocumentTree.object(fields)
                })),
            ])
        }
        let lists = RasaVocabulary.lists(of: corpus.schema)
        let root = DocumentTree.object([("rasa_nlu_data", .object([
            ("common_examples", .array(examples)),
            ("entity_synonyms", .array(lists.synonyms.map { .object([("value", .string($0.value)), ("synonyms", .array($0.synonyms.map { DocumentTree.string($0) }))]) })),
            ("lookup_tables", .array(lists.lookups.map { .object([("name", .string($0.name)), ("elements", .array($0.elements.map { DocumentTree.string($0) }))]) })),
        ]))])
        return root.json() + "\n"
    }
}
