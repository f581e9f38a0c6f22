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
///   `{name}`; the title is also an utterance pattern, and so is a `suggestedInvocationPhrase`
///   (a key this reader takes from the intent's dictionary where an app adds one).
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
    /// Reads an Intent Definition File, or the `.strings` file of one of its localizations.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        if url.pathExtension.lowercased() == "strings" {
            return try readLocalization(at: url, displayPath: displayPath, decoder: decoder)
        }
        return try read(definitionAt: url, displayPath: displayPath, decoder: decoder)
    }

    /// Reads `url`, an Intent Definition File, with `localize` applied to its property list.
    static func read(
        definitionAt url: URL, displayPath: String, decoder: TextDecoder, localize: (Any) -> Any = { $0 }
    ) throws -> LoadedCorpus {
        let bytes = try decoder.decodeFile(at: url, displayPath: displayPath)
        let plist: Any
        do {
            plist = localize(try PropertyListSerialization.propertyList(from: Data(bytes.text.utf8), format: nil))
        } catch {
            throw CorpusError.malformed(SourceLocation(file: displayPath), "not a valid property list: \((error as NSError).localizedDescription)")
        }
        var reader = Reader(file: displayPath)
        let root = JSONFileValue(foundationObject: plist, file: displayPath)
        guard (try? root.object()) != nil else { throw root.failure("an Intent Definition File is a dictionary (INIntents, INEnums, INTypes)") }
        try reader.readEnums(root["INEnums"])
        try reader.readTypes(root["INTypes"])
        let intents = try reader.readIntents(root["INIntents"])
        let schema = Schema(domains: [Domain(name: domainName(of: url), intents: intents)], entities: reader.entities)
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: []), diagnostics: bytes.repairs + reader.diagnostics())
    }

    /// Reads the localization whose `.strings` file is at `url`: the definition of the same name
    /// in a sibling `.lproj` folder (`Base.lproj` first) or beside the folder, translated.
    static func readLocalization(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let table = try strings(at: url, displayPath: displayPath, decoder: decoder)
        guard let definition = definition(for: url) else {
            throw CorpusError.io(path: displayPath, detail: "no \(url.deletingPathExtension().lastPathComponent).intentdefinition in Base.lproj, another .lproj folder beside \(url.deletingLastPathComponent().lastPathComponent) or their parent; a .strings file is read as a localization of its Intent Definition File")
        }
        var translated = Set<String>(), untranslated = 0
        let definitionPath = Self.displayPath(of: definition, strings: url, displayPath: displayPath)
        var loaded = try read(definitionAt: definition, displayPath: definitionPath, decoder: decoder) {
            localized($0, by: table, translated: &translated, untranslated: &untranslated)
        }
        let location = SourceLocation(file: displayPath)
        if untranslated > 0 {
            loaded.diagnostics.append(Diagnostic(.warning, "\(untranslated) strings of \(definitionPath) have no translation here and keep its text", at: location))
        }
        let unused = table.count - translated.count
        if unused > 0 {
            loaded.diagnostics.append(Diagnostic(.warning, "\(unused) translations name no string of \(definitionPath) and are ignored (for example \"\(table.keys.filter { !translated.contains($0) }.sorted()[0])\")", at: location))
        }
        return loaded
    }

    /// The table of a `.strings` file (`"ID" = "text";`), in UTF-8 or, as older Xcode writes
    /// them, UTF-16 with a byte order mark.
    static func strings(at url: URL, displayPath: String, decoder: TextDecoder) throws -> [String: String] {
        try TextDecoder.checkSize(of: url, path: displayPath)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CorpusError.io(path: displayPath, detail: "cannot read file (\(error.localizedDescription))")
        }
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]), let utf16 = String(data: data, encoding: .utf16) {
            text = utf16
        } else {
            text = try decoder.decode([UInt8](data), file: displayPath).text
        }
        let table: Any
        do {
            table = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        } catch {
            throw CorpusError.malformed(SourceLocation(file: displayPath), "not a valid .strings file (\"ID\" = \"text\"; lines): \((error as NSError).localizedDescription)")
        }
        guard let strings = table as? [String: String] else {
            throw CorpusError.malformed(SourceLocation(file: displayPath), "not a .strings file: its entries are not \"ID\" = \"text\"; pairs")
        }
        return strings
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

    /// `object` (a property list) with every localizable string translated: Xcode gives each
    /// one a sibling key of its name and `ID` (`INIntentTitle`, `INIntentTitleID`) whose value
    /// the `.strings` file's table maps to the translation.
    static func localized(_ object: Any, by table: [String: String], translated: inout Set<String>, untranslated: inout Int) -> Any {
        if let array = object as? [Any] {
            return array.map { localized($0, by: table, translated: &translated, untranslated: &untranslated) }
        }
        guard let dictionary = object as? [String: Any] else { return object }
        var result = [String: Any]()
        for (key, value) in dictionary {
            result[key] = localized(value, by: table, translated: &translated, untranslated: &untranslated)
        }
        for (key, value) in dictionary where key.hasSuffix("ID") {
            let textKey = String(key.dropLast(2))
            guard let id = value as? String, dictionary[textKey] is String else { continue }
            if let text = table[id] {
                result[textKey] = text
                translated.insert(id)
            } else {
                untranslated += 1
            }
        }
        return result
    }

    /// `Intents` of `…/Base.lproj/Intents.intentdefinition`.
    static func domainName(of url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    /// `Order ${quantity} ${soup}` → `Order {quantity} {soup}`.
    static func placeholders(_ format: String) -> String {
        format.replacingOccurrences(of: "${", with: "{")
    }

    /// `Order ${quantity} ${soup}` → `order [quantity] [soup]`: a title as an utterance pattern.
    static func pattern(ofTitle title: String) -> String {
        var pattern = ""
        var rest = Substring(title)
        while let open = rest.range(of: "${") {
            pattern += rest[..<open.lowerBound].lowercased()
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                rest = rest[open.lowerBound...]
                break
            }
            pattern += "[\(rest[open.upperBound..<close])]"
            rest = rest[rest.index(after: close)...]
        }
        return pattern + rest.lowercased()
    }

    /// What the reader collects across the file.
    struct Reader {
        let file: String
        var entities: [Entity] = []
        /// Enum name → entity name (the same, unless an entity of that name already existed).
        var enumEntities: [String: String] = [:]
        /// Custom type names (`INTypes`).
        var typeNames: Set<String> = []
        /// What the schema cannot hold, by kind, with how often.
        var losses: [String: Int] = [:]
        var lossOrder: [String] = []

        init(file: String) { self.file = file }

        mutating func lose(_ kind: String, _ count: Int = 1) {
            guard count > 0 else { return }
            if losses[kind] == nil { lossOrder.append(kind) }
            losses[kind, default: 0] += count
        }

        func diagnostics() -> [Diagnostic] {
            lossOrder.map { Diagnostic(.warning, "not modelled: \($0) (\(losses[$0]!))", at: SourceLocation(file: file)) }
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
                for value in try item["INEnumValues"]?.array() ?? [] {
                    guard let identifier = try value["INEnumValueName"]?.string() else { throw value.failure("an enum value has no INEnumValueName") }
                    // `unknown` is the case Xcode adds to every enum for a value not given.
                    if identifier == "unknown", try value["INEnumValueIndex"]?.int() == 0 { continue }
                    let phrase = try value["INEnumValueDisplayName"]?.string() ?? identifier
                    values.append(EntityValue(identifier: identifier, phrase: phrase, synonyms: try synonyms(value["INEnumValueSynonyms"])))
                }
                enumEntities[name] = name
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
            for item in try node?.array() ?? [] {
                guard let name = try item["INIntentName"]?.string() else { throw item.failure("an intent has no INIntentName") }
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
            for parameter in try item["INIntentParameters"]?.array() ?? [] {
                intent.parameters.append(try readParameter(parameter, prefix: "INIntentParameter"))
            }
            for (key, combination) in try item["INIntentParameterCombinations"]?.object() ?? [] {
                guard let title = try text(combination["INIntentParameterCombinationTitle"]) else { continue }
                let parameters = key.split(separator: ",").map { String($0) }
                intent.shortcutTypes.append(ShortcutType(
                    parameters: parameters, title: placeholders(title),
                    subtitle: try text(combination["INIntentParameterCombinationSubtitle"]).map(placeholders)))
                let pattern = pattern(ofTitle: title)
                if !intent.patterns.contains(pattern) { intent.patterns.append(pattern) }
            }
            if let phrase = try item["suggestedInvocationPhrase"]?.string(), !intent.patterns.contains(phrase.lowercased()) {
                intent.patterns.append(phrase.lowercased())
            }
            if let response = item["INIntentResponse"] {
                for code in try response["INIntentResponseCodes"]?.array() ?? [] {
                    guard let name = try code["INIntentResponseCodeName"]?.string() else { throw code.failure("a response code has no INIntentResponseCodeName") }
                    guard let format = try text(code["INIntentResponseCodeFormatString"]) else { continue }
                    intent.responses.append(ResponseTemplate(
                        code: name, isSuccess: try code["INIntentResponseCodeSuccess"]?.bool() ?? false, text: placeholders(format),
                        conciseText: try text(code["INIntentResponseCodeConciseFormatString"]).map(placeholders)))
                }
                for parameter in try response["INIntentResponseParameters"]?.array() ?? [] {
                    intent.responseParameters.append(try readParameter(parameter, prefix: "INIntentResponseParameter"))
                }
            }
            for key in ["INIntentConfigurable", "INIntentEligibleForWidgets", "INIntentIneligibleForSuggestions"] where item[key] != nil {
                lose("the intents' shortcut and widget flags")
            }
            if try item["INIntentUserConfirmationRequired"]?.bool() == true { lose("intents that ask for confirmation before they run") }
            if item["INIntentDefaultImage"] != nil { lose("images") }
            return intent
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
