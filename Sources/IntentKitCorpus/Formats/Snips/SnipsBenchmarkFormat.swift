import Foundation

/// The Snips 2017 benchmark files: `{"<Intent>": [{"data": [chunks]}, …]}`, one file per intent
/// and split (`train_PlayMusic_full.json`, `validate_PlayMusic.json`). A directory is read as
/// all its `.json` files; each chunk's `entity` is the slot name.
public enum SnipsBenchmarkFormat {
    /// Reads one benchmark file or a directory of them.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder) throws -> LoadedCorpus {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let files: [(URL, String)] = isDirectory.boolValue
            ? try CorpusFormat.files(in: url, displayPath: displayPath) { $0.pathExtension.lowercased() == "json" }
                .map { ($0, (displayPath as NSString).appendingPathComponent($0.lastPathComponent)) }
            : [(url, displayPath)]
        var utterances = [Utterance]()
        var diagnostics = [Diagnostic]()
        var intentOrder = [String]()
        for (file, path) in files {
            let decoded = try decoder.decodeFile(at: file, displayPath: path)
            diagnostics += decoded.repairs
            let root = try JSONFileValue.parse(decoded.text, file: path)
            for (intent, queries) in try root.object() {
                if !intentOrder.contains(intent) { intentOrder.append(intent) }
                for query in try queries.array() {
                    guard let data = query["data"] else { throw query.failure("a query has no \"data\"") }
                    let (utterance, _) = try SnipsChunks.utterance(data, intent: intent, slotKey: "entity",
                                                                   location: SourceLocation(file: path, line: query.location.line))
                    utterances.append(utterance)
                }
            }
        }
        let name = isDirectory.boolValue ? url.standardizedFileURL.lastPathComponent : url.deletingPathExtension().lastPathComponent
        let schema = SchemaInference.schema(domain: name, utterances: utterances, intentOrder: intentOrder.sorted())
        return LoadedCorpus(corpus: Corpus(schema: schema, utterances: utterances), diagnostics: diagnostics)
    }
}
