import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import IntentKit
@testable import IntentKitEvaluation

/// The evaluator and the gate on cases small enough to count by hand.
@Suite("Evaluator")
struct EvaluatorTests {
    typealias Span = FrameComparison.Span

    private func frame(
        _ gold: String, _ predicted: String?, confidence: Double = 0.9, gold goldSlots: [Span] = [], predicted predictedSlots: [Span] = []
    ) -> FrameComparison {
        FrameComparison(text: "\(gold) \(goldSlots.count)", goldIntent: gold, predictedIntent: predicted, confidence: confidence,
                        goldSlots: goldSlots, predictedSlots: predictedSlots)
    }

    @Test func intentsCountAsClasses() throws {
        // Gold A A B B C, predicted A B B B nothing.
        let report = Evaluator().evaluate([frame("A", "A"), frame("A", "B"), frame("B", "B"), frame("B", "B"), frame("C", nil)])
        #expect(report.intents.accuracy == 60)
        let a = try #require(report.intents.perIntent["A"]), b = try #require(report.intents.perIntent["B"])
        #expect(a.precision == 100 && a.recall == 50 && abs(a.f1 - 200.0 / 3) < 1e-9 && a.support == 2)
        #expect(abs(b.precision - 200.0 / 3) < 1e-9 && b.recall == 100 && b.f1 == 80)
        #expect(report.intents.perIntent["C"]?.f1 == 0)
        #expect(report.intents.confusion.labels == ["A", "B", "C", "(none)"])
        #expect(report.intents.confusion.counts == [[1, 1, 0, 0], [0, 2, 0, 0], [0, 0, 0, 1]])
        #expect(abs(report.intents.macro.f1 - (200.0 / 3 + 80 + 0) / 3) < 1e-9)
        // Micro over classes: 3 right of 4 predictions, of 5 gold.
        #expect(report.intents.micro.precision == 75 && report.intents.micro.recall == 60)
    }

    /// Macro averages sum in the order of the names, not of a dictionary (which changes from
    /// one process to the next), so that a report is the same bytes every run.
    @Test func macroAveragesSumInTheOrderOfTheNames() {
        // Forty intents with precisions that no order of addition makes exact.
        var comparisons = [FrameComparison]()
        for i in 0..<40 {
            for j in 0..<(3 + i % 7) { comparisons.append(frame("I\(i)", j == 0 ? "I\((i + 1) % 40)" : "I\(i)")) }
        }
        let report = Evaluator().evaluate(comparisons)
        let counts = report.intents.perIntent.sorted { $0.key < $1.key }.map {
            SlotScores.Counts(correct: $0.value.correct, predicted: $0.value.predicted, gold: $0.value.support)
        }
        let n = Double(counts.count)
        #expect(report.intents.macro.f1 == 100 * counts.map(\.f1).reduce(0, +) / n)
        #expect(report.intents.macro.precision == 100 * counts.map(\.precision).reduce(0, +) / n)
    }

    @Test func outOfScopeIsOneMoreClassAndSummedUp() throws {
        let none = FrameComparison.outOfScopeLabel
        // In scope: A right, A rejected, B right, B wrong. Out of scope: two caught, one taken for A.
        let report = Evaluator().evaluate([frame("A", "A"), frame("A", none, confidence: 0.3), frame("B", "B"), frame("B", "A"),
                                           frame(none, none, confidence: 0.2), frame(none, none, confidence: 0.4), frame(none, "A")])
        let scores = try #require(report.outOfScope)
        #expect(scores.inScopeAccuracy == 50 && scores.falseRejectionRate == 25)
        let recall = try #require(scores.recall), precision = try #require(scores.precision)
        #expect(abs(recall - 200.0 / 3) < 1e-9 && abs(precision - 200.0 / 3) < 1e-9)
        #expect(scores.inScopeUtterances == 4 && scores.outOfScopeUtterances == 3 && scores.rejected == 3)
        #expect(abs(report.intents.accuracy - 400.0 / 7) < 1e-9)
        #expect(report.intents.perIntent[none]?.support == 3)
        // Calibration reads only answers with an intent.
        #expect(report.calibration.bins.map(\.count).reduce(0, +) == 4)
        // Nothing out of scope, nothing to sum up.
        #expect(Evaluator().evaluate([frame("A", "A")]).outOfScope == nil)

        var gate = Gate()
        gate.minimumOutOfScopeRecall = 70
        #expect(gate.failures(of: report).map(\.metric) == ["out-of-scope recall"])
        gate.minimumOutOfScopeRecall = 60
        #expect(gate.failures(of: report).isEmpty)
        gate.minimumOutOfScopeRecall = 1
        #expect(gate.failures(of: Evaluator().evaluate([frame("A", "A")])).count == 1)
    }

