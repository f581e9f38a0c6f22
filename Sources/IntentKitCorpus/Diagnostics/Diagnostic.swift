/// A located message about a corpus: an error that makes it unusable, or a warning.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious the finding is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// How serious the finding is.
    public var severity: Severity
    /// What is wrong and, where it helps, how to fix it.
    public var message: String
    /// Where, when known.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, as compilers print them.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics ordered by file, line and column; those without a place keep their order
    /// after the located ones of their file.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let left = a.element.location, right = b.element.location
            let leftKey = (left?.file ?? "", left?.line ?? .max, left?.column ?? .max)
            let rightKey = (right?.file ?? "", right?.line ?? .max, right?.column ?? .max)
            return leftKey != rightKey ? leftKey < rightKey : a.offset < b.offset
        }.map(\.element)
    }
}
