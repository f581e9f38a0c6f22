/// A parameter (slot) of an intent: `payee` of `SendPayment`, typed by an entity.
public struct Parameter: Hashable, Sendable, Codable {
    /// The slot name annotations use.
    public var name: String
    /// The parameter's type.
    public var entity: EntityReference
    /// Whether the intent cannot be carried out without it.
    public var isRequired: Bool
    /// What the assistant asks when the parameter is required and missing.
    public var prompt: String?
    /// Whether an utterance can give several values ("with croutons and cheese").
    public var allowsMultipleValues: Bool

    /// Creates a parameter.
    public init(name: String, entity: EntityReference, isRequired: Bool = false, prompt: String? = nil, allowsMultipleValues: Bool = false) {
        self.name = name
        self.entity = entity
        self.isRequired = isRequired
        self.prompt = prompt
        self.allowsMultipleValues = allowsMultipleValues
    }

    private enum CodingKeys: String, CodingKey {
        case name, entity, isRequired, prompt, allowsMultipleValues
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        entity = try container.decode(EntityReference.self, forKey: .entity)
        isRequired = try container.decode(Bool.self, forKey: .isRequired)
        prompt = try container.decodeIfPresent(String.self, forKey: .prompt)
        allowsMultipleValues = try container.decodeIfPresent(Bool.self, forKey: .allowsMultipleValues) ?? false
    }

    /// Leaves `allowsMultipleValues` out when false, so that a model of a schema without it has
    /// the same bytes as before it existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(entity, forKey: .entity)
        try container.encode(isRequired, forKey: .isRequired)
        try container.encodeIfPresent(prompt, forKey: .prompt)
        if allowsMultipleValues { try container.encode(true, forKey: .allowsMultipleValues) }
    }
}
