import ArgumentParser
import Dispatch
import Foundation
import IntentKit

struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure parse latency and throughput of a model on your utterances.",
        discussion: """
            Loads the model --loads times (the median load time is reported), parses every utterance (one per line, from FILE or stdin) once to warm up, then \
            --repetitions times more, timing each parse on its own (tokenizing through \
            resolution, one workspace reused as in a server loop). Prints one JSON object: \
            latency percentiles in microseconds on one thread, and parses per second with \
            --threads threads sharing the parser. Use a release build on a quiet machine.
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    @Option(help: "Timed passes over the utterances.")
    var repetitions = 20

    @Option(help: "Threads for the throughput measurement, each with its own workspace.")
    var threads = 2

    @Option(help: "Timed loads of the model file.")
    var loads = 10

    @Flag(inversion: .prefixedNo, help: "Let the slot tagger choose between the classifier's two likeliest intents when the runner-up has at least 1 % (see IntentParser.intentReranking).")
    var intentReranking = true

    @OptionGroup var userVocabulary: VocabularyOption
    @OptionGroup var userShortcuts: ShortcutsOption

    @Flag(help: "Also resolve every parameter of the intent, as `parse --resolve` does (relative dates against 2026-11-22T08:00 UTC).")
    var resolve = false

    @OptionGroup var encoderOption: EncoderOption

    @Argument(help: "A file of utterances, one per line; omit to read stdin.", completion: .file())
    var file: String?

    func validate() throws {
        if repetitions < 1 { throw ValidationError("--repetitions must be at least 1") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
        if loads < 1 { throw ValidationError("--loads must be at least 1") }
    }

    func run() throws {
        let parser = try userShortcuts.apply(to: userVocabulary.apply(to: loadParser(model, encoder: encoderOption, intentReranking: intentReranking)))
        var loadNanoseconds = [UInt64]()
        for _ in 0..<loads {
            let start = DispatchTime.now().uptimeNanoseconds
            let loaded = try? IntentParser(contentsOf: URL(fileURLWithPath: model))
            loadNanoseconds.append(DispatchTime.now().uptimeNanoseconds - start)
            precondition(loaded != nil)
        }
        loadNanoseconds.sort()
        let utterances = try readUtterances()
        guard !utterances.isEmpty else {
            StandardError.print("\(file ?? "stdin"): error: no utterances to parse")
            throw ExitCode.failure
        }
        let reference = Date(timeIntervalSince1970: 1_795_334_400)  // fixed: the same work every run
        var workspace = parser.makeWorkspace()
        for text in utterances { _ = parser.parse(text, workspace: &workspace, resolving: resolve, reference: reference) }

        var nanoseconds = [UInt64]()
        nanoseconds.reserveCapacity(utterances.count * repetitions)
        var slots = 0
        for _ in 0..<repetitions {
            for text in utterances {
                let start = DispatchTime.now().uptimeNanoseconds
                slots &+= parser.parse(text, workspace: &workspace, resolving: resolve, reference: reference).slots.count
                nanoseconds.append(DispatchTime.now().uptimeNanoseconds - start)
            }
        }
        nanoseconds.sort()
        func percentile(_ p: Double) -> Double {
            Double(nanoseconds[min(nanoseconds.count - 1, Int(p * Double(nanoseconds.count)))]) / 1_000
        }
        let mean = Double(nanoseconds.reduce(0, +)) / Double(nanoseconds.count) / 1_000

        let perThread = utterances.count * repetitions
        let threadCount = threads
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
            var workspace = parser.makeWorkspace()
            var count = 0
            for step in 0..<perThread {
                count &+= parser.parse(utterances[(step + thread * 7) % utterances.count], workspace: &workspace, resolving: resolve, reference: reference).slots.count
            }
            precondition(count >= 0)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let report: [String: Double] = [
            "utterances": Double(utterances.count),
            "parses": Double(nanoseconds.count),
            "p50_us": percentile(0.50),
            "p90_us": percentile(0.90),
            "p99_us": percentile(0.99),
            "mean_us": mean,
            "threads": Double(threadCount),
            "parses_per_second": Double(perThread * threadCount) / seconds,
            "load_p50_ms": Double(loadNanoseconds[loadNanoseconds.count / 2]) / 1e6,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
        precondition(slots >= 0)
    }

    private func readUtterances() throws -> [String] {
        if let file {
            do {
                return try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
            } catch {
                StandardError.print("\(file): error: cannot read: \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        var lines = [String]()
        var input = InputLines(lenient: false)
        while let line = try input.next() {
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
