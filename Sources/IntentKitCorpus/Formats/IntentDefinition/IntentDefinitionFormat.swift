import Foundation
import IntentKit

/// Xcode's Intent Definition File (`.intentdefinition`, an XML property list): the custom intents
/// of a SiriKit app, read into a schema.
///
/// - Each custom intent (`INIntents`) becomes an intent of one domain named after the file. Its
///   parameters keep their names; their types become entities:
///   - `String` → an open entity of the parameter's own name;
///   - `Integer`, `Decimal` → `builtin.number`; `DateComponents` → `builtin.dateTime`;
///     `Duration` → `builtin.duration`; `CurrencyAmount` → `builtin.amountOfMoney`;
///     `Temperature` → `builtin.temperature`;
///   - an enum (`INIntentParameterEnumType`) → a closed entity of the enum's name, a value per
///     case: its display name the phrase, its name the identifier, its synonyms kept;
///   - `Boolean` → a closed entity with the values `true` and `false`, named by their display
///     names (`on`, `off`) where the parameter has them;
///   - a custom type (`Object`, `INTypes`) and `Person`, `Placemark`, `PaymentMethod` → an open
///     entity of the type's name; every other type → an open entity of the parameter's name,
///     with a warning that its values are read as text.
/// - A parameter with a primary prompt (Siri asks for it when it is missing) is required, with
///   the prompt. `INIntentParameterSupportsMultipleValues` is kept.
/// - Each parameter combination becomes a shortcut type, its title's `${name}` placeholders
///   `{name}`; the title is also an utterance pattern (its brackets, parentheses and bars text),
///   and so is the intent's suggested invocation phrase (`INIntentSuggestedInvocationPhrase`,
///   or `suggestedInvocationPhrase` where an app adds one).
/// - A file that names one intent, parameter, enum case or response code twice, gives an intent
///   no name, or whose combination or placeholder names a parameter the intent lacks, is
///   refused with each place (`file:line:column` and the key path).
/// - Response codes become response templates (`INIntentResponseCodeFormatString`, concise
///   form, success flag) and response parameters are kept beside the intent's.
///
/// The file has no example utterances: training expands the patterns. What IntentKit does not
/// model — system intents, custom types' properties, the configuration and widget flags,
/// prompts other than the primary one, unsupported-value reasons, default values, numbers'
/// bounds, images — is listed as warnings, once per kind with its count.
///
/// Another localization is read from its `.strings` file (`fr.lproj/Intents.strings`, beside the
/// folder of the definition): the definition with each string whose ID the table has replaced by
/// its translation, so titles, display names, synonyms, prompts and responses are in that
/// language. Strings the table lacks keep the definition's text, and translations of no string of
/// the definition are ignored; both are counted in warnings.
public enum IntentDefinitionFormat {
    /// The longest title, phrase or description, in Unicode scalars, made a pattern: longer
    /// than Siri's phrases (a few words) by far, shorter than generated or damaged text.
    static let maximumSpokenLength = 200

