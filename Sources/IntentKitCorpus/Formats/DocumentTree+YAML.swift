/// Where a value sits in the YAML being written.
private enum YAMLContext { case document, sequenceItem, mappingValue }

extension DocumentTree {
    /// Block-style YAML; mappings of scalars only (parameters, entity values) in flow style on
    /// one line. Strings are plain where YAML reads them back unchanged, otherwise double-quoted
    /// with JSON escapes (valid YAML), so every non-ASCII character stays literal — libyaml's
    /// emitter would escape characters beyond U+FFFF, emoji among them.
    func yaml() -> String {
        var output = ""
        appendYAML(to: &output, indent: "", context: .document)
        return output
    }

    private func appendYAML(to output: inout String, indent: String, context: YAMLContext) {
        switch self {
        case .string, .bool, .int:
            output += (context == .document ? "" : " ") + scalarYAML(inFlow: false) + "\n"
        case .array(let items):
            if items.isEmpty {
                output += (context == .document ? "" : " ") + "[]\n"
                return
            }
            if context != .document { output += "\n" }
            for item in items {
                output += indent + "-"
                item.appendYAML(to: &output, indent: indent + "  ", context: .sequenceItem)
            }
        case .object(let pairs):
            if let flow = flowYAML() {
                output += (context == .document ? "" : " ") + flow + "\n"
                return
            }
            for (index, pair) in pairs.enumerated() {
                if index == 0 && context == .sequenceItem {
                    output += " "
                } else {
                    if index == 0 && context == .mappingValue { output += "\n" }
                    output += indent
                }
                output += DocumentTree.string(pair.0).scalarYAML(inFlow: false) + ":"
                pair.1.appendYAML(to: &output, indent: indent + "  ", context: .mappingValue)
            }
        }
    }

    /// `{name: payee, entity: contact}` for a small mapping of scalars and short string lists.
    private func flowYAML() -> String? {
        guard case .object(let pairs) = self, pairs.count > 1 else { return nil }
        var parts = [String]()
        for (key, value) in pairs {
            let rendered: String
            switch value {
            case .string, .bool, .int: rendered = value.scalarYAML(inFlow: true)
            default: return nil
            }
            parts.append(DocumentTree.string(key).scalarYAML(inFlow: true) + ": " + rendered)
        }
        let line = "{" + parts.joined(separator: ", ") + "}"
        return line.count <= 120 ? line : nil
    }

    private func scalarYAML(inFlow: Bool) -> String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .string(let value): return YAMLPlainScalar.isSafe(value, inFlow: inFlow) ? value : JSONText.quoted(value)
        default: return ""
        }
    }
}
