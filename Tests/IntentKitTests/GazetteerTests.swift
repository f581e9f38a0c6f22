import Testing
@testable import IntentKit

@Suite("Gazetteer")
struct GazetteerTests {
    let tokenizer = Tokenizer()

    private func matches(_ gazetteer: Gazetteer, _ text: String) -> [Gazetteer.Match] {
        var result = [Gazetteer.Match]()
        gazetteer.matches(in: tokenizer.tokenize(text), into: &result)
        return result
    }

    @Test func matchesWholePhrasesInsensitiveToCaseAndDiacritics() {
        let gazetteer = Gazetteer(entries: [(entity: "account", phrase: "nest egg"), (entity: "payee", phrase: "Zoë")])
        let found = matches(gazetteer, "move 5 from Nest Egg to zoe")
        let account = gazetteer.entityNames.firstIndex(of: "account")!, payee = gazetteer.entityNames.firstIndex(of: "payee")!
        #expect(found == [
            Gazetteer.Match(token: 3, entity: account, position: .begin),
            Gazetteer.Match(token: 4, entity: account, position: .last),
            Gazetteer.Match(token: 6, entity: payee, position: .unit),
        ])
        #expect(matches(gazetteer, "my nest is empty").isEmpty)
    }

    @Test func indexesTheWordsOfPhrasesByRole() {
        let gazetteer = Gazetteer(entries: [("artist", "larry van carlton")], indexingWords: true)
        let first = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .first))!
        let inner = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .inner))!
        let last = gazetteer.entityNames.firstIndex(of: Gazetteer.wordEntityName("artist", .last))!
        #expect(!gazetteer.isWordEntity(gazetteer.entityNames.firstIndex(of: "artist")!))
        #expect(gazetteer.isWordEntity(first) && gazetteer.isWordEntity(inner) && gazetteer.isWordEntity(last))
        // A new name sharing the first word: only word entries match, each as a single token.
        #expect(matches(gazetteer, "play larry heard") == [Gazetteer.Match(token: 1, entity: first, position: .unit)])
        #expect(Set(matches(gazetteer, "van carlton").map(\.entity)) == [inner, last])
        // Without word indexing, nothing but whole phrases.
        #expect(matches(Gazetteer(entries: [("artist", "larry van carlton")]), "play larry heard").isEmpty)
    }

    @Test func aFixedNumberingIsSharedByGazetteersOfDifferentPhrases() {
        let names = ["artist", "playlist"]
        let a = Gazetteer(entries: [("playlist", "chill")], entityNames: names)
        let b = Gazetteer(entries: [(entity: "artist", phrase: "nina simone"), (entity: "playlist", phrase: "focus")], entityNames: names)
        #expect(a.entityNames == names && b.entityNames == names)
        #expect(matches(a, "chill").first?.entity == 1)
        #expect(matches(b, "focus").first?.entity == 1)
    }
}
