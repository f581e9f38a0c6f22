import Foundation

/// A BIO directory as used by slot-filling papers: `seq.in` (space-separated tokens),
/// `seq.out` (one tag per token) and `label` (the intent), one utterance per line.
///
/// The text of an utterance is its tokens joined by single spaces; tags become scalar spans
/// on that text (see ``BIOTagging``).
public enum BIOFormat {
    /// Reads a BIO directory.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        func load(_ name: String) throws -> (path: String, lines: [Substring], repairs: [Diagnostic]) {
            let path = (displayPath as NSString).appendingPathComponent(name)
            let decoded = try decoder.decodeFile(at: url.appendingPathComponent(name), displayPath: path)
            return (path, textLines(decoded.text), decoded.repairs)
        }
        let input = try load("seq.in"), output = try load("seq.out"), labels = try load("label")
        var diagnostics = input.repairs + output.repairs + labels.repairs
        if input.lines.count != output.lines.count || input.lines.count != labels.lines.count {
            diagnostics.append(Diagnostic(.error, "seq.in has \(input.lines.count) lines, seq.out \(output.lines.count), label \(labels.lines.count); they must match line for line", at: SourceLocation(file: displayPath)))
        }
        var utterances = [Utterance]()
        utterances.reserveCapacity(input.lines.count)
        for lineIndex in 0..<min(input.lines.count, output.lines.count, labels.lines.count) {
            let line = lineIndex + 1
            let tokens = fields(of: input.lines[lineIndex]).map(\.text)
            let tags = fields(of: output.lines[lineIndex])
            let intent = labels.lines[lineIndex].trimmingCharacters(in: .whitespaces)
            guard tokens.count == tags.count else {
                diagnostics.append(Diagnostic(.error, "\(tags.count) tags for \(tokens.count) tokens of seq.in line \(line)", at: SourceLocation(file: output.path, line: line)))
                continue
            }
            guard !intent.isEmpty else {
                diagnostics.append(Diagnostic(.error, "empty intent label", at: SourceLocation(file: labels.path, line: line)))
                continue
            }
            do {
                let (text, slots) = try BIOTagging.utterance(tokens: tokens, tags: tags.map { String($0.text) })
                utterances.append(Utterance(text: text, intent: intent, slots: slots,
                                            location: SourceLocation(file: input.path, line: line, column: 1)))
            } catch {
                diagnostics.append(Diagnostic(.error, "'\(error.tag)' is not a BIO tag (O, B-slot or I-slot)",
                                              at: SourceLocation(file: output.path, line: line, column: tags[error.index].column)))
            }
        }
        let schema = SchemaInference.schema(domain: url.standardizedFileURL.lastPathComponent, utterances: utterances)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances), diagnostics: diagnostics)
    }

    /// Writes `corpus` as a BIO directory at `url`, creating it if needed. Texts are split at
    /// white space and at slot boundaries.
    public static func write(_ corpus: Corpus, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CorpusError.io(path: url.path, detail: "cannot create directory (\(error.localizedDescription))")
        }
        var input = "", output = "", labels = ""
        let scalarsOf = { (utterance: Utterance) in Array(utterance.text.unicodeScalars) }
        for utterance in corpus.utterances {
            let scalars = scalarsOf(utterance)
            let tokens = BIOTagging.tokens(of: utterance)
            input += tokens.map { String(String.UnicodeScalarView(scalars[$0.range])) }.joined(separator: " ") + "\n"
            output += tokens.map(\.tag).joined(separator: " ") + "\n"
            labels += utterance.intent + "\n"
        }
        try CorpusFormat.writeFile(input, to: url.appendingPathComponent("seq.in"))
        try CorpusFormat.writeFile(output, to: url.appendingPathComponent("seq.out"))
        try CorpusFormat.writeFile(labels, to: url.appendingPathComponent("label"))
    }
}
