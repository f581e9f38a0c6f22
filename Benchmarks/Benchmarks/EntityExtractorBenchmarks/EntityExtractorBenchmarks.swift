import Benchmark
import Foundation
import IntentKit

/// `BuiltinEntityExtractor.extract` on raw text, one thread: every kind over the SNIPS test
/// utterances (`../shared/corpora/snips-split/test/seq.in` beside the checkout; skipped when
/// absent), and over the default corpus's held-out utterances, one utterance per iteration.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func lines(of url: URL) -> [String]? {
    (try? String(contentsOf: url, encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) }
}

private let snips = lines(of: root.deletingLastPathComponent().appendingPathComponent("shared/corpora/snips-split/test/seq.in"))
private let heldOut = lines(of: root.appendingPathComponent("Tests/IntentKitTests/Fixtures/held-out-utterances.txt"))!

/// A fixed reference date and time zone: the same work on every run.
private let reference = Date(timeIntervalSince1970: 1_795_334_400)
private let extractor: BuiltinEntityExtractor = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return BuiltinEntityExtractor(calendar: calendar)
}()

private func extractionBenchmark(_ name: String, _ utterances: [String]) {
    Benchmark(name, configuration: .init(scalingFactor: .kilo)) { benchmark in
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(extractor.extract(from: utterances[index], reference: reference).count)
            index = (index + 1) % utterances.count
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3),
        thresholds: [.wallClock: .init(relative: BenchmarkThresholds.Relative.relaxed)])

    extractionBenchmark("Entities: extract from one utterance, default corpus held out", heldOut)
    if let snips { extractionBenchmark("Entities: extract from one utterance, SNIPS test", snips) }
}
