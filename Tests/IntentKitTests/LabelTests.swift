import Testing
import IntentKit

@Suite("BIO labels")
struct LabelTests {
    @Test func parsesAndPrintsTags() {
        #expect(BIOTag("O") == .outside)
        #expect(BIOTag("B-payee") == .begin("payee"))
        #expect(BIOTag("I-object_type") == .inside("object_type"))
        for bad in ["", "B", "B-", "X-y", "b-payee", "BI-x"] { #expect(BIOTag(bad) == nil, "\(bad)") }
        #expect(BIOTag.inside("a").description == "I-a")
    }

    @Test func readsSpansLikeConlleval() {
        let tags: [BIOTag] = [.inside("a"), .inside("a"), .begin("a"), .inside("b"), .outside, .inside("b"), .begin("c")]
        let spans = BIOTag.spans(tags).map { "\($0.slot):\($0.tokens.lowerBound)-\($0.tokens.upperBound)" }
        #expect(spans == ["a:0-2", "a:2-3", "b:3-4", "b:5-6", "c:6-7"])
        #expect(BIOTag.spans([]).isEmpty)
    }

    @Test func numbersLabelsDenselyAndEnforcesBIO() {
        let labels = LabelSet(slotNames: ["payee", "amount", "payee"])
        #expect(labels.slotNames == ["amount", "payee"])
        #expect(labels.count == 5)
        #expect((0..<labels.count).map { labels.tag($0).description } == ["O", "B-amount", "I-amount", "B-payee", "I-payee"])
        #expect((0..<labels.count).allSatisfy { labels.id(of: labels.tag($0)) == $0 })
        #expect(labels.id(of: .begin("unknown")) == nil)
        #expect(labels.allowsStart(1) && !labels.allowsStart(2))
        #expect(labels.allowsTransition(from: 1, to: 2) && labels.allowsTransition(from: 2, to: 2))
        #expect(!labels.allowsTransition(from: 0, to: 2) && !labels.allowsTransition(from: 3, to: 2) && !labels.allowsTransition(from: 4, to: 2))
        #expect(labels.allowsTransition(from: 2, to: 0) && labels.allowsTransition(from: 0, to: 3))
    }
}
