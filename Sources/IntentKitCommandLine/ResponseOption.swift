import ArgumentParser
import Foundation
import IntentKit

/// `--respond CODE` and `--response-value NAME=VALUE`: the intent's response, rendered from its
/// template with the parse's values and the ones given.
struct ResponseOption: ParsableArguments {
    @Option(help: ArgumentHelp("Add \"response\": the intent's response template for this outcome (success, failure, or the app's own), filled with the parse's resolved values.", valueName: "code"))
    var respond: String?

    @Option(name: .customLong("response-value"),
            help: ArgumentHelp("A value of the response's own parameters for --respond, e.g. waitTime=10 minutes (repeatable); a custom value is its identifier, a built-in one text its grammar reads.", valueName: "name=value"))
    var responseValues: [String] = []

    func validate() throws {
        for pair in responseValues where !pair.contains("=") {
            throw ValidationError("--response-value '\(pair)' is not NAME=VALUE")
        }
        if respond == nil && !responseValues.isEmpty { throw ValidationError("--response-value needs --respond") }
    }

    /// The rendered response of `parse` (resolved), or `nil` without --respond; a response that
    /// cannot be rendered is `nil`, with why on stderr.
    func response(for parse: IntentParse, renderer: ResponseRenderer, reference: Date) -> String? {
        guard let respond else { return nil }
        var values = [String: SlotValue]()
        let intent = parse.intent.flatMap(renderer.schema.intent(named:))
        for pair in responseValues {
            let name = String(pair.prefix { $0 != "=" }), text = String(pair.drop { $0 != "=" }.dropFirst())
            let entity = intent.flatMap { $0.parameter(named: name) ?? $0.responseParameters.first { $0.name == name } }?.entity
            if case .builtin(let builtin)? = entity {
                guard let match = BuiltinEntityExtractor(kinds: [builtin]).extract(from: text, reference: reference).first else {
                    StandardError.print("--response-value \(name): '\(text)' is not understood as \(builtin.rawValue)")
                    continue
                }
                values[name] = match.value
            } else {
                values[name] = .custom(text)
            }
        }
        do {
            return try renderer.render(respond, for: parse, values: values)
        } catch {
            StandardError.print("\"\(parse.text)\": no response: \(error)")
            return nil
        }
    }
}
