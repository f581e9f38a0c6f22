/// Why a sentence encoder's directory could not be loaded.
public enum EncoderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file the encoder needs is not in the directory (or cannot be read).
    case missingFile(String)
    /// The model is not one IntentKit runs (not BERT-family, or an activation or shape it lacks).
    case unsupportedModel(String)
    /// A file is not what its name says: JSON that does not parse, a tensor of the wrong shape.
    case malformed(String)
    /// The weights file ends before a tensor it announces.
    case truncated(String)

    public var description: String {
        switch self {
        case .missingFile(let detail): return "encoder file missing: \(detail)"
        case .unsupportedModel(let detail): return "unsupported encoder: \(detail)"
        case .malformed(let detail): return "malformed encoder file: \(detail)"
        case .truncated(let detail): return "truncated encoder weights: \(detail)"
        }
    }
}
