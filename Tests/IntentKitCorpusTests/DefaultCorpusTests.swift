import Foundation
import Testing
@testable import IntentKitCorpus

/// The project's own corpus in `Corpora/`: clean, as large as promised, with a held-out file.
@Suite("Default corpus")
struct DefaultCorpusTests {
    let training = FixturePaths.corpora.appendingPathComponent("assistant")
    let heldOut = FixturePaths.corpora.appendingPathComponent("assistant-test")

    @Test func validatesWithoutErrorsOrWarnings() throws {
        for url in [training, heldOut] {
            let loaded = try CorpusFormat.load(at: url)
            let findings = loaded.diagnostics + CorpusValidator().validate(loaded.corpus)
            #expect(findings.isEmpty, "\(findings.prefix(5).map(\.description))")
        }
    }

    @Test func coversTheSiriKitDomainsAtTheAgreedSize() throws {
        let corpus = try CorpusFormat.load(at: training).corpus
        let statistics = CorpusStatistics(corpus)
        #expect(statistics.domains >= 8)
        #expect(statistics.intents >= 24)
        #expect(statistics.utterances >= 2_500)
        let rich = corpus.schema.entities.filter { entity in
            entity.values.contains { !$0.synonyms.isEmpty } && entity.values.contains { $0.pronunciation != nil }
        }
        #expect(rich.count >= 10)
        for phrase in ["Unicorn Pay", "NestEgg", "SparkleCar", "Celestra"] {
            #expect(corpus.schema.entities.contains { $0.values.contains { $0.phrase == phrase } }, "\(phrase)")
        }
        #expect(corpus.schema.entities.flatMap(\.values).contains { $0.identifier == "object-id:456ABCDEF123789" })
    }

    @Test func heldOutUtterancesNeverOccurInTraining() throws {
        let train = Set(try CorpusFormat.load(at: training).corpus.utterances.map { $0.text.lowercased() })
        let test = try CorpusFormat.load(at: heldOut).corpus
        #expect(test.utterances.count >= 400)
        #expect(Set(test.utterances.map(\.intent)).count == 26)
        #expect(test.utterances.allSatisfy { !train.contains($0.text.lowercased()) })
    }

    @Test func devUtterancesNeverOccurInTrainingAndSomeArePhrasedAnew() throws {
        let train = try CorpusFormat.load(at: training).corpus.utterances
        let dev = try CorpusFormat.load(at: FixturePaths.corpora.appendingPathComponent("assistant-dev")).corpus.utterances
        let texts = Set(train.map { $0.text.lowercased() })
        #expect(dev.allSatisfy { !texts.contains($0.text.lowercased()) })
        // Besides the training phrasings with new slot values, phrasings of the dev split's own,
        // of a first word training never starts a request of that intent with.
        var firstWords = [String: Set<String>]()
        for utterance in train { firstWords[utterance.intent, default: []].insert(String(utterance.text.lowercased().split(separator: " ").first ?? "")) }
        let new = dev.filter { !(firstWords[$0.intent]?.contains(String($0.text.lowercased().split(separator: " ").first ?? "")) ?? false) }
        #expect(Set(new.map(\.intent)).count >= 20, "\(Set(new.map(\.intent)))")
    }

    /// A slot value that brings its own determiner ("the moon racer", "a pool", "my nest egg")
    /// takes the place of the phrasing's, and "a" or "an" fits the word after it: no "lock the the
    /// moon racer", "get me a a pool" or "start an yoga workout".
    @Test func phrasingsAndSlotValuesAgree() throws {
        let dev = FixturePaths.corpora.appendingPathComponent("assistant-dev")
        let determiners: Set<String> = ["a", "an", "the", "my", "your"]
        // Words whose first letter misleads: "a unicorn", "a HIIT workout", "an hour".
        let soundsLikeAConsonant = ["uni", "use", "eu", "one", "hiit"], soundsLikeAVowel = ["hour", "honest"]
        for url in [training, dev, heldOut] {
            for utterance in try CorpusFormat.load(at: url).corpus.utterances {
                let words = utterance.text.lowercased().split(whereSeparator: { $0 == " " }).map(String.init)
                for (word, next) in zip(words, words.dropFirst()) {
                    #expect(!(determiners.contains(word) && determiners.contains(next)), "\(url.lastPathComponent): \(utterance.text)")
                    guard word == "a" || word == "an", let first = next.first, first.isLetter else { continue }
                    let vowel = ("aeiou".contains(first) && !soundsLikeAConsonant.contains { next.hasPrefix($0) })
                        || soundsLikeAVowel.contains { next.hasPrefix($0) }
                    #expect(word == (vowel ? "an" : "a"), "\(url.lastPathComponent): \(utterance.text)")
                }
            }
        }
    }

    @Test func hasOutOfScopeUtterancesInEverySplit() throws {
        let dev = FixturePaths.corpora.appendingPathComponent("assistant-dev")
        var total = 0
        for (url, least) in [(training, 250), (dev, 40), (heldOut, 80)] {
            let count = try CorpusFormat.load(at: url).corpus.utterances.filter { $0.intent == "out_of_scope" }.count
            #expect(count >= least, "\(url.lastPathComponent): \(count)")
            total += count
        }
        #expect(total >= 400)
    }
}