    @Test func slotErrorsFallIntoOneKindEach() {
        let gold = [Span(name: "a", start: 0, end: 5), Span(name: "b", start: 6, end: 9), Span(name: "c", start: 10, end: 14),
                    Span(name: "d", start: 15, end: 20), Span(name: "e", start: 21, end: 25)]
        let predicted = [Span(name: "a", start: 0, end: 5),      // right
                         Span(name: "b", start: 6, end: 8),      // same slot, other bounds: wrong boundary
                         Span(name: "x", start: 10, end: 14),    // same bounds, other slot: wrong type
                         Span(name: "y", start: 16, end: 22),    // other slot and bounds over d and e
                         Span(name: "z", start: 30, end: 33)]    // over nothing: spurious
        let report = Evaluator().evaluate([frame("I", "I", gold: gold, predicted: predicted)])
        let errors = report.slots.errors
        #expect(errors.wrongBoundary == 1 && errors.wrongType == 1 && errors.wrongBoundaryAndType == 2)
        #expect(errors.missed == 0 && errors.spurious == 1)
        #expect(report.slots.micro.correct == 1 && report.slots.micro.predicted == 5 && report.slots.micro.support == 5)
        #expect(report.sentenceAccuracy == 0)
        let missed = Evaluator().evaluate([frame("I", "I", gold: [Span(name: "a", start: 0, end: 3)])])
        #expect(missed.slots.errors.missed == 1 && missed.slots.micro.recall == 0 && missed.slots.micro.precision == 0)
    }

    @Test func resolutionCountsAnnotatedValuesOfSlotsFoundExactly() {
        let account = Span(name: "account", start: 0, end: 8), app = Span(name: "app", start: 9, end: 12)
        let report = Evaluator().evaluate([
            FrameComparison(text: "nest egg pay", goldIntent: "I", predictedIntent: "I", confidence: 1, goldSlots: [account, app],
                            predictedSlots: [account, app], goldValues: ["NestEgg", "UnicornPay"], predictedValues: [["acct.1", "NestEgg"], []]),
            // A value on a slot not found exactly is not checked.
            FrameComparison(text: "nest", goldIntent: "I", predictedIntent: "I", confidence: 1, goldSlots: [account],
                            predictedSlots: [Span(name: "account", start: 0, end: 4)], goldValues: ["NestEgg"]),
        ])
        #expect(report.slots.resolution.checked == 2 && report.slots.resolution.correct == 1 && report.slots.resolution.accuracy == 50)
        #expect(report.frequentErrors.contains { $0.kind == "resolution" && $0.gold == "app" && $0.predicted == "UnicornPay" })
    }

