import Foundation
import IntentKit

/// An app's App Intents (iOS 16 and later), read from its Swift sources (a `.swift` file, or a
/// directory searched for them) into a schema and utterance patterns.
///
/// - Each type conforming to `AppIntent` (or `AudioPlaybackIntent`, `OpenIntent`… — not widget
///   or control configuration intents) becomes an intent of one domain named after the path.
///   Its `@Parameter` properties become parameters: a parameter is required when its type is not
///   optional and it has no default value, and its `requestValueDialog` is the prompt. Types:
///   - an `AppEnum` of the sources → a closed entity of the enum's name, a value per case (its
///     identifier the case, its phrase the `caseDisplayRepresentations` title, or the case's
///     name in words, with the representation's synonyms);
///   - an `AppEntity` of the sources → an open entity of the type's name, whose values the app
///     supplies at run time (as vocabulary);
///   - `Int`, `Double`, `Decimal`… → `builtin.number`; `Date`, `DateComponents` →
///     `builtin.dateTime`; `Measurement<UnitDuration>`, `TimeInterval` → `builtin.duration`;
///     `Measurement<UnitTemperature>` → `builtin.temperature`; `IntentCurrencyAmount` →
///     `builtin.amountOfMoney`; `Bool` → a closed entity with the values `true` (on) and `false`
///     (off); `String` → an open entity of the parameter's name; `IntentPerson` and
///     `PlaceDescriptor` → open entities `person` and `placemark`; any other type → an open
///     entity of the parameter's name, with a warning that its values are read as text.
/// - Patterns: the intent's `title`; its `description` as the request it describes (English,
///   intents without parameters: `Starts a new timer.` → `start a new timer`); each `Summary` of
///   its `parameterSummary`, its `\(\.$name)` interpolations parameters
///   (`Order \(\.$quantity) \(\.$soup)` → `order [quantity] [soup]`); and each phrase and short
///   title of the `AppShortcut`s that run it, without the app's name and the word that joins it
///   (`Order \(\.$soup) in \(.applicationName)` → `order [soup]`).
/// - Only literal texts are read; what is computed at run time, or what the schema cannot hold,
///   is listed in warnings, once per kind with its count. Two intents, enums or cases of one name
///   are refused with both places.
///
/// The sources are read with swift-syntax's parser, as the compiler reads them.
public enum AppIntentsFormat {
    /// Reads the App Intents of the Swift file, or of every Swift file under the directory, at `url`.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        let files = try swiftFiles(at: url, displayPath: displayPath)
        #if !AppIntents
        throw CorpusError.malformed(SourceLocation(file: displayPath), "\(files.count) Swift file\(files.count == 1 ? "" : "s") of App Intents: this build of IntentKit reads them only with the AppIntents trait (swift build -c release --traits AppIntents)")
        #else
        var declarations = AppIntentsDeclarations()
        var diagnostics = [Diagnostic]()
        for (file, path) in files {
            try TextDecoder.checkSize(of: file, path: path)
            let bytes: [UInt8]
            do { bytes = [UInt8](try Data(contentsOf: file)) } catch {
                throw CorpusError.io(path: path, detail: "cannot read file (\(error.localizedDescription))")
            }
            let text = try decoder.decode(bytes, file: path)
            diagnostics += text.repairs
            try checkNesting(of: text.text, file: path)
            let read = AppIntentsVisitor(text: text.text, file: path).declarations
            declarations.intents += read.intents
            declarations.enumerations += read.enumerations
            declarations.entityNames.merge(read.entityNames) { first, _ in first }
            declarations.shortcuts += read.shortcuts
            for loss in read.losses { for _ in 0..<loss.count { declarations.lose(loss.kind) } }
        }
        guard !declarations.intents.isEmpty else {
            throw CorpusError.malformed(SourceLocation(file: displayPath), "no type conforming to AppIntent in \(files.count) Swift file\(files.count == 1 ? "" : "s"); IntentKit reads an app's App Intents from its sources")
        }
        var builder = Builder(declarations: declarations)
        let intents = builder.intents()
        let schema = Schema(domains: [Domain(name: domainName(of: url), intents: intents)], entities: builder.entities)
        let corpus = Corpus(schema: schema, utterances: [], locations: builder.locations)
        return LoadedCorpus(corpus: corpus, diagnostics: diagnostics + builder.errors + builder.warnings(at: displayPath))
        #endif
    }

    /// Brackets of code (`(`, `[`, `{`) nested deeper than this are refused: swift-syntax's
    /// parser recurses into them and, in some constructs (an array type's lookahead), past its
    /// own nesting limit, until the stack overflows. Apps' code nests a few tens of levels.
    static let maximumNesting = 100
    /// Square brackets nested deeper than this are refused: swift-syntax's parser looks ahead
    /// at each one for an inline array type (`[3 of Int]`), and the lookaheads nest, so that its
    /// time doubles with every level (seconds at 24). Apps' arrays nest a few levels.
    static let maximumSquareNesting = 16

    /// Refuses `text` when its code's brackets nest deeper than ``maximumNesting``, or its square
    /// brackets deeper than ``maximumSquareNesting``, naming the line and column of the bracket
    /// that goes too deep. Brackets inside string literals and comments do not count; the scan
    /// reads the text once, without recursion.
    static func checkNesting(of text: String, file: String) throws {
        var line = 1, column = 0
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func next() -> Unicode.Scalar? {
            let scalar = pending ?? scalars.next()
            pending = nil
            guard let scalar else { return nil }
            if scalar == "\n" { (line, column) = (line + 1, 0) } else { column += 1 }
            return scalar
        }
        func peek() -> Unicode.Scalar? {
            if pending == nil { pending = scalars.next() }
            return pending
        }
        // Skips a string literal whose opening quote (after `hashes` #s) was just read, to its
        // closing quotes and #s; a single-line one that does not close ends with its line.
        func skipString(hashes: Int) {
            var quotes = 1
            if peek() == "\"" {
                _ = next()
                guard peek() == "\"" else {
                    // An empty string, and its closing #s.
                    var closing = 0
                    while closing < hashes, peek() == "#" { _ = next(); closing += 1 }
                    return
                }
                _ = next()
                quotes = 3
            }
            var run = 0  // quotes in a row just read
            while let scalar = next() {
                if scalar == "\\" && hashes == 0 { _ = next(); run = 0; continue }
                guard scalar == "\"" else {
                    run = 0
                    if quotes == 1 && scalar == "\n" { return }
                    continue
                }
                run += 1
                guard run >= quotes else { continue }
                var closing = 0
                while closing < hashes, peek() == "#" { _ = next(); closing += 1 }
                if closing == hashes { return }
                run = 0
            }
        }
        var open = [Unicode.Scalar](), squares = 0
        while let scalar = next() {
            switch scalar {
            case "(", "[", "{":
                open.append(scalar)
                if scalar == "[" { squares += 1 }
                if open.count > maximumNesting || squares > maximumSquareNesting {
                    let (limit, what) = squares > maximumSquareNesting ? (maximumSquareNesting, "square brackets") : (maximumNesting, "brackets")
                    throw CorpusError.malformed(SourceLocation(file: file, line: line, column: column),
                                                "\(what) nested deeper than \(limit) levels; IntentKit reads apps' App Intents, not generated code this deep")
                }
            case ")", "]", "}":
                if open.popLast() == "[" { squares -= 1 }
            case "\"":
                skipString(hashes: 0)
            case "#":
                var hashes = 1
                while peek() == "#" { _ = next(); hashes += 1 }
                if peek() == "\"" { _ = next(); skipString(hashes: hashes) }
            case "/":
                if peek() == "/" {
                    while let skipped = next(), skipped != "\n" {}
                } else if peek() == "*" {
                    _ = next()
                    var open = 1, previous: Unicode.Scalar = " "
                    while open > 0, let skipped = next() {
                        if previous == "/" && skipped == "*" { open += 1; previous = " "; continue }
                        if previous == "*" && skipped == "/" { open -= 1; previous = " "; continue }
                        previous = skipped
                    }
                }
            default:
                break
            }
        }
    }

    /// Whether this build reads App Intents (the package's AppIntents trait).
    public static var isAvailable: Bool {
        #if AppIntents
        true
        #else
        false
        #endif
    }

    /// Whether `url` is a directory that holds Swift sources (searched as ``read(at:displayPath:decoder:)`` searches).
    static func holdsSwiftSources(_ url: URL) -> Bool {
        (try? swiftFiles(at: url, displayPath: url.path))?.isEmpty == false
    }

    /// The domain of a path: `SoupChef` of `…/SoupChef/` or of `…/SoupChef.swift`.
    static func domainName(of url: URL) -> String {
        url.deletingPathExtension().lastPathComponent
    }

    /// Folders never searched: build products, dependencies' checkouts, hidden folders.
    private static let skippedFolders: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The Swift files at `url` with their display paths, sorted: the file itself, or every
    /// `.swift` file under the directory.
    private static func swiftFiles(at url: URL, displayPath: String) throws -> [(URL, String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CorpusError.io(path: displayPath, detail: "no such file or directory")
        }
        guard isDirectory.boolValue else { return [(url, displayPath)] }
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]) else {
            throw CorpusError.io(path: displayPath, detail: "cannot list directory")
        }
        var files = [(URL, String)]()
        let base = url.standardizedFileURL.path
        for case let file as URL in enumerator {
            if skippedFolders.contains(file.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            guard file.pathExtension == "swift", (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true else { continue }
            var relative = String(file.standardizedFileURL.path.dropFirst(base.count))
            if relative.hasPrefix("/") { relative.removeFirst() }
            files.append((file, (displayPath as NSString).appendingPathComponent(relative)))
        }
        return files.sorted { $0.1 < $1.1 }
    }

    #if AppIntents
    /// Turns the declarations into intents and entities.
    private struct Builder {
        let declarations: AppIntentsDeclarations
        var entities: [Entity] = []
        var locations: [SchemaElement: SourceLocation] = [:]
        var errors: [Diagnostic] = []
        var losses: [(kind: String, count: Int)] = []

        init(declarations: AppIntentsDeclarations) {
            self.declarations = declarations
            losses = declarations.losses
        }

        mutating func lose(_ kind: String) {
            if let index = losses.firstIndex(where: { $0.kind == kind }) { losses[index].count += 1 } else { losses.append((kind, 1)) }
        }

        func warnings(at path: String) -> [Diagnostic] {
            losses.map { Diagnostic(.warning, "not modelled: \($0.kind) (\($0.count))", at: SourceLocation(file: path)) }
        }

        mutating func intents() -> [IntentDefinition] {
            var enumNames = [String: SourceLocation]()
            for enumeration in declarations.enumerations {
                if let first = enumNames[enumeration.name] {
                    errors.append(Diagnostic(.error, "a second AppEnum named '\(enumeration.name)' (the first is at \(first))", at: enumeration.location))
                    continue
                }
                enumNames[enumeration.name] = enumeration.location
                var values = [EntityValue]()
                for item in enumeration.cases where !values.contains(where: { $0.identifier == item.identifier }) {
                    values.append(EntityValue(identifier: item.identifier, phrase: item.title ?? Self.words(ofIdentifier: item.identifier), synonyms: item.synonyms))
                }
                addEntity(Entity(name: enumeration.name, values: values, allowsOtherValues: false), at: enumeration.location)
            }
            var intents = [IntentDefinition]()
            var seen = [String: SourceLocation]()
            for declared in declarations.intents {
                if let first = seen[declared.name] {
                    errors.append(Diagnostic(.error, "a second AppIntent named '\(declared.name)' (the first is at \(first))", at: declared.location))
                    continue
                }
                seen[declared.name] = declared.location
                intents.append(intent(declared))
            }
            SwitchPhrasing.addWords(to: &entities, besides: intents)
            for shortcut in declarations.shortcuts where seen[shortcut.intentName] == nil {
                errors.append(Diagnostic(.warning, "an AppShortcut runs '\(shortcut.intentName)', which is no AppIntent of these sources: its phrases are not imported", at: shortcut.location))
            }
            return intents
        }

        private mutating func intent(_ declared: AppIntentsDeclarations.Intent) -> IntentDefinition {
            var intent = IntentDefinition(name: declared.name)
            locations[.intent(declared.name)] = declared.location
            for parameter in declared.parameters where intent.parameter(named: parameter.name) == nil {
                locations[.parameter(intent: declared.name, name: parameter.name)] = parameter.location
                intent.parameters.append(Parameter(
                    name: parameter.name, entity: entity(of: parameter), isRequired: !parameter.isOptional && !parameter.hasDefault,
                    prompt: parameter.prompt.map(IntentDefinitionFormat.placeholders), allowsMultipleValues: parameter.isArray))
            }
            let names = Set(intent.parameters.map(\.name))
            if let title = declared.title { addPattern(title, at: declared.location, to: &intent, allowed: names) }
            if intent.parameters.isEmpty, let description = declared.description,
               let request = IntentDefinitionFormat.Reader.request(describedBy: description) {
                addPattern(request, at: declared.location, to: &intent, allowed: names)
            }
            for summary in declared.summaries {
                for said in Self.omitting(summary, omittable: Set(intent.parameters.filter { !$0.isRequired }.map(\.name)),
                                          numbers: Set(intent.parameters.filter { $0.entity == .builtin(.number) }.map(\.name))) {
                    addPattern(said, at: declared.location, to: &intent, allowed: names)
                }
            }
            for shortcut in declarations.shortcuts where shortcut.intentName == declared.name {
                for phrase in shortcut.phrases {
                    guard let spoken = Self.withoutApplicationName(phrase) else { continue }
                    addPattern(spoken, at: shortcut.location, to: &intent, allowed: names)
                }
                if let title = shortcut.shortTitle { addPattern(title, at: shortcut.location, to: &intent, allowed: names) }
            }
            addOptions(to: &intent, at: declared.location)
            SwitchPhrasing.addPatterns(to: &intent, entities: entities)
            return intent
        }

        /// A parameter of an enum no pattern names (an option the summary lists below its
        /// sentence, as `Summary("Order \(\.$drink)") { \.$milk }` does) is said after a request
        /// that names the others: `order a [drink] with [milk]`. Its values say what they are
        /// ("oat milk"), where a number or a date would need words of its own.
        private mutating func addOptions(to intent: inout IntentDefinition, at location: SourceLocation) {
            let named = Set(intent.patterns.flatMap { (try? UtterancePattern($0))?.parameterNames ?? [] })
            let requests = intent.patterns.filter { !((try? UtterancePattern($0))?.parameterNames.isEmpty ?? true) }
            for parameter in intent.parameters where !named.contains(parameter.name) {
                guard case .custom(let name) = parameter.entity, let entity = entities.first(where: { $0.name == name }),
                      !entity.allowsOtherValues, !SwitchPhrasing.isSwitch(entity) else { continue }
                for request in requests { add(pattern: request + " with [\(parameter.name)]", at: location, to: &intent) }
            }
        }

        /// Adds the pattern of `title` (its `${name}` placeholders parameters): a warning where it
        /// names a parameter the intent lacks or cannot be a pattern.
        private mutating func addPattern(_ title: String, at location: SourceLocation, to intent: inout IntentDefinition, allowed: Set<String>) {
            let (pattern, names) = IntentDefinitionFormat.pattern(ofTitle: title)
            if let unknown = names.first(where: { !allowed.contains($0) }) {
                errors.append(Diagnostic(.warning, "'\(title.prefix(80))' names '\(unknown.prefix(60))', which is no @Parameter of \(intent.name): not a pattern", at: location))
                return
            }
            do {
                _ = try UtterancePattern(pattern)
            } catch {
                errors.append(Diagnostic(.warning, "'\(title.prefix(80))' is not a pattern, so no training utterance: \(error.message)", at: location))
                return
            }
            add(pattern: pattern, at: location, to: &intent)
        }

        /// A summary as it is said: with every parameter, and without those that have a default
        /// or may be left out (`Order ${quantity} ${size} ${drink}` is also `Order ${size}
        /// ${drink}`, `Order ${quantity} ${drink}`, `Order ${drink}`), a number left out saying
        /// "a" in its place (`order a large latte`). At most ``maximumOmissions`` parameters are
        /// left out of one summary, so that a long one gives a few dozen sayings, not thousands.
        static func omitting(_ summary: String, omittable: Set<String>, numbers: Set<String>) -> [String] {
            let present = IntentDefinitionFormat.pattern(ofTitle: summary).placeholders.filter(omittable.contains)
            var sayings = [summary]
            for count in 1...max(1, min(maximumOmissions, present.count)) where !present.isEmpty {
                for left in combinations(of: present, taking: count) {
                    var said = summary
                    for name in left {
                        // A preposition that led to the value goes with it ("for ${duration}").
                        var words = said.split(separator: " ").map(String.init)
                        if let index = words.firstIndex(of: "${\(name)}") {
                            if numbers.contains(name) {
                                words[index] = "a"
                            } else {
                                words.remove(at: index)
                                if index > 0, prepositions.contains(words[index - 1].lowercased()) { words.remove(at: index - 1) }
                            }
                        }
                        said = words.joined(separator: " ")
                    }
                    // Something besides words must be left to say: a summary of its options alone is not a request.
                    if said.contains("${"), !sayings.contains(said) { sayings.append(said) }
                }
            }
            return sayings
        }

        static let maximumOmissions = 3

        /// Words that lead to a value and go when it is left unsaid.
        static let prepositions: Set<String> = ["for", "to", "in", "at", "on", "from", "by", "with", "into", "until", "of", "about"]

        private static func combinations(of names: [String], taking count: Int) -> [[String]] {
            guard count > 0 else { return [[]] }
            guard names.count >= count else { return [] }
            let first = names[0], rest = Array(names.dropFirst())
            return combinations(of: rest, taking: count - 1).map { [first] + $0 } + combinations(of: rest, taking: count)
        }

        /// Adds `pattern` (already a valid pattern's syntax) to `intent` unless it has it or it
        /// is too long to be one. "a" or "an" before a parameter is either: the value decides
        /// (`get me (a|an) [drink]`: an americano).
        private mutating func add(pattern: String, at location: SourceLocation, to intent: inout IntentDefinition) {
            var words = pattern.split(separator: " ").map(String.init)
            for index in words.indices.dropLast() where ["a", "an"].contains(words[index]) && words[index + 1].hasPrefix("[") { words[index] = "(a|an)" }
            let pattern = words.joined(separator: " ")
            guard !intent.patterns.contains(pattern), (try? UtterancePattern(pattern)) != nil else { return }
            locations[.pattern(intent: intent.name, index: intent.patterns.count)] = location
            intent.patterns.append(pattern)
        }

        private mutating func addEntity(_ entity: Entity, at location: SourceLocation) {
            guard !entities.contains(where: { $0.name == entity.name }) else { return }
            locations[.entity(entity.name)] = location
            entities.append(entity)
        }

        private mutating func entity(of parameter: AppIntentsDeclarations.IntentParameter) -> EntityReference {
            let type = parameter.typeName
            if declarations.enumerations.contains(where: { $0.name == type }) { return .custom(type) }
            if let location = declarations.entityNames[type] {
                addEntity(Entity(name: type), at: location)
                return .custom(type)
            }
            switch type {
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal":
                return .builtin(.number)
            case "Date", "DateComponents": return .builtin(.dateTime)
            case "Measurement<UnitDuration>", "TimeInterval": return .builtin(.duration)
            case "Measurement<UnitTemperature>": return .builtin(.temperature)
            case "IntentCurrencyAmount": return .builtin(.amountOfMoney)
            case "Bool":
                addEntity(Entity(name: parameter.name, values: [EntityValue(identifier: "true", phrase: "on"), EntityValue(identifier: "false", phrase: "off")],
                                 allowsOtherValues: false), at: parameter.location)
                return .custom(parameter.name)
            case "IntentPerson", "PlaceDescriptor", "CLPlacemark":
                let name = type == "IntentPerson" ? "person" : "placemark"
                addEntity(Entity(name: name), at: parameter.location)
                return .custom(name)
            case "String", "AttributedString":
                addEntity(Entity(name: parameter.name), at: parameter.location)
                return .custom(parameter.name)
            default:
                lose("parameters of a type read as text (\(type))")
                addEntity(Entity(name: parameter.name), at: parameter.location)
                return .custom(parameter.name)
            }
        }

        /// A shortcut phrase without the app's name and the word that joins it to the request
        /// (`Order ${soup} in ${.applicationName}` → `Order ${soup}`); `nil` when nothing but
        /// a word is left (`Open ${.applicationName}`).
        static func withoutApplicationName(_ phrase: String) -> String? {
            let name = AppIntentsDeclarations.applicationName
            var words = phrase.replacingOccurrences(of: name + "'s", with: name).replacingOccurrences(of: name + "’s", with: name)
                .split(separator: " ").map(String.init)
            while let index = words.firstIndex(where: { $0.contains(name) }) {
                let word = words[index]
                if word == name {
                    words.remove(at: index)
                    if index > 0, joiningWords.contains(words[index - 1].lowercased()) { words.remove(at: index - 1) }
                } else {
                    words[index] = word.replacingOccurrences(of: name, with: "")
                }
            }
            let spoken = words.filter { !$0.isEmpty }
            return spoken.count >= 2 ? spoken.joined(separator: " ") : nil
        }

        /// Words that join an app's name to a request: "in", "with", "using", "on", "from", "via".
        static let joiningWords: Set<String> = ["in", "with", "using", "on", "from", "via", "through"]

        /// `chickenNoodle` → `chicken noodle`; `tomato_soup` → `tomato soup`.
        static func words(ofIdentifier identifier: String) -> String {
            var words = "", previous: Character?
            for character in identifier {
                if character == "_" {
                    words += " "
                } else {
                    if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { words += " " }
                    words.append(Character(character.lowercased()))
                }
                previous = character
            }
            return words.split(separator: " ").joined(separator: " ")
        }
    }
    #endif
}
