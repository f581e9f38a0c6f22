/// A place in an input file: `file:line:column`, 1-based, columns in Unicode scalars.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given by the user.
    public var file: String
    /// 1-based line, or `nil` when only the file is known.
    public var line: Int?
    /// 1-based column in Unicode scalars, or `nil` when only the line is known.
    public var column: Int?

    /// Creates a location.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same place moved `count` scalars to the right on its line.
    public func advanced(by count: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column.map { $0 + count })
    }

    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        return text
    }
}
