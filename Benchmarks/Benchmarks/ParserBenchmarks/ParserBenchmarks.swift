import Benchmark
import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitTraining

/// `IntentParser.parse` from text to resolved slots, one thread, on two models:
/// - the default corpus's, trained here in a few seconds, on its held-out utterances;
/// - a SNIPS model from `INTENTKIT_SNIPS_MODEL` (`scripts/benchmark-parse` trains one), on the
///   SNIPS test utterances; skipped when the variable is unset.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private let assistant: (parser: IntentParser, utterances: [String]) = {
    let train = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant")).corpus
    let test = try! CorpusFormat.load(at: root.appendingPathComponent("Corpora/assistant-test")).corpus
    var options = SlotTaggerTrainingOptions()
    options.maxIterations = 60
    return (IntentParser(model: SlotTaggerTrainer(options: options).train(train).0), test.utterances.map(\.text))
}()

private let snipsModel = ProcessInfo.processInfo.environment["INTENTKIT_SNIPS_MODEL"].map { URL(fileURLWithPath: $0) }

private let snips: (parser: IntentParser, utterances: [String])? = snipsModel.map { url in
    let parser = try! IntentParser(contentsOf: url)
    let test = root.deletingLastPathComponent().appendingPathComponent("shared/corpora/snips-split/test/seq.in")
    let utterances = try! String(contentsOf: test, encoding: .utf8).split(separator: "\n").map(String.init)
    return (parser, utterances)
}

/// A fixed reference date: resolution does the same work on every run.
private let reference = Date(timeIntervalSince1970: 1_795_334_400)

private func parseBenchmark(_ name: String, _ setup: @escaping @Sendable () -> (parser: IntentParser, utterances: [String])) {
    Benchmark(name, configuration: .init(scalingFactor: .kilo)) { benchmark in
        let (parser, utterances) = setup()
        var workspace = parser.makeWorkspace()
        for text in utterances { _ = parser.parse(text, workspace: &workspace, reference: reference) }  // grow the buffers
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(parser.parse(utterances[index], workspace: &workspace, reference: reference).slots.count)
            index = (index + 1) % utterances.count
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(3))

    parseBenchmark("Parser: parse one utterance, default-corpus model") { assistant }
    if snips != nil {
        parseBenchmark("Parser: parse one utterance, SNIPS model") { snips! }
        // Two threads through one parser, a workspace each: 1,000 parses per thread per iteration.
        Benchmark("Parser: 2,000 parses on two threads, SNIPS model", configuration: .init(metrics: [.wallClock], maxIterations: 30)) { benchmark in
            let (parser, utterances) = snips!
            for _ in benchmark.scaledIterations {
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    var workspace = parser.makeWorkspace()
                    var slots = 0
                    for step in 0..<1_000 {
                        slots += parser.parse(utterances[(thread * 350 + step) % utterances.count], workspace: &workspace, reference: reference).slots.count
                    }
                    blackHole(slots)
                }
            }
        }
        Benchmark("Parser: load the SNIPS model", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 50)) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! IntentParser(contentsOf: snipsModel!)) }
        }
    }
}
