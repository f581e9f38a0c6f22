/// A phrase a user recorded for an intent, with the parameter values it stands for: "soup
/// time" → `OrderSoup(soup: clamChowder, quantity: 2)`, as a Siri Shortcut's phrase does.
///
/// ```swift
/// UserShortcut("soup time", intent: "OrderSoup", parameters: ["soup": "clamChowder", "quantity": "2"])
/// ```
public struct UserShortcut: Hashable, Sendable, Codable {
    /// What the user says.
    public var phrase: String
    /// The intent it carries out.
    public var intent: String
    /// Parameter name → value: a custom entity's value identifier, or a built-in value as text
    /// (`2`, `tomorrow at 7`), resolved as a slot's would be.
    public var parameters: [String: String]
    /// What the app calls the shortcut; defaults to the phrase.
    public var identifier: String

    /// Creates a shortcut; `identifier` defaults to `phrase`.
    public init(_ phrase: String, intent: String, parameters: [String: String] = [:], identifier: String? = nil) {
        self.phrase = phrase
        self.intent = intent
        self.parameters = parameters
        self.identifier = identifier ?? phrase
    }

    /// What is wrong with the shortcut for a model of `schema`: a phrase without a word, an
    /// intent it lacks, a parameter the intent lacks, a value a closed entity lacks or a
    /// built-in value its grammar does not read; `nil` when nothing is.
    public func problem(in schema: Schema) -> String? {
        guard Tokenizer().tokenize(phrase).tokens.contains(where: { $0.kind != .punctuation }) else {
            return "the phrase '\(phrase.prefix(80))' has no word"
        }
        guard schema.intent(named: intent) != nil else { return "unknown intent '\(intent)'" }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if let problem = schema.problem(withValue: value, forParameter: name, of: intent) { return problem }
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case phrase, intent, parameters, identifier }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .phrase), intent: try container.decode(String.self, forKey: .intent),
                  parameters: try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:],
                  identifier: try container.decodeIfPresent(String.self, forKey: .identifier))
    }
}
