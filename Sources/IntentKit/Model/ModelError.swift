/// Why a model could not be loaded or used.
public enum ModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not an IntentKit model (wrong magic bytes).
    case notAModel(String)
    /// The file's format version is one this build cannot read.
    case unsupportedVersion(String)
    /// The file ends early or a section lies outside it.
    case truncated(String)
    /// The checksum does not match the contents.
    case checksumMismatch(String)
    /// The contents contradict each other (sizes, ranges, non-finite weights).
    case inconsistent(String)
    /// The file could not be read.
    case io(String)
    /// The model was trained with a sentence encoder that is not where it was, or another
    /// encoder was given in its place.
    case missingEncoder(String)

    public var description: String {
        switch self {
        case .notAModel(let detail): return "not an IntentKit model: \(detail)"
        case .unsupportedVersion(let detail): return "unsupported model format: \(detail)"
        case .truncated(let detail): return "truncated model: \(detail)"
        case .checksumMismatch(let detail): return "corrupt model: \(detail)"
        case .inconsistent(let detail): return "corrupt model: \(detail)"
        case .io(let detail): return detail
        case .missingEncoder(let detail): return detail
        }
    }
}
