import IntentKitCorpus
import Testing
@testable import IntentKitTraining

/// Placeholder swapping keeps the request and its annotations intact and only exchanges slot
/// values between utterances of the same fold.
@Suite("Placeholder swapping")
struct PlaceholderSwappingTests {
    let corpus = Corpus(utterances: [
        Utterance(text: "play abbey road by the beatles", intent: "PlayMusic",
                  slots: [SlotAnnotation(name: "album", range: 5..<15), SlotAnnotation(name: "artist", range: 19..<30)]),
        Utterance(text: "play kind of blue by miles davis please", intent: "PlayMusic",
                  slots: [SlotAnnotation(name: "album", range: 5..<17), SlotAnnotation(name: "artist", range: 21..<32)]),
        Utterance(text: "play something", intent: "PlayMusic"),
        Utterance(text: "play thriller", intent: "PlayMusic", slots: [SlotAnnotation(name: "album", range: 5..<13)]),
    ])

    @Test func copiesKeepContextAndSwapValuesOfTheSameSlot() {
        let trainer = ModelTrainer()
        let folds = [0, 0, 0, 1]  // the last utterance is alone in its fold
        let (augmented, source) = trainer.swappedCopies(corpus, copies: 2, fold: { folds[$0] })
        // Originals first, then two copies of each annotated utterance.
        #expect(Array(augmented.utterances.prefix(4)) == corpus.utterances)
        #expect(source == [0, 1, 2, 3, 0, 1, 3, 0, 1, 3])
        let albums = Set(["abbey road", "kind of blue"]), artists = Set(["the beatles", "miles davis"])
        for (copy, original) in zip(augmented.utterances.dropFirst(4), source.dropFirst(4)) {
            #expect(copy.intent == corpus.utterances[original].intent)
            #expect(copy.slots.map(\.name) == corpus.utterances[original].slots.map(\.name))
            for slot in copy.slots {
                let value = copy.text(of: slot)
                if original == 3 {
                    #expect(value == "thriller")  // no other donor in fold 1
                } else {
                    #expect((slot.name == "album" ? albums : artists).contains(value))
                }
            }
            if original == 1 { #expect(copy.text.hasSuffix(" please") && copy.text.hasPrefix("play ")) }
            if original != 3 { #expect(copy.text.contains(" by ")) }
        }
    }

    @Test func theSameSeedGivesTheSameCopies() {
        let fold: (Int) -> Int = { _ in 0 }
        let first = ModelTrainer().swappedCopies(corpus, copies: 3, fold: fold)
        let second = ModelTrainer().swappedCopies(corpus, copies: 3, fold: fold)
        #expect(first.corpus.utterances == second.corpus.utterances)
        #expect(ModelTrainer().swappedCopies(corpus, copies: 0, fold: fold).corpus.utterances == corpus.utterances)
    }
}
