import Benchmark
import Foundation
@_spi(Benchmarking) import IntentKit
import IntentKitCorpus
import IntentKitTraining

/// A tagger trained once on the default corpus (a few seconds), then timed on its held-out
/// utterances: tokenizing, intent prediction, features, scores and constrained Viterbi.
private let setup: (tagger: SlotTagger, utterances: [String]) = {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let train = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant")).corpus
    let test = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant-test")).corpus
    var options = TrainingOptions()
    options.maxIterations = 60
    let (model, _) = ModelTrainer(options: options).train(train)
    return (SlotTagger(model: model), test.utterances.map(\.text))
}()

/// Deterministic pseudo-random scores in [-3, 3) (SplitMix64).
private func randomScores(_ count: Int, seed: UInt64) -> [Float] {
    var state = seed
    return (0..<count).map { _ in
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Float((z ^ (z >> 31)) >> 40) / Float(1 << 24) * 6 - 3
    }
}

/// Viterbi alone on a SNIPS-sized problem: `slots` slots in BIO, 9 tokens, random scores.
private func viterbiBenchmark(slots: Int) {
    let labels = LabelSet(slotNames: (0..<slots).map { "slot\($0)" })
    let L = labels.count, tokens = 9
    Benchmark("Viterbi: 9 tokens, \(L) labels", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var decoder = ViterbiDecoder(labels: labels, transitions: randomScores(L * L, seed: 1))
        let scores = randomScores(tokens * L, seed: 2)
        var path = [Int]()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: tokens, mask: nil, into: &path) }
            blackHole(path[0])
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3))

    Benchmark("Slot tagger: label one utterance (best path)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (tagger, utterances) = setup
        var workspace = tagger.makeWorkspace()
        for text in utterances { tagger.labels(of: text, workspace: &workspace) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(tagger.labels(of: utterances[index], workspace: &workspace).count)
            index = (index + 1) % utterances.count
        }
    }

    Benchmark("Features: extract one utterance", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (tagger, utterances) = setup
        let extractor = FeatureExtractor(configuration: tagger.model.features)
        let tokenized = utterances.map { tagger.tokenizer.tokenize($0) }
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        for tokens in tokenized { extractor.extract(tokens, gazetteer: tagger.model.gazetteer, intent: 0, into: &features, scratch: &matches) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            extractor.extract(tokenized[index], gazetteer: tagger.model.gazetteer, intent: 0, into: &features, scratch: &matches)
            blackHole(features.tokenCount)
            index = (index + 1) % tokenized.count
        }
    }

    viterbiBenchmark(slots: 39)  // all of SNIPS's 39 slots: 79 labels
    viterbiBenchmark(slots: 10)  // one intent's slots, as joint parsing decodes: 21 labels

    Benchmark("Slot tagger: slots with confidences for one utterance", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (tagger, utterances) = setup
        var workspace = tagger.makeWorkspace()
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(tagger.tag(utterances[index], workspace: &workspace).count)
            index = (index + 1) % utterances.count
        }
    }
}