    /// Reads an Intent Definition File, or the `.strings` file of one of its localizations.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        if url.pathExtension.lowercased() == "strings" {
            return try readLocalization(at: url, displayPath: displayPath, decoder: decoder)
        }
        return try read(definitionAt: url, displayPath: displayPath, decoder: decoder)
    }

    /// Reads `url`, an Intent Definition File, translated by `localization` where one is given.
    static func read(
        definitionAt url: URL, displayPath: String, decoder: TextDecoder, localization: Localization? = nil
    ) throws -> LoadedCorpus {
        let data = try fileBytes(at: url, displayPath: displayPath)
        if data.starts(with: PropertyListReader.binaryMagic) {
            throw CorpusError.malformed(SourceLocation(file: displayPath), "a binary property list ('bplist' at byte offset 0); IntentKit reads Intent Definition Files as Xcode writes them, in XML (plutil -convert xml1 converts one)")
        }
        let text = try decoder.decode(data, file: displayPath)
        let source = JSONSource(text: text.text, file: displayPath)
        var plist: JSONValue
        do {
            plist = try PropertyListReader.read(source.bytes)
        } catch {
            throw CorpusError.malformed(source.location(ofByte: error.offset), "not a valid property list: \(error.message)")
        }
        var diagnostics = text.repairs
        if let localization {
            plist = localization.translating(plist, in: source, definitionPath: displayPath, diagnostics: &diagnostics)
        }
        var reader = Reader(file: displayPath, isEnglish: localization?.isEnglish ?? true)
        let root = JSONFileValue(plist, source: source)
        guard (try? root.object()) != nil else { throw root.failure("an Intent Definition File is a dictionary (INIntents, INEnums, INTypes)") }
        try reader.readEnums(root["INEnums"])
        try reader.readTypes(root["INTypes"])
        let intents = try reader.readIntents(root["INIntents"])
        if reader.isEnglish { reader.addSwitchWords(besides: intents) }
        let schema = Schema(domains: [Domain(name: domainName(of: url), intents: intents)], entities: reader.entities)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: [], locations: reader.locations), diagnostics: diagnostics + reader.diagnostics())
    }

    /// The bytes of the file at `url`, refused past ``TextDecoder/maximumFileBytes``.
    private static func fileBytes(at url: URL, displayPath: String) throws -> [UInt8] {
        try TextDecoder.checkSize(of: url, path: displayPath)
        do { return [UInt8](try Data(contentsOf: url)) } catch {
            throw CorpusError.io(path: displayPath, detail: "cannot read file (\(error.localizedDescription))")
        }
    }

    /// Reads the localization whose `.strings` file is at `url`: the definition of the same name
    /// in a sibling `.lproj` folder (`Base.lproj` first) or beside the folder, translated.
    static func readLocalization(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let localization = try Localization(at: url, displayPath: displayPath, decoder: decoder)
        guard let definition = definition(for: url) else {
            throw CorpusError.io(path: displayPath, detail: "no \(url.deletingPathExtension().lastPathComponent).intentdefinition in Base.lproj, another .lproj folder beside \(url.deletingLastPathComponent().lastPathComponent) or their parent; a .strings file is read as a localization of its Intent Definition File")
        }
        let definitionPath = Self.displayPath(of: definition, strings: url, displayPath: displayPath)
        var loaded = try read(definitionAt: definition, displayPath: definitionPath, decoder: decoder, localization: localization)
        // The localization's folder names its language (fr.lproj, pt-BR.lproj, zh_Hans.lproj).
        let folder = url.deletingLastPathComponent()
        let tag = folder.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "_", with: "-")
        if folder.pathExtension == "lproj", Schema.isLanguageTag(tag) { loaded.corpus.schema.language = Schema.canonicalLanguageTag(tag) }
        return loaded
    }

    /// A `.strings` file's translations (`"ID" = "text";`), in UTF-8 or, as older Xcode writes
    /// them, UTF-16 with a byte order mark; each keeps its place for messages.
    struct Localization {
        let file: String
        /// Whether the `.lproj` folder the file is in names English (`en.lproj`, `en-GB.lproj`).
        var isEnglish: Bool {
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            return folder.pathExtension == "lproj" && folder.deletingPathExtension().lastPathComponent.lowercased().hasPrefix("en")
        }
        let bytes: [UInt8]
        let entries: [String: StringsFileReader.Entry]

        init(at url: URL, displayPath: String, decoder: TextDecoder) throws {
            let data = try fileBytes(at: url, displayPath: displayPath)
            let text: [UInt8]
            do {
                text = try StringsFileReader.utf8(fromUTF16: data) ?? Array(try decoder.decode(data, file: displayPath).text.utf8)
            } catch let error as JSONSyntaxError {
                throw CorpusError.malformed(SourceLocation(file: displayPath), "\(error.message) (at byte offset \(error.offset))")
            }
            let source = JSONSource(bytes: text, file: displayPath)
            do {
                entries = Dictionary(uniqueKeysWithValues: try StringsFileReader.read(text).map { ($0.key, $0) })
            } catch {
                throw CorpusError.malformed(source.location(ofByte: error.offset), "not a valid .strings file (\"ID\" = \"text\"; lines): \(error.message)")
            }
            file = displayPath
            bytes = text
        }

        /// `plist` with every localizable string translated: Xcode gives each one a sibling key
        /// of its name and `ID` (`INIntentTitle`, `INIntentTitleID`) whose value this table maps
        /// to the translation. A translation's offset is its place in this file, added to `source`;
        /// what is left untranslated and what translates nothing is counted in warnings.
        func translating(_ plist: JSONValue, in source: JSONSource, definitionPath: String, diagnostics: inout [Diagnostic]) -> JSONValue {
            let base = source.add(bytes: bytes, file: file)
            var translated = Set<String>(), untranslated = 0
            // The property list nests at most PropertyListReader.maximumDepth levels: recursion is bounded.
            func walk(_ value: JSONValue) -> JSONValue {
                switch value.content {
                case .array(let items):
                    return JSONValue(.array(items.map(walk)), offset: value.offset)
                case .object(let members):
                    var result = members.map { ($0.key, walk($0.value)) }
                    for member in members where member.key.hasSuffix("ID") {
                        let textKey = String(member.key.dropLast(2))
                        guard case .string(let id) = member.value.content,
                              let index = result.firstIndex(where: { $0.0 == textKey }), case .string = result[index].1.content else { continue }
                        if let entry = entries[id] {
                            result[index].1 = JSONValue(.string(entry.value), offset: base + entry.valueOffset)
                            translated.insert(id)
                        } else {
                            untranslated += 1
                        }
                    }
                    return JSONValue(.object(result.map { (key: $0.0, value: $0.1) }), offset: value.offset)
                default:
                    return value
                }
            }
            let result = walk(plist)
            let location = SourceLocation(file: file)
            if untranslated > 0 {
                diagnostics.append(Diagnostic(.warning, "\(untranslated) strings of \(definitionPath) have no translation here and keep its text", at: location))
            }
            let unused = entries.values.filter { !translated.contains($0.key) }.sorted { $0.keyOffset < $1.keyOffset }
            if let first = unused.first {
                diagnostics.append(Diagnostic(.warning, "\(unused.count) translations name no string of \(definitionPath) and are ignored (for example \"\(first.key)\")", at: location))
            }
            return result
        }
    }

    /// The Intent Definition File a `.strings` file translates: `Intents.strings` in
    /// `fr.lproj` → `Base.lproj/Intents.intentdefinition`, else the first other `.lproj` folder
    /// (by name) that has it, else `Intents.intentdefinition` beside `fr.lproj`.
    static func definition(for strings: URL) -> URL? {
        let name = strings.deletingPathExtension().lastPathComponent + ".intentdefinition"
        let folder = strings.deletingLastPathComponent(), parent = folder.deletingLastPathComponent()
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [])
            .filter { $0.hasSuffix(".lproj") && $0 != folder.lastPathComponent }
            .sorted { ($0 == "Base.lproj" ? 0 : 1, $0) < ($1 == "Base.lproj" ? 0 : 1, $1) }
        let candidates = folders.map { parent.appendingPathComponent($0).appendingPathComponent(name) } + [parent.appendingPathComponent(name)]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// How messages name the definition: its path beside the `.lproj` folder of `displayPath`.
    private static func displayPath(of definition: URL, strings: URL, displayPath: String) -> String {
        let parent = ((displayPath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let inFolder = definition.deletingLastPathComponent().standardizedFileURL != strings.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL
        let tail = inFolder ? definition.deletingLastPathComponent().lastPathComponent + "/" + definition.lastPathComponent : definition.lastPathComponent
        return (parent as NSString).appendingPathComponent(tail)
    }

    /// `Intents` of `…/Base.lproj/Intents.intentdefinition`.
    static func domainName(of url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    /// `Order ${quantity} ${soup}` → `Order {quantity} {soup}`.
    static func placeholders(_ format: String) -> String {
        format.replacingOccurrences(of: "${", with: "{")
    }

    /// `Order ${quantity} ${soup}` → `order [quantity] [soup]`: a title as an utterance pattern,
    /// its other characters text (`Rate (beta) [1-5]` → `rate \(beta\) \[1-5\]`), and the names
    /// of its placeholders.
    static func pattern(ofTitle title: String) -> (pattern: String, placeholders: [String]) {
        var pattern = ""
        var names = [String]()
        var rest = Substring(title)
        while let open = rest.range(of: "${") {
            pattern += UtterancePattern.escaped(rest[..<open.lowerBound].lowercased())
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close])
            names.append(name)
            pattern += "[\(name)]"
            rest = rest[rest.index(after: close)...]
        }
        return (pattern + UtterancePattern.escaped(rest.lowercased()), names)
    }

    /// What the reader collects across the file.
    struct Reader {
        let file: String
        /// Whether the file's strings are English (the development language unless a
        /// localization says otherwise): English grammar turns descriptions into requests and
        /// gives Booleans their everyday words.
        let isEnglish: Bool
        var entities: [Entity] = []
        /// Enum name → entity name (the same, unless an entity of that name already existed).
        var enumEntities: [String: String] = [:]
        /// Custom type names (`INTypes`).
        var typeNames: Set<String> = []
        /// What the schema cannot hold, by kind, with how often.
        var losses: [String: Int] = [:]
        var lossOrder: [String] = []
        /// Where each intent, parameter, entity and pattern was read.
        var locations: [SchemaElement: SourceLocation] = [:]
        /// What makes the file unusable as it is: names given twice, references to nothing.
        var errors: [Diagnostic] = []

        init(file: String, isEnglish: Bool) {
            self.file = file
            self.isEnglish = isEnglish
        }

        mutating func lose(_ kind: String, _ count: Int = 1) {
            guard count > 0 else { return }
            if losses[kind] == nil { lossOrder.append(kind) }
            losses[kind, default: 0] += count
        }

        func diagnostics() -> [Diagnostic] {
            errors + lossOrder.map { Diagnostic(.warning, "not modelled: \($0) (\(losses[$0]!))", at: SourceLocation(file: file)) }
        }

        mutating func error(_ message: String, at node: JSONFileValue) {
            errors.append(Diagnostic(.error, "\(node.path): \(message)", at: node.location))
        }

        /// Whether `name` (of `kind`, at `node`) is new among `seen`; an error at `node` if not.
        mutating func isNew(_ name: String, _ kind: String, at node: JSONFileValue, among seen: inout [String: SourceLocation]) -> Bool {
            if let first = seen[name] {
                error("\(kind) '\(name)' twice (first at \(first)); names are unique", at: node)
                return false
            }
            seen[name] = node.location
            return true
        }

        mutating func addEntity(_ entity: Entity) {
            if let index = entities.firstIndex(where: { $0.name == entity.name }) {
                if entities[index] != entity { lose("two types of one name, '\(entity.name)': the first kept") }
                return
            }
            entities.append(entity)
        }

        mutating func readEnums(_ node: JSONFileValue?) throws {
            for item in try node?.array() ?? [] {
                guard let name = try item["INEnumName"]?.string() else { throw item.failure("an enum has no INEnumName") }
                var values = [EntityValue]()
                var cases = [String: SourceLocation]()
                for value in try item["INEnumValues"]?.array() ?? [] {
                    guard let identifier = try value["INEnumValueName"]?.string() else { throw value.failure("an enum value has no INEnumValueName") }
                    guard isNew(identifier, "the case", at: value, among: &cases) else { continue }
                    // `unknown` is the case Xcode adds to every enum for a value not given.
                    if identifier == "unknown", try value["INEnumValueIndex"]?.int() == 0 { continue }
                    let phrase = try value["INEnumValueDisplayName"]?.string() ?? identifier
                    values.append(EntityValue(identifier: identifier, phrase: phrase, synonyms: try synonyms(value["INEnumValueSynonyms"])))
                }
                enumEntities[name] = name
                locations[.entity(name)] = item.location
                addEntity(Entity(name: name, values: values, allowsOtherValues: false))
            }
        }

        /// Synonyms as Xcode writes them (dictionaries with `INEnumValueSynonym`) or as plain strings.
        private func synonyms(_ node: JSONFileValue?) throws -> [String] {
            try (node?.array() ?? []).compactMap { item in
                if let text = try? item.string() { return text }
                return try item["INEnumValueSynonym"]?.string()
            }
        }

        mutating func readTypes(_ node: JSONFileValue?) throws {
            for item in try node?.array() ?? [] {
                guard let name = try item["INTypeName"]?.string() else { throw item.failure("a type has no INTypeName") }
                typeNames.insert(name)
                lose("custom types' properties", try item["INTypeProperties"]?.array().count ?? 0)
                addEntity(Entity(name: name))
            }
        }

        mutating func readIntents(_ node: JSONFileValue?) throws -> [IntentDefinition] {
            var intents = [IntentDefinition]()
            var systemIntents = [String]()
            var names = [String: SourceLocation]()
            for item in try node?.array() ?? [] {
                guard let name = try item["INIntentName"]?.string() else { throw item.failure("an intent has no INIntentName") }
                guard !name.allSatisfy(\.isWhitespace) else {
                    error("an intent with an empty INIntentName", at: item)
                    continue
                }
                guard isNew(name, "the intent", at: item, among: &names) else { continue }
                if let type = try item["INIntentType"]?.string(), type != "Custom" {
                    lose("system intents (\(type))")
                    systemIntents.append(name)
                    continue
                }
                intents.append(try readIntent(item, name: name))
            }
            guard !intents.isEmpty else {
                let only = systemIntents.isEmpty ? "" : " (only SiriKit's own: \(systemIntents.joined(separator: ", ")))"
                throw CorpusError.malformed(SourceLocation(file: file), "the file defines no custom intent\(only); IntentKit reads an app's custom intents")
            }
            return intents
        }

        private mutating func readIntent(_ item: JSONFileValue, name: String) throws -> IntentDefinition {
            var intent = IntentDefinition(name: name)
            locations[.intent(name)] = item.location
            var parameterNames = [String: SourceLocation]()
            var displayNames = [String: String]()
            for node in try item["INIntentParameters"]?.array() ?? [] {
                let parameter = try readParameter(node, prefix: "INIntentParameter")
                displayNames[parameter.name] = try text(node["INIntentParameterDisplayName"])
                guard isNew(parameter.name, "the parameter", at: node, among: &parameterNames) else { continue }
                locations[.parameter(intent: name, name: parameter.name)] = node.location
                intent.parameters.append(parameter)
            }
            for (key, combination) in try item["INIntentParameterCombinations"]?.object() ?? [] {
                let parameters = key.split(separator: ",").map { String($0) }
                if let unknown = parameters.first(where: { intent.parameter(named: $0) == nil }) {
                    error("the parameter combination '\(key)' names '\(unknown)', which is not a parameter of '\(name)'", at: combination)
                    continue
                }
                guard let titleNode = combination["INIntentParameterCombinationTitle"], let title = try text(titleNode) else { continue }
                intent.shortcutTypes.append(ShortcutType(
                    parameters: parameters, title: placeholders(title),
                    subtitle: try text(combination["INIntentParameterCombinationSubtitle"]).map(placeholders)))
                addPattern(ofTitle: title, at: titleNode, to: &intent, allowed: Set(parameters))
                // A parameter the combination carries but its title does not show is said with it:
                // `Add insulin` for the combination `units` is also `add insulin [units]` and
                // `add [units] insulin`; a number whose display name ends in a plural (`Insulin
                // units`) with that unit: `add [units] units`, `add [units] units of insulin`.
                let shown = Set(pattern(ofTitle: title).placeholders)
                for parameter in parameters where !shown.contains(parameter) {
                    let words = title.split(separator: " ").map(String.init)
                    let slot = "${\(parameter)}"
                    var sayings = ["\(title) \(slot)"]
                    if words.count >= 2 { sayings.append(([words[0], slot] + words.dropFirst()).joined(separator: " ")) }
                    if intent.parameter(named: parameter)?.entity == .builtin(.number), let unit = displayNames[parameter]?.split(separator: " ").last?.lowercased(),
                       unit.count > 3, unit.hasSuffix("s"), !unit.hasSuffix("ss"), unit.allSatisfy(\.isLetter) {
                        sayings.append("\(words[0]) \(slot) \(unit)")
                        if words.count >= 2 { sayings.append("\(words[0]) \(slot) \(unit) of \(words.dropFirst().joined(separator: " "))") }
                    }
                    for saying in sayings { addPattern(ofTitle: saying, at: titleNode, to: &intent, allowed: Set(parameters)) }
                }
                // A description that names no parameter speaks of their values in words (`for the
                // specified amount of time`): the tagger would learn them as no value.
                if isEnglish, parameters.isEmpty, let node = combination["INIntentParameterCombinationSubtitle"], let subtitle = try text(node),
                   let request = Self.request(describedBy: subtitle) {
                    addPattern(ofTitle: request, at: node, to: &intent, allowed: Set(parameters))
                }
            }
            // The intent's title and description say what it does, so they are ways to ask for it.
            if let node = item["INIntentTitle"], let title = try text(node) { addPattern(ofTitle: title, at: node, to: &intent, allowed: []) }
            if isEnglish, intent.parameters.isEmpty, let node = item["INIntentDescription"], let description = try text(node),
               let request = Self.request(describedBy: description) {
                addPattern(ofTitle: request, at: node, to: &intent, allowed: [])
            }
            if isEnglish { addSwitchPatterns(to: &intent) }
            for key in ["INIntentSuggestedInvocationPhrase", "suggestedInvocationPhrase"] {
                if let node = item[key], let phrase = try text(node) { addPattern(ofTitle: phrase, at: node, to: &intent, allowed: []) }
            }
            if let response = item["INIntentResponse"] {
                var codes = [String: SourceLocation]()
                for code in try response["INIntentResponseCodes"]?.array() ?? [] {
                    guard let name = try code["INIntentResponseCodeName"]?.string() else { throw code.failure("a response code has no INIntentResponseCodeName") }
                    guard isNew(name, "the response code", at: code, among: &codes) else { continue }
                    guard let format = try text(code["INIntentResponseCodeFormatString"]) else { continue }
                    intent.responses.append(ResponseTemplate(
                        code: name, isSuccess: try code["INIntentResponseCodeSuccess"]?.bool() ?? false, text: placeholders(format),
                        conciseText: try text(code["INIntentResponseCodeConciseFormatString"]).map(placeholders)))
                }
                for parameter in try response["INIntentResponseParameters"]?.array() ?? [] {
                    intent.responseParameters.append(try readParameter(parameter, prefix: "INIntentResponseParameter"))
                }
            }
            if isEnglish, let title = try text(item["INIntentTitle"]) {
                addQuestionPatterns(to: &intent, title: title, output: try item["INIntentResponse"]?["INIntentResponseOutput"]?.string())
            }
            for key in ["INIntentConfigurable", "INIntentEligibleForWidgets", "INIntentIneligibleForSuggestions"] where item[key] != nil {
                lose("the intents' shortcut and widget flags")
            }
            if try item["INIntentUserConfirmationRequired"]?.bool() == true { lose("intents that ask for confirmation before they run") }
            if item["INIntentDefaultImage"] != nil { lose("images") }
            return intent
        }

        /// Adds the pattern of a title (or of a suggested invocation phrase) to `intent`: an error
        /// where it names a parameter outside `allowed` (Xcode's placeholders are the parameters
        /// of the combination), a warning where it cannot be a pattern (too long, too many
        /// placeholders), each at the title.
        private mutating func addPattern(ofTitle title: String, at node: JSONFileValue, to intent: inout IntentDefinition, allowed: Set<String>) {
            // A title is something said; one longer than anyone says (a generated or damaged
            // string) would only make training utterances of hundreds of words.
            guard title.unicodeScalars.count <= IntentDefinitionFormat.maximumSpokenLength else {
                errors.append(Diagnostic(.warning, "\(node.path): \(title.unicodeScalars.count) characters, longer than a request is said (\(IntentDefinitionFormat.maximumSpokenLength)), so no training utterance", at: node.location))
                return
            }
            let (pattern, names) = pattern(ofTitle: title)
            if let unknown = names.first(where: { !allowed.contains($0) }) {
                error("the placeholder ${\(unknown.prefix(60))} names no parameter of \(allowed.isEmpty ? "this phrase" : "the combination \(allowed.sorted().joined(separator: ","))")", at: node)
                return
            }
            do {
                _ = try UtterancePattern(pattern)
            } catch {
                errors.append(Diagnostic(.warning, "\(node.path): not a pattern, so no training utterance: \(error.message)", at: node.location))
                return
            }
            guard !intent.patterns.contains(pattern) else { return }
            locations[.pattern(intent: intent.name, index: intent.patterns.count)] = node.location
            intent.patterns.append(pattern)
        }

        /// In English, a switch is also turned on, enabled, activated (``SwitchPhrasing/addWords(to:besides:)``).
        mutating func addSwitchWords(besides intents: [IntentDefinition]) {
            SwitchPhrasing.addWords(to: &entities, besides: intents)
        }

        /// The ways people flip each switch a title sets (``SwitchPhrasing/addPatterns(to:entities:)``).
        private mutating func addSwitchPatterns(to intent: inout IntentDefinition) {
            SwitchPhrasing.addPatterns(to: &intent, entities: entities)
        }

        /// An intent that gets something (`Get Night Shift State`) is asked for as a question:
        /// `(what is|what's|check|show me|tell me) (the) night shift state`; when what it gives
        /// back is a switch, also `is night shift (on|off)`.
        private mutating func addQuestionPatterns(to intent: inout IntentDefinition, title: String, output: String?) {
            let words = title.lowercased().split(separator: " ").map(String.init)
            guard words.count >= 2, words[0] == "get", !title.contains("${") else { return }
            let thing = UtterancePattern.escaped(words.dropFirst().filter { $0 != "the" }.joined(separator: " "))
            var patterns = ["(what is|what's|check|show me|tell me) (the) \(thing)"]
            if let output, let parameter = intent.responseParameters.first(where: { $0.name == output }),
               case .custom(let entityName) = parameter.entity,
               let entity = entities.first(where: { $0.name == entityName }), Set(entity.values.map(\.identifier)) == ["true", "false"] {
                var subject = thing.split(separator: " ").map(String.init)
                while let last = subject.last, ["state", "status", "enabled", "mode", "setting"].contains(last), subject.count > 1 { subject.removeLast() }
                patterns.append("is \(subject.joined(separator: " ")) (on|off)")
            }
            for pattern in patterns where !intent.patterns.contains(pattern) && (try? UtterancePattern(pattern)) != nil {
                intent.patterns.append(pattern)
            }
        }

        /// An English description (`Sets the current Night Shift state.`) as the request it
        /// describes (`set the current night shift state`): its first sentence up to a comma,
        /// semicolon, colon or parenthesis (a condition or an aside follows one), when it starts
        /// with a verb in the third person and is short enough to be said; otherwise `nil`. The
        /// description speaks to the user and the request is the user's own: `you`, `your` and
        /// `yours` become `I`/`me`, `my` and `mine` (`Orders the drink you have most often.` →
        /// `order the drink I have most often`).
        static func request(describedBy description: String) -> String? {
            let sentence = description.split(whereSeparator: { $0 == "\n" }).first.map { String($0) } ?? description
            var first = (sentence.components(separatedBy: ". ").first ?? sentence).trimmingCharacters(in: .whitespaces)
            if let clause = first.firstIndex(where: { ",;:(".contains($0) }) { first = String(first[..<clause]) }
            var words = first.split(separator: " ").map(String.init)
            guard (2...12).contains(words.count), let verb = words.first.map({ $0.lowercased() }),
                  let base = imperative(ofThirdPerson: verb) else { return nil }
            words[0] = base
            for index in words.indices.dropFirst() {
                switch words[index].lowercased() {
                // "you" after a verb or a preposition is its object ("tells you"), before one its subject ("you have").
                case "you": words[index] = index + 1 < words.count && !Self.objectFollowers.contains(words[index + 1].lowercased()) ? "I" : "me"
                case "your": words[index] = "my"
                case "yours": words[index] = "mine"
                case "yourself": words[index] = "myself"
                default: break
                }
            }
            var request = words.joined(separator: " ")
            while let last = request.last, ".!".contains(last) { request.removeLast() }
            return request
        }

        /// Words after which a `you` was an object, not a subject ("tells you when", "shows you the").
        static let objectFollowers: Set<String> = ["when", "the", "a", "an", "how", "what", "where", "which", "if", "whether", "about", "to", "that", "this", "your"]

        /// `gets` → `get`, `finishes` → `finish`, `copies` → `copy`; `nil` for a word that is not
        /// a verb in the third person singular, or one that describes rather than does
        /// (`allows`, `lets`, `is`).
        static func imperative(ofThirdPerson word: String) -> String? {
            guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), word.allSatisfy(\.isLetter),
                  !["allows", "lets", "enables", "provides", "does", "has", "is", "was", "shows", "displays", "uses"].contains(word) else { return nil }
            if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
            if ["sses", "shes", "ches", "xes", "zes", "oes"].contains(where: { word.hasSuffix($0) }) { return String(word.dropLast(2)) }
            return String(word.dropLast())
        }

        /// The string at `node`, if there is one and it has more than white space (Xcode writes
        /// an empty string for a title or response left blank).
        private func text(_ node: JSONFileValue?) throws -> String? {
            guard let string = try node?.string(), !string.allSatisfy(\.isWhitespace) else { return nil }
            return string
        }

        /// A parameter of an intent (`prefix` `INIntentParameter`) or of its response (`INIntentResponseParameter`).
        private mutating func readParameter(_ item: JSONFileValue, prefix: String) throws -> Parameter {
            guard let name = try item[prefix + "Name"]?.string() else { throw item.failure("a parameter has no \(prefix)Name") }
            let type = try item[prefix + "Type"]?.string() ?? "String"
            let entity = try entity(of: item, name: name, type: type, prefix: prefix)
            var prompt: String?
            for dialog in try item[prefix + "PromptDialogs"]?.array() ?? [] {
                guard try text(dialog[prefix + "PromptDialogType"]) == "Primary" else {
                    // Xcode gives each parameter a textless `Configuration` dialog: not a loss.
                    if dialog[prefix + "PromptDialogFormatString"] != nil { lose("prompts other than the primary one (confirmation, disambiguation)") }
                    continue
                }
                prompt = try text(dialog[prefix + "PromptDialogFormatString"]).map(placeholders)
            }
            lose("unsupported-value reasons", try item[prefix + "UnsupportedReasons"]?.array().count ?? 0)
            let metadata = item[prefix + "Metadata"]
            if metadata?[prefix + "MetadataDefaultValue"] != nil { lose("parameters' default values") }
            if metadata?[prefix + "MetadataMinimumValue"] != nil || metadata?[prefix + "MetadataMaximumValue"] != nil {
                lose("numbers' bounds")
            }
            return Parameter(name: name, entity: entity, isRequired: prompt != nil, prompt: prompt,
                             allowsMultipleValues: try item[prefix + "SupportsMultipleValues"]?.bool() ?? false)
        }

        private mutating func entity(of item: JSONFileValue, name: String, type: String, prefix: String) throws -> EntityReference {
            if let enumName = try item[prefix + "EnumType"]?.string() {
                if try item[prefix + "EnumTypeNamespace"]?.string() == "System" {
                    // SiriKit's own enums (`PlaybackRepeatMode`) list their cases nowhere in the file.
                    lose("SiriKit's enums read as text (\(enumName))")
                    addEntity(Entity(name: enumName))
                    return .custom(enumName)
                }
                guard let entity = enumEntities[enumName] else { throw item.failure("the enum '\(enumName)' is not among INEnums") }
                return .custom(entity)
            }
            switch type {
            case "Integer", "Decimal": return .builtin(.number)
            case "DateComponents", "Date": return .builtin(.dateTime)
            case "Duration", "TimeInterval": return .builtin(.duration)
            case "CurrencyAmount": return .builtin(.amountOfMoney)
            case "Temperature": return .builtin(.temperature)
            case "Boolean":
                let metadata = item[prefix + "Metadata"]
                let yes = try metadata?[prefix + "MetadataTrueDisplayName"]?.string() ?? "true"
                let no = try metadata?[prefix + "MetadataFalseDisplayName"]?.string() ?? "false"
                addEntity(Entity(name: name, values: [EntityValue(identifier: "true", phrase: yes), EntityValue(identifier: "false", phrase: no)],
                                 allowsOtherValues: false))
                return .custom(name)
            case "Object":
                guard let typeName = try item[prefix + "ObjectType"]?.string(), typeNames.contains(typeName) else {
                    throw item.failure("an Object parameter names no type among INTypes")
                }
                return .custom(typeName)
            case "Person", "Placemark", "PaymentMethod", "Location":
                let entityName = type.prefix(1).lowercased() + type.dropFirst()
                addEntity(Entity(name: entityName))
                return .custom(entityName)
            case "String":
                addEntity(Entity(name: name))
                return .custom(name)
            default:
                lose("parameter types read as text (\(type))")
                addEntity(Entity(name: name))
                return .custom(name)
            }
        }
    }
}
