import Foundation
import IntentKit
import Yams

/// IntentKit's own corpus format: YAML (or the same tree in JSON) with inline annotations.
///
/// ```yaml
/// domain: payments
/// entities:
///   - name: paymentApp
///     allowsOtherValues: false
///     values:
///       - {phrase: Unicorn Pay, id: app.unicorn-pay, synonyms: [unicorn], pronunciation: unicorn pay}
/// intents:
///   - name: SendPayment
///     parameters:
///       - {name: payee, entity: contact, required: true, prompt: Who do you want to pay?}
///       - {name: amount, entity: builtin.amountOfMoney, required: true}
///     patterns:
///       - (send|pay) [payee] [amount] (on [app])
///     shortcuts:
///       - {parameters: [payee, amount], title: "Pay {payee} {amount}"}
///     responses:
///       - {code: success, success: true, text: "Sent {amount} to {payee}."}
///     utterances:
///       - send [Buttercup](payee) [85 bucks](amount) on [Unicorn Pay](app)
/// ```
///
/// A parameter can say `multipleValues: true`; `responseParameters:` lists the values an app
/// supplies for its responses besides the intent's parameters.
///
/// A file holds one `domain:` with its `intents:`, or a list of `domains:` (each with `name:` and
/// `intents:`); `entities:` are shared by the whole corpus. A held-out test file says
/// `schema: <path>` instead and lists only `intents:` with `name:` and `utterances:`. A directory
/// is read as all its `.yaml`, `.yml` and `.json` files, in name order.
public enum NativeFormat {
    static let fileExtensions: Set<String> = ["yaml", "yml", "json"]

