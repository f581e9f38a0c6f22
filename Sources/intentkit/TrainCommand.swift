import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus
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