    /// A built-in value is checked against a gold value written as that entity, in any of its
    /// forms; an entity value by its identifier or canonical phrase.
    @Test func builtinValuesCompareWithGoldValuesWrittenAsThem() {
        let phrases = ["car.van": "Sparkle Van"]
        #expect(FrameComparison.names(of: .custom("car.van"), phrases: phrases) == ["car.van", "Sparkle Van"])
        #expect(FrameComparison.names(of: nil, phrases: phrases).isEmpty)
        let written: [(SlotValue, [String])] = [
            (.amountOfMoney(12.5, currency: "USD"), ["12.50 USD", "$12.50", "12.5 dollars"]),
            (.number(6), ["6", "six"]),
            (.dateTime(CalendarDateTime(year: 2026, month: 11, day: 23)), ["2026-11-23"]),
        ]
        for (value, golds) in written {
            let names = FrameComparison.names(of: value, phrases: phrases)
            for gold in golds { #expect(names.contains(FrameComparison.comparableValue(gold)), "\(gold) against \(names)") }
        }
        #expect(!FrameComparison.names(of: .amountOfMoney(12.5, currency: "USD"), phrases: phrases).contains(FrameComparison.comparableValue("12.50 EUR")))
        // Values that are not one whole entity stay as written.
        for gold in ["Sparkle Van", "NestEgg", "6 pack", "route 66"] { #expect(FrameComparison.comparableValue(gold) == gold) }
    }

    /// Resolution outcomes against gold values: a success or confirmation is right with the gold
    /// value, a disambiguation when the gold value is among its candidates.
    @Test func resolutionOutcomesAreScoredAgainstGoldValues() {
        let payee = Span(name: "payee", start: 4, end: 13)
        func frame(_ value: [String], _ outcome: FrameComparison.Outcome) -> FrameComparison {
            FrameComparison(text: "pay Buttercup", goldIntent: "Pay", predictedIntent: "Pay", confidence: 1, goldSlots: [payee],
                            predictedSlots: [payee], goldValues: ["c17"], predictedValues: [value], predictedOutcomes: [outcome])
        }
        let report = Evaluator().evaluate([
            frame(["c17"], .init(name: "success")),
            frame(["c42"], .init(name: "success")),
            frame(["c17"], .init(name: "confirmationRequired")),
            frame([], .init(name: "disambiguation", candidates: [["c42", "Buttercup Smith"], ["c17", "Buttercup Jones"]])),
            frame([], .init(name: "disambiguation", candidates: [["c42", "Buttercup Smith"]])),
            frame([], .init(name: "unsupported")),
        ])
        let outcomes = report.slots.resolution.outcomes
        #expect(outcomes["success"] == .init(count: 2, right: 1))
        #expect(outcomes["confirmationRequired"] == .init(count: 1, right: 1))
        #expect(outcomes["disambiguation"] == .init(count: 2, right: 1))
        #expect(outcomes["unsupported"] == .init(count: 1, right: 0))
        #expect(report.slots.resolution.checked == 6 && report.slots.resolution.correct == 2)
        let text = ReportFormatter.text(report)
        #expect(text.contains("resolution outcomes: success 2 (right: 1), confirmationRequired 1 (right: 1), disambiguation 2 (gold among the candidates: 1), unsupported 1"), "\(text)")
    }

    @Test func aSentenceIsRightOnlyWithItsIntentAndEverySlot() {
        let slot = Span(name: "a", start: 0, end: 3)
        let report = Evaluator().evaluate([
            frame("I", "I", gold: [slot], predicted: [slot]),          // exact
            frame("I", "J", gold: [slot], predicted: [slot]),          // wrong intent
            frame("I", "I", gold: [slot], predicted: []),              // missing slot
            frame("I", "I"),                                           // no slots at all: exact
        ])
        #expect(report.sentenceAccuracy == 50)
    }

    @Test func expectedCalibrationErrorWeighsEachBinByItsSize() {
        // Bin [0.9, 1): confidences 0.95 and 0.95, one right: |0.5 − 0.95| · 2/4.
        // Bin [0.6, 0.7): 0.65 and 0.65, both right: |1 − 0.65| · 2/4.
        let report = Evaluator().evaluate([
            frame("A", "A", confidence: 0.95), frame("A", "B", confidence: 0.95),
            frame("A", "A", confidence: 0.65), frame("A", "A", confidence: 0.65),
        ])
        #expect(abs(report.calibration.expectedCalibrationError - 100 * (0.45 * 0.5 + 0.35 * 0.5)) < 1e-9)
        #expect(report.calibration.bins.count == 10 && report.calibration.bins[9].count == 2 && report.calibration.bins[6].count == 2)
    }

    @Test func confidentErrorsAreWrongIntentsAtNinetyPercentOrMore() throws {
        let none = FrameComparison.outOfScopeLabel
        // Wrong at 0.95 and 0.9 (one an out-of-scope request taken for A), wrong at 0.89, right
        // at 0.99, rejected at 0.95: two confident errors of six utterances.
        let report = Evaluator().evaluate([
            frame("A", "B", confidence: 0.9), frame(none, "A", confidence: 0.95), frame("A", "B", confidence: 0.89),
            frame("A", "A", confidence: 0.99), frame("B", none, confidence: 0.95), frame("B", "B", confidence: 0.5),
        ])
        #expect(abs(report.calibration.confidentErrorRate - 100.0 / 3) < 1e-9)
        #expect(report.calibration.confidentErrors.map(\.confidence) == [0.95, 0.9])
        #expect(report.calibration.confidentErrors.map(\.gold) == [none, "A"])
        #expect(ReportFormatter.text(report).contains("confident errors: 33.33 % of utterances (2)"))
        // A report written before confident errors were counted still reads, with none.
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        var calibration = try #require(json["calibration"] as? [String: Any])
        for key in ["confidentErrorThreshold", "confidentErrorRate", "confidentErrors"] { calibration[key] = nil }
        json["calibration"] = calibration
        let old = try JSONDecoder().decode(EvaluationReport.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(old.calibration.confidentErrors.isEmpty && old.calibration.expectedCalibrationError == report.calibration.expectedCalibrationError)
    }

    @Test func theReportIsDeterministic() throws {
        let slots = [Span(name: "a", start: 0, end: 3), Span(name: "b", start: 4, end: 6)]
        let one = Evaluator().evaluate([frame("A", "B", gold: slots, predicted: [slots[1]]), frame("B", "B", gold: [], predicted: slots)])
        let other = Evaluator().evaluate([frame("A", "B", gold: slots.reversed(), predicted: [slots[1]]), frame("B", "B", gold: [], predicted: slots.reversed())])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(one) == encoder.encode(other))
        #expect(try JSONDecoder().decode(EvaluationReport.self, from: encoder.encode(one)) == one)
        // Most frequent first; these all happen once, so by kind, then names.
        #expect(one.frequentErrors.map(\.kind) == ["intent", "missed", "spurious", "spurious"])
        #expect(zip(one.frequentErrors, one.frequentErrors.dropFirst()).allSatisfy { $0.count >= $1.count })
    }

    @Test func theGateNamesWhatFellAndFromWhatToWhat() {
        let slot = Span(name: "a", start: 0, end: 3)
        let good = Evaluator().evaluate([frame("A", "A", gold: [slot], predicted: [slot]), frame("B", "B")])
        let worse = Evaluator().evaluate([frame("A", "A", gold: [slot], predicted: []), frame("B", "A")])
        var gate = Gate()
        #expect(gate.isEmpty && gate.failures(of: worse).isEmpty)
        gate.minimumIntentAccuracy = 60
        gate.minimumSlotF1 = 50
        #expect(gate.failures(of: good).isEmpty)
        #expect(gate.failures(of: worse).map(\.description) == [
            "intent accuracy is 50.00, below the minimum 60.00",
            "slot F1 is 0.00, below the minimum 50.00",
        ])
        var regression = Gate()
        regression.baseline = (good, 5)
        #expect(regression.failures(of: worse).map(\.metric) == ["intent accuracy", "slot F1", "sentence accuracy"])
        regression.maximumLabelDrop = 10
        let failures = regression.failures(of: worse)
        #expect(failures.first?.description == "intent accuracy fell from 100.00 to 50.00 (50.00 points; the most allowed is 5.00)")
        #expect(failures.contains { $0.metric == "F1 of slot a" } && failures.contains { $0.metric == "F1 of intent B" })
        #expect(regression.failures(of: good).isEmpty)
        var perSlot = Gate()
        perSlot.minimumSlotF1PerSlot = ["a": 90]
        #expect(perSlot.failures(of: worse).map(\.metric) == ["F1 of slot a"])
    }

