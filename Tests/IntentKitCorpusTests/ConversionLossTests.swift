import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

/// Every writable format against the default corpus: written and read back, whatever changed
/// was warned about, kind by kind, with its count; what the format holds came back whole.
@Suite("Conversion losses")
struct ConversionLossTests {
    static let corpus = try! CorpusFormat.load(at: FixturePaths.corpora.appendingPathComponent("assistant")).corpus

    /// A feature of a corpus, counted, and the word a warning about losing it contains.
    struct Kind: CustomStringConvertible, Sendable {
        var description: String
        var warning: String
        var count: @Sendable (Corpus) -> Int
    }

    static let kinds: [Kind] = [
        Kind(description: "domains", warning: "domains") { $0.schema.domains.count },
        Kind(description: "closed entities", warning: "closed entit") { $0.schema.entities.filter { !$0.allowsOtherValues }.count },
        Kind(description: "built-in parameter types", warning: "built-in") { corpus in
            corpus.schema.intents.flatMap(\.parameters).filter { if case .builtin = $0.entity { true } else { false } }.count
        },
        Kind(description: "required flags", warning: "required") { $0.schema.intents.flatMap(\.parameters).filter(\.isRequired).count },
        Kind(description: "prompts", warning: "prompt") { $0.schema.intents.flatMap(\.parameters).filter { $0.prompt != nil }.count },
        Kind(description: "pronunciations", warning: "pronunciation") { $0.schema.entities.flatMap(\.values).filter { $0.pronunciation != nil }.count },
        Kind(description: "value identifiers", warning: "identifier") { $0.schema.entities.flatMap(\.values).filter { $0.identifier != $0.phrase }.count },
        Kind(description: "synonyms", warning: "synonym") { $0.schema.entities.flatMap(\.values).reduce(0) { $0 + $1.synonyms.count } },
        Kind(description: "entities", warning: "entit") { $0.schema.entities.count },
        Kind(description: "annotated values", warning: "slot value") { corpus in
            corpus.utterances.reduce(0) { count, utterance in count + utterance.slots.filter { $0.value != nil && $0.value != utterance.text(of: $0) }.count }
        },
    ]

    @Test(arguments: CorpusFormat.allCases.filter(\.isWritable))
    func everyLossIsWarnedAbout(format: CorpusFormat) throws {
        let directory = try FixturePaths.temporaryDirectory()
        let output = directory.appendingPathComponent(format == .bio ? "bio" : "corpus.\(format == .conll ? "conll" : format == .json || format == .rasaJSON ? "json" : "yml")")
        let warnings = try format.write(Self.corpus, to: output).map(\.description)
        #expect(try format.losses(writing: Self.corpus, path: output.path).count == warnings.count)
        let reread = try CorpusFormat.load(at: output, format: format).corpus
        for kind in Self.kinds where kind.count(reread) != kind.count(Self.corpus) {
            #expect(warnings.contains { $0.contains(kind.warning) }, "\(format): \(kind) \(kind.count(Self.corpus)) → \(kind.count(reread)), not warned: \(warnings)")
        }
        // What every format holds: the utterances' intents and slot names, in order.
        #expect(reread.utterances.map(\.intent) == Self.corpus.utterances.map(\.intent))
        #expect(reread.utterances.map { $0.slots.map(\.name) } == Self.corpus.utterances.map { $0.slots.map(\.name) })
        if format == .yaml || format == .json {
            #expect(warnings.isEmpty)
            #expect(reread.schema == Self.corpus.schema && reread.utterances.map(\.text) == Self.corpus.utterances.map(\.text))
        }
        // Rasa keeps the texts, the annotations' values and every synonym.
        if format == .rasaJSON || format == .rasaYAML {
            #expect(reread.utterances.map(\.text) == Self.corpus.utterances.map(\.text))
            #expect(Self.kinds[7].count(reread) == Self.kinds[7].count(Self.corpus))
            #expect(warnings.contains { $0.contains("11 domains written as one") }, "\(warnings)")
        }
    }
}
