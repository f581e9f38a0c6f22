/// An ordered JSON/YAML value that writers build once and render as either text.
///
/// Key order is kept, so written files diff cleanly and read in the order people expect.
enum DocumentTree: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([DocumentTree])
    case object([(String, DocumentTree)])

    /// Pretty-printed JSON, two-space indented, non-ASCII kept as is.
    func json(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let value): return JSONText.quoted(value)
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .string = $0 { return true } else { return false } }), items.count <= 8 {
                let flat = "[" + items.map { $0.json() }.joined(separator: ", ") + "]"
                if flat.count <= 100 { return flat }
            }
            return "[\n" + items.map { inner + $0.json(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { inner + JSONText.quoted($0.0) + ": " + $0.1.json(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}
