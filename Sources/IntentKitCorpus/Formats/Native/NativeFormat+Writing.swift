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
                let utterances = utterancesByIntent[intent.name] ?? []
                pairs.append(("utterances", .array(utterances.map { .string(AnnotatedText.render($0.text, slots: $0.slots)) })))
                return .object(pairs)
            })
        }
        var root: [(String, DocumentTree)] = []
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
        return .object(pairs)
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
