/// A group of related intents an app serves: messaging, payments, ride booking, …
public struct Domain: Hashable, Sendable, Codable {
    /// The domain's name.
    public var name: String
    /// The domain's intents.
    public var intents: [IntentDefinition]

    /// Creates a domain.
    public init(name: String, intents: [IntentDefinition] = []) {
        self.name = name
        self.intents = intents
    }
}
