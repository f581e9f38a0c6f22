import Foundation
import IntentKit
import Yams

/// Files of a user's shortcut phrases for `intentkit parse --shortcuts`: YAML or JSON, a list of
/// shortcuts, each a phrase, its intent, and the parameter values it fixes:
///
/// ```yaml
/// - {phrase: soup time, intent: OrderSoup, parameters: {soup: clamChowder, quantity: 2}}
/// - {phrase: tip the usual, intent: TipCourier, parameters: {tip: 5 dollars}, id: shortcut-7}
/// ```
///
/// A custom entity's value is its identifier; a built-in's is text its grammar reads.
public enum UserShortcutsFormat {
    /// Reads the file at `url`; with `schema`, checks each shortcut against it.
    /// - Throws: ``CorpusError`` naming the file, line and column of each problem.
    public static func read(at url: URL, displayPath: String, schema: Schema? = nil, decoder: TextDecoder = TextDecoder()) throws -> [UserShortcut] {
        try read(text: try decoder.decodeFile(at: url, displayPath: displayPath).text, displayPath: displayPath, schema: schema)
    }

    /// Reads shortcuts written as YAML or JSON text (the server's, sent with a request); with
    /// `schema`, checks that each names one of its intents, that intent's parameters, and for a
    /// closed entity one of its values.
    /// - Throws: ``CorpusError`` naming `displayPath`, line and column of each problem.
    public static func read(text: String, displayPath: String, schema: Schema? = nil) throws -> [UserShortcut] {
        let root = try YAMLNodeReader.compose(text, file: displayPath, language: "YAML or JSON")
        var nodes = YAMLNodeReader(file: displayPath)
        var shortcuts = [UserShortcut]()
        var places = [Node]()
        for item in nodes.sequence(root, what: "the shortcuts") {
            let what = "a shortcut"
            guard let fields = nodes.mapping(item, what: what, allowed: ["phrase", "intent", "parameters", "id"]),
                  let phrase = nodes.requiredString(fields, "phrase", in: what, at: item),
                  let intent = nodes.requiredString(fields, "intent", in: what, at: item) else { continue }
            var parameters = [String: String]()
            if let node = fields["parameters"] {
                guard let mapping = node.mapping else {
                    nodes.error("'parameters' maps parameter names to values", at: node)
                    continue
                }
                for (key, value) in mapping {
                    guard let name = key.scalar?.string, let text = nodes.string(value, what: "the value of '\(key.scalar?.string ?? "")'") else { continue }
                    parameters[name] = text
                    if let schema, let problem = schema.problem(withValue: text, forParameter: name, of: intent), schema.intent(named: intent) != nil {
                        nodes.error(problem, at: key)
                    }
                }
            }
            if let schema, schema.intent(named: intent) == nil {
                nodes.error("unknown intent '\(intent)': the model's schema declares no such intent", at: fields["intent"]!)
            }
            shortcuts.append(UserShortcut(phrase, intent: intent, parameters: parameters, identifier: nodes.string(fields["id"], what: "'id'")))
            places.append(item)
        }
        // What concerns the set (a phrase or an id twice, a phrase without a word); the schema's
        // checks were made above, each at its key.
        for (index, problem) in UserShortcuts.problems(of: shortcuts, in: nil) {
            nodes.error(problem, at: places[index])
        }
        if nodes.diagnostics.contains(where: { $0.severity == .error }) { throw CorpusError.invalid(nodes.diagnostics) }
        return shortcuts
    }
}
