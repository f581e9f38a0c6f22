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

    /// Spans read from label ids are those read from the ids' tags, in both schemes, for any
    /// sequence (a decoder's path, or one that breaks the constraints).
    @Test(arguments: [LabelScheme.bio, .bilou])
    func spansOfLabelIDsAreTheSpansOfTheirTags(scheme: LabelScheme) {
        let labels = LabelSet(slotNames: ["a", "b", "c"], scheme: scheme)
        var state: UInt64 = 7
        for length in 0..<200 {
            let path = (0..<length % 12).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(state >> 33) % labels.count
            }
            let fromIDs = labels.spans(of: path).map { "\($0.slot):\($0.tokens)" }
            let fromTags = BIOTag.spans(path.map(labels.tag)).map { "\($0.slot):\($0.tokens)" }
            #expect(fromIDs == fromTags, "\(path)")
        }
        #expect(labels.spans(of: [0, 1, 2, 0]).count == 1)
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

    @Test func bilouNumbersFourLabelsPerSlotAndReadsThemAsBIO() {
        let labels = LabelSet(slotNames: ["b", "a"], scheme: .bilou)
        #expect(labels.count == 9)
        #expect((0..<labels.count).map { labels.tag($0).description } == ["O", "B-a", "I-a", "I-a", "B-a", "B-b", "I-b", "I-b", "B-b"])
        #expect(labels.begin("a") == 1 && labels.inside("a") == 2 && labels.last("a") == 3 && labels.unit("a") == 4)
        // Without BILOU, last and unit fall back to I- and B-.
        let bio = LabelSet(slotNames: ["a"])
        #expect(bio.last("a") == bio.inside("a") && bio.unit("a") == bio.begin("a"))
    }

    @Test func bilouEncodesATagSequenceFromItsContext() throws {
        let labels = LabelSet(slotNames: ["a", "b"], scheme: .bilou)
        let tags = ["B-a", "I-a", "I-a", "O", "B-b", "B-a", "I-a", "I-b"].map { BIOTag($0)! }
        let ids = try #require(labels.ids(of: tags))
        // B I L, O, U-b, B L, U-b: an I- that does not follow its slot opens one (conlleval).
        #expect(ids == [1, 2, 3, 0, 8, 1, 3, 8])
        #expect(ids.map { labels.tag($0) }.map(\.slot) == tags.map(\.slot))
        #expect(labels.ids(of: [.begin("unknown")]) == nil)
        #expect(LabelSet(slotNames: ["a"]).ids(of: [.begin("a"), .inside("a"), .inside("a")]) == [1, 2, 2])
        #expect(LabelSet(slotNames: ["a"]).ids(of: [.outside, .inside("a")]) == [0, 1])
    }

    @Test func bilouConstraintsCloseEverySlot() {
        let labels = LabelSet(slotNames: ["a", "b"], scheme: .bilou)  // O Ba Ia La Ua Bb Ib Lb Ub
        #expect([0, 1, 4, 5, 8].allSatisfy(labels.allowsStart) && ![2, 3, 6, 7].contains(where: labels.allowsStart))
        #expect([0, 3, 4, 7, 8].allSatisfy(labels.allowsEnd) && ![1, 2, 5, 6].contains(where: labels.allowsEnd))
        // A slot left open (B-, I-) must continue with I- or L- of the same slot.
        #expect(labels.allowsTransition(from: 1, to: 2) && labels.allowsTransition(from: 1, to: 3) && labels.allowsTransition(from: 2, to: 3))
        #expect(!labels.allowsTransition(from: 1, to: 0) && !labels.allowsTransition(from: 2, to: 5) && !labels.allowsTransition(from: 1, to: 7))
        // A closed slot (L-, U-) or O may not be continued.
        #expect(!labels.allowsTransition(from: 3, to: 2) && !labels.allowsTransition(from: 4, to: 3) && !labels.allowsTransition(from: 0, to: 2))
        #expect(labels.allowsTransition(from: 3, to: 5) && labels.allowsTransition(from: 4, to: 4) && labels.allowsTransition(from: 0, to: 8))
        // BIO never requires a slot to continue.
        let bio = LabelSet(slotNames: ["a"])
        #expect((0..<bio.count).allSatisfy(bio.allowsEnd))
    }
}
