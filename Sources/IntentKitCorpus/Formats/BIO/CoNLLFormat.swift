import Foundation

/// CoNLL-style columns: one `token<TAB>tag` line per token (the tag is the last column, the
/// token the first), a blank line between utterances, and the intent on a `# intent: X` line
/// before the tokens. Other `#` lines without a tab and `-DOCSTART-` lines are ignored. Utterances without an
/// intent line get the intent `none`.
public enum CoNLLFormat {
    /// Reads a CoNLL file.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let decoded = try decoder.decodeFile(at: url, displayPath: displayPath)
        var diagnostics = decoded.repairs
        var utterances = [Utterance]()
        var intent: String?
        var tokens = [Substring](), tags = [(text: String, column: Int)]()
        var sentenceLine = 0
        var missingIntent = 0

        func finish() {
            defer { tokens = []; tags = []; intent = nil }
            guard !tokens.isEmpty else { return }
            do {
                let (text, slots) = try BIOTagging.utterance(tokens: tokens, tags: tags.map(\.text))
                if intent == nil { missingIntent += 1 }
                utterances.append(Utterance(text: text, intent: intent ?? "none", slots: slots,
                                            location: SourceLocation(file: displayPath, line: sentenceLine, column: 1)))
            } catch {
                diagnostics.append(Diagnostic(.error, "'\(error.tag)' is not a BIO tag (O, B-slot or I-slot)",
                                              at: SourceLocation(file: displayPath, line: sentenceLine + error.index, column: tags[error.index].column)))
            }
        }

        for (index, line) in textLines(decoded.text).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                finish()
                continue
            }
            // A comment has no tab; a token line always does, so a token may start with '#'.
            if trimmed.hasPrefix("#") && !line.contains("\t") {
                let comment = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("intent:") {
                    if !tokens.isEmpty { finish() }
                    intent = comment.dropFirst("intent:".count).trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            if trimmed.hasPrefix("-DOCSTART-") { continue }
            let columns = fields(of: line)
            guard columns.count >= 2 else {
                diagnostics.append(Diagnostic(.error, "expected a token and a tag separated by a tab", at: SourceLocation(file: displayPath, line: index + 1, column: 1)))
                continue
            }
            if tokens.isEmpty { sentenceLine = index + 1 }
            tokens.append(columns[0].text)
            tags.append((String(columns[columns.count - 1].text), columns[columns.count - 1].column))
        }
        finish()
        if missingIntent > 0 {
            diagnostics.append(Diagnostic(.warning, "\(missingIntent) utterances have no '# intent:' line; their intent is 'none'", at: SourceLocation(file: displayPath)))
        }
        let domain = url.deletingPathExtension().lastPathComponent
        return LoadedCorpus(corpus: Corpus(schema: SchemaInference.schema(domain: domain, utterances: utterances), utterances: utterances),
                            diagnostics: diagnostics)
    }

    /// The corpus as CoNLL text.
    public static func text(of corpus: Corpus) -> String {
        var output = ""
        for utterance in corpus.utterances {
            let scalars = Array(utterance.text.unicodeScalars)
            output += "# intent: \(utterance.intent)\n"
            for token in BIOTagging.tokens(of: utterance) {
                output += String(String.UnicodeScalarView(scalars[token.range])) + "\t" + token.tag + "\n"
            }
            output += "\n"
        }
        return output
    }
}
