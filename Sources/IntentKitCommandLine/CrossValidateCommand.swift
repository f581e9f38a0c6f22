import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation
import IntentKitTraining

struct CrossValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cross-validate",
        abstract: "Estimate accuracy by k-fold cross-validation, stratified by intent; optionally a learning curve.",
        discussion: """
            Splits the corpus into --folds folds holding about the same share of every intent, \
            trains on all folds but one and evaluates on that one, for each fold in turn, and \
            prints the mean and standard deviation of every metric. --train-sizes 10,50,200 \
            also trains on at most that many examples per intent of each training part and \
            reports how accuracy grows with examples (a learning curve). Training takes the \
            options of `train` (no dev set: each run stops at --max-iterations).
            """)

    @OptionGroup var input: CorpusInputOptions

    @Option(help: "Number of folds (at least 2).")
    var folds = 5

    @Option(help: ArgumentHelp("Examples per intent for a learning curve, comma-separated (for example 10,50,200).", valueName: "sizes"))
    var trainSizes: String?

    @Option(help: ArgumentHelp("Write the report (every fold, the summary, the pooled report, the curve) as JSON.", valueName: "file"), completion: .file())
    var json: String?

    @Option(help: ArgumentHelp("Write one HTML page of the pooled predictions, with the learning curve.", valueName: "file"), completion: .file())
    var html: String?

    @OptionGroup(title: "Training") var training: TrainingArguments

    @OptionGroup var encoderOption: TrainingEncoderOption

    func validate() throws {
        if folds < 2 { throw ValidationError("--folds must be at least 2") }
        _ = try sizes()
    }

    private func sizes() throws -> [Int] {
        guard let trainSizes else { return [] }
        let sizes = trainSizes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            throw ValidationError("--train-sizes must be positive whole numbers separated by commas, for example 10,50,200")
        }
        return sizes.map { $0! }.sorted()
    }

    func run() throws {
        let corpus = try input.load(countingWarnings: true).corpus
        let labels = corpus.utterances.map(\.intent)
        guard corpus.utterances.count >= folds else {
            StandardError.print("\(input.path): error: \(counted(corpus.utterances.count, "utterance")) cannot fill \(folds) folds")
            throw ExitCode.failure
        }
        var options = try training.options()
        options.encoder = try encoderOption.load()
        try training.requireEncoder(for: options.encoder)
        let assignment = StratifiedFolds.assign(labels: labels, folds: folds, seed: options.seed)

        var reports = [EvaluationReport](), pooled = [FrameComparison]()
        var curve = [Int: [(intent: Double, slot: Double)]]()
        let sizes = try sizes()
        for fold in 0..<folds {
            let trainIndices = corpus.utterances.indices.filter { assignment[$0] != fold }
            let testIndices = corpus.utterances.indices.filter { assignment[$0] == fold }
            StandardError.print("fold \(fold + 1)/\(folds): training on \(counted(trainIndices.count, "utterance")), testing on \(testIndices.count)")
            let comparisons = evaluate(train(corpus, trainIndices, options), on: corpus, testIndices)
            reports.append(Evaluator().evaluate(comparisons))
            pooled += comparisons
            for size in sizes {
                let sample = StratifiedFolds.sample(trainIndices, labels: labels, perClass: size, seed: options.seed &+ UInt64(fold))
                StandardError.print("fold \(fold + 1)/\(folds), \(size) per intent: training on \(counted(sample.count, "utterance"))")
                let report = Evaluator().evaluate(evaluate(train(corpus, sample, options), on: corpus, testIndices))
                curve[size, default: []].append((report.intents.accuracy, report.slots.micro.f1))
            }
        }
        let learningCurve = sizes.map { size in
            let points = curve[size] ?? []
            return HTMLReport.LearningPoint(
                examplesPerIntent: size, intentAccuracy: points.map(\.intent).reduce(0, +) / Double(max(1, points.count)),
                slotF1: points.map(\.slot).reduce(0, +) / Double(max(1, points.count)))
        }
        let report = CrossValidationReport(folds: reports, pooled: Evaluator().evaluate(pooled), learningCurve: learningCurve)
        print(report.text)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try writeOutput(try encoder.encode(report), to: json)
        }
        if let html {
            let page = HTMLReport.page(report.pooled, title: "IntentKit \(folds)-fold cross-validation: \(input.path)", learningCurve: learningCurve)
            try writeOutput(Data(page.utf8), to: html)
        }
    }

    private func train(_ corpus: Corpus, _ indices: [Int], _ options: TrainingOptions) -> IntentParser {
        var part = corpus
        part.utterances = indices.map { corpus.utterances[$0] }
        return IntentParser(model: ModelTrainer(options: options).train(part).0)
    }

    private func evaluate(_ parser: IntentParser, on corpus: Corpus, _ indices: [Int]) -> [FrameComparison] {
        Evaluator().comparisons(of: parser, on: indices.map { corpus.utterances[$0] }, resolving: false)
    }
}
