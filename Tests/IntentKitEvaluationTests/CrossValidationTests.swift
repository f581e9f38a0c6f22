import Testing
@testable import IntentKitEvaluation

@Suite("Cross-validation")
struct CrossValidationTests {
    let labels = Array(repeating: "A", count: 10) + Array(repeating: "B", count: 7) + ["C", "C"]

    @Test func foldsHoldAnEvenShareOfEveryIntent() {
        let assignment = StratifiedFolds.assign(labels: labels, folds: 3, seed: 7)
        #expect(assignment.count == labels.count && assignment.allSatisfy { (0..<3).contains($0) })
        for label in ["A", "B", "C"] {
            let counts = (0..<3).map { fold in zip(labels, assignment).filter { $0.0 == label && $0.1 == fold }.count }
            #expect(counts.max()! - counts.min()! <= 1, "\(label): \(counts)")
        }
        #expect(StratifiedFolds.assign(labels: labels, folds: 3, seed: 7) == assignment)  // seeded
        #expect(StratifiedFolds.assign(labels: labels, folds: 3, seed: 8) != assignment)
    }

    @Test func samplesTakeAtMostSoManyPerIntent() {
        let sample = StratifiedFolds.sample(Array(labels.indices), labels: labels, perClass: 3, seed: 1)
        #expect(sample.filter { labels[$0] == "A" }.count == 3 && sample.filter { labels[$0] == "C" }.count == 2)
        #expect(sample == sample.sorted() && Set(sample).count == sample.count)
    }

    @Test func spreadIsTheMeanAndTheSampleStandardDeviation() {
        let spread = CrossValidationReport.Spread([90, 94, 98])
        #expect(spread.mean == 94 && abs(spread.standardDeviation - 4) < 1e-12)
        #expect(CrossValidationReport.Spread([5]).standardDeviation == 0)
    }
}
