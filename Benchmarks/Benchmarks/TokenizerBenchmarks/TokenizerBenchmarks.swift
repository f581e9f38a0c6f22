import Benchmark
import Foundation
import IntentKit

/// The held-out utterances of the default corpus: real phrasing, every domain.
private let utterances: [String] = {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try! String(contentsOf: root.appendingPathComponent("Tests/IntentKitTests/Fixtures/held-out-utterances.txt"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
}()

private let tokenCount: Int = utterances.reduce(0) { $0 + Tokenizer().tokenize($1).count }

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

    // One iteration tokenizes every held-out utterance into a reused buffer: after warm-up the
    // tokenizer must not allocate at all (mallocCountTotal 0), whatever the utterance count.
    Benchmark("Tokenizer: held-out corpus into a reused buffer",
              configuration: .init(scalingFactor: .one)) { benchmark in
        let tokenizer = Tokenizer()
        var output = TokenizedText()
        for text in utterances { tokenizer.tokenize(text, into: &output) }  // grow buffers
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for text in utterances {
                tokenizer.tokenize(text, into: &output)
                blackHole(output.count)
            }
        }
    }

    // Per utterance: the latency parse will pay for tokenizing (p50 is the figure to watch).
    Benchmark("Tokenizer: one utterance", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let tokenizer = Tokenizer()
        var output = TokenizedText()
        let text = "send Buttercup 85 bucks on Unicorn Pay for rainbow polish"
        tokenizer.tokenize(text, into: &output)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            tokenizer.tokenize(text, into: &output)
            blackHole(output.count)
        }
    }
}
