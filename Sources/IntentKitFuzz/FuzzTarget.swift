import Foundation
import IntentKit
import IntentKitCorpus

/// What one fuzz target feeds its input to. Every target must return for every input: a thrown
/// error is a correct answer to bad input, a trap or a hang is a bug.
enum FuzzTarget: String, CaseIterable {
    case yaml, json, snips, snips2017, rasaJSON = "rasa-json", rasaYAML = "rasa-yaml", bio, conll, plist
    case intentDefinition = "intentdefinition", strings
    case vocabulary, shortcuts, history, model, parse, requests, entities

    /// Runs the target on `bytes`.
    func run(_ bytes: [UInt8], scratch: URL, parser: IntentParser?) {
        switch self {
        case .yaml: readCorpus(bytes, as: .yaml, fileName: "corpus.yaml", scratch: scratch)
        case .json: readCorpus(bytes, as: .json, fileName: "corpus.json", scratch: scratch)
        case .snips: readCorpus(bytes, as: .snips, fileName: "dataset.json", scratch: scratch)
        case .snips2017: readCorpus(bytes, as: .snips2017, fileName: "train_Intent_full.json", scratch: scratch)
        case .rasaJSON: readCorpus(bytes, as: .rasaJSON, fileName: "nlu.json", scratch: scratch)
        case .rasaYAML: readCorpus(bytes, as: .rasaYAML, fileName: "nlu.yml", scratch: scratch)
        case .conll: readCorpus(bytes, as: .conll, fileName: "corpus.conll", scratch: scratch)
        case .plist: readCorpus(bytes, as: .appIntentVocabulary, fileName: "AppIntentVocabulary.plist", scratch: scratch)
        case .intentDefinition: readCorpus(bytes, as: .intentDefinition, fileName: "Intents.intentdefinition", scratch: scratch)
        case .strings:
            // A localization of the Soup Chef definition (INTENTKIT_FUZZ_DEFINITION), in fr.lproj beside it.
            guard let definition = ProcessInfo.processInfo.environment["INTENTKIT_FUZZ_DEFINITION"] else {
                fatalError("the strings target needs INTENTKIT_FUZZ_DEFINITION, the path of an Intent Definition File")
            }
            let base = scratch.appendingPathComponent("Intents.intentdefinition")
            if !FileManager.default.fileExists(atPath: base.path) { try? FileManager.default.copyItem(atPath: definition, toPath: base.path) }
            try? FileManager.default.createDirectory(at: scratch.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
            check(try? CorpusFormat.load(at: write(bytes, to: scratch.appendingPathComponent("fr.lproj/Intents.strings"))))
        case .shortcuts:
            guard let parser else { fatalError("the shortcuts target needs INTENTKIT_FUZZ_MODEL") }
            let url = write(bytes, to: scratch.appendingPathComponent("shortcuts.yaml"))
            if let shortcuts = try? UserShortcutsFormat.read(at: url, displayPath: "shortcuts.yaml", schema: parser.model.schema) {
                let mine = parser.using(UserShortcuts(shortcuts))
                var workspace = mine.makeWorkspace()
                for text in shortcuts.prefix(4).map(\.phrase) + ["send Buttercup 85 bucks"] {
                    _ = mine.parse(text, workspace: &workspace, alternatives: 2, resolving: true)
                }
            }
        case .history:
            guard let parser else { fatalError("the history target needs INTENTKIT_FUZZ_MODEL") }
            let url = write(bytes, to: scratch.appendingPathComponent("history.yaml"))
            if let interactions = try? UserHistoryFormat.read(at: url, displayPath: "history.yaml", schema: parser.model.schema) {
                let mine = parser.using(UserHistory(interactions))
                var workspace = mine.makeWorkspace()
                _ = mine.parse("send money", workspace: &workspace, alternatives: 2, resolving: true)
            }
        case .bio:
            // seq.in, seq.out and label, separated in the input by NUL bytes.
            let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            let directory = scratch.appendingPathComponent("bio")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, name) in ["seq.in", "seq.out", "label"].enumerated() {
                try? Data(index < parts.count ? Array(parts[index]) : []).write(to: directory.appendingPathComponent(name))
            }
            check(try? CorpusFormat.load(at: directory, format: .bio))
        case .vocabulary:
            let url = write(bytes, to: scratch.appendingPathComponent("vocabulary.yaml"))
            if let terms = try? UserVocabularyFormat.read(at: url, displayPath: "vocabulary.yaml"), let parser {
                var workspace = parser.makeWorkspace()
                _ = parser.using(UserVocabulary(terms)).parse("send Buttercup 85 bucks", workspace: &workspace, alternatives: 2)
            }
        case .model:
            // The checksum is recomputed, so the loader's structural checks are what is tested.
            let url = write(ModelChecksum.fixed(bytes), to: scratch.appendingPathComponent("fuzz.model"))
            if let model = try? NLUModel(contentsOf: url) {
                let parser = IntentParser(model: model)
                var workspace = parser.makeWorkspace()
                _ = parser.parse("send Buttercup 85 bucks on Unicorn Pay", workspace: &workspace, alternatives: 3, resolving: true)
            }
        case .parse:
            guard let parser else { fatalError("the parse target needs INTENTKIT_FUZZ_MODEL") }
            var workspace = parser.makeWorkspace()
            // Arbitrary bytes as a stdin line would be decoded: strictly, or not at all.
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            _ = parser.parse(text, workspace: &workspace, alternatives: 3, resolving: true)
        case .requests:
            guard let parser else { fatalError("the requests target needs INTENTKIT_FUZZ_MODEL") }
            var workspace = parser.makeWorkspace()
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            let parts = parser.parseRequests(text, workspace: &workspace, alternatives: 2, resolving: true)
            // One part is the whole text; two are non-empty pieces of it.
            precondition(parts.count == 1 ? parts[0].text == text : parts.count == 2 && parts.allSatisfy { !$0.text.isEmpty && text.contains($0.text) },
                         "parts that are not of the text")
        case .entities:
            guard let text = String(validating: bytes, as: UTF8.self) else { return }
            let scalarCount = text.unicodeScalars.count
            for match in BuiltinEntityExtractor().extract(from: text) {
                precondition(match.range.lowerBound < match.range.upperBound && match.range.upperBound <= scalarCount, "a match outside the text")
            }
        }
    }

