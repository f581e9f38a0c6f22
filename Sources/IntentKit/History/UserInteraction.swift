import Foundation

/// One thing a user did through the app, as a SiriKit app donates an interaction: the intent
/// carried out, the parameter values it had, and when.
public struct UserInteraction: Hashable, Sendable {
    public var intent: String
    /// Parameter name → value (a custom entity's identifier, or a built-in value as text).
    public var parameters: [String: String]
    public var date: Date

    public init(intent: String, parameters: [String: String] = [:], date: Date) {
        self.intent = intent
        self.parameters = parameters
        self.date = date
    }
}
