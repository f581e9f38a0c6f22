import IntentKit

/// Accumulates domains, intents and entities from one or more files, reporting duplicates with
/// both places.
struct SchemaBuilder {
    private(set) var schema = Schema()
    private(set) var locations: [SchemaElement: SourceLocation] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    init() {}

    init(schema: Schema, locations: [SchemaElement: SourceLocation]) {
        self.schema = schema
        self.locations = locations
    }

    /// Adds `intent` to the domain `domainName`, creating the domain on first use.
    mutating func add(_ intent: IntentDefinition, toDomain domainName: String, at location: SourceLocation?,
                      parameterLocations: [String: SourceLocation] = [:], patternLocations: [SourceLocation] = []) {
        if schema.intent(named: intent.name) != nil {
            duplicate("intent", intent.name, element: .intent(intent.name), at: location)
            return
        }
        if let index = schema.domains.firstIndex(where: { $0.name == domainName }) {
            schema.domains[index].intents.append(intent)
        } else {
            schema.domains.append(Domain(name: domainName, intents: [intent]))
        }
        locations[.intent(intent.name)] = location
        for (name, place) in parameterLocations { locations[.parameter(intent: intent.name, name: name)] = place }
        for (index, place) in patternLocations.enumerated() { locations[.pattern(intent: intent.name, index: index)] = place }
    }

    /// Places an intent of a referenced schema, and its parameters, where a held-out file lists
    /// it: what validation says about the held-out utterances points at the held-out file.
    mutating func locate(intent name: String, at location: SourceLocation?) {
        guard let location, let intent = schema.intent(named: name) else { return }
        locations[.intent(name)] = location
        for parameter in intent.parameters { locations[.parameter(intent: name, name: parameter.name)] = location }
    }

    /// Adds a custom entity.
    mutating func add(_ entity: Entity, at location: SourceLocation?) {
        if schema.entity(named: entity.name) != nil {
            duplicate("entity", entity.name, element: .entity(entity.name), at: location)
            return
        }
        schema.entities.append(entity)
        locations[.entity(entity.name)] = location
    }

    /// Where the language was first declared.
    private var languageLocation: SourceLocation?

    /// Sets the corpus's language, `tag` as a file declares it: an error when it is no BCP 47
    /// tag, or when another file declared another language.
    mutating func declareLanguage(_ tag: String, at location: SourceLocation?) {
        guard Schema.isLanguageTag(tag) else {
            diagnostics.append(Diagnostic(.error, "'\(tag)' is not a BCP 47 language tag (such as en, fr, de-CH, es-419)", at: location))
            return
        }
        let tag = Schema.canonicalLanguageTag(tag)
        if let declared = schema.language {
            if declared != tag {
                let first = languageLocation.map { " at \($0)" } ?? ""
                diagnostics.append(Diagnostic(.error, "language '\(tag)' differs from '\(declared)', declared\(first): a corpus has one language", at: location))
            }
            return
        }
        schema.language = tag
        languageLocation = location
    }

    private mutating func duplicate(_ kind: String, _ name: String, element: SchemaElement, at location: SourceLocation?) {
        let first = locations[element].map { " (first declared at \($0))" } ?? ""
        diagnostics.append(Diagnostic(.error, "duplicate \(kind) '\(name)'\(first)", at: location))
    }
}
