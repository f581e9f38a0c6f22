/// Why a corpus could not be read or written.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not valid UTF-8 at `byteOffset` (0-based, from the start of the file).
    case invalidEncoding(file: String, line: Int, column: Int, byteOffset: Int, detail: String)
    /// The file is not well-formed in its format (JSON, YAML, plist, …).
    case malformed(SourceLocation, String)
    /// The corpus was read but breaks rules of its format; every finding is listed.
    case invalid([Diagnostic])
    /// The path's format could not be recognised.
    case unrecognizedFormat(path: String, detail: String)
    /// Reading or writing a file failed.
    case io(path: String, detail: String)

    public var description: String {
        switch self {
        case let .invalidEncoding(file, line, column, byteOffset, detail):
            return "\(file):\(line):\(column): error: invalid UTF-8 at byte offset \(byteOffset): \(detail)"
        case let .malformed(location, detail):
            return "\(location): error: \(detail)"
        case let .invalid(diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
        case let .unrecognizedFormat(path, detail):
            return "\(path): error: cannot tell the corpus format: \(detail); pass --format"
        case let .io(path, detail):
            return "\(path): error: \(detail)"
        }
    }
}
