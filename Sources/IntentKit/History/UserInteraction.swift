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

    /// What is wrong with the interaction for a model of `schema`: an intent or parameter it
    /// lacks, a value a closed entity lacks, a built-in value its grammar does not read; `nil`
    /// when nothing is.
    public func problem(in schema: Schema) -> String? {
        guard schema.intent(named: intent) != nil else { return "unknown intent '\(intent)'" }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if let problem = schema.problem(withValue: value, forParameter: name, of: intent) { return problem }
        }
        return nil
    }
}
