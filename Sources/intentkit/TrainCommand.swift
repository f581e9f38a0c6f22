import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation
import IntentKitTraining

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train a slot tagger (linear-chain CRF) from a corpus.",
        discussion: """
            Feature templates (--features, comma-separated):
            \(FeatureTemplate.allCases.map { "  \($0.rawValue): \($0.help)" }.joined(separator: "\n"))
            """)

    @OptionGroup var input: CorpusInputOptions

    @Option(name: .shortAndLong, help: "Where to write the model.", completion: .file())
    var output: String

    @Option(help: "A dev corpus for early stopping and the dev F1 shown each iteration.", completion: .file())
    var dev: String?

    @OptionGroup(title: "Training") var training: TrainingArguments

    func run() throws {
        let corpus = try input.load().corpus
        var devCorpus: Corpus?
        if let dev {
            var devInput = input
            devInput.path = dev
            devInput.format = nil
            devCorpus = try devInput.load().corpus
        }
        let options = try training.options()

        let progress = ProgressLine()
        let trainer = SlotTaggerTrainer(options: options) { progress.show($0) }
        let (model, report) = trainer.train(corpus, dev: devCorpus)
        progress.finish()
        do {
            try model.write(to: URL(fileURLWithPath: output))
        } catch {
            StandardError.print("\(output): error: cannot write the model (\(error.localizedDescription))")
            throw ExitCode.failure
        }
        var summary = String(format: "trained in %.1f s: %d iterations (%@), %d features, %d weights", report.seconds, report.iterations, report.stop, report.features, report.weights)
        if let f1 = report.devF1 { summary += String(format: ", dev slot F1 %.2f", 100 * f1) }
        if report.misalignedSlots > 0 { summary += ", \(report.misalignedSlots) annotations not on token boundaries" }
        StandardError.print(summary + " → \(output)")
        if let devCorpus, let dev, !devCorpus.utterances.isEmpty {
            // The dev set parsed as `parse` would: the joint figures `evaluate` reports.
            let parser = IntentParser(model: model)
            let format = try? CorpusFormat.detect(at: URL(fileURLWithPath: dev))
            let phrases = FrameComparison.phrases(of: model.schema)
            var workspace = parser.makeWorkspace()
            let comparisons = devCorpus.utterances.map { utterance in
                FrameComparison(utterance, parser.parse(utterance.text, workspace: &workspace, alternatives: 0),
                                wordLevel: format == .bio || format == .conll, phrases: phrases)
            }
            let scores = Evaluator().evaluate(comparisons)
            StandardError.print(String(format: "dev (%d utterances): intent accuracy %.2f %%, slot F1 %.2f, sentence accuracy %.2f %%",
                                       scores.utterances, scores.intents.accuracy, scores.slots.micro.f1, scores.sentenceAccuracy))
        }
    }
}

extension SlotTaggerTrainingOptions.Algorithm: ExpressibleByArgument {}
extension LabelScheme: ExpressibleByArgument {}

/// One progress line per iteration: redrawn in place on a terminal, appended otherwise.
final class ProgressLine: @unchecked Sendable {
    private let isTerminal = isatty(2) != 0
    private var drawn = false

    func show(_ line: String) {
        if isTerminal && (line.hasPrefix("iteration") || line.hasPrefix("epoch")) {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            drawn = true
        } else {
            if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
            drawn = false
            StandardError.print(line)
        }
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
