import Foundation

/// The corpus formats IntentKit reads, and writes where noted.
public enum CorpusFormat: String, CaseIterable, Sendable {
    /// IntentKit's YAML with inline annotations (a file or a directory of files). Read and written.
    case yaml
    /// The same tree as `yaml`, in JSON. Read and written.
    case json
    /// A Snips NLU dataset (`{"intents": …, "entities": …, "language": …}`). Read.
    case snips
    /// The Snips 2017 benchmark: a directory (or file) of `{"Intent": [{"data": [chunks]}]}`. Read.
    case snips2017
    /// A BIO directory with `seq.in`, `seq.out` and `label`. Read and written.
    case bio
    /// CoNLL columns: `token<TAB>tag`, a blank line between sentences, `# intent: X`. Read and written.
    case conll
    /// Rasa NLU's legacy JSON (`rasa_nlu_data`). Read and written.
    case rasaJSON = "rasa-json"
    /// Rasa 3 training data in YAML (`nlu:`). Read and written.
    case rasaYAML = "rasa-yaml"
    /// Apple's `AppIntentVocabulary.plist`. Read.
    case appIntentVocabulary = "plist"
    /// Xcode's Intent Definition File (`.intentdefinition`): SiriKit custom intents, or one of
    /// its localizations (`fr.lproj/Intents.strings`). Read.
    case intentDefinition = "intentdefinition"
    /// An app's App Intents: the `AppIntent`, `AppEnum`, `AppEntity` and `AppShortcutsProvider`
    /// types of its Swift sources (a `.swift` file, or a directory searched for them). Read.
    case appIntents = "app-intents"

    /// Whether IntentKit can write corpora in this format.
    public var isWritable: Bool {
        switch self {
        case .yaml, .json, .bio, .conll, .rasaJSON, .rasaYAML: return true
        case .snips, .snips2017, .appIntentVocabulary, .intentDefinition, .appIntents: return false
        }
    }

    /// Reads the corpus at `url`, detecting the format unless `format` is given.
    ///
    /// - Parameters:
    ///   - displayPath: how messages name the path; defaults to `url.path`.
    ///   - decoder: how files are decoded (strict UTF-8 unless repairs are allowed).
    public static func load(
        at url: URL, format: CorpusFormat? = nil, displayPath: String? = nil, decoder: TextDecoder = TextDecoder()
    ) throws -> LoadedCorpus {
        let path = displayPath ?? url.path
        let format = try format ?? detect(at: url, displayPath: path, decoder: decoder)
        switch format {
        case .yaml, .json: return try NativeFormat.read(at: url, displayPath: path, decoder: decoder)
        case .snips: return try SnipsDatasetFormat.read(at: url, displayPath: path, decoder: decoder)
        case .snips2017: return try SnipsBenchmarkFormat.read(at: url, displayPath: path, decoder: decoder)
        case .bio: return try BIOFormat.read(at: url, displayPath: path, decoder: decoder)
        case .conll: return try CoNLLFormat.read(at: url, displayPath: path, decoder: decoder)
        case .rasaJSON: return try RasaJSONFormat.read(at: url, displayPath: path, decoder: decoder)
        case .rasaYAML: return try RasaYAMLFormat.read(at: url, displayPath: path, decoder: decoder)
        case .appIntentVocabulary: return try AppIntentVocabularyFormat.read(at: url, displayPath: path, decoder: decoder)
        case .intentDefinition: return try IntentDefinitionFormat.read(at: url, displayPath: path, decoder: decoder)
        case .appIntents: return try AppIntentsFormat.read(at: url, displayPath: path, decoder: decoder)
        }
    }

    /// Writes `corpus` to `url` in this format: a file, or for `bio` a directory. Files are
    /// written atomically (a temporary file, then a rename).
    ///
    /// - Returns: what the format could not hold, one warning per kind of loss with its count
    ///   (the schema's features a format lacks, ``losses(writing:)``; BIO and CoNLL have no slot
    ///   values and one space between words; Rasa YAML one example per line, its edges
    ///   stripped). YAML and JSON lose nothing.
    /// - Throws: ``CorpusError`` when a name cannot be written in the format at all (a BIO slot
    ///   or intent name with white space), or the file cannot be written.
    @discardableResult
    public func write(_ corpus: Corpus, to url: URL) throws -> [Diagnostic] {
        let losses = try losses(writing: corpus, path: url.path)
        switch self {
        case .yaml: try Self.writeFile(NativeFormat.yaml(of: corpus), to: url)
        case .json: try Self.writeFile(NativeFormat.json(of: corpus), to: url)
        case .bio: try BIOFormat.write(corpus, to: url)
        case .conll: try Self.writeFile(CoNLLFormat.text(of: corpus), to: url)
        case .rasaJSON: try Self.writeFile(RasaJSONFormat.json(of: corpus), to: url)
        case .rasaYAML: try Self.writeFile(RasaYAMLFormat.yaml(of: corpus), to: url)
        case .snips, .snips2017, .appIntentVocabulary, .intentDefinition, .appIntents:
            throw CorpusError.io(path: url.path, detail: "IntentKit reads \(rawValue) corpora but does not write them; write yaml or json")
        }
        return losses.map { Diagnostic(.warning, "\(rawValue): \($0)", at: SourceLocation(file: url.path)) }
    }

