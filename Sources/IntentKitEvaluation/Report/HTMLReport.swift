import Foundation

/// The report as one self-contained HTML page (inline CSS and SVG, no scripts, nothing
/// fetched): headline figures, a confusion heatmap, per-slot F1 bars, a reliability diagram,
/// a learning curve when one is given, and the tables behind them.
public enum HTMLReport {
    /// One point of a learning curve: examples per intent and the scores reached with them.
    public struct LearningPoint: Hashable, Sendable, Codable {
        public var examplesPerIntent: Int
        public var intentAccuracy: Double
        public var slotF1: Double

        public init(examplesPerIntent: Int, intentAccuracy: Double, slotF1: Double) {
            self.examplesPerIntent = examplesPerIntent
            self.intentAccuracy = intentAccuracy
            self.slotF1 = slotF1
        }
    }

    public static func page(_ report: EvaluationReport, title: String = "IntentKit evaluation", learningCurve: [LearningPoint] = []) -> String {
        var body = "<h1>\(escape(title))</h1>\n"
        body += "<div class=\"cards\">"
        for (label, value) in [("intent accuracy", percent(report.intents.accuracy)), ("slot F1", number(report.slots.micro.f1)),
                               ("sentence accuracy", percent(report.sentenceAccuracy)),
                               ("calibration error", percent(report.calibration.expectedCalibrationError)),
                               ("confident errors", percent(report.calibration.confidentErrorRate)),
                               ("utterances", "\(report.utterances)")] {
            body += "<div class=\"card\"><div class=\"value\">\(value)</div><div class=\"label\">\(label)</div></div>"
        }
        body += "</div>\n"
        body += "<h2>Intent confusion</h2><p>Rows: gold intent; columns: predicted. Shade: share of the row.</p>\n" + confusionSVG(report.intents.confusion)
        body += "<h2>Slot F1</h2><p>Worst first; the number after the bar is the gold count.</p>\n" + slotBarsSVG(report.slots.perSlot)
        body += "<h2>Reliability of the intent confidence</h2><p>Bars: accuracy of the predictions in each confidence bin; line: perfect calibration.</p>\n"
            + reliabilitySVG(report.calibration)
        if let outOfScope = report.outOfScope {
            body += "<h2>Out of scope</h2><p>" + escape(ReportFormatter.outOfScopeLine(report) ?? "")
                + ". Utterances by the confidence the minimum is compared with (the likeliest intent's probability, or the two likeliest intents', as the model measures it): in scope (blue) and out of scope (orange)"
                + (outOfScope.minimumConfidence.map { "; the line is the minimum confidence, " + number($0) } ?? "") + ".</p>\n"
                + confidenceHistogramSVG(outOfScope)
        }
        if !learningCurve.isEmpty {
            body += "<h2>Learning curve</h2><p>Scores against training examples per intent.</p>\n" + learningCurveSVG(learningCurve)
        }
        body += "<h2>Intents</h2>\n" + scoresTable(report.intents.perIntent, macro: report.intents.macro)
        body += "<h2>Slots</h2>\n" + scoresTable(report.slots.perSlot, macro: report.slots.macro, micro: report.slots.micro)
        let errors = report.slots.errors
        body += "<h2>Slot errors</h2>\n<table><tr><th>wrong boundary</th><th>wrong type</th><th>wrong boundary and type</th><th>missed</th><th>spurious</th></tr>"
        body += "<tr><td>\(errors.wrongBoundary)</td><td>\(errors.wrongType)</td><td>\(errors.wrongBoundaryAndType)</td><td>\(errors.missed)</td><td>\(errors.spurious)</td></tr></table>\n"
        if !report.frequentErrors.isEmpty {
            body += "<h2>Most frequent mistakes</h2>\n<table><tr><th>count</th><th>kind</th><th>gold</th><th>predicted</th><th>examples</th></tr>"
            for error in report.frequentErrors {
                body += "<tr><td>\(error.count)</td><td>\(escape(error.kind))</td><td>\(escape(error.gold))</td><td>\(escape(error.predicted))</td><td>"
                    + error.examples.map { "“" + escape($0) + "”" }.joined(separator: "<br>") + "</td></tr>"
            }
            body += "</table>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; margin: 2em auto; max-width: 1000px; padding: 0 1em; }
            h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
            .cards { display: flex; gap: 1em; flex-wrap: wrap; }
            .card { background: #f5f5f7; border-radius: 10px; padding: .8em 1.2em; min-width: 120px; }
            .value { font-size: 1.6em; font-weight: 600; } .label { color: #6e6e73; }
            table { border-collapse: collapse; margin: .5em 0; } td, th { padding: .25em .7em; border-bottom: 1px solid #eee; text-align: right; }
            td:first-child, th:first-child { text-align: left; } svg text { font: 11px Helvetica, Arial, sans-serif; fill: #1d1d1f; }
            </style></head><body>
            \(body)</body></html>

            """
    }

    private static func confusionSVG(_ matrix: EvaluationReport.ConfusionMatrix) -> String {
        let rows = matrix.counts.count, columns = matrix.labels.count
        // Column labels run up at 45°: about 5 pixels of height and of overhang per character.
        let longest = matrix.labels.map(\.count).max() ?? 4
        let cell = 44, left = 10 + 7 * longest, top = 16 + 5 * longest
        let width = left + columns * cell + 5 * longest, height = top + rows * cell + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"confusion matrix\">"
        for (column, label) in matrix.labels.enumerated() {
            let x = left + column * cell + cell / 2
            svg += "<text x=\"\(x)\" y=\"\(top - 6)\" transform=\"rotate(-45 \(x) \(top - 6))\">\(escape(label))</text>"
        }
        for row in 0..<rows {
            let total = max(1, matrix.counts[row].reduce(0, +))
            svg += "<text x=\"\(left - 6)\" y=\"\(top + row * cell + cell / 2 + 4)\" text-anchor=\"end\">\(escape(matrix.labels[row]))</text>"
            for column in 0..<columns {
                let count = matrix.counts[row][column]
                let share = Double(count) / Double(total)
                let color = row == column ? "rgba(0,113,227,\(format(0.1 + 0.9 * share)))" : "rgba(215,0,21,\(format(count == 0 ? 0.03 : 0.15 + 0.85 * share)))"
                svg += "<rect x=\"\(left + column * cell)\" y=\"\(top + row * cell)\" width=\"\(cell - 2)\" height=\"\(cell - 2)\" fill=\"\(color)\"><title>\(escape(matrix.labels[row])) → \(escape(matrix.labels[column])): \(count)</title></rect>"
                if count > 0 {
                    svg += "<text x=\"\(left + column * cell + cell / 2 - 1)\" y=\"\(top + row * cell + cell / 2 + 3)\" text-anchor=\"middle\">\(count)</text>"
                }
            }
        }
        return svg + "</svg>\n"
    }

    private static func slotBarsSVG(_ slots: [String: EvaluationReport.Scores]) -> String {
        let rows = slots.sorted { ($0.value.f1, $0.key) < ($1.value.f1, $1.key) }
        let left = 10 + 7 * (rows.map(\.key.count).max() ?? 4), bar = 16, scale = 5.0
        let width = left + Int(100 * scale) + 60, height = rows.count * (bar + 4) + 30
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"slot F1\">"
        for tick in stride(from: 0, through: 100, by: 20) {
            let x = left + Int(Double(tick) * scale)
            svg += "<line x1=\"\(x)\" y1=\"0\" x2=\"\(x)\" y2=\"\(height - 18)\" stroke=\"#ddd\"/><text x=\"\(x)\" y=\"\(height - 4)\" text-anchor=\"middle\">\(tick)</text>"
        }
        for (index, (name, scores)) in rows.enumerated() {
            let y = index * (bar + 4) + 2
            let color = scores.f1 >= 95 ? "#34c759" : scores.f1 >= 85 ? "#0071e3" : scores.f1 >= 70 ? "#ff9f0a" : "#ff3b30"
            svg += "<text x=\"\(left - 6)\" y=\"\(y + bar - 4)\" text-anchor=\"end\">\(escape(name))</text>"
            svg += "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(format(scores.f1 * scale))\" height=\"\(bar)\" fill=\"\(color)\"><title>\(escape(name)): F1 \(number(scores.f1)), P \(number(scores.precision)), R \(number(scores.recall))</title></rect>"
            svg += "<text x=\"\(left + Int(scores.f1 * scale) + 4)\" y=\"\(y + bar - 4)\">\(number(scores.f1)) (\(scores.support))</text>"
        }
        return svg + "</svg>\n"
    }

    private static func reliabilitySVG(_ calibration: EvaluationReport.Calibration) -> String {
        let size = 300, margin = 40
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size + 2 * margin)\" height=\"\(size + 2 * margin)\" role=\"img\" aria-label=\"reliability diagram\">"
        svg += "<rect x=\"\(margin)\" y=\"\(margin)\" width=\"\(size)\" height=\"\(size)\" fill=\"none\" stroke=\"#ccc\"/>"
        let binWidth = Double(size) / Double(max(1, calibration.bins.count))
        for (index, bin) in calibration.bins.enumerated() where bin.count > 0 {
            let height = bin.accuracy * Double(size)
            svg += "<rect x=\"\(format(Double(margin) + Double(index) * binWidth + 1))\" y=\"\(format(Double(margin + size) - height))\" width=\"\(format(binWidth - 2))\" height=\"\(format(height))\" fill=\"#0071e3\" opacity=\"0.75\"><title>confidence \(number(100 * bin.lower))-\(number(100 * bin.upper)) %: \(bin.count) predictions, accuracy \(number(100 * bin.accuracy)) %</title></rect>"
        }
        svg += "<line x1=\"\(margin)\" y1=\"\(margin + size)\" x2=\"\(margin + size)\" y2=\"\(margin)\" stroke=\"#ff3b30\" stroke-dasharray=\"4 3\"/>"
        svg += "<text x=\"\(margin + size / 2)\" y=\"\(margin + size + 28)\" text-anchor=\"middle\">confidence</text>"
        svg += "<text x=\"\(margin - 28)\" y=\"\(margin + size / 2)\" transform=\"rotate(-90 \(margin - 28) \(margin + size / 2))\" text-anchor=\"middle\">accuracy</text>"
        for tick in [0, 50, 100] {
            let offset = Double(size) * Double(tick) / 100
            svg += "<text x=\"\(format(Double(margin) + offset))\" y=\"\(margin + size + 14)\" text-anchor=\"middle\">\(tick) %</text>"
            svg += "<text x=\"\(margin - 4)\" y=\"\(format(Double(margin + size) - offset + 4))\" text-anchor=\"end\">\(tick)</text>"
        }
        return svg + "</svg>\n"
    }

    /// In-scope and out-of-scope utterances by confidence, side by side in each bin, each
    /// series scaled to its own largest bin, with the minimum confidence as a vertical line.
    private static func confidenceHistogramSVG(_ scores: EvaluationReport.OutOfScope) -> String {
        let width = 600, height = 200, margin = 40
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width + 2 * margin)\" height=\"\(height + 2 * margin)\" role=\"img\" aria-label=\"confidence histograms\">"
        svg += "<rect x=\"\(margin)\" y=\"\(margin)\" width=\"\(width)\" height=\"\(height)\" fill=\"none\" stroke=\"#ccc\"/>"
        let bins = max(1, scores.inScopeHistogram.count), binWidth = Double(width) / Double(bins)
        for (offset, histogram, color, name) in [(0.0, scores.inScopeHistogram, "#0071e3", "in scope"), (0.5, scores.outOfScopeHistogram, "#ff9500", "out of scope")] {
            let largest = Double(max(1, histogram.max() ?? 1))
            for (index, count) in histogram.enumerated() where count > 0 {
                let barHeight = Double(count) / largest * Double(height)
                svg += "<rect x=\"\(format(Double(margin) + (Double(index) + offset) * binWidth))\" y=\"\(format(Double(margin + height) - barHeight))\" width=\"\(format(binWidth / 2 - 1))\" height=\"\(format(barHeight))\" fill=\"\(color)\" opacity=\"0.8\"><title>\(name), confidence \(number(Double(index) / Double(bins))) to \(number(Double(index + 1) / Double(bins))): \(count)</title></rect>"
            }
        }
        if let threshold = scores.minimumConfidence {
            let x = format(Double(margin) + threshold * Double(width))
            svg += "<line x1=\"\(x)\" y1=\"\(margin - 6)\" x2=\"\(x)\" y2=\"\(margin + height)\" stroke=\"#ff3b30\" stroke-dasharray=\"4 3\"/>"
        }
        for tick in [0, 25, 50, 75, 100] {
            svg += "<text x=\"\(format(Double(margin) + Double(width) * Double(tick) / 100))\" y=\"\(margin + height + 14)\" text-anchor=\"middle\">\(tick) %</text>"
        }
        svg += "<text x=\"\(margin + width / 2)\" y=\"\(margin + height + 30)\" text-anchor=\"middle\">confidence judged by the minimum</text>"
        return svg + "</svg>\n"
    }

    private static func learningCurveSVG(_ points: [LearningPoint]) -> String {
        let width = 520, height = 300, margin = 45
        let sizes = points.map { Double($0.examplesPerIntent) }
        let lowest = max(1, sizes.min() ?? 1), highest = max(lowest * 1.0001, sizes.max() ?? 1)
        let values = points.flatMap { [$0.intentAccuracy, $0.slotF1] }
        let floor = max(0, ((values.min() ?? 0) / 10).rounded(.down) * 10)
        func x(_ size: Double) -> Double { Double(margin) + (log(size) - log(lowest)) / (log(highest) - log(lowest)) * Double(width - 2 * margin) }
        func y(_ value: Double) -> Double { Double(height - margin) - (value - floor) / (100 - floor) * Double(height - 2 * margin) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"learning curve\">"
        svg += "<rect x=\"\(margin)\" y=\"\(margin)\" width=\"\(width - 2 * margin)\" height=\"\(height - 2 * margin)\" fill=\"none\" stroke=\"#ccc\"/>"
        for (key, color, label) in [(\LearningPoint.intentAccuracy, "#0071e3", "intent accuracy"), (\LearningPoint.slotF1, "#34c759", "slot F1")] {
            let path = points.map { "\(format(x(Double($0.examplesPerIntent)))),\(format(y($0[keyPath: key])))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            for point in points {
                svg += "<circle cx=\"\(format(x(Double(point.examplesPerIntent))))\" cy=\"\(format(y(point[keyPath: key])))\" r=\"3\" fill=\"\(color)\"><title>\(label) \(number(point[keyPath: key])) with \(point.examplesPerIntent) per intent</title></circle>"
            }
        }
        svg += "<text x=\"\(margin + 8)\" y=\"\(margin + 16)\" fill=\"#0071e3\" style=\"fill:#0071e3\">intent accuracy</text>"
        svg += "<text x=\"\(margin + 8)\" y=\"\(margin + 30)\" style=\"fill:#34c759\">slot F1</text>"
        for point in points {
            svg += "<text x=\"\(format(x(Double(point.examplesPerIntent))))\" y=\"\(height - margin + 14)\" text-anchor=\"middle\">\(point.examplesPerIntent)</text>"
        }
        svg += "<text x=\"\(width / 2)\" y=\"\(height - 8)\" text-anchor=\"middle\">training examples per intent (log scale)</text>"
        for value in stride(from: floor, through: 100, by: max(10, (100 - floor) / 4)) {
            svg += "<text x=\"\(margin - 4)\" y=\"\(format(y(value) + 4))\" text-anchor=\"end\">\(Int(value))</text>"
        }
        return svg + "</svg>\n"
    }

    private static func scoresTable(_ rows: [String: EvaluationReport.Scores], macro: EvaluationReport.Averages, micro: EvaluationReport.Scores? = nil) -> String {
        var html = "<table><tr><th>name</th><th>precision</th><th>recall</th><th>F1</th><th>support</th></tr>"
        for (name, scores) in rows.sorted(by: { $0.key < $1.key }) {
            html += "<tr><td>\(escape(name))</td><td>\(number(scores.precision))</td><td>\(number(scores.recall))</td><td>\(number(scores.f1))</td><td>\(scores.support)</td></tr>"
        }
        if let micro {
            html += "<tr><th>micro</th><th>\(number(micro.precision))</th><th>\(number(micro.recall))</th><th>\(number(micro.f1))</th><th>\(micro.support)</th></tr>"
        }
        html += "<tr><th>macro</th><th>\(number(macro.precision))</th><th>\(number(macro.recall))</th><th>\(number(macro.f1))</th><th></th></tr>"
        return html + "</table>\n"
    }

    private static func number(_ value: Double) -> String { String(format: "%.2f", value) }
    private static func percent(_ value: Double) -> String { String(format: "%.2f %%", value) }
    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
