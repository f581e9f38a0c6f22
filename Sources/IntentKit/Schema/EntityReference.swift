/// The type of a parameter: a custom entity by name or a built-in entity.
public enum EntityReference: Hashable, Sendable, Codable {
    case custom(String)
    case builtin(BuiltinEntity)

    /// Parses the name used in corpora: `builtin.<type>` for built-ins, anything else is custom.
    /// A `builtin.` name of an unknown type stays custom so validation can report it.
    public init(name: String) {
        if let builtin = BuiltinEntity(qualifiedName: name) {
            self = .builtin(builtin)
        } else {
            self = .custom(name)
        }
    }

    /// The name used in corpora.
    public var name: String {
        switch self {
        case .custom(let name): return name
        case .builtin(let builtin): return builtin.qualifiedName
        }
    }
}

extension EntityReference {
    /// Written by name ("builtin.number", "contact"), as corpora write it.
    public init(from decoder: Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