    /// What of `corpus`'s schema this format cannot hold, one line per kind with its count,
    /// known before anything is written (`import --strict` refuses on any).
    /// - Throws: ``CorpusError`` when a name cannot be written in the format at all.
    public func losses(writing corpus: Corpus, path: String) throws -> [String] {
        var losses = SchemaLosses.losses(of: corpus.schema, in: self)
        switch self {
        case .bio, .conll: losses += try BIOTagging.losses(of: corpus, format: self, path: path)
        case .rasaYAML: _ = RasaYAMLFormat.yaml(of: corpus, losses: &losses)
        default: break
        }
        return losses
    }

    /// The format a path holds, judged by its layout, extension and first keys.
    public static func detect(at url: URL, displayPath: String? = nil, decoder: TextDecoder = TextDecoder()) throws -> CorpusFormat {
        let path = displayPath ?? url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CorpusError.io(path: path, detail: "no such file or directory")
        }
        if isDirectory.boolValue {
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            if names.isSuperset(of: ["seq.in", "seq.out", "label"]) { return .bio }
            let candidates = try files(in: url, displayPath: path) { NativeFormat.fileExtensions.contains($0.pathExtension.lowercased()) }
            guard let first = candidates.first else {
                if AppIntentsFormat.holdsSwiftSources(url) { return .appIntents }
                throw CorpusError.unrecognizedFormat(path: path, detail: "the directory has no seq.in/seq.out/label, no .yaml, .yml or .json files and no Swift sources")
            }
            let format = try detect(at: first, decoder: decoder)
            return format == .json ? .yaml : format
        }
        switch url.pathExtension.lowercased() {
        case "plist": return .appIntentVocabulary
        case "intentdefinition", "strings": return .intentDefinition
        case "swift": return .appIntents
        case "conll", "tsv", "txt", "bio": return .conll
        default: break
        }
        try TextDecoder.checkSize(of: url, path: path)
        // Sniff the head of the file: cheap, and enough to tell the JSON and YAML dialects apart.
        let head = try sniff(url, path: path)
        if head.hasPrefix("{") || head.hasPrefix("[") {
            return detectJSON(at: url, head: head)
        }
        if head.range(of: #"(?m)^nlu:"#, options: .regularExpression) != nil { return .rasaYAML }
        if head.range(of: #"(?m)^(domain|domains|intents|entities|schema):"#, options: .regularExpression) != nil { return .yaml }
        if head.contains("<plist") { return .appIntentVocabulary }
        throw CorpusError.unrecognizedFormat(path: path, detail: "the file looks like none of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }

    /// Tells the JSON dialects apart by their top-level keys.
    private static func detectJSON(at url: URL, head: String) -> CorpusFormat {
        var root: JSONFileValue?
        if let decoded = try? TextDecoder(options: .init(repairSurrogatePairs: true)).decodeFile(at: url) {
            root = try? JSONFileValue.parse(decoded.text, file: url.path)
        }
        guard let root, case .object(let members) = root.value.content else {
            // Not parseable as a whole (for instance not valid UTF-8): judge by the head.
            if head.contains("\"rasa_nlu_data\"") { return .rasaJSON }
            if head.contains("\"data\"") && !head.contains("\"intents\"") { return .snips2017 }
            return .json
        }
        if root["rasa_nlu_data"] != nil { return .rasaJSON }
        if let intents = root["intents"], case .object = intents.value.content { return .snips }
        if members.count == 1, case .array(let items) = members[0].value.content, items.first?["data"] != nil { return .snips2017 }
        return .json
    }

    private static func sniff(_ url: URL, path: String) throws -> String {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw CorpusError.io(path: path, detail: "cannot open file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 4096)) ?? Data()
        // The head may end inside a multi-byte character; decode leniently, it is only sniffed.
        // A UTF-8 byte-order mark, as some Windows editors write, is not part of the content.
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The regular files in `directory` that `include` accepts, sorted by name.
    static func files(in directory: URL, displayPath: String, where include: (URL) -> Bool) throws -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw CorpusError.io(path: displayPath, detail: "cannot list directory")
        }
        return names.sorted().filter { !$0.hasPrefix(".") }
            .map { directory.appendingPathComponent($0) }
            .filter { url in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue && include(url)
            }
    }

    /// Writes `text` to `url` atomically.
    static func writeFile(_ text: String, to url: URL) throws {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CorpusError.io(path: url.path, detail: "cannot write file (\(error.localizedDescription))")
        }
    }
}
