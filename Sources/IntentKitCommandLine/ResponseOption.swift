import ArgumentParser
import Foundation
import IntentKit

/// `--respond CODE` and `--response-value NAME=VALUE`: the intent's response, rendered from its
/// template with the parse's values and the ones given.
struct ResponseOption: ParsableArguments {
    @Option(help: ArgumentHelp("Add \"response\": the intent's response template for this outcome (success, failure, or the app's own), filled with the parse's resolved values; or \"responseProblem\" saying why it cannot be.", valueName: "code"))
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

    /// The rendered response of `parse` (resolved), or why there is none; `nil` without --respond.
    func response(for parse: IntentParse, renderer: ResponseRenderer, reference: Date) -> ParseJSON.RenderedResponse? {
        guard let respond else { return nil }
        var texts = [String: String]()
        for pair in responseValues { texts[String(pair.prefix { $0 != "=" })] = String(pair.drop { $0 != "=" }.dropFirst()) }
        let (values, problems) = renderer.values(texts, for: parse.intent ?? "", reference: reference)
        guard problems.isEmpty else { return .problem(problems.joined(separator: "; ")) }
        do {
            return .text(try renderer.render(respond, for: parse, values: values))
        } catch {
            return .problem("\(error)")
        }
    }
}
