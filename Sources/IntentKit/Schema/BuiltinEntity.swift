/// The entity types IntentKit recognises without examples, referenced in corpora as
/// `builtin.<name>` (for instance `builtin.amountOfMoney`).
public enum BuiltinEntity: String, CaseIterable, Hashable, Sendable, Codable {
    case number
    case ordinal
    case amountOfMoney
    case dateTime
    case duration
    case percentage
    case temperature

    /// The prefix that marks a built-in entity name in corpora.
    public static let namePrefix = "builtin."

    /// The name corpora use: `builtin.number`, `builtin.amountOfMoney`, …
    public var qualifiedName: String { Self.namePrefix + rawValue }

    /// The built-in entity a corpus name stands for, or `nil` if the name is not `builtin.*` or
    /// names no known type.
    public init?(qualifiedName: String) {
        guard qualifiedName.hasPrefix(Self.namePrefix) else { return nil }
        self.init(rawValue: String(qualifiedName.dropFirst(Self.namePrefix.count)))
    }
}
