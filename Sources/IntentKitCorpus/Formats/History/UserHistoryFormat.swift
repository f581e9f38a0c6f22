import Foundation
import IntentKit
import Yams

/// Files of a user's interactions for `intentkit parse --history`: YAML or JSON, a list of the
/// intent carried out, its parameter values and when (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, with
/// an optional offset; local time otherwise):
///
/// ```yaml
/// - {intent: OrderSoup, parameters: {soup: clamChowder, quantity: 2}, date: 2026-11-30T12:15}
/// - {intent: TipCourier, parameters: {tip: 5 dollars}, date: 2026-11-30}
/// ```
public enum UserHistoryFormat {
    /// Reads the file at `url`; with `schema`, checks each interaction's intent and parameters.
    /// - Throws: ``CorpusError`` naming the file, line and column of each problem.
    public static func read(at url: URL, displayPath: String, schema: Schema? = nil, decoder: TextDecoder = TextDecoder()) throws -> [UserInteraction] {
        try read(text: try decoder.decodeFile(at: url, displayPath: displayPath).text, displayPath: displayPath, schema: schema)
    }

    /// Reads interactions written as YAML or JSON text (the C API's); with `schema`, checks them.
    /// - Throws: ``CorpusError`` naming `displayPath`, line and column of each problem.
    public static func read(text: String, displayPath: String, schema: Schema? = nil) throws -> [UserInteraction] {
        let root = try YAMLNodeReader.compose(text, file: displayPath, language: "YAML or JSON")
        var nodes = YAMLNodeReader(file: displayPath)
        var interactions = [UserInteraction]()
        for item in nodes.sequence(root, what: "the interactions") {
            let what = "an interaction"
            guard let fields = nodes.mapping(item, what: what, allowed: ["intent", "parameters", "date"]),
                  let intent = nodes.requiredString(fields, "intent", in: what, at: item),
                  let dateText = nodes.requiredString(fields, "date", in: what, at: item) else { continue }
            guard let date = ReferenceDate.date(dateText, in: .current) else {
                nodes.error("'\(dateText)' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM, optionally with an offset)", at: fields["date"]!)
                continue
            }
            var parameters = [String: String]()
            if let node = fields["parameters"] {
                guard let mapping = node.mapping else {
                    nodes.error("'parameters' maps parameter names to values", at: node)
                    continue
                }
                for (key, value) in mapping {
                    guard let name = key.scalar?.string, let text = nodes.string(value, what: "the value of '\(name)'") else { continue }
                    if let schema, schema.intent(named: intent) != nil, let problem = schema.problem(withValue: text, forParameter: name, of: intent) {
                        nodes.error(problem, at: key)
                    }
                    parameters[name] = text
                }
            }
            if let schema, schema.intent(named: intent) == nil {
                nodes.error("unknown intent '\(intent)': the model's schema declares no such intent", at: fields["intent"]!)
            }
            interactions.append(UserInteraction(intent: intent, parameters: parameters, date: date))
        }
        if nodes.diagnostics.contains(where: { $0.severity == .error }) { throw CorpusError.invalid(nodes.diagnostics) }
        return interactions
    }
}
