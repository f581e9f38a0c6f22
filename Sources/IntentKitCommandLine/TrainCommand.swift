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

    @Flag(help: "Replace the output even when it is a read-only file.")
    var force = false

    @OptionGroup(title: "Training") var training: TrainingArguments

    @OptionGroup var encoderOption: TrainingEncoderOption

    @Flag(name: .shortAndLong, help: "Print only errors and warnings.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every iteration and how each choice was made (each intent classifier setting's held-out scores, the loss).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other") }
    }

    func run() throws {
        try checkOutputPath(output, force: force, consequence: "nothing was trained")
        let corpus = try input.load(countingWarnings: true).corpus
        var devCorpus: Corpus?
        if let dev {
            var devInput = input
            devInput.path = dev
            devInput.format = nil
            devCorpus = try devInput.load().corpus
        }
        let printer = TrainingLogPrinter(verbosity: quiet ? .quiet : verbose ? .verbose : .normal)
        var options = try training.options()
        options.encoder = try encoderOption.load(saying: printer.note)
        try training.requireEncoder(for: options.encoder)
        if let note = OutOfScopeNote.note(for: corpus, options: options) { printer.note(note) }
        if corpus.schema.primaryLanguage != "en" {
            // What is English-only still, said before the model is trained on such a corpus.
            let values = BuiltinEntityExtractor.supportedLanguages.contains(corpus.schema.primaryLanguage)
                ? "built-in values are read in \(corpus.schema.language ?? "its language")"
                : "built-in values (numbers, dates and times, money, durations) are read as English"
            printer.note("note: the corpus is in \(corpus.schema.language ?? "?"): the model learns its words as it would English ones; "
                         + "\(values); the generated out-of-scope noise is English; all-MiniLM-L6-v2 is an English encoder")
        }
        if corpus.utterances.isEmpty,
           PatternExpander(examplesPerPattern: options.examplesPerPattern, seed: options.seed).expanding(corpus).0.utterances.isEmpty {
            StandardError.print("\(input.path): error: nothing to train on: no utterances, and no pattern of its \(counted(corpus.schema.intents.count, "intent")) gives one; add utterances, or patterns such as 'order [soup]' with values for their parameters; nothing was written")
            throw ExitCode.failure
        }

        var trainer = ModelTrainer(options: options) { printer.show($0) }
        Interruption.install()
        trainer.shouldStop = { Interruption.requested }
        let (model, report) = trainer.train(corpus, dev: devCorpus)
        printer.finish()
        // A corpus with no slots trains no tagger weights, and its model is its classifier.
        let tagsSlots = !model.labels.slotNames.isEmpty
        guard !tagsSlots || (report.features > 0 && report.weights > 0) else {
            StandardError.print("\(output): error: the trained model has no \(report.features == 0 ? "features" : "weights") (--min-frequency \(options.minimumFrequency), --c1 \(options.c1), --prune-below \(options.pruneBelow) leave nothing); nothing was written")
            throw ExitCode.failure
        }
        // The encoder's files go into the model only when it parses with them.
        let carried = encoderOption.carryEncoder && model.intentClassifier?.encoder != nil ? options.encoder : nil
        do {
            try model.write(to: URL(fileURLWithPath: output), carrying: try carried?.carriedFiles())
        } catch {
            StandardError.print("\(output): error: cannot write the model (\(error.localizedDescription))")
            throw ExitCode.failure
        }
        var summary = String(format: "trained in %.1f s: %d iterations, %d features, %d weights", report.seconds, report.iterations, report.features, report.weights)
        if let f1 = report.devF1 { summary += String(format: ", dev slot F1 %.2f", 100 * f1) }
        if report.misalignedSlots > 0 { summary += ", \(counted(report.misalignedSlots, "annotation")) not on token boundaries" }
        printer.note(summary + " → \(output)")
        printer.note("stopped: \(Self.reason(report, options: options)); the model keeps iteration \(report.keptIteration)"
                     + (report.devF1 == nil ? "" : options.devWindow > 1 ? " (the best mean)" : " (the best dev F1)"))
        if report.stop == "interrupted" { throw ExitCode(130) }
        if let devCorpus, !devCorpus.utterances.isEmpty {
            // The dev set parsed as `parse` would: the joint figures `evaluate` reports.
            let scores = Evaluator().evaluate(IntentParser(model: model), on: devCorpus.utterances, resolving: false)
            printer.note(String(format: "dev (%d utterances): intent accuracy %.2f %%, slot F1 %.2f, sentence accuracy %.2f %%",
                                       scores.utterances, scores.intents.accuracy, scores.slots.micro.f1, scores.sentenceAccuracy))
        }
        // The tier, last, where a user looks: the first line said which was asked for.
        printer.note(Self.tier(of: model, encoder: options.encoder, wordsOnlyAsked: encoderOption.noEncoder, carriesEncoder: carried != nil))
    }

    /// Which tier the written model is, and why when it is not the one a user would expect.
    static func tier(of model: NLUModel, encoder: SentenceEncoder?, wordsOnlyAsked: Bool, carriesEncoder: Bool) -> String {
        guard let encoder else {
            return "the model is the words-only tier" + (wordsOnlyAsked || ProcessInfo.processInfo.environment["INTENTKIT_ENCODER"] == "none" ? "" :
                " (no sentence encoder installed: `intentkit encoders install` adds all-MiniLM-L6-v2, and training then uses it)")
        }
        if let features = model.intentClassifier?.encoderFeatures, !features.weighsVector {
            return "the model is the sentence-encoder tier: the held-out folds chose words alone for its intents, and the encoder at "
                + "\(encoder.identity.directory) draws the boundary around what the corpus teaches" + (carriesEncoder ? " (the model carries a copy)" : "")
        }
        return model.intentClassifier?.encoder != nil
            ? "the model is the sentence-encoder tier: it parses with the encoder at \(encoder.identity.directory)"
                + (carriesEncoder ? " or, wherever that is missing, with the copy it carries" : "")
            : "the model is the words-only tier: the held-out folds did not favour the encoder's vectors on this corpus"
    }
}

extension TrainCommand {
    /// Why training stopped, in plain words.
    static func reason(_ report: ModelTrainer.Report, options: TrainingOptions) -> String {
        switch report.stop {
        case "converged": return "the training loss stopped improving (converged) at iteration \(report.iterations)"
        case "maxIterations": return "reached --max-iterations \(options.maxIterations)"
        case "lineSearchFailed": return "the training loss could not be lowered further at iteration \(report.iterations) (as good as converged)"
        case "stoppedByCaller":
            return "no better on the dev set for \(options.patience) iterations (--patience)"
                + (options.devWindow > 1 ? ", comparing the mean slot F1 of \(options.devWindow) iterations" : "")
        case "interrupted": return "interrupted (Ctrl-C) after iteration \(report.iterations)"
        case "epochs": return report.iterations < options.maxIterations ? "stopped after epoch \(report.iterations) (no mistakes left, or no dev gain for --patience \(options.patience) epochs)" : "ran all \(options.maxIterations) epochs"
        default: return report.stop
        }
    }
}

extension TrainingOptions.Algorithm: ExpressibleByArgument {}
extension LabelScheme: ExpressibleByArgument {}
extension TrainingOptions.WeightPrecision: ExpressibleByArgument {}
