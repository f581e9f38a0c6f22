import Foundation
import Testing
@testable import IntentKit

@Suite("Two requests in one utterance")
struct RequestSplittingTests {
    static let parser = IntentParser(model: RuntimeFixtures.model)

    @Test(arguments: [
        ("send Buttercup 85 bucks and get me a ride to the airport", ["SendPayment", "RequestRide"]),
        ("what is my balance then pay Pip 20 dollars", ["CheckBalance", "SendPayment"]),
        ("get me a ride to the airport, and then what's my balance", ["RequestRide", "CheckBalance"]),
    ])
    func joinedRequestsSplitIntoTheirFrames(text: String, intents: [String]) {
        let parts = Self.parser.parseRequests(text)
        #expect(parts.map(\.intent) == intents)
        // Each part is parsed as an utterance of its own.
        for part in parts {
            #expect(text.contains(part.text))
            #expect(part == Self.parser.parse(part.text))
        }
    }

    @Test(arguments: [
        "send Buttercup 85 bucks for pizza and drinks",   // a value with "and" in it
        "get me a ride to the airport",                   // nothing joins
        "pay Pip and Buttercup 20 dollars",               // two values of one request
    ])
    func aSingleRequestStaysWhole(text: String) {
        let parts = Self.parser.parseRequests(text)
        #expect(parts == [Self.parser.parse(text)])
    }

    @Test func jointsAreTheWordsThatJoinWithWordsOnBothSides() {
        let tokens = Tokenizer().tokenize("and lock it, and then start a run and")
        #expect(IntentParser.joints(in: tokens).map { [$0.start, $0.end] } == [[3, 6]])
    }

    @Test func theSplitConfidenceIsTheBarEachPartClears() {
        var strict = Self.parser
        strict.splitConfidence = 1.01
        #expect(strict.parseRequests("send Buttercup 85 bucks and get me a ride to the airport").count == 1)
    }

    @Test(arguments: [
        "Unicorn Pay, what's in my nest egg",   // a part that is only a value names the other's app
        "the Moonracer is open, lock it",       // the second part points back at the first
    ])
    func aRequestWithItsContextStaysWholeWhateverTheConfidence(text: String) {
        var eager = Self.parser
        eager.splitConfidence = 0
        #expect(eager.parseRequests(text) == [eager.parse(text)])
    }

    @Test(arguments: [
        ("lock it", true), ("record it with prance pal", true), ("ask for them", true),
        ("will it snow in Paris", false),             // the subject of a question
        ("that's it for the run", false),             // an idiom
        ("we're not coming, cancel it", false),        // its own context comes first
        ("start a run", false),
    ])
    func aPartRefersBackWithAnObjectPronounInItsFirstWords(text: String, refers: Bool) {
        #expect(IntentParser.refersBack(Tokenizer().tokenize(text)) == refers)
    }
}
