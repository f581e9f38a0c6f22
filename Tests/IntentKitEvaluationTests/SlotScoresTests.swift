import IntentKit
import Testing
@testable import IntentKitEvaluation

/// Hand-computed cases; conlleval gives the same counts for each.
@Suite("Slot scores")
struct SlotScoresTests {
    private func scores(_ pairs: [(gold: String, predicted: String)]) -> SlotScores {
        var scores = SlotScores()
        for pair in pairs {
            scores.add(gold: pair.gold.split(separator: " ").map(String.init),
                       predicted: pair.predicted.split(separator: " ").map(String.init))
        }
        return scores
    }

    @Test func perfectPredictionScoresOne() {
        let result = scores([("B-a I-a O B-b", "B-a I-a O B-b")])
        #expect(result.micro == .init(correct: 2, predicted: 2, gold: 2))
        #expect(result.micro.f1 == 1)
    }

    @Test func insideWithoutBeginIsAChunk() {
        // Gold "I-a I-a" is one chunk a:0-2; predicted "B-a I-a" is the same chunk.
        #expect(scores([("I-a I-a O", "B-a I-a O")]).micro == .init(correct: 1, predicted: 1, gold: 1))
    }

    @Test func adjacentSpansOfTheSameTypeAreTwoChunks() {
        // Gold has two chunks a:0-1, a:1-2; predicting one long chunk gets neither.
        let result = scores([("B-a B-a", "B-a I-a")])
        #expect(result.micro == .init(correct: 0, predicted: 1, gold: 2))
        #expect(result.micro.f1 == 0)
    }

    @Test func typeMismatchAtTheRightBoundaryBreaksTheChunk() {
        // Predicted "B-a I-b" is a:0-1 and b:1-2; gold a:0-2 matches neither.
        let result = scores([("B-a I-a O", "B-a I-b O")])
        #expect(result.micro == .init(correct: 0, predicted: 2, gold: 1))
        #expect(result.perSlot["b"] == .init(correct: 0, predicted: 1, gold: 0))
    }

    @Test func emptyGoldAndEmptyPrediction() {
        let noGold = scores([("O O", "B-a O")])
        #expect(noGold.micro == .init(correct: 0, predicted: 1, gold: 0))
        #expect(noGold.micro.recall == 0 && noGold.micro.precision == 0 && noGold.micro.f1 == 0)
        let noPrediction = scores([("B-a O", "O O")])
        #expect(noPrediction.micro == .init(correct: 0, predicted: 0, gold: 1))
        #expect(noPrediction.micro.f1 == 0)
    }

    @Test func multiTokenAndSingleTokenSpans() {
        let result = scores([
            ("B-city I-city I-city O B-date", "B-city I-city O O B-date"),
            ("B-city O", "B-city O"),
        ])
        #expect(result.perSlot["city"] == .init(correct: 1, predicted: 2, gold: 2))
        #expect(result.perSlot["date"] == .init(correct: 1, predicted: 1, gold: 1))
        #expect(result.micro == .init(correct: 2, predicted: 3, gold: 3))
        #expect(abs(result.micro.f1 - 2.0 / 3.0) < 1e-12)
        #expect(abs(result.macroF1 - (0.5 + 1.0) / 2) < 1e-12)
    }
}
