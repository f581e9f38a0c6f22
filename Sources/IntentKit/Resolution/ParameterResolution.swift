/// What an assistant does next with one parameter of a parsed intent, in SiriKit's terms.
public enum ParameterResolution: Hashable, Sendable {
    /// The value is settled.
    case success(SlotValue)
    /// A likely value the user should confirm ("Did you mean Buttercup Jones?"): the slot was
    /// found with low confidence, or its words matched a term only within an edit.
    case confirmationRequired(SlotValue)
    /// Several values fit ("Which Buttercup?"): at most ten, highest priority first.
    case disambiguation([UserVocabulary.Candidate])
    /// The parameter is required and the utterance did not give it; ask with `prompt`.
    case needsValue(prompt: String?)
    /// The words name nothing the parameter accepts.
    case unsupported(reason: String)
    /// The parameter is optional and was not given.
    case notRequired

    /// The outcome's name, as `intentkit parse --resolve` writes it.
    public var outcome: String {
        switch self {
        case .success: return "success"
        case .confirmationRequired: return "confirmationRequired"
        case .disambiguation: return "disambiguation"
        case .needsValue: return "needsValue"
        case .unsupported: return "unsupported"
        case .notRequired: return "notRequired"
        }
    }

    /// The settled or proposed value, if any.
    public var value: SlotValue? {
        switch self {
        case .success(let value), .confirmationRequired(let value): return value
        default: return nil
        }
    }
}

/// One parameter of the parsed intent and its resolution.
public struct ResolvedParameter: Hashable, Sendable {
    /// The parameter's name.
    public var name: String
    /// The slot that gave it, `nil` when the utterance did not.
    public var slot: ParsedSlot?
    /// What to do next.
    public var resolution: ParameterResolution

    public init(name: String, slot: ParsedSlot?, resolution: ParameterResolution) {
        self.name = name
        self.slot = slot
        self.resolution = resolution
    }
}
