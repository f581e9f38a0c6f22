import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("Native YAML and JSON")
struct NativeFormatTests {
    let payments = FixturePaths.fixture("payments.yaml")

    @Test func readsTheSchemaAndAnnotatedUtterances() throws {
        let loaded = try CorpusFormat.load(at: payments)
        #expect(loaded.diagnostics.isEmpty)
        let corpus = loaded.corpus
        #expect(corpus.schema.domains.map(\.name) == ["payments"])
        #expect(corpus.intentNames == ["SendPayment", "CheckBalance"])
        let payee = try #require(corpus.schema.intent(named: "SendPayment")?.parameter(named: "payee"))
        #expect(payee == Parameter(name: "payee", entity: .custom("contact"), isRequired: true, prompt: "Who do you want to pay?"))
        #expect(corpus.schema.intent(named: "SendPayment")?.parameter(named: "amount")?.entity == .builtin(.amountOfMoney))
        let app = try #require(corpus.schema.entity(named: "paymentApp"))
        #expect(!app.allowsOtherValues)
        #expect(app.values == [EntityValue(identifier: "app.unicorn-pay", phrase: "Unicorn Pay", synonyms: ["unicorn", "UPay"],
                                           pronunciation: "unicorn pay", examples: ["pay with Unicorn Pay"])])
        let first = corpus.utterances[0]
        #expect(first.text == "send Buttercup 85 bucks on Unicorn Pay for rainbow polish")
        #expect(first.slots.map { first.text(of: $0) } == ["Buttercup", "85 bucks", "Unicorn Pay", "rainbow polish"])
        #expect(first.slots[1].value == "85 USD")
        #expect(first.location == SourceLocation(file: payments.path, line: 24, column: 10))
        #expect(corpus.utterances.contains { $0.text == "pay Cel [urgent] twenty euros" && $0.slots.first?.value == "Celestra" })
        #expect(corpus.utterances.contains { $0.text == "Música y NestEgg 🍕" })
        #expect(CorpusValidator().validate(corpus).filter { $0.severity == .error }.isEmpty)
    }

    @Test(arguments: [CorpusFormat.yaml, .json])
    func writesWhatItReads(format: CorpusFormat) throws {
        let original = try CorpusFormat.load(at: payments).corpus
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("payments.\(format.rawValue)")
        try format.write(original, to: file)
        #expect(try CorpusFormat.detect(at: file) == format)
        let reread = try CorpusFormat.load(at: file)
        #expect(reread.diagnostics.isEmpty)
        #expect(reread.corpus == original)
        // Writing again gives the same bytes: the writer is deterministic.
        let again = directory.appendingPathComponent("again.\(format.rawValue)")
        try format.write(reread.corpus, to: again)
        #expect(try Data(contentsOf: file) == Data(contentsOf: again))
    }

    /// A corpus declares its language once (BCP 47), in any of its files: the schema records it,
    /// the writers keep it, and a malformed or contradictory declaration is an error at its place.
    @Test func aCorpusDeclaresItsLanguage() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let soup = directory.appendingPathComponent("soupe")
        try FileManager.default.createDirectory(at: soup, withIntermediateDirectories: true)
        try Data("language: fr-CA\nintents:\n  - name: CommanderSoupe\n    utterances:\n      - une soupe à l'oignon\n      - je voudrais une soupe\n".utf8)
            .write(to: soup.appendingPathComponent("soupe.yaml"))
        try Data("language: FR-ca\nintents:\n  - name: Annuler\n    utterances:\n      - annule ma commande\n".utf8)
            .write(to: soup.appendingPathComponent("annuler.yaml"))
        let loaded = try CorpusFormat.load(at: soup)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.corpus.schema.language == "fr-CA" && loaded.corpus.schema.primaryLanguage == "fr")
        for format in [CorpusFormat.yaml, .json] {
            let file = directory.appendingPathComponent("written.\(format.rawValue)")
            try format.write(loaded.corpus, to: file)
            #expect(try CorpusFormat.load(at: file).corpus.schema.language == "fr-CA")
        }
        // Formats whose data files cannot say it say what they lose.
        let rasa = try CorpusFormat.rasaJSON.write(loaded.corpus, to: directory.appendingPathComponent("rasa.json"))
        #expect(rasa.contains { $0.message.contains("the corpus's language (fr-CA) not written (Rasa's config.yml says it: language: fr-CA)") }, "\(rasa)")
        #expect(Schema().primaryLanguage == "en" && Schema().language == nil)

        try Data("language: de\nintents:\n  - name: Annuler\n    utterances:\n      - annule ma commande\n".utf8)
            .write(to: soup.appendingPathComponent("annuler.yaml"))
        let contradiction = try CorpusFormat.load(at: soup, displayPath: "soupe")
        // (The files are read in name order: annuler.yaml declares first.)
        #expect(contradiction.diagnostics.contains {
            $0.severity == .error && $0.message.hasPrefix("language 'fr-CA' differs from 'de', declared at soupe/annuler.yaml:1:11")
                && $0.location?.line == 1
        }, "\(contradiction.diagnostics)")
        #expect(Schema.canonicalLanguageTag("ZH-hant-tw") == "zh-Hant-TW" && Schema.canonicalLanguageTag("es-419") == "es-419")
        for bad in ["french", "f", "en_US", "en--US", "12"] {
            #expect(!Schema.isLanguageTag(bad), "\(bad)")
        }
        for good in ["en", "fr-CA", "zh-Hant-TW", "es-419", "gsw"] {
            #expect(Schema.isLanguageTag(good), "\(good)")
        }
        let file = directory.appendingPathComponent("bad.yaml")
        try Data("intents: []\nlanguage: french\n".utf8).write(to: file)
        let malformed = try CorpusFormat.load(at: file, displayPath: "bad.yaml")
        #expect(malformed.diagnostics.contains { $0.message.hasPrefix("'french' is not a BCP 47 language tag") && $0.location?.line == 2 },
                "\(malformed.diagnostics)")
    }

    @Test func reportsEveryPlantedErrorAtItsPlace() throws {
        let file = FixturePaths.fixture("planted/errors.yaml")
        let loaded = try CorpusFormat.load(at: file, displayPath: "errors.yaml")
        let all = (loaded.diagnostics + CorpusValidator().validate(loaded.corpus)).sortedByLocation()
        let lines = all.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.severity.rawValue)" }
        #expect(lines == [
            "errors.yaml:4:5 error",    // duplicate entity
            "errors.yaml:6:11 warning", // few examples
            "errors.yaml:9:9 error",    // unknown built-in
            "errors.yaml:10:9 error",   // unknown entity
            "errors.yaml:11:9 error",   // duplicate parameter
            "errors.yaml:12:9 warning", // required parameter never annotated
            "errors.yaml:15:14 error",  // unclosed '['
            "errors.yaml:16:13 error",  // stray ']'
            "errors.yaml:17:13 error",  // unknown slot
            "errors.yaml:18:10 error",  // empty utterance
            "errors.yaml:19:23 error",  // missing (slot)
            "errors.yaml:20:11 error",  // duplicate intent
        ])
        #expect(all[0].message == "duplicate entity 'contact' (first declared at errors.yaml:3:5)")
        #expect(all[8].message.hasPrefix("unknown slot 'payer' for intent 'SendPayment'"))
    }

    @Test func reportsYAMLSyntaxErrorsWithTheirPlace() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("broken.yaml")
        try Data("domain: x\nintents:\n  - name: [unclosed\n".utf8).write(to: file)
        do {
            _ = try CorpusFormat.load(at: file, format: .yaml, displayPath: "broken.yaml")
            Issue.record("expected a syntax error")
        } catch let CorpusError.malformed(location, message) {
            #expect(location.file == "broken.yaml")
            #expect(location.line != nil)
            #expect(message.hasPrefix("not valid YAML or JSON"))
        }
    }

    @Test func rejectsUnknownKeysAndNonStringUtterances() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("typo.yaml")
        try Data("domain: x\nintents:\n  - name: A\n    utterance:\n      - hi\n    utterances:\n      - [Bob, name]\n".utf8).write(to: file)
        let loaded = try CorpusFormat.load(at: file, displayPath: "typo.yaml")
        #expect(loaded.diagnostics.map(\.description) == [
            "typo.yaml:4:5: error: unknown key 'utterance' in an intent (expected one of: name, parameters, patterns, responseParameters, responses, shortcuts, utterances)",
            "typo.yaml:7:9: error: an utterance must be a string; quote utterances that start with '[' or '{'",
        ])
    }

    @Test func explainsUnquotedAnnotationsAtTheStartOfAnUtterance() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("unquoted.yaml")
        try Data("domain: x\nintents:\n  - name: A\n    utterances:\n      - [Bob](name) hi\n".utf8).write(to: file)
        do {
            _ = try CorpusFormat.load(at: file, displayPath: "unquoted.yaml")
            Issue.record("expected a syntax error")
        } catch let CorpusError.malformed(location, message) {
            #expect(location.file == "unquoted.yaml" && location.line == 5)
            #expect(message.hasSuffix("(an utterance that starts with '[' must be quoted)"))
        }
    }

    @Test func readsAHeldOutFileThroughItsSchemaReference() throws {
        let directory = try FixturePaths.temporaryDirectory()
        try FileManager.default.copyItem(at: payments, to: directory.appendingPathComponent("payments.yaml"))
        let test = directory.appendingPathComponent("test/held-out.yaml")
        try FileManager.default.createDirectory(at: test.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
            schema: ../payments.yaml
            intents:
              - name: CheckBalance
                utterances:
                  - how's my [NestEgg](account) doing
              - name: Unknown
                utterances:
                  - hello
            """.utf8).write(to: test)
        let loaded = try CorpusFormat.load(at: test, displayPath: "held-out.yaml")
        #expect(loaded.corpus.schema == (try CorpusFormat.load(at: payments).corpus.schema))
        #expect(loaded.corpus.utterances.map(\.text) == ["how's my NestEgg doing", "hello"])
        #expect(loaded.diagnostics.map(\.description) == ["held-out.yaml:6:11: error: unknown intent 'Unknown': the schema declares no such intent"])
        // What validation says of the held-out utterances points at the held-out file, not the schema's.
        let findings = CorpusValidator(minimumExamples: 2).validate(loaded.corpus).map(\.description)
        #expect(findings.contains("held-out.yaml:3:11: warning: intent 'CheckBalance' has 1 utterance; at least 2 are needed to learn it"), "\(findings)")
        #expect(!findings.contains { $0.contains("payments.yaml") && $0.contains("CheckBalance") }, "\(findings)")
    }

    /// A schema named by an absolute path is shown by that path.
    @Test func anAbsoluteSchemaPathIsShownAsWritten() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let schema = directory.appendingPathComponent("payments.yaml")
        try FileManager.default.copyItem(at: payments, to: schema)
        let test = directory.appendingPathComponent("held-out.yaml")
        try Data("schema: \(directory.appendingPathComponent("missing.yaml").path)\nintents: []\n".utf8).write(to: test)
        #expect { try CorpusFormat.load(at: test, displayPath: "tests/held-out.yaml") } throws: { error in
            "\(error)".contains(directory.appendingPathComponent("missing.yaml").path) && !"\(error)".contains("tests/" + directory.path)
        }
    }
}
