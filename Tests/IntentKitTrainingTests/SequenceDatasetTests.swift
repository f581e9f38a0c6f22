import IntentKit
import IntentKitCorpus
import Testing
@testable import IntentKitTraining

@Suite("Sequence dataset")
struct SequenceDatasetTests {
    private func tags(_ sequence: TaggedSequence, _ labels: LabelSet) -> [String] {
        sequence.labels.map { labels.tag($0).description }
    }

    @Test func labelsTokenizerTokensFromCharacterSpans() throws {
        let (text, slots) = try AnnotatedText.parse("send [Buttercup](payee) [85 bucks](amount), for [rainbow polish](note)!")
        let dataset = SequenceDataset(corpus: Corpus(utterances: [Utterance(text: text, intent: "SendPayment", slots: slots)]))
        #expect(dataset.labels.slotNames == ["amount", "note", "payee"])
        let sequence = dataset.sequences[0]
        #expect(tags(sequence, dataset.labels) == ["O", "B-payee", "B-amount", "I-amount", "O", "O", "B-note", "I-note", "O"])
        #expect(sequence.intent == "SendPayment")
        #expect(dataset.misalignedSlots == 0)
    }

    @Test func countsSlotsWhoseEdgesFallInsideATokenAndStillLabelThem() {
        // "$85" is one token; the annotation covers only "85".
        let utterance = Utterance(text: "pay $85 now", intent: "SendPayment", slots: [SlotAnnotation(name: "amount", range: 5..<7)])
        let dataset = SequenceDataset(corpus: Corpus(utterances: [utterance]))
        #expect(tags(dataset.sequences[0], dataset.labels) == ["O", "B-amount", "O"])
        #expect(dataset.misalignedSlots == 1)
    }

    @Test func usesAGivenLabelSetAndIgnoresUnknownSlots() {
        let labels = LabelSet(slotNames: ["payee"])
        let utterance = Utterance(text: "pay Bob 5", intent: "SendPayment",
                                  slots: [SlotAnnotation(name: "payee", range: 4..<7), SlotAnnotation(name: "amount", range: 8..<9)])
        let dataset = SequenceDataset(corpus: Corpus(utterances: [utterance]), labels: labels)
        #expect(tags(dataset.sequences[0], labels) == ["O", "B-payee", "O"])
    }

    @Test func labelsEveryTokenOfMultiTokenSlots() throws {
        let (text, slots) = try AnnotatedText.parse("book a table for [four](partySize) at [Le Petit Nuage](restaurant) [tomorrow at 7pm](dateTime)")
        let dataset = SequenceDataset(corpus: Corpus(utterances: [Utterance(text: text, intent: "BookTable", slots: slots)]))
        #expect(tags(dataset.sequences[0], dataset.labels) == [
            "O", "O", "O", "O", "B-partySize", "O", "B-restaurant", "I-restaurant", "I-restaurant",
            "B-dateTime", "I-dateTime", "I-dateTime",
        ])
    }

    @Test func bilouMarksLastTokensAndSingleTokenSlots() throws {
        let (text, slots) = try AnnotatedText.parse("book a table for [four](partySize) at [Le Petit Nuage](restaurant) [tomorrow at 7pm](dateTime)")
        let dataset = SequenceDataset(corpus: Corpus(utterances: [Utterance(text: text, intent: "BookTable", slots: slots)]), scheme: .bilou)
        #expect(dataset.labels.scheme == .bilou)
        let names = dataset.sequences[0].labels.map { id -> String in
            let labels = dataset.labels
            guard let slot = labels.tag(id).slot else { return "O" }
            let prefix = id == labels.begin(slot) ? "B" : id == labels.inside(slot) ? "I" : id == labels.last(slot) ? "L" : "U"
            return prefix + "-" + slot
        }
        #expect(names == [
            "O", "O", "O", "O", "U-partySize", "O", "B-restaurant", "I-restaurant", "L-restaurant",
            "B-dateTime", "I-dateTime", "L-dateTime",
        ])
    }
}