    /// Reads a file or a directory of files.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        var reader = Reader(decoder: decoder)
        try reader.read(at: url, displayPath: displayPath)
        return reader.result()
    }

    struct Reader {
        let decoder: TextDecoder
        var builder = SchemaBuilder()
        var utterances: [Utterance] = []
        var diagnostics: [Diagnostic] = []
        var usesReferencedSchema = false

        init(decoder: TextDecoder) { self.decoder = decoder }

        func result() -> LoadedCorpus {
            LoadedCorpus(
                corpus: Corpus(schema: builder.schema, utterances: utterances, locations: builder.locations),
                diagnostics: diagnostics + builder.diagnostics)
        }

        mutating func read(at url: URL, displayPath: String) throws {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw CorpusError.io(path: displayPath, detail: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                try readFile(at: url, displayPath: displayPath)
                return
            }
            let files = try CorpusFormat.files(in: url, displayPath: displayPath) { fileExtensions.contains($0.pathExtension.lowercased()) }
            for file in files {
                try readFile(at: file, displayPath: (displayPath as NSString).appendingPathComponent(file.lastPathComponent))
            }
        }

        mutating func readFile(at url: URL, displayPath: String) throws {
            let decoded = try decoder.decodeFile(at: url, displayPath: displayPath)
            diagnostics += decoded.repairs
            let root: Node
            do {
                guard let node = try Yams.compose(yaml: decoded.text) else {
                    diagnostics.append(Diagnostic(.warning, "the file is empty", at: SourceLocation(file: displayPath)))
                    return
                }
                try YAMLNodeReader.checkExpandedSize(of: node, text: decoded.text, file: displayPath)
                root = node
            } catch let error as YamlError {
                let location = Self.location(of: error, file: displayPath)
                var message = "not valid YAML or JSON: \(Self.problem(of: error))"
                let lines = decoded.text.split(separator: "\n", omittingEmptySubsequences: false)
                if let line = location.line, line >= 1, line <= lines.count,
                   lines[line - 1].trimmingCharacters(in: .whitespaces).hasPrefix("- [") {
                    message += " (an utterance that starts with '[' must be quoted)"
                }
                throw CorpusError.malformed(location, message)
            }
            var nodes = YAMLNodeReader(file: displayPath)
            defer { diagnostics += nodes.diagnostics }
            guard let fields = nodes.mapping(root, what: "the file", allowed: ["domain", "domains", "entities", "intents", "language", "schema"]) else { return }
            let language = nodes.string(fields["language"], what: "'language'")

            if let schemaNode = fields["schema"], let schemaPath = nodes.string(schemaNode, what: "'schema'") {
                try readSchemaReference(schemaPath, at: schemaNode, relativeTo: url, displayPath: displayPath, nodes: &nodes)
                if let language { builder.declareLanguage(language, at: nodes.location(of: fields["language"]!)) }
                for key in ["domain", "domains", "entities"] where fields[key] != nil {
                    nodes.error("a file with 'schema:' takes its domains and entities from the schema; remove '\(key)'", at: fields[key]!)
                }
                for intentNode in nodes.sequence(fields["intents"], what: "'intents'") {
                    readTestIntent(intentNode, nodes: &nodes)
                }
                return
            }
            if let language { builder.declareLanguage(language, at: nodes.location(of: fields["language"]!)) }
            for entityNode in nodes.sequence(fields["entities"], what: "'entities'") {
                if let entity = readEntity(entityNode, nodes: &nodes) {
                    builder.add(entity, at: nodes.location(of: entityNode))
                }
            }
            if let domainsNode = fields["domains"] {
                if let domainNode = fields["domain"] { nodes.error("use either 'domain' or 'domains', not both", at: domainNode) }
                if let intentsNode = fields["intents"] { nodes.error("with 'domains', list intents under each domain", at: intentsNode) }
                for domainNode in nodes.sequence(domainsNode, what: "'domains'") {
                    guard let domain = nodes.mapping(domainNode, what: "a domain", allowed: ["name", "intents"]),
                          let name = nodes.requiredString(domain, "name", in: "a domain", at: domainNode) else { continue }
                    readIntents(domain["intents"], domain: name, nodes: &nodes)
                }
            } else {
                let name = nodes.string(fields["domain"], what: "'domain'") ?? url.deletingPathExtension().lastPathComponent
                readIntents(fields["intents"], domain: name, nodes: &nodes)
            }
        }

        private mutating func readSchemaReference(_ path: String, at node: Node, relativeTo url: URL, displayPath: String, nodes: inout YAMLNodeReader) throws {
            guard builder.schema.domains.isEmpty || usesReferencedSchema else {
                nodes.error("'schema:' files cannot be mixed with files that declare domains", at: node)
                return
            }
            if usesReferencedSchema { return }
            let schemaURL = URL(fileURLWithPath: path, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
            let schemaDisplay = path.hasPrefix("/") ? path : ((displayPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
            let loaded = try CorpusFormat.load(at: schemaURL, displayPath: (schemaDisplay as NSString).standardizingPath, decoder: decoder)
            diagnostics += loaded.diagnostics.filter { $0.severity == .error }
            builder = SchemaBuilder(schema: loaded.corpus.schema, locations: loaded.corpus.locations)
            usesReferencedSchema = true
        }

        private mutating func readTestIntent(_ node: Node, nodes: inout YAMLNodeReader) {
            guard let fields = nodes.mapping(node, what: "an intent", allowed: ["name", "utterances"]),
                  let name = nodes.requiredString(fields, "name", in: "an intent", at: node) else { return }
            if builder.schema.intent(named: name) == nil {
                nodes.error("unknown intent '\(name)': the schema declares no such intent", at: fields["name"]!)
            }
            builder.locate(intent: name, at: nodes.location(of: fields["name"]!))
            readUtterances(fields["utterances"], intent: name, nodes: &nodes)
        }

        private mutating func readIntents(_ node: Node?, domain: String, nodes: inout YAMLNodeReader) {
            for intentNode in nodes.sequence(node, what: "'intents'") {
                let allowed: Set<String> = ["name", "parameters", "patterns", "shortcuts", "responses", "responseParameters", "utterances"]
                guard let fields = nodes.mapping(intentNode, what: "an intent", allowed: allowed),
                      let name = nodes.requiredString(fields, "name", in: "an intent", at: intentNode) else { continue }
                let (parameters, parameterLocations) = readParameters(fields["parameters"], intent: name, nodes: &nodes)
                var intent = IntentDefinition(name: name, parameters: parameters, patterns: nodes.strings(fields["patterns"], what: "'patterns'"))
                intent.shortcutTypes = nodes.sequence(fields["shortcuts"], what: "'shortcuts'").compactMap { readShortcutType($0, nodes: &nodes) }
                intent.responses = nodes.sequence(fields["responses"], what: "'responses'").compactMap { readResponse($0, nodes: &nodes) }
                intent.responseParameters = readParameters(fields["responseParameters"], intent: name, nodes: &nodes).parameters
                let patternNodes = fields["patterns"]?.sequence.map(Array.init) ?? []
                let patternLocations = patternNodes.count == intent.patterns.count ? patternNodes.map(nodes.location(of:)) : []
                builder.add(intent, toDomain: domain, at: nodes.location(of: fields["name"]!), parameterLocations: parameterLocations,
                            patternLocations: patternLocations)
                readUtterances(fields["utterances"], intent: name, nodes: &nodes)
            }
        }

        private mutating func readParameters(
            _ node: Node?, intent: String, nodes: inout YAMLNodeReader
        ) -> (parameters: [Parameter], locations: [String: SourceLocation]) {
            var parameters = [Parameter]()
            var locations = [String: SourceLocation]()
            for parameterNode in nodes.sequence(node, what: "'parameters'") {
                guard let parameter = readParameter(parameterNode, intent: intent, nodes: &nodes) else { continue }
                if let first = locations[parameter.name] {
                    nodes.error("duplicate parameter '\(parameter.name)' in intent '\(intent)' (first declared at \(first))", at: parameterNode)
                    continue
                }
                parameters.append(parameter)
                locations[parameter.name] = nodes.location(of: parameterNode)
            }
            return (parameters, locations)
        }

        private mutating func readShortcutType(_ node: Node, nodes: inout YAMLNodeReader) -> ShortcutType? {
            let what = "a shortcut"
            guard let fields = nodes.mapping(node, what: what, allowed: ["parameters", "title", "subtitle"]),
                  let title = nodes.requiredString(fields, "title", in: what, at: node) else { return nil }
            return ShortcutType(parameters: nodes.strings(fields["parameters"], what: "'parameters'"), title: title,
                                subtitle: nodes.string(fields["subtitle"], what: "'subtitle'"))
        }

        private mutating func readResponse(_ node: Node, nodes: inout YAMLNodeReader) -> ResponseTemplate? {
            let what = "a response"
            guard let fields = nodes.mapping(node, what: what, allowed: ["code", "success", "text", "concise"]),
                  let code = nodes.requiredString(fields, "code", in: what, at: node),
                  let text = nodes.requiredString(fields, "text", in: what, at: node) else { return nil }
            return ResponseTemplate(code: code, isSuccess: nodes.bool(fields["success"], what: "'success'") ?? false, text: text,
                                    conciseText: nodes.string(fields["concise"], what: "'concise'"))
        }

        private mutating func readParameter(_ node: Node, intent: String, nodes: inout YAMLNodeReader) -> Parameter? {
            let what = "a parameter of '\(intent)'"
            guard let fields = nodes.mapping(node, what: what, allowed: ["name", "entity", "required", "prompt", "multipleValues"]),
                  let name = nodes.requiredString(fields, "name", in: what, at: node) else { return nil }
            let entity = nodes.string(fields["entity"], what: "'entity'") ?? name
            return Parameter(
                name: name, entity: EntityReference(name: entity),
                isRequired: nodes.bool(fields["required"], what: "'required'") ?? false,
                prompt: nodes.string(fields["prompt"], what: "'prompt'"),
                allowsMultipleValues: nodes.bool(fields["multipleValues"], what: "'multipleValues'") ?? false)
        }

        private mutating func readEntity(_ node: Node, nodes: inout YAMLNodeReader) -> Entity? {
            guard let fields = nodes.mapping(node, what: "an entity", allowed: ["name", "values", "allowsOtherValues"]),
                  let name = nodes.requiredString(fields, "name", in: "an entity", at: node) else { return nil }
            if name.hasPrefix(BuiltinEntity.namePrefix) {
                nodes.error("'\(BuiltinEntity.namePrefix)' names are reserved for built-in entities", at: fields["name"]!)
            }
            var values = [EntityValue]()
            var seen = [String: SourceLocation]()
            for valueNode in nodes.sequence(fields["values"], what: "'values'") {
                guard let value = readEntityValue(valueNode, nodes: &nodes) else { continue }
                if let first = seen[value.identifier] {
                    nodes.error("duplicate value '\(value.identifier)' in entity '\(name)' (first declared at \(first))", at: valueNode)
                    continue
                }
                seen[value.identifier] = nodes.location(of: valueNode)
                values.append(value)
            }
            return Entity(name: name, values: values,
                          allowsOtherValues: nodes.bool(fields["allowsOtherValues"], what: "'allowsOtherValues'") ?? true)
        }

        private mutating func readEntityValue(_ node: Node, nodes: inout YAMLNodeReader) -> EntityValue? {
            if let scalar = node.scalar {
                return scalar.string.isEmpty ? nil : EntityValue(phrase: scalar.string)
            }
            let what = "an entity value"
            guard let fields = nodes.mapping(node, what: what, allowed: ["phrase", "id", "synonyms", "pronunciation", "examples"]),
                  let phrase = nodes.requiredString(fields, "phrase", in: what, at: node) else { return nil }
            return EntityValue(
                identifier: nodes.string(fields["id"], what: "'id'"), phrase: phrase,
                synonyms: nodes.strings(fields["synonyms"], what: "'synonyms'"),
                pronunciation: nodes.string(fields["pronunciation"], what: "'pronunciation'"),
                examples: nodes.strings(fields["examples"], what: "'examples'"))
        }

        private mutating func readUtterances(_ node: Node?, intent: String, nodes: inout YAMLNodeReader) {
            for utteranceNode in nodes.sequence(node, what: "'utterances'") {
                if utteranceNode.scalar == nil {
                    // A ': ' in an annotation's value, unquoted, makes YAML read a mapping.
                    if case .mapping(let mapping) = utteranceNode, let key = mapping.first?.key.scalar?.string, key.contains("](") {
                        nodes.error("an utterance must be a string; the ': ' in '\(key.suffix(40)): …' made YAML read a mapping: quote the utterance ('…' or \"…\")", at: utteranceNode)
                    } else {
                        nodes.error("an utterance must be a string; quote utterances that start with '[' or '{'", at: utteranceNode)
                    }
                    continue
                }
                guard let annotated = nodes.string(utteranceNode, what: "an utterance") else { continue }
                let start = nodes.textLocation(of: utteranceNode)
                do {
                    let (text, slots) = try AnnotatedText.parse(annotated)
                    utterances.append(Utterance(text: text, intent: intent, slots: slots, location: start))
                } catch {
                    diagnostics.append(Diagnostic(.error, error.message, at: start.advanced(by: error.offset)))
                }
            }
        }

        static func location(of error: YamlError, file: String) -> SourceLocation {
            switch error {
            case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _):
                return SourceLocation(file: file, line: mark.line, column: mark.column)
            case let .duplicatedKeysInMapping(_, context):
                return SourceLocation(file: file, line: context.mark.line, column: context.mark.column)
            default:
                return SourceLocation(file: file)
            }
        }

        static func problem(of error: YamlError) -> String {
            switch error {
            case let .scanner(context, problem, _, _), let .parser(context, problem, _, _), let .composer(context, problem, _, _):
                return [context.map { "\($0.text)" }, problem].compactMap { $0 }.joined(separator: ": ")
            case let .duplicatedKeysInMapping(duplicates, _):
                return "a mapping gives the key \(duplicates.sorted().map { "'\($0.prefix(80))'" }.joined(separator: ", ")) twice"
            default:
                return "\(error)"
            }
        }
    }
}
