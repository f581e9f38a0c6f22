import Foundation
import IntentKit
import IntentKitCorpus
import Testing

@Suite("User vocabulary files")
struct UserVocabularyFormatTests {
    @Test func readsTheDefaultCorpusVocabulary() throws {
        let url = FixturePaths.corpora.appendingPathComponent("user-vocabulary.yaml")
        let terms = try UserVocabularyFormat.read(at: url, displayPath: "user-vocabulary.yaml")
        #expect(terms["contact"]?.prefix(3).map(\.identifier) == ["contact-17", "contact-42", "contact-58"])
        #expect(terms["account"]?.first == VocabularyTerm("NestEgg", identifier: "account-3", pronunciation: "nest egg", alternatives: ["my nest egg"]))
    }

    @Test func readsJSONAndBarePhrases() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let url = directory.appendingPathComponent("user.json")
        try #"{"playlist": ["Road Trip", {"phrase": "Chill", "identifier": "p2", "synonyms": ["chill out"]}]}"#.write(to: url, atomically: true, encoding: .utf8)
        let terms = try UserVocabularyFormat.read(at: url, displayPath: "user.json")
        #expect(terms["playlist"] == [VocabularyTerm("Road Trip"), VocabularyTerm("Chill", identifier: "p2", alternatives: ["chill out"])])
    }

    @Test func readsAnAppIntentVocabularyPlist() throws {
        let terms = try UserVocabularyFormat.read(at: FixturePaths.fixture("AppIntentVocabulary.plist"), displayPath: "AppIntentVocabulary.plist")
        let sparkle = try #require(terms["rideOptionName"]?.first)
        #expect(sparkle.identifier == "object-id:456ABCDEF123789" && sparkle.phrase == "SparkleCar" && sparkle.pronunciation == "sparkle car")
        #expect(sparkle.alternatives.contains("sparkle ride"))
    }

    @Test func problemsAreReportedWhereTheyAre() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let url = directory.appendingPathComponent("bad.yaml")
        try "contact:\n  - {phrase: Ann, id: c1}\n  - {name: Bob}\n  - \"\"\naccount: 3\n".write(to: url, atomically: true, encoding: .utf8)
        do {
            _ = try UserVocabularyFormat.read(at: url, displayPath: "bad.yaml")
            Issue.record("a bad file was read")
        } catch let error as CorpusError {
            let text = error.description
            #expect(text.contains("bad.yaml:3:") && text.contains("unknown key 'name'"), "\(text)")
            #expect(text.contains("bad.yaml:4:") && text.contains("is empty"), "\(text)")
            #expect(text.contains("bad.yaml:5:") && text.contains("must be a list"), "\(text)")
        }
    }
}
