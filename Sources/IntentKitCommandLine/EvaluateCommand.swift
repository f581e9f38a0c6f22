import ArgumentParser
import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score a model on a labelled corpus; optionally fail when accuracy falls short.",
        discussion: """
            Parses every utterance of the corpus with the model (intent, then slots) and prints \
            intent accuracy with precision, recall and F1 per intent (micro, macro, confusion \
            matrix in --json), slot precision, recall and F1 per slot on exact span and name \
            (conlleval's count), sentence accuracy (intent and every slot exact), the slot error \
            breakdown, the expected calibration error of the intent confidence and the most \
            frequent mistakes with examples. Percentages throughout. The slots scored are exactly \
            those `intentkit parse` returns (name and character range), on BIO and CoNLL corpora \
            too, where a gold slot covers whole words.

            Utterances of an out-of-scope intent (out_of_scope, None, none, oos, or the model's) \
            and out-of-scope answers are scored as one more intent, "(out of scope)", and \
            summed up as in-scope accuracy, out-of-scope recall and precision and the false \
            rejection rate (in-scope utterances answered out of scope).

            Gates: --min-intent-accuracy, --min-slot-f1, --min-sentence-accuracy, --min-oos-recall, --thresholds \
            FILE (JSON {"intents": {NAME: MIN_F1}, "slots": {NAME: MIN_F1}}), and --baseline \
            OLD.json with --max-drop POINTS (and --max-label-drop POINTS for each intent's and \
            slot's F1). A failed gate prints which metric fell, from what \
            to what, and exits with status 1.
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    @OptionGroup var input: CorpusInputOptions

    @OptionGroup var userVocabulary: VocabularyOption

    @OptionGroup var encoderOption: EncoderOption

    @Option(help: ArgumentHelp("Write the full report as JSON (the format --baseline reads).", valueName: "file"), completion: .file())
    var json: String?

    @Option(help: ArgumentHelp("Write the report as Markdown.", valueName: "file"), completion: .file())
    var markdown: String?

    @Option(help: ArgumentHelp("Write one self-contained HTML page with SVG plots (confusion, slot F1, reliability).", valueName: "file"), completion: .file())
    var html: String?

    @Option(help: ArgumentHelp("Write JUnit XML: a test case per headline metric, intent and slot, failing those the gate fails.", valueName: "file"), completion: .file())
    var junit: String?

    @Option(help: ArgumentHelp("Write every prediction as JSON lines (text, gold and predicted intent and slots).", valueName: "file"), completion: .file())
    var predictions: String?

    @Option(help: ArgumentHelp("Fail below this intent accuracy, in percent (95 means 95 %; values from 0 to 1 are refused as likely fractions).", valueName: "percent"))
    var minIntentAccuracy: Double?

    @Option(name: .customLong("min-slot-f1"), help: ArgumentHelp("Fail below this slot F1 (micro), in percent (0 to 1 refused as likely fractions).", valueName: "percent"))
    var minSlotF1: Double?

    @Option(help: ArgumentHelp("Fail below this sentence accuracy, in percent (0 to 1 refused as likely fractions).", valueName: "percent"))
    var minSentenceAccuracy: Double?

    @OptionGroup var minimumConfidence: MinimumConfidenceOption

    @Option(name: .customLong("min-oos-recall"), help: ArgumentHelp("Fail below this out-of-scope recall, in percent (0 to 1 refused as likely fractions); a corpus without out-of-scope utterances fails it.", valueName: "percent"))
    var minOutOfScopeRecall: Double?

    @Option(help: ArgumentHelp("Per-intent and per-slot minimum F1, JSON: {\"intents\": {…}, \"slots\": {…}}.", valueName: "file"), completion: .file())
    var thresholds: String?

    @Option(help: ArgumentHelp("A previous --json report to compare against.", valueName: "file"), completion: .file())
    var baseline: String?

    @Option(help: ArgumentHelp("With --baseline: how many points intent accuracy, slot F1 and sentence accuracy may fall.", valueName: "points"))
    var maxDrop = 0.0

    @Option(help: ArgumentHelp("With --baseline: how many points each intent's and slot's F1 may fall (not compared without it).", valueName: "points"))
    var maxLabelDrop: Double?

    @Option(help: "Example utterances to show for each frequent mistake (0 keeps corpus text out of the report).")
    var examples = 3

    @Flag(help: "Score utterances whose intents or slots the model does not know instead of refusing the corpus.")
    var allowUnknownLabels = false

    @Flag(inversion: .prefixedNo, help: "Let the slot tagger choose between the classifier's two likeliest intents (as `parse` does).")
    var intentReranking = true

    func validate() throws {
        if maxDrop < 0 { throw ValidationError("--max-drop must not be negative") }
        if examples < 0 { throw ValidationError("--examples must not be negative") }
        if baseline == nil && (maxDrop != 0 || maxLabelDrop != nil) { throw ValidationError("--max-drop and --max-label-drop need --baseline") }
        if let maxLabelDrop, maxLabelDrop < 0 { throw ValidationError("--max-label-drop must not be negative") }
        for (name, value) in [("min-intent-accuracy", minIntentAccuracy), ("min-slot-f1", minSlotF1), ("min-sentence-accuracy", minSentenceAccuracy), ("min-oos-recall", minOutOfScopeRecall)] {
            guard let value else { continue }
            if !(value >= 0) { throw ValidationError("--\(name) must be a percentage from 0 to 100") }
            if value > 0 && value <= 1 {
                throw ValidationError("--\(name) \(value) looks like a fraction; gates take percentages (write \(value * 100) for \(value * 100) %)")
            }
        }
    }

    func run() throws {
        let parser = try minimumConfidence.apply(to: userVocabulary.apply(to: loadParser(model, encoder: encoderOption, intentReranking: intentReranking)))
        let corpus = try input.load().corpus
        guard !corpus.utterances.isEmpty else {
            StandardError.print("\(input.path): error: the corpus has no utterances to evaluate on")
            throw ExitCode.failure
        }
        let gate = try makeGate()
        if !allowUnknownLabels { try checkLabels(corpus, parser: parser) }

        var evaluator = Evaluator()
        evaluator.examplesPerError = examples
        evaluator.minimumConfidence = parser.minimumConfidence
        let comparisons = evaluator.comparisons(of: parser, on: corpus.utterances)
        let report = evaluator.evaluate(comparisons)
        print(ReportFormatter.text(report))

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let json { try writeOutput(try encoder.encode(report), to: json) }
        if let markdown { try writeOutput(Data(ReportFormatter.markdown(report).utf8), to: markdown) }
        if let html { try writeOutput(Data(HTMLReport.page(report, title: "IntentKit evaluation: \(input.path)").utf8), to: html) }
        if let predictions {
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var lines = Data()
            for comparison in comparisons {
                lines.append(try encoder.encode(PredictionLine(comparison)))
                lines.append(0x0A)
            }
            try writeOutput(lines, to: predictions)
        }

        let failures = gate.failures(of: report)
        if let junit { try writeOutput(Data(JUnitReport.xml(report, failures: failures).utf8), to: junit) }
        if gate.isEmpty { return }
        if failures.isEmpty {
            StandardError.print("gate passed")
            return
        }
        for failure in failures { StandardError.print("gate failed: \(failure)") }
        throw ExitCode.failure
    }

    private func makeGate() throws -> Gate {
        var gate = Gate()
        gate.minimumIntentAccuracy = minIntentAccuracy
        gate.minimumSlotF1 = minSlotF1
        gate.minimumSentenceAccuracy = minSentenceAccuracy
        gate.minimumOutOfScopeRecall = minOutOfScopeRecall
        if let thresholds {
            struct Thresholds: Decodable {
                var intents: [String: Double]?
                var slots: [String: Double]?
            }
            do {
                let decoded = try JSONDecoder().decode(Thresholds.self, from: Data(contentsOf: URL(fileURLWithPath: thresholds)))
                gate.minimumIntentF1 = decoded.intents ?? [:]
                gate.minimumSlotF1PerSlot = decoded.slots ?? [:]
            } catch {
                StandardError.print("\(thresholds): error: not a thresholds file ({\"intents\": {NAME: MIN_F1}, \"slots\": {NAME: MIN_F1}}): \(Self.reason(error))")
                throw ExitCode.failure
            }
        }
        if let baseline {
            do {
                let report = try JSONDecoder().decode(EvaluationReport.self, from: Data(contentsOf: URL(fileURLWithPath: baseline)))
                gate.baseline = (report, maxDrop)
                gate.maximumLabelDrop = maxLabelDrop
            } catch {
                StandardError.print("\(baseline): error: not a report written by `intentkit evaluate --json`: \(Self.reason(error))")
                throw ExitCode.failure
            }
        }
        return gate
    }

    /// Refuses a corpus with intents or slots the model has never seen: scoring them would
    /// only report zeros.
    private func checkLabels(_ corpus: Corpus, parser: IntentParser) throws {
        let knownIntents = Set(parser.model.intentClassifier?.intents ?? [])
        let knownSlots = Set(parser.model.labels.slotNames)
        var unknownIntents = Set<String>(), unknownSlots = Set<String>()
        for utterance in corpus.utterances {
            if !knownIntents.isEmpty && !knownIntents.contains(utterance.intent) { unknownIntents.insert(utterance.intent) }
            for slot in utterance.slots where !knownSlots.contains(slot.name) { unknownSlots.insert(slot.name) }
        }
        guard unknownIntents.isEmpty && unknownSlots.isEmpty else {
            if !unknownIntents.isEmpty {
                StandardError.print("\(input.path): error: intents the model does not know: \(unknownIntents.sorted().joined(separator: ", "))")
            }
            if !unknownSlots.isEmpty {
                StandardError.print("\(input.path): error: slots the model does not know: \(unknownSlots.sorted().joined(separator: ", "))")
            }
            StandardError.print("note: pass --allow-unknown-labels to score them anyway (they count as errors)")
            throw ExitCode.failure
        }
    }


    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context): return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: return (error as NSError).localizedDescription
        }
    }
}

/// One line of `--predictions`.
private struct PredictionLine: Encodable {
    var text: String
    var gold: Frame
    var predicted: Frame

    struct Frame: Encodable {
        var intent: String?
        var slots: [FrameComparison.Span]
    }

    init(_ comparison: FrameComparison) {
        text = comparison.text
        gold = Frame(intent: comparison.goldIntent, slots: comparison.goldSlots)
        predicted = Frame(intent: comparison.predictedIntent, slots: comparison.predictedSlots)
    }
}
