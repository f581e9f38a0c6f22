import IntentKit

/// What of a corpus's schema a format cannot hold, one line per kind with its count: the
/// warnings `intentkit import` prints (and `--strict` refuses on). Rasa's formats hold the
/// utterances, their annotations, lookup tables and synonyms, but no domains, no closed
/// entities, no types for parameters (an annotation names the entity itself), no required
/// flags, prompts, pronunciations, value identifiers or entity examples; BIO and CoNLL hold the
/// utterances and slot names only.
enum SchemaLosses {
    static func losses(of schema: Schema, in format: CorpusFormat) -> [String] {
        switch format {
        case .yaml, .json, .snips, .snips2017, .appIntentVocabulary, .intentDefinition, .appIntents: return []
        case .bio, .conll: return bioLosses(of: schema) + intentLosses(of: schema) + languageLosses(of: schema, format: format)
        case .rasaJSON, .rasaYAML: return rasaLosses(of: schema) + intentLosses(of: schema) + languageLosses(of: schema, format: format)
        }
    }

    /// The corpus's language, which these formats' data files do not say (Rasa keeps it in its
    /// pipeline's config.yml).
    private static func languageLosses(of schema: Schema, format: CorpusFormat) -> [String] {
        guard let language = schema.language else { return [] }
        let place = format == .rasaJSON || format == .rasaYAML ? " (Rasa's config.yml says it: language: \(language))" : ""
        return ["the corpus's language (\(language)) not written\(place)"]
    }

    private static func rasaLosses(of schema: Schema) -> [String] {
        var losses = [String]()
        func note(_ count: Int, _ singular: String, _ plural: String, _ what: String) {
            if count > 0 { losses.append("\(count) \(count == 1 ? singular : plural) \(what)") }
        }
        let parameters = schema.intents.flatMap(\.parameters)
        let values = schema.entities.flatMap(\.values)
        if schema.domains.count > 1 { losses.append("\(schema.domains.count) domains written as one (Rasa has no domains)") }
        note(schema.entities.filter { !$0.allowsOtherValues }.count, "closed entity", "closed entities",
             "written as lookup tables, which Rasa reads as hints (allowsOtherValues: false is lost)")
        note(parameters.filter { if case .builtin = $0.entity { true } else { false } }.count, "parameter", "parameters",
             "typed by a built-in entity (builtin.…) written as plain annotations (a Rasa pipeline extracts those with Duckling)")
        note(parameters.filter { if case .custom(let entity) = $0.entity { entity != $0.name } else { false } }.count, "parameter", "parameters",
             "whose entity type has another name (payee: contact) written under the parameter's name only (a Rasa annotation names the entity)")
        note(parameters.filter(\.isRequired).count, "required flag", "required flags", "not written (Rasa has none)")
        note(parameters.filter { $0.prompt != nil }.count, "prompt", "prompts", "not written (Rasa keeps prompts in the domain, not the NLU data)")
        note(values.filter { $0.pronunciation != nil }.count, "pronunciation hint", "pronunciation hints", "not written (Rasa has none)")
        note(values.filter { $0.identifier != $0.phrase }.count, "value identifier", "value identifiers",
             "not written (a Rasa synonym maps to the value's phrase)")
        note(values.filter { !$0.examples.isEmpty }.count, "value with examples", "values with examples", "written without them")
        return losses
    }

    /// What only IntentKit's own formats hold of an intent: patterns, shortcut types, responses.
    private static func intentLosses(of schema: Schema) -> [String] {
        var losses = [String]()
        func note(_ count: Int, _ singular: String, _ plural: String) {
            if count > 0 { losses.append("\(count) \(count == 1 ? singular : plural) not written (the format has none)") }
        }
        let intents = schema.intents
        note(intents.reduce(0) { $0 + $1.patterns.count }, "utterance pattern", "utterance patterns")
        note(intents.reduce(0) { $0 + $1.shortcutTypes.count }, "shortcut type", "shortcut types")
        note(intents.reduce(0) { $0 + $1.responses.count }, "response template", "response templates")
        note(intents.reduce(0) { $0 + $1.responseParameters.count }, "response parameter", "response parameters")
        note(intents.flatMap(\.parameters).filter(\.allowsMultipleValues).count, "multiple-values flag", "multiple-values flags")
        return losses
    }

    private static func bioLosses(of schema: Schema) -> [String] {
        var losses = [String]()
        func counted(_ count: Int, _ singular: String, _ plural: String) -> String { "\(count) \(count == 1 ? singular : plural)" }
        let values = schema.entities.flatMap(\.values)
        let parameters = schema.intents.flatMap(\.parameters)
        if schema.domains.count > 1 { losses.append("\(schema.domains.count) domains written as one (the format has none)") }
        var lost = [String]()
        if !schema.entities.isEmpty {
            lost.append(counted(schema.entities.count, "entity", "entities") + " (" + counted(schema.entities.filter { !$0.allowsOtherValues }.count, "closed entity", "closed entities") + ")")
            lost.append(counted(values.count, "value", "values"))
            lost.append(counted(values.reduce(0) { $0 + $1.synonyms.count }, "synonym", "synonyms"))
            lost.append(counted(values.filter { $0.pronunciation != nil }.count, "pronunciation hint", "pronunciation hints"))
            lost.append(counted(values.filter { $0.identifier != $0.phrase }.count, "value identifier", "value identifiers"))
        }
        let builtin = parameters.filter { if case .builtin = $0.entity { true } else { false } }.count
        if !parameters.isEmpty {
            lost.append("the types of " + counted(parameters.count, "parameter", "parameters") + " (" + counted(builtin, "built-in", "built-in") + ")")
            lost.append(counted(parameters.filter(\.isRequired).count, "required flag", "required flags"))
            lost.append(counted(parameters.filter { $0.prompt != nil }.count, "prompt", "prompts"))
        }
        if !lost.isEmpty { losses.append("the schema not written: " + lost.joined(separator: ", ") + " (the format has utterances and slot names only)") }
        return losses
    }
}
