import Foundation
import Yams

/// Rasa 3 training data in YAML:
///
/// ```yaml
/// version: "3.1"
/// nlu:
/// - intent: check_balance
///   examples: |
///     - what's in [NestEgg](account)
///     - balance of [nest egg]{"entity": "account", "value": "NestEgg"}
/// - synonym: NestEgg
///   examples: |
///     - nest egg
/// - lookup: account
///   examples: |
///     - NestEgg
/// ```
///
/// An entity's role and group become part of the slot's name (`city.departure`,
/// ``RasaEntityName``), and are written back from it. `regex` items are not used by IntentKit:
/// each is skipped with a located warning. Other top-level
/// sections of a Rasa project file (`rules`, `stories`, `responses`) are ignored.
public enum RasaYAMLFormat {
    /// Reads a Rasa YAML file.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let decoded = try decoder.decodeFile(at: url, displayPath: displayPath)
        let rawLines = textLines(decoded.text)
        let root = try YAMLNodeReader.compose(decoded.text, file: displayPath)
        var nodes = YAMLNodeReader(file: displayPath)
        var utterances = [Utterance]()
        var lookups = [(name: String, elements: [String])]()
        var synonyms = [(value: String, synonyms: [String])]()
        var regexes = [(name: String, location: SourceLocation?)]()
        var intentOrder = [String]()
        let fields = nodes.mapping(root, what: "the file", allowed: ["version", "nlu", "rules", "stories", "responses", "session_config", "intents", "entities", "slots", "forms", "actions"]) ?? [:]
        for item in nodes.sequence(fields["nlu"], what: "'nlu'") {
            guard let entry = nodes.mapping(item, what: "an nlu item", allowed: ["intent", "synonym", "lookup", "regex", "examples", "metadata"]) else { continue }
            let examples = exampleLines(entry["examples"], rawLines: rawLines, nodes: &nodes)
            if let name = nodes.string(entry["intent"], what: "'intent'") {
                if !intentOrder.contains(name) { intentOrder.append(name) }
                for (text, location) in examples {
                    do {
                        var ignored = [(offset: Int, attribute: String)]()
                        let (plain, slots) = try AnnotatedText.parse(text, allowJSONAttributes: true, ignored: &ignored)
                        for (offset, attribute) in ignored {
                            nodes.diagnostics.append(Diagnostic(.warning, "entity attribute '\(attribute)' is not imported: IntentKit knows entity, value, role and group", at: location.advanced(by: offset)))
                        }
                        utterances.append(Utterance(text: plain, intent: name, slots: slots, location: location))
                    } catch {
                        nodes.diagnostics.append(Diagnostic(.error, error.message, at: location.advanced(by: error.offset)))
                    }
                }
            } else if let value = nodes.string(entry["synonym"], what: "'synonym'") {
                synonyms.append((value, examples.map(\.text)))
            } else if let name = nodes.string(entry["lookup"], what: "'lookup'") {
                lookups.append((name, examples.map(\.text)))
            } else if let name = nodes.string(entry["regex"], what: "'regex'") {
                regexes.append((name, nodes.location(of: item)))
            } else {
                nodes.error("an nlu item needs 'intent', 'synonym', 'lookup' or 'regex'", at: item)
            }
        }
        let (entities, warnings) = RasaVocabulary.entities(lookups: lookups, synonyms: synonyms, utterances: utterances, file: displayPath)
        let schema = SchemaInference.schema(domain: url.deletingPathExtension().lastPathComponent, utterances: utterances,
                                            entities: entities, intentOrder: intentOrder)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances),
                            diagnostics: decoded.repairs + nodes.diagnostics + (RasaRegexes.warning(regexes).map { [$0] } ?? []) + warnings)
    }

    /// The `- item` lines of an `examples: |` block, each with the place its text starts.
    private static func exampleLines(_ node: Node?, rawLines: [Substring], nodes: inout YAMLNodeReader) -> [(text: String, location: SourceLocation)] {
        guard let node, let block = nodes.string(node, what: "'examples'") else { return [] }
        let firstLine = (node.mark?.line ?? 0) + (node.scalar?.style == .literal || node.scalar?.style == .folded ? 1 : 0)
        var result = [(String, SourceLocation)]()
        for (offset, line) in block.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let lineNumber = firstLine + offset
            var column = 1
            if lineNumber >= 1, lineNumber <= rawLines.count, let dash = rawLines[lineNumber - 1].firstIndex(of: "-") {
                column = rawLines[lineNumber - 1].unicodeScalars.distance(from: rawLines[lineNumber - 1].startIndex, to: dash) + 1
            }
            let location = SourceLocation(file: nodes.file, line: lineNumber, column: column)
            guard trimmed.hasPrefix("-") else {
                nodes.diagnostics.append(Diagnostic(.error, "an example must start with '- '", at: location))
                continue
            }
            let text = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            result.append((text, location.advanced(by: 2)))
        }
        return result
    }

    /// The corpus as Rasa 3 YAML text.
    ///
    /// Rasa lists one example per line and strips the white space at its edges: a line break
    /// inside a text becomes a space and edge white space is dropped, each counted in `losses`.
    /// A block of examples with characters a literal block cannot hold (controls, YAML's other
    /// line breaks, the byte-order mark) is written as one double-quoted string with escapes,
    /// which Rasa reads the same way.
    public static func yaml(of corpus: Corpus, losses: inout [String]) -> String {
        var output = "version: \"3.1\"\nnlu:\n"
        let byIntent = Dictionary(grouping: corpus.utterances, by: \.intent)
        var changedLines = 0, trimmed = 0
        for intent in corpus.schema.intents {
            var lines = [String]()
            for utterance in byIntent[intent.name] ?? [] {
                var line = AnnotatedText.render(utterance.text, slots: utterance.slots, jsonValues: true)
                let flattened = line.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
                if flattened != line { changedLines += 1 }
                line = flattened
                let stripped = line.trimmingCharacters(in: .whitespaces)
                if stripped != line { trimmed += 1 }
                lines.append(stripped)
            }
            output += "- intent: \(scalar(intent.name))\n" + examples(lines)
        }
        if changedLines > 0 { losses.append("\(changedLines) utterance\(changedLines == 1 ? "" : "s") with line breaks written on one line (Rasa YAML has one example per line)") }
        if trimmed > 0 { losses.append("\(trimmed) utterance\(trimmed == 1 ? "" : "s") lost white space at their edges (Rasa strips it)") }
        let lists = RasaVocabulary.lists(of: corpus.schema)
        for synonym in lists.synonyms {
            output += "- synonym: \(scalar(synonym.value))\n" + examples(synonym.synonyms)
        }
        for lookup in lists.lookups {
            output += "- lookup: \(scalar(lookup.name))\n" + examples(lookup.elements)
        }
        return output
    }

    /// The corpus as Rasa 3 YAML text, not saying what the format could not hold.
    public static func yaml(of corpus: Corpus) -> String {
        var losses = [String]()
        return yaml(of: corpus, losses: &losses)
    }

    /// `  examples: |` and the `- line`s, or the same text as one double-quoted scalar when a
    /// line holds a character a literal block cannot.
    private static func examples(_ lines: [String]) -> String {
        let block = lines.map { "- \($0)\n" }.joined()
        if block.unicodeScalars.contains(where: { $0 != "\n" && JSONText.needsEscape($0) }) {
            return "  examples: \(JSONText.quoted(block))\n"
        }
        return "  examples: |\n" + lines.map { "    - \($0)\n" }.joined()
    }

    private static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_-./ ".unicodeScalars.contains($0))
        } && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.hasPrefix("-")
        return plain ? text : JSONText.quoted(text)
    }
}
