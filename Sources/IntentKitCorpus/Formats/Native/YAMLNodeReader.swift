import Yams

/// Reads typed fields out of a composed YAML (or JSON) tree, collecting located diagnostics
/// instead of stopping at the first problem.
struct YAMLNodeReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    /// The node tree of a whole file's `text`; an empty file or bad YAML is a located error.
    static func compose(_ text: String, file: String, language: String = "YAML") throws -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else { throw CorpusError.malformed(SourceLocation(file: file), "the file is empty") }
            try checkExpandedSize(of: node, text: text, file: file)
            return node
        } catch let error as YamlError {
            throw CorpusError.malformed(NativeFormat.Reader.location(of: error, file: file), "not valid \(language): \(NativeFormat.Reader.problem(of: error))")
        }
    }

    /// The most a document may grow through its aliases: 16 times its own size, or 64 MiB when
    /// that is more. An alias costs nothing to compose (the tree shares the anchored value), but
    /// every reader walks it in full, so a small file of 10,000 aliases to one large value
    /// (a "billion laughs") would take gigabytes and minutes to read.
    static func expansionLimit(textSize: Int) -> Int { max(16 * textSize, 64 << 20) }

    /// Refuses a document whose tree, with every alias expanded, counts more than
    /// ``expansionLimit(textSize:)`` bytes (one per node plus its scalars' UTF-8 bytes). The walk
    /// stops as soon as the count passes the limit, so the check itself stays cheap.
    static func checkExpandedSize(of root: Node, text: String, file: String) throws {
        let limit = expansionLimit(textSize: text.utf8.count)
        var total = 0
        func walk(_ node: Node) -> Bool {
            total += 1
            switch node {
            case .scalar(let scalar): total += scalar.string.utf8.count
            case .alias: break
            case .mapping(let mapping):
                for (key, value) in mapping where total <= limit { if !walk(key) || !walk(value) { return false } }
            case .sequence(let sequence):
                for item in sequence where total <= limit { if !walk(item) { return false } }
            }
            return total <= limit
        }
        if !walk(root) {
            throw CorpusError.malformed(SourceLocation(file: file), "the document's aliases expand it past \(limit) bytes (16 times its size, at least 64 MiB); write the repeated values out or use fewer aliases")
        }
    }

    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column)
    }

    mutating func error(_ message: String, at node: Node) {
        diagnostics.append(Diagnostic(.error, message, at: location(of: node)))
    }

    mutating func warning(_ message: String, at node: Node) {
        diagnostics.append(Diagnostic(.warning, message, at: location(of: node)))
    }

    /// The pairs of a mapping, reporting keys outside `allowed` as errors.
    mutating func mapping(_ node: Node, what: String, allowed: Set<String>) -> [String: Node]? {
        guard let mapping = node.mapping else {
            error("\(what) must be a mapping", at: node)
            return nil
        }
        var fields = [String: Node]()
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                error("keys of \(what) must be plain strings", at: keyNode)
                continue
            }
            if !allowed.contains(key) {
                let known = allowed.sorted().joined(separator: ", ")
                error("unknown key '\(key)' in \(what) (expected one of: \(known))", at: keyNode)
            } else if fields[key] != nil {
                error("duplicate key '\(key)' in \(what)", at: keyNode)
            } else {
                fields[key] = value
            }
        }
        return fields
    }

    mutating func string(_ node: Node?, what: String) -> String? {
        guard let node else { return nil }
        guard let scalar = node.scalar else {
            error("\(what) must be a string", at: node)
            return nil
        }
        return scalar.string
    }

    mutating func requiredString(_ fields: [String: Node], _ key: String, in what: String, at node: Node) -> String? {
        guard let value = fields[key] else {
            error("\(what) has no '\(key)'", at: node)
            return nil
        }
        guard let text = string(value, what: "'\(key)' of \(what)") else { return nil }
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            error("'\(key)' of \(what) is empty", at: value)
            return nil
        }
        return text
    }

    mutating func bool(_ node: Node?, what: String) -> Bool? {
        guard let node else { return nil }
        switch node.scalar?.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            error("\(what) must be true or false", at: node)
            return nil
        }
    }

    mutating func sequence(_ node: Node?, what: String) -> [Node] {
        guard let node else { return [] }
        if case .scalar(let scalar) = node, scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return [] }
        guard let sequence = node.sequence else {
            error("\(what) must be a list", at: node)
            return []
        }
        return Array(sequence)
    }

    mutating func strings(_ node: Node?, what: String) -> [String] {
        sequence(node, what: what).compactMap { string($0, what: "an item of \(what)") }
    }

    /// Where the first scalar of a quoted or plain scalar's text sits on its line.
    func textLocation(of node: Node) -> SourceLocation {
        let base = location(of: node)
        switch node.scalar?.style {
        case .singleQuoted?, .doubleQuoted?: return base.advanced(by: 1)
        default: return base
        }
    }
}

import Foundation
