import Foundation

/// The report as JUnit XML, which CI services show as a test list: one test case per headline
/// metric, intent and slot, failing where a ``Gate`` failure names it.
public enum JUnitReport {
    public static func xml(_ report: EvaluationReport, failures: [Gate.Failure]) -> String {
        var suites = [(name: String, cases: [(name: String, detail: String, failure: Gate.Failure?)])]()
        let overall = failures.filter { $0.intent == nil && $0.slot == nil }
        func headline(_ metric: String, _ value: Double) -> (String, String, Gate.Failure?) {
            (metric, String(format: "%.2f", value), overall.first { $0.metric == metric })
        }
        suites.append(("overall", [headline("intent accuracy", report.intents.accuracy), headline("slot F1", report.slots.micro.f1),
                                   headline("sentence accuracy", report.sentenceAccuracy)]))
        func cases(_ rows: [String: EvaluationReport.Scores], failing: (String) -> Gate.Failure?) -> [(String, String, Gate.Failure?)] {
            rows.sorted { $0.key < $1.key }.map { name, scores in
                (name, String(format: "precision %.2f, recall %.2f, F1 %.2f, support %d", scores.precision, scores.recall, scores.f1, scores.support),
                 failing(name))
            }
        }
        suites.append(("intents", cases(report.intents.perIntent) { name in failures.first { $0.intent == name } }))
        suites.append(("slots", cases(report.slots.perSlot) { name in failures.first { $0.slot == name } }))

        let total = suites.map(\.cases.count).reduce(0, +)
        let failed = suites.map { $0.cases.filter { $0.failure != nil }.count }.reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"intentkit evaluate\" tests=\"\(total)\" failures=\"\(failed)\">\n"
        for suite in suites {
            let suiteFailures = suite.cases.filter { $0.failure != nil }.count
            xml += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suiteFailures)\">\n"
            for testCase in suite.cases {
                xml += "    <testcase classname=\"\(escape(suite.name))\" name=\"\(escape(testCase.name))\">"
                if let failure = testCase.failure {
                    xml += "<failure message=\"\(escape(failure.description))\"/>"
                }
                xml += "<system-out>\(escape(testCase.detail))</system-out></testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
