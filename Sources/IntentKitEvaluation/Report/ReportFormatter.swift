import Foundation

/// Renders an ``EvaluationReport`` for people: an aligned plain-text table for the terminal and
/// Markdown for a pull-request comment or a CI summary.
public enum ReportFormatter {
    /// The terminal summary: headline figures, per-intent and per-slot tables, slot errors,
    /// calibration and the most frequent mistakes.
    public static func text(_ report: EvaluationReport) -> String {
        var lines = [String]()
        let micro = report.slots.micro
        // A corpus without slots, answered without slots, has no slot F1 to speak of (0/0).
        let slots = micro.support == 0 && micro.predicted == 0
            ? "no slots" : String(format: "slot F1 %.2f (P %.2f, R %.2f)", micro.f1, micro.precision, micro.recall)
        lines.append(String(format: "%d utterances: intent accuracy %.2f %%, %@, sentence accuracy %.2f %%",
                            report.utterances, report.intents.accuracy, slots, report.sentenceAccuracy))
        if let line = outOfScopeLine(report) { lines.append(line) }
        lines.append("")
        lines += table(title: "intent", rows: report.intents.perIntent, macro: report.intents.macro)
        lines.append("")
        lines += table(title: "slot", rows: report.slots.perSlot, macro: report.slots.macro, micro: report.slots.micro)
        let errors = report.slots.errors
        lines.append("")
        lines.append("slot errors: \(errors.wrongBoundary) wrong boundary, \(errors.wrongType) wrong type, "
                     + "\(errors.wrongBoundaryAndType) wrong boundary and type, \(errors.missed) missed, \(errors.spurious) spurious")
        if report.slots.resolution.checked > 0 {
            lines.append(String(format: "resolution: %d of %d annotated values right (%.2f %%)", report.slots.resolution.correct,
                                report.slots.resolution.checked, report.slots.resolution.accuracy))
            let outcomes = report.slots.resolution.outcomes
            if !outcomes.isEmpty {
                let order = ["success", "confirmationRequired", "disambiguation", "unsupported"]
                let names = order.filter { outcomes[$0] != nil } + outcomes.keys.filter { !order.contains($0) }.sorted()
                lines.append("resolution outcomes: " + names.map { name in
                    let count = outcomes[name]!
                    return name == "disambiguation" ? "\(name) \(count.count) (gold among the candidates: \(count.right))"
                        : name == "unsupported" ? "\(name) \(count.count)" : "\(name) \(count.count) (right: \(count.right))"
                }.joined(separator: ", "))
            }
        }
        lines.append(String(format: "intent calibration: expected calibration error %.2f %%", report.calibration.expectedCalibrationError))
        lines.append(confidentErrorLine(report.calibration))
        for error in report.calibration.confidentErrors.prefix(confidentErrorsListed) {
            lines.append(String(format: "  %.2f  %@ (gold %@): \"%@\"", error.confidence, error.predicted, error.gold, error.text))
        }
        if report.calibration.confidentErrors.count > confidentErrorsListed {
            lines.append("  … \(report.calibration.confidentErrors.count - confidentErrorsListed) more in the JSON report")
        }
        if !report.frequentErrors.isEmpty {
            lines.append("")
            lines.append("most frequent mistakes:")
            for error in report.frequentErrors {
                lines.append("  \(error.count)× \(describe(error))")
                for example in error.examples { lines.append("      \"\(example)\"") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How many confident errors the text report lists; the JSON report holds them all.
    static let confidentErrorsListed = 10

    /// The share of utterances answered wrong with high confidence.
    static func confidentErrorLine(_ calibration: EvaluationReport.Calibration) -> String {
        String(format: "confident errors: %.2f %% of utterances (%d) answered with a wrong intent at confidence %.2f or more",
               calibration.confidentErrorRate, calibration.confidentErrors.count, calibration.confidentErrorThreshold)
    }

    /// In-scope accuracy, false rejections and out-of-scope recall and precision, when there is
    /// anything out of scope.
    static func outOfScopeLine(_ report: EvaluationReport) -> String? {
        guard let scores = report.outOfScope else { return nil }
        var line = String(format: "out of scope: in-scope accuracy %.2f %% (%d utterances), false rejection %.2f %%",
                          scores.inScopeAccuracy, scores.inScopeUtterances, scores.falseRejectionRate)
        if let recall = scores.recall { line += String(format: ", recall %.2f %% (%d utterances)", recall, scores.outOfScopeUtterances) }
        if let precision = scores.precision { line += String(format: ", precision %.2f %%", precision) }
        return line
    }

    /// The same figures as Markdown tables.
    public static func markdown(_ report: EvaluationReport) -> String {
        var lines = ["# Evaluation", ""]
        lines.append("| utterances | intent accuracy | slot F1 | slot precision | slot recall | sentence accuracy | ECE | confident errors |")
        lines.append("|---|---|---|---|---|---|---|---|")
        lines.append(String(format: "| %d | %.2f %% | %.2f | %.2f | %.2f | %.2f %% | %.2f %% | %.2f %% |", report.utterances, report.intents.accuracy,
                            report.slots.micro.f1, report.slots.micro.precision, report.slots.micro.recall, report.sentenceAccuracy,
                            report.calibration.expectedCalibrationError, report.calibration.confidentErrorRate))
        if let line = outOfScopeLine(report) { lines += ["", line] }
        for (title, rows) in [("Intents", report.intents.perIntent), ("Slots", report.slots.perSlot)] {
            lines += ["", "## \(title)", "", "| name | precision | recall | F1 | support |", "|---|---|---|---|---|"]
            for (name, scores) in rows.sorted(by: { $0.key < $1.key }) {
                lines.append("| \(name) " + String(format: "| %.2f | %.2f | %.2f | %d |", scores.precision, scores.recall, scores.f1, scores.support))
            }
        }
        let errors = report.slots.errors
        lines += ["", "## Slot errors", "", "| wrong boundary | wrong type | wrong boundary and type | missed | spurious |", "|---|---|---|---|---|",
                  "| \(errors.wrongBoundary) | \(errors.wrongType) | \(errors.wrongBoundaryAndType) | \(errors.missed) | \(errors.spurious) |"]
        if !report.frequentErrors.isEmpty {
            lines += ["", "## Most frequent mistakes", ""]
            for error in report.frequentErrors {
                lines.append("- \(error.count)× \(describe(error)): " + error.examples.map { "“\($0)”" }.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ error: EvaluationReport.FrequentError) -> String {
        switch error.kind {
        case "intent": return "intent \(error.gold) read as \(error.predicted)"
        case "wrongBoundary": return "\(error.gold): wrong boundary"
        case "wrongType": return "\(error.gold) labelled \(error.predicted)"
        case "wrongBoundaryAndType": return "\(error.gold) overlapped by \(error.predicted)"
        case "missed": return "\(error.gold) missed"
        case "spurious": return "spurious \(error.predicted)"
        case "resolution": return "\(error.gold) not resolved to \(error.predicted)"
        default: return "\(error.kind) \(error.gold) → \(error.predicted)"
        }
    }

    private static func table(
        title: String, rows: [String: EvaluationReport.Scores], macro: EvaluationReport.Averages, micro: EvaluationReport.Scores? = nil
    ) -> [String] {
        let width = max(title.count, rows.keys.map(\.count).max() ?? 0, 5)
        func pad(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = [pad(title) + "  precision    recall        F1   support"]
        for (name, scores) in rows.sorted(by: { $0.key < $1.key }) {
            lines.append(pad(name) + String(format: " %10.2f %9.2f %9.2f %9d", scores.precision, scores.recall, scores.f1, scores.support))
        }
        if let micro {
            lines.append(pad("micro") + String(format: " %10.2f %9.2f %9.2f %9d", micro.precision, micro.recall, micro.f1, micro.support))
        }
        lines.append(pad("macro") + String(format: " %10.2f %9.2f %9.2f", macro.precision, macro.recall, macro.f1))
        return lines
    }
}
