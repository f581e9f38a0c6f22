import IntentKit

extension NativeFormat {
    /// The corpus as native YAML text.
    public static func yaml(of corpus: Corpus) -> String {
        document(of: corpus).yaml()
    }

    /// The corpus as native JSON text: the same tree as the YAML.
    public static func json(of corpus: Corpus) -> String {
        document(of: corpus).json() + "\n"
    }

    static func document(of corpus: Corpus) -> DocumentTree {
        let utterancesByIntent = Dictionary(grouping: corpus.utterances, by: \.intent)
        func intents(of domain: Domain) -> DocumentTree {
            .array(domain.intents.map { intent in
                var pairs: [(String, DocumentTree)] = [("name", .string(intent.name))]
                if !intent.parameters.isEmpty {
                    pairs.append(("parameters", .array(intent.parameters.map(parameterTree))))
                }
                pairs += intentDefinitionPairs(intent)
                let utterances = utterancesByIntent[intent.name] ?? []
                pairs.append(("utterances", .array(utterances.map { .string(AnnotatedText.render($0.text, slots: $0.slots)) })))
                return .object(pairs)
            })
        }
        var root: [(String, DocumentTree)] = []
        if let language = corpus.schema.language { root.append(("language", .string(language))) }
        if corpus.schema.domains.count == 1, let domain = corpus.schema.domains.first {
            root.append(("domain", .string(domain.name)))
            if !corpus.schema.entities.isEmpty { root.append(("entities", .array(corpus.schema.entities.map(entityTree)))) }
            root.append(("intents", intents(of: domain)))
        } else {
            if !corpus.schema.entities.isEmpty { root.append(("entities", .array(corpus.schema.entities.map(entityTree)))) }
            root.append(("domains", .array(corpus.schema.domains.map {
                .object([("name", .string($0.name)), ("intents", intents(of: $0))])
            })))
        }
        return .object(root)
    }

    private static func parameterTree(_ parameter: Parameter) -> DocumentTree {
        var pairs: [(String, DocumentTree)] = [("name", .string(parameter.name)), ("entity", .string(parameter.entity.name))]
        if parameter.isRequired { pairs.append(("required", .bool(true))) }
        if let prompt = parameter.prompt { pairs.append(("prompt", .string(prompt))) }
        if parameter.allowsMultipleValues { pairs.append(("multipleValues", .bool(true))) }
        return .object(pairs)
    }

    /// An intent's patterns, shortcut types, responses and response parameters, where it has them.
    private static func intentDefinitionPairs(_ intent: IntentDefinition) -> [(String, DocumentTree)] {
        var pairs: [(String, DocumentTree)] = []
        if !intent.patterns.isEmpty { pairs.append(("patterns", .array(intent.patterns.map { DocumentTree.string($0) }))) }
        if !intent.shortcutTypes.isEmpty {
            pairs.append(("shortcuts", .array(intent.shortcutTypes.map { shortcut in
                var fields: [(String, DocumentTree)] = [("parameters", .array(shortcut.parameters.map { DocumentTree.string($0) })),
                                                        ("title", .string(shortcut.title))]
                if let subtitle = shortcut.subtitle { fields.append(("subtitle", .string(subtitle))) }
                return .object(fields)
            })))
        }
        if !intent.responses.isEmpty {
            pairs.append(("responses", .array(intent.responses.map { response in
                var fields: [(String, DocumentTree)] = [("code", .string(response.code))]
                if response.isSuccess { fields.append(("success", .bool(true))) }
                fields.append(("text", .string(response.text)))
                if let concise = response.conciseText { fields.append(("concise", .string(concise))) }
                return .object(fields)
            })))
        }
        if !intent.responseParameters.isEmpty {
            pairs.append(("responseParameters", .array(intent.responseParameters.map(parameterTree))))
        }
        return pairs
    }

    private static func entityTree(_ entity: Entity) -> DocumentTree {
        var pairs: [(String, DocumentTree)] = [("name", .string(entity.name))]
        if !entity.allowsOtherValues { pairs.append(("allowsOtherValues", .bool(false))) }
        if entity.values.isEmpty { return .object(pairs) }
        pairs.append(("values", .array(entity.values.map { value in
            var fields: [(String, DocumentTree)] = [("phrase", .string(value.phrase))]
            if value.identifier != value.phrase { fields.append(("id", .string(value.identifier))) }
            if !value.synonyms.isEmpty { fields.append(("synonyms", .array(value.synonyms.map { DocumentTree.string($0) }))) }
            if let pronunciation = value.pronunciation { fields.append(("pronunciation", .string(pronunciation))) }
            if !value.examples.isEmpty { fields.append(("examples", .array(value.examples.map { DocumentTree.string($0) }))) }
            return fields.count == 1 ? .string(value.phrase) : .object(fields)
        })))
        return .object(pairs)
    }
}
