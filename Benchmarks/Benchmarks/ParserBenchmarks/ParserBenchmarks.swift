import Benchmark
import Foundation
import IntentKit

/// `IntentParser.parse` from text to resolved slots, one thread, on two models:
/// - `INTENTKIT_MODEL` (default: the runtime tests' fixture model, a slice of the default
///   corpus), on `Tests/IntentKitTests/Fixtures/held-out-utterances.txt` (the default corpus's held-out utterances);
///   `scripts/perf/benchmark-parse` passes a model trained on the whole default corpus;
/// - a SNIPS model from `INTENTKIT_SNIPS_MODEL` (`scripts/perf/benchmark-parse` trains one), on the
///   SNIPS test utterances; skipped when the variable is unset.
///
/// The benchmarks depend on the runtime alone: they load models, never train them.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func lines(of url: URL) -> [String] {
    try! String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
}

private let assistant: (parser: IntentParser, utterances: [String]) = {
    let model = ProcessInfo.processInfo.environment["INTENTKIT_MODEL"].map { URL(fileURLWithPath: $0) }
        ?? root.appendingPathComponent("Tests/IntentKitTests/Fixtures/models/format-1.3.model")
    return (try! IntentParser(contentsOf: model), lines(of: root.appendingPathComponent("Tests/IntentKitTests/Fixtures/held-out-utterances.txt")))
}()

private let snipsModel = ProcessInfo.processInfo.environment["INTENTKIT_SNIPS_MODEL"].map { URL(fileURLWithPath: $0) }

private let snips: (parser: IntentParser, utterances: [String])? = snipsModel.map { url in
    let parser = try! IntentParser(contentsOf: url)
    let test = root.deletingLastPathComponent().appendingPathComponent("shared/corpora/snips-split/test/seq.in")
    return (parser, lines(of: test))
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
        maxDuration: .seconds(3),
        // Against the committed Thresholds/ (`swift package benchmark thresholds check`): the
        // mallocs of a parse are exact, so any new one fails; time on a shared machine drifts,
        // so only a p50 25 % above the committed one does.
        thresholds: [
            .mallocCountTotal: .init(relative: BenchmarkThresholds.Relative.strict, absolute: BenchmarkThresholds.Absolute.strict),
            .wallClock: .init(relative: BenchmarkThresholds.Relative.relaxed),
        ])

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
    registerVocabularyBenchmarks()
}

// MARK: - User vocabulary

/// A user's 100,000 terms over four SNIPS entity types (40k artists, 20k playlists, films and
/// titles): made-up two- and three-word names from syllables, each with its own identifier, so
/// the tables are as large as a real vocabulary's and almost nothing in SNIPS test matches them.
private let userTerms: [String: [VocabularyTerm]] = {
    let syllables = ["ka", "lo", "mi", "ren", "sa", "to", "vu", "zel", "an", "bri", "cor", "da", "el", "fin", "gor", "ha"]
    var random: UInt64 = 0x5EED
    func word() -> String {
        var word = ""
        random = random &* 6364136223846793005 &+ 1442695040888963407
        for _ in 0..<(2 + Int((random >> 40) & 1)) {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            word += syllables[Int(random >> 60)]  // the top 4 bits: 16 syllables
        }
        return word.prefix(1).uppercased() + word.dropFirst()
    }
    var terms = [String: [VocabularyTerm]]()
    for (entity, count) in [("artist", 40_000), ("playlist", 20_000), ("movie_name", 20_000), ("object_name", 20_000)] {
        terms[entity] = (0..<count).map { index in
            VocabularyTerm((0..<(2 + index % 2)).map { _ in word() }.joined(separator: " "), identifier: "\(entity)-\(index)")
        }
    }
    return terms
}()

private func registerVocabularyBenchmarks() {
    // Replacing a whole vocabulary: compiling its 100,000 terms; and what it holds in memory.
    Benchmark("Vocabulary: compile 100,000 terms", configuration: .init(
        metrics: [.wallClock, .custom("bytes per term", useScalingFactor: false)], maxIterations: 20)) { benchmark in
        var bytesPerTerm = 0
        for _ in benchmark.scaledIterations {
            let vocabulary = UserVocabulary(userTerms)
            bytesPerTerm = vocabulary.byteCount / vocabulary.termCount
            blackHole(vocabulary)
        }
        benchmark.measurement(.custom("bytes per term", useScalingFactor: false), bytesPerTerm)
    }
    // The same parses as "Parser: parse one utterance, SNIPS model", with the 100,000 terms: the
    // difference of the two p50s is what the vocabulary adds.
    if snips != nil {
        let vocabulary = UserVocabulary(userTerms)
        parseBenchmark("Parser: parse one utterance, SNIPS model, 100,000 user terms") { (snips!.parser.using(vocabulary), snips!.utterances) }
        // The same difference measured side by side, immune to the machine's drift between two
        // benchmarks: each iteration times 50 utterances without and with the terms (in
        // alternating order) and records the time the terms added per parse.
        Benchmark("Vocabulary: time 100,000 user terms add to a parse, SNIPS model", configuration: .init(
            metrics: [.custom("added ns per parse", useScalingFactor: false)], maxDuration: .seconds(5), maxIterations: 2_000)) { benchmark in
            let (plain, utterances) = snips!
            let personal = plain.using(vocabulary)
            var plainWorkspace = plain.makeWorkspace(), personalWorkspace = personal.makeWorkspace()
            for text in utterances {
                _ = plain.parse(text, workspace: &plainWorkspace, reference: reference)
                _ = personal.parse(text, workspace: &personalWorkspace, reference: reference)
            }
            var block = 0
            for iteration in benchmark.scaledIterations {
                let texts = (0..<50).map { utterances[(block * 50 + $0) % utterances.count] }
                block += 1
                func time(_ parser: IntentParser, _ workspace: inout IntentParser.Workspace) -> UInt64 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for text in texts { blackHole(parser.parse(text, workspace: &workspace, reference: reference).slots.count) }
                    return DispatchTime.now().uptimeNanoseconds - start
                }
                let (without, with): (UInt64, UInt64)
                if iteration % 2 == 0 {
                    without = time(plain, &plainWorkspace)
                    with = time(personal, &personalWorkspace)
                } else {
                    with = time(personal, &personalWorkspace)
                    without = time(plain, &plainWorkspace)
                }
                // The histogram takes no negative values; clamping leaves the median as it is
                // whenever it is positive.
                benchmark.measurement(.custom("added ns per parse", useScalingFactor: false), max(0, (Int(with) - Int(without)) / 50))
            }
        }
    }
}
