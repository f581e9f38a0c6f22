/// What an app understands: its domains with their intents and parameters, and the custom
/// entities the parameters are typed by.
public struct Schema: Hashable, Sendable, Codable {
    /// The domains, in declaration order.
    public var domains: [Domain]
    /// The custom entities, in declaration order.
    public var entities: [Entity]

    /// Creates a schema.
    public init(domains: [Domain] = [], entities: [Entity] = []) {
        self.domains = domains
        self.entities = entities
    }

    /// Every intent of every domain, in declaration order.
    public var intents: [IntentDefinition] { domains.flatMap(\.intents) }

    /// The intent named `name`, if any domain declares one.
    public func intent(named name: String) -> IntentDefinition? {
        for domain in domains {
            if let intent = domain.intents.first(where: { $0.name == name }) { return intent }
        }
        return nil
    }

    /// The custom entity named `name`, if declared.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }
}
