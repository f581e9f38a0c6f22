import Benchmark
import Foundation
import IntentKit

/// The slot tagger alone (tokenizing, intent prediction, features, scores, Viterbi; then the
/// marginals behind confidences), on `INTENTKIT_MODEL` (default: the runtime tests' fixture
/// model) and the default corpus's held-out utterances (`Tests/IntentKitTests/Fixtures/held-out-utterances.txt`).
private let setup: (tagger: SlotTagger, utterances: [String]) = {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let model = ProcessInfo.processInfo.environment["INTENTKIT_MODEL"].map { URL(fileURLWithPath: $0) }
        ?? root.appendingPathComponent("Tests/IntentKitTests/Fixtures/models/format-1.3.model")
    let utterances = try! String(contentsOf: root.appendingPathComponent("Tests/IntentKitTests/Fixtures/held-out-utterances.txt"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
    return (try! SlotTagger(contentsOf: model), utterances)
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        // Against the committed Thresholds/ (`swift package benchmark thresholds check`): the
        // mallocs of a parse are exact, so any new one fails; time on a shared machine drifts,
        // so only a p50 25 % above the committed one does.
        thresholds: [
            .mallocCountTotal: .init(relative: BenchmarkThresholds.Relative.strict, absolute: BenchmarkThresholds.Absolute.strict),
            .wallClock: .init(relative: BenchmarkThresholds.Relative.relaxed),
        ])

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
