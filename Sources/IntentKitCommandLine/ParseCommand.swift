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
        // A response is rendered from resolved values, whether or not they are printed.
        let resolving = resolve || responseOption.respond != nil
        let renderer = ResponseRenderer(schema: parser.model.schema)
        if let text, split {
            var writer = ParseJSONWriter()
            writeRequests(of: text, parser: parser, workspace: &workspace, reference: reference, resolving: resolving, renderer: renderer, to: &writer)
            print(String(decoding: ParseJSONWriter.prettyPrinted(writer.bytes), as: UTF8.self))
            return
        }
        var writer = ParseJSONWriter()
        if let text {
            let parse = parser.parse(text, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
            writer.write(parse, topK: topK, resolve: resolve, response: responseOption.response(for: parse, renderer: renderer, reference: reference))
            print(String(decoding: ParseJSONWriter.prettyPrinted(writer.bytes), as: UTF8.self))
            return
        }
        // On a terminal, a small shell: a prompt, and each answer readable over several lines.
        let interactive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        var input = InputLines(lenient: lenient)
        var output = LineOutput()
        defer { output.flush() }  // what was answered before an invalid line still goes out
        if interactive { StandardError.print("Type an utterance and press return; Ctrl-D ends.") }
        while let line = try input.next(beforeBlocking: {
            if interactive { output.flush(); FileHandle.standardOutput.write(Data("> ".utf8)) } else { output.flush() }
        }) {
            if interactive && line.allSatisfy(\.isWhitespace) { continue }
            writer.bytes.removeAll(keepingCapacity: true)
            if split {
                writeRequests(of: line, parser: parser, workspace: &workspace, reference: reference, resolving: resolving, renderer: renderer, to: &writer)
            } else {
                let parse = parser.parse(line, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
                writer.write(parse, topK: topK, resolve: resolve, response: responseOption.response(for: parse, renderer: renderer, reference: reference))
            }
            output.append(interactive ? ParseJSONWriter.prettyPrinted(writer.bytes) : writer.bytes)
        }
        output.flush()
        if interactive { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    /// `{"requests": [parse, …], "text": …}` for `text`, each request as `parse` writes it, with
    /// its own response.
    private func writeRequests(
        of text: String, parser: IntentParser, workspace: inout IntentParser.Workspace, reference: Date,
        resolving: Bool, renderer: ResponseRenderer, to writer: inout ParseJSONWriter
    ) {
        let parses = parser.parseRequests(text, workspace: &workspace, alternatives: topK - 1, resolving: resolving, reference: reference)
        writer.write(requests: parses, of: text, topK: topK, resolve: resolve) { responseOption.response(for: $0, renderer: renderer, reference: reference) }
    }

    /// A reference date in the local time zone.
    static func date(_ text: String) -> Date? {
        ReferenceDate.date(text, in: .current)
    }
}

/// The JSON shape of a parse (key names are part of the command's interface): the runtime's
/// `Codable` shape of ``IntentParse``, with confidences rounded to four decimals, alternatives
/// only with `--top-k`, parameters only with `--resolve`, and a parameter's slot given by its text.
