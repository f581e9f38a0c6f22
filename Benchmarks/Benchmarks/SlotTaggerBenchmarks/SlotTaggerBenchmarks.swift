import Benchmark
import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitTraining

/// A tagger trained once on the default corpus (a few seconds), then timed on its held-out
/// utterances: tokenizing, intent prediction, features, scores and constrained Viterbi.
private let setup: (tagger: SlotTagger, utterances: [String]) = {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let train = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant")).corpus
    let test = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant-test")).corpus
    var options = SlotTaggerTrainingOptions()
    options.maxIterations = 60
    let (model, _) = SlotTaggerTrainer(options: options).train(train)
    return (SlotTagger(model: model), test.utterances.map(\.text))
}()

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
