import ArgumentParser
import Foundation
import IntentKit

struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse utterances into an intent with resolved slots, as JSON.",
        discussion: """
            With a text argument, prints one readable JSON object. Without one, reads utterances \
            line by line from stdin and answers each with one compact JSON object on a line of its \
            own, written as soon as the input waits (so another program can drive it); a line \
            that is not valid UTF-8 is an error (skipped with a warning under --lenient). On a \
            terminal it is a small shell with a '> ' prompt. Keys: text, intent (absent \
            when out of scope), outOfScope (true for an utterance without a word, one the model \
            places in its out-of-scope class, or one below the minimum confidence: then \
            alternatives lists the likeliest intents), confidence, slots (each name, text, start, end, value, confidence; start and end count \
            Unicode scalars, end exclusive), and alternatives with --top-k above 1. A value is \
            {"kind": …, "value": …} (plus "unit" for money, durations and temperatures), or null \
            when the words do not resolve. With --resolve, "parameters" lists every parameter of \
            the intent with its "outcome": success or confirmationRequired (with "value"), \
            disambiguation (with "candidates", each "id" and "phrase", at most ten, highest \
            priority first), needsValue (with "prompt"), unsupported (with "reason"), notRequired.
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    @Option(name: .customLong("top-k"), help: "Report the K most probable intents (the best one and K-1 alternatives).")
    var topK = 1

    @Option(help: ArgumentHelp("Resolve relative dates against this moment, YYYY-MM-DD or YYYY-MM-DDTHH:MM (default: now).", valueName: "date"))
    var referenceDate: String?

    @Flag(inversion: .prefixedNo, help: "Let the slot tagger choose between the classifier's two likeliest intents when the runner-up has at least 1 % (see IntentParser.intentReranking).")
    var intentReranking = true

    @OptionGroup var userVocabulary: VocabularyOption
    @OptionGroup var userShortcuts: ShortcutsOption

    @OptionGroup var encoderOption: EncoderOption

    @OptionGroup var minimumConfidence: MinimumConfidenceOption

    @Flag(help: "Resolve every parameter of the intent (success, confirmationRequired, disambiguation, needsValue, unsupported, notRequired).")
    var resolve = false

    @OptionGroup var responseOption: ResponseOption

    @Flag(help: "Split an utterance that joins two requests (\"lock the car and start a run\") and answer {\"requests\": [parse, …], \"text\"} for every utterance.")
    var split = false

    @Option(help: ArgumentHelp("With --split, how sure of its intent each part must be (default 0.5).", valueName: "p"))
    var splitConfidence: Double?

    @Flag(help: "Skip input lines that are not valid UTF-8 with a warning, instead of stopping with an error.")
    var lenient = false

    @Argument(help: "The utterance; omit to read utterances from stdin (on a terminal: a prompt).")
    var text: String?

    func validate() throws {
        if topK < 1 { throw ValidationError("--top-k must be at least 1") }
        if let splitConfidence, !(0...1).contains(splitConfidence) { throw ValidationError("--split-confidence must be between 0 and 1") }
        if splitConfidence != nil && !split { throw ValidationError("--split-confidence needs --split") }
        if let referenceDate, Self.date(referenceDate) == nil {
            throw ValidationError("--reference-date '\(referenceDate)' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM")
        }
    }

    func run() throws {
        var parser = try userShortcuts.apply(
            to: minimumConfidence.apply(to: userVocabulary.apply(to: loadParser(model, encoder: encoderOption, intentReranking: intentReranking))))
        if let splitConfidence { parser.splitConfidence = splitConfidence }
        let reference = referenceDate.flatMap(Self.date) ?? Date()
        var workspace = parser.makeWorkspace()
        let encoder = JSONEncoder()
        // A response is rendered from resolved values, whether or not they are printed.
        let resolving = resolve || responseOption.respond != nil
        let renderer = ResponseRenderer(schema: parser.model.schema)
        if let text, split {
            print(String(decoding: try requestsJSON(text, parser: parser, workspace: &workspace, reference: reference, pretty: true, resolving: resolving, renderer: renderer), as: UTF8.self))
            return
        }
        if let text {
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let parse = parser.parse(text, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
            let response = responseOption.response(for: parse, renderer: renderer, reference: reference)
            print(String(decoding: try encoder.encode(ParseJSON(parse, topK: topK, resolve: resolve, response: response)), as: UTF8.self))
            return
        }
        // On a terminal, a small shell: a prompt, and each answer readable over several lines.
        let interactive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        encoder.outputFormatting = interactive ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        var input = InputLines(lenient: lenient)
        var output = LineOutput()
        var writer = ParseJSONWriter()
        defer { output.flush() }  // what was answered before an invalid line still goes out
        if interactive { StandardError.print("Type an utterance and press return; Ctrl-D ends.") }
        while let line = try input.next(beforeBlocking: {
            if interactive { output.flush(); FileHandle.standardOutput.write(Data("> ".utf8)) } else { output.flush() }
        }) {
            if interactive && line.allSatisfy(\.isWhitespace) { continue }
            if split {
                output.append(try requestsJSON(line, parser: parser, workspace: &workspace, reference: reference, pretty: interactive, resolving: resolving, renderer: renderer))
                continue
            }
            let parse = parser.parse(line, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
            let response = responseOption.response(for: parse, renderer: renderer, reference: reference)
            if interactive {
                output.append(try encoder.encode(ParseJSON(parse, topK: topK, resolve: resolve, response: response)))
            } else {
                // The same bytes JSONEncoder writes, without it: JSON lines are the hot path.
                writer.bytes.removeAll(keepingCapacity: true)
                writer.write(parse, topK: topK, resolve: resolve, response: response)
                output.append(writer.bytes)
            }
        }
        output.flush()
        if interactive { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    /// `{"requests": [parse, …], "text": …}` for `text`, each request as `parse` writes it, with
    /// its own response.
    private func requestsJSON(
        _ text: String, parser: IntentParser, workspace: inout IntentParser.Workspace, reference: Date, pretty: Bool,
        resolving: Bool, renderer: ResponseRenderer
    ) throws -> Data {
        struct Requests: Encodable {
            var requests: [ParseJSON]
            var text: String
        }
        let parses = parser.parseRequests(text, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let requests = parses.map { ParseJSON($0, topK: topK, resolve: resolve, response: responseOption.response(for: $0, renderer: renderer, reference: reference)) }
        return try encoder.encode(Requests(requests: requests, text: text))
    }

    /// A reference date in the local time zone.
    static func date(_ text: String) -> Date? {
        ReferenceDate.date(text, in: .current)
    }
}

/// The JSON shape of a parse (key names are part of the command's interface): the runtime's
/// `Codable` shape of ``IntentParse``, with confidences rounded to four decimals, alternatives
/// only with `--top-k`, parameters only with `--resolve`, and a parameter's slot given by its text.
