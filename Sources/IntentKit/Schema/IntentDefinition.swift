/// An intent an app can carry out, with its parameters: `SendPayment(payee, amount, note)`.
public struct IntentDefinition: Hashable, Sendable, Codable {
    /// The intent's label.
    public var name: String
    /// The parameters, in declaration order.
    public var parameters: [Parameter]

    /// Creates an intent.
    public init(name: String, parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// The parameter named `name`, if the intent has one.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }
}
