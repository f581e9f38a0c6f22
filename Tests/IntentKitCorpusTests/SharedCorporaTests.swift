import Foundation
import Testing
@testable import IntentKitCorpus

/// The public corpora in `../shared/corpora`: real data with a real encoding wart.
@Suite("Public SNIPS corpora", .enabled(if: FixturePaths.hasSharedCorpora, FixturePaths.sharedMissing))
struct SharedCorporaTests {
    let snips2017 = FixturePaths.shared.appendingPathComponent("snips2017")

    @Test func refusesTheCESU8FileWithItsNameLineAndByteOffset() {
        #expect(throws: CorpusError.invalidEncoding(
            file: "snips2017/train_PlayMusic_full.json", line: 9091, column: 40, byteOffset: 150_732,
            detail: "a CESU-8 surrogate pair (ED A0 BC ED BD 95) for U+1F355; pass --repair-encoding to decode it")) {
            try CorpusFormat.load(at: snips2017, displayPath: "snips2017")
        }
    }

    @Test func repairsItIntoTheEmojiAndKeepsAccents() throws {
        let loaded = try CorpusFormat.load(at: snips2017, decoder: TextDecoder(options: .init(repairSurrogatePairs: true)))
        #expect(loaded.diagnostics.count == 1)
        let statistics = CorpusStatistics(loaded.corpus)
        #expect(statistics.intents == 7)
        #expect(statistics.utterances == 14_484)
        let texts = loaded.corpus.utterances.map(\.text)
        #expect(texts.contains { $0.contains("Pop Punk Perfection 🍕") })
        #expect(texts.contains { $0.contains("Música") })
        #expect(!texts.contains { $0.contains("\u{FFFD}") || $0.contains("Ã") })
        #expect(CorpusValidator().validate(loaded.corpus).filter { $0.severity == .error }.isEmpty)
    }

    @Test func countsTheStandardTrainingSplit() throws {
        let statistics = CorpusStatistics(try CorpusFormat.load(at: FixturePaths.shared.appendingPathComponent("snips-split/train")).corpus)
        #expect(statistics.utterances == 13_084)
        #expect(statistics.intents == 7)
        #expect(statistics.slotNames == 39)
    }

    @Test func writesTheSplitBackAsIdenticalBIO() throws {
        let source = FixturePaths.shared.appendingPathComponent("snips-split/test")
        let corpus = try CorpusFormat.load(at: source).corpus
        let directory = try FixturePaths.temporaryDirectory()
        try CorpusFormat.bio.write(corpus, to: directory)
        for name in ["seq.in", "seq.out", "label"] {
            let normalise = { (text: String) in text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } }
            #expect(normalise(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
                    == normalise(try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)))
        }
    }
}
