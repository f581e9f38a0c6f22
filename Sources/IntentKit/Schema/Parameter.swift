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

    /// Creates a parameter.
    public init(name: String, entity: EntityReference, isRequired: Bool = false, prompt: String? = nil) {
        self.name = name
        self.entity = entity
        self.isRequired = isRequired
        self.prompt = prompt
    }
}