    @Test func predictionsProjectOntoWordsAsTagFilesHaveThem() {
        let text = "look for the work: nikki"
        let words = WordProjection.words(of: text)
        #expect(words == [0..<4, 5..<8, 9..<12, 13..<18, 19..<24])
        // A span starting inside "work:" (at ":") leaves that word O; "nikki" continues it: I-, a chunk of its own.
        #expect(WordProjection.project([Span(name: "name", start: 17, end: 24)], onto: words) == [Span(name: "name", start: 19, end: 24)])
        // A span from a word's start covers the words whose first scalar it contains.
        #expect(WordProjection.project([Span(name: "name", start: 13, end: 20)], onto: words) == [Span(name: "name", start: 13, end: 24)])
        #expect(WordProjection.project([], onto: words).isEmpty)
    }

    @Test func junitAndHTMLCarryTheFiguresAndEscapeText() throws {
        let slot = Span(name: "a<b", start: 0, end: 3)
        let report = Evaluator().evaluate([frame("A&B", "A&B", gold: [slot], predicted: []), frame("C", "A&B")])
        var gate = Gate()
        gate.minimumSlotF1PerSlot = ["a<b": 50]
        let xml = JUnitReport.xml(report, failures: gate.failures(of: report))
        let document = try XMLDocument(xmlString: xml)
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 3 + 2 + 1)  // headline metrics, intents A&B and C, slot a<b
        let failing = try document.nodes(forXPath: "//testcase[failure]")
        #expect(failing.count == 1 && (failing.first as? XMLElement)?.attribute(forName: "name")?.stringValue == "a<b")
        let html = HTMLReport.page(report, learningCurve: [.init(examplesPerIntent: 10, intentAccuracy: 80, slotF1: 70),
                                                           .init(examplesPerIntent: 100, intentAccuracy: 95, slotF1: 90)])
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("A&amp;B") && !html.contains("A&B<") && html.contains("a&lt;b"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)  // confusion, slot F1, reliability, learning curve
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href="))  // self-contained
    }
}
