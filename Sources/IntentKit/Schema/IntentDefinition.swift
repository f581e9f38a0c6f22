/// An intent an app can carry out, with its parameters: `SendPayment(payee, amount, note)`.
///
/// Beyond its parameters, an intent can carry what an app's intent definition holds: utterance
/// ``patterns`` that training expands into examples, the parameter combinations that make
/// shortcuts, and response templates with the response's own parameters.
public struct IntentDefinition: Hashable, Sendable, Codable {
    /// The intent's label.
    public var name: String
    /// The parameters, in declaration order.
    public var parameters: [Parameter]
    /// Utterance patterns (`order [quantity] [soup] (to|for) [deliveryLocation]`) that training
    /// expands with the parameters' values into examples.
    public var patterns: [String]
    /// The parameter combinations that make a shortcut, with their titles.
    public var shortcutTypes: [ShortcutType]
    /// What the app answers, by outcome.
    public var responses: [ResponseTemplate]
    /// Values the app supplies for its responses (`waitTime`), besides the intent's parameters.
    public var responseParameters: [Parameter]

    /// Creates an intent.
    public init(
        name: String, parameters: [Parameter] = [], patterns: [String] = [], shortcutTypes: [ShortcutType] = [],
        responses: [ResponseTemplate] = [], responseParameters: [Parameter] = []
    ) {
        self.name = name
        self.parameters = parameters
        self.patterns = patterns
        self.shortcutTypes = shortcutTypes
        self.responses = responses
        self.responseParameters = responseParameters
    }

    /// The parameter named `name`, if the intent has one.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }

    /// The response template for `code`, if the intent has one.
    public func response(_ code: String) -> ResponseTemplate? {
        responses.first { $0.code == code }
    }

    private enum CodingKeys: String, CodingKey {
        case name, parameters, patterns, shortcutTypes, responses, responseParameters
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        parameters = try container.decode([Parameter].self, forKey: .parameters)
        patterns = try container.decodeIfPresent([String].self, forKey: .patterns) ?? []
        shortcutTypes = try container.decodeIfPresent([ShortcutType].self, forKey: .shortcutTypes) ?? []
        responses = try container.decodeIfPresent([ResponseTemplate].self, forKey: .responses) ?? []
        responseParameters = try container.decodeIfPresent([Parameter].self, forKey: .responseParameters) ?? []
    }

    /// Writes what an intent without patterns, shortcut types or responses always had, so that a
    /// model of such a schema has the same bytes as before they existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(parameters, forKey: .parameters)
        if !patterns.isEmpty { try container.encode(patterns, forKey: .patterns) }
        if !shortcutTypes.isEmpty { try container.encode(shortcutTypes, forKey: .shortcutTypes) }
        if !responses.isEmpty { try container.encode(responses, forKey: .responses) }
        if !responseParameters.isEmpty { try container.encode(responseParameters, forKey: .responseParameters) }
    }
}