    private func readCorpus(_ bytes: [UInt8], as format: CorpusFormat, fileName: String, scratch: URL) {
        let url = write(bytes, to: scratch.appendingPathComponent(fileName))
        check(try? CorpusFormat.load(at: url, format: format))
        // Detection sniffs the same file: it must not trap either.
        _ = try? CorpusFormat.detect(at: url)
    }

    /// What a reader accepts must validate and write without trapping, in every writable format.
    private func check(_ loaded: LoadedCorpus?) {
        guard let corpus = loaded?.corpus else { return }
        _ = CorpusValidator().validate(corpus)
        _ = PatternExpander(examplesPerPattern: 5, seed: 1).expanding(corpus)
        _ = NativeFormat.yaml(of: corpus)
        _ = RasaJSONFormat.json(of: corpus)
        _ = RasaYAMLFormat.yaml(of: corpus)
        _ = CoNLLFormat.text(of: corpus)
    }

    private func write(_ bytes: [UInt8], to url: URL) -> URL {
        try? Data(bytes).write(to: url)
        return url
    }
}

/// Model files with their CRC-32 recomputed, so that mutated files reach the structural checks.
enum ModelChecksum {
    static func fixed(_ bytes: [UInt8]) -> [UInt8] {
        let format = ModelFileFormat.self
        guard bytes.count >= format.headerSize else { return bytes }
        var bytes = bytes
        let checksum = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[format.headerSize...])) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(24..<28, with: $0) }
        return bytes
    }
}
