import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("Intent Definition Files")
struct IntentDefinitionFormatTests {
    static let soupChef = FixturePaths.repository.appendingPathComponent("Examples/soup-chef/Intents.intentdefinition")

    @Test func theSoupChefFileBecomesASchemaWithEveryParameterType() throws {
        #expect(try CorpusFormat.detect(at: Self.soupChef) == .intentDefinition)
        let loaded = try CorpusFormat.load(at: Self.soupChef)
        let schema = loaded.corpus.schema
        #expect(schema.intents.map(\.name) == ["OrderSoup", "TipCourier", "RateSoup", "PauseDeliveries"])
        let order = try #require(schema.intent(named: "OrderSoup"))
        #expect(order.parameters.map(\.name) == ["soup", "quantity", "options", "deliveryLocation", "deliveryTime", "extraHot", "note"])
        #expect(order.parameters.map(\.entity) == [.custom("Soup"), .builtin(.number), .custom("Topping"), .custom("placemark"),
                                                   .builtin(.dateTime), .custom("extraHot"), .custom("note")])
        #expect(order.parameter(named: "quantity") == Parameter(name: "quantity", entity: .builtin(.number), isRequired: true,
                                                                 prompt: "How many {soup}s would you like?"))
        #expect(order.parameter(named: "options")?.allowsMultipleValues == true)
        #expect(order.parameter(named: "deliveryTime")?.isRequired == false)
        // An enum is a closed entity, without Xcode's `unknown` case; a Boolean one of two values.
        let soup = try #require(schema.entity(named: "Soup"))
        #expect(!soup.allowsOtherValues)
        #expect(soup.values.map(\.identifier) == ["clamChowder", "tomatoSoup", "chickenNoodleSoup", "misoSoup"])
        #expect(soup.values[0] == EntityValue(identifier: "clamChowder", phrase: "clam chowder", synonyms: ["chowder", "new england clam chowder"]))
        #expect(schema.entity(named: "extraHot")?.values.map(\.phrase) == ["piping hot", "warm"])
        #expect(schema.entity(named: "Courier") == Entity(name: "Courier"))
        let tip = try #require(schema.intent(named: "TipCourier"))
        #expect(tip.parameters.map(\.entity) == [.builtin(.amountOfMoney), .custom("Courier")])
        let rate = try #require(schema.intent(named: "RateSoup"))
        #expect(rate.parameters.map(\.entity) == [.custom("Soup"), .builtin(.number), .builtin(.temperature)])
        #expect(schema.intent(named: "PauseDeliveries")?.parameters.map(\.entity) == [.builtin(.duration), .custom("recipeLink")])
        // Parameter combinations: shortcut types, and their titles patterns.
        #expect(order.shortcutTypes.contains(ShortcutType(parameters: ["soup", "quantity"], title: "Order {quantity} {soup}", subtitle: "Soup Chef")))
        #expect(order.patterns == ["order [soup]", "order [soup] with [options]", "order [quantity] [soup]",
                                   "order [quantity] [soup] to [deliveryLocation]"])
        // Responses with their templates, codes without one left out, response parameters kept.
        #expect(order.responses == [
            ResponseTemplate(code: "success", isSuccess: true, text: "Your order of {quantity} {soup} will be ready in {waitTime}.", conciseText: "{waitTime}"),
            ResponseTemplate(code: "failureSoupUnavailable", text: "Sorry, {soup} is not on the menu today.", conciseText: "{soup} is sold out"),
        ])
        #expect(order.responseParameters.map(\.name) == ["soup", "waitTime"])
        #expect(order.responseParameters.last?.entity == .builtin(.duration))
    }

    @Test func whatIsNotModelledIsListedOncePerKind() throws {
        let messages = try CorpusFormat.load(at: Self.soupChef).diagnostics.map(\.message)
        #expect(messages == [
            "not modelled: custom types' properties (3)",
            "not modelled: parameters' default values (1)",
            "not modelled: the intents' shortcut and widget flags (5)",
            "not modelled: parameter types read as text (URL) (1)",
            "not modelled: images (1)",
            "not modelled: system intents (System) (1)",
        ])
    }

    @Test func itValidatesTrainsFromItsPatternsAndRoundTripsThroughYAML() throws {
        let corpus = try CorpusFormat.load(at: Self.soupChef).corpus
        let findings = CorpusValidator().validate(corpus)
        #expect(findings.filter { $0.severity == .error }.isEmpty)
        // The two patterns with an open entity and no values give nothing, and say so.
        #expect(findings.filter { $0.message.contains("gives no utterance") }.count == 2)
        let directory = try FixturePaths.temporaryDirectory()
        for format in [CorpusFormat.yaml, .json] {
            let file = directory.appendingPathComponent("soup.\(format.rawValue)")
            #expect(try format.write(corpus, to: file).isEmpty)
            #expect(try CorpusFormat.load(at: file).corpus.schema == corpus.schema)
        }
        // Rasa holds none of it, and says what it loses.
        let losses = try CorpusFormat.rasaYAML.losses(writing: corpus, path: "soup.yml")
        #expect(losses.contains("9 utterance patterns not written (the format has none)"))
        #expect(losses.contains("5 response templates not written (the format has none)"))
    }

    @Test func otherLocalizationsBesideTheFileAreListed() throws {
        let directory = try FixturePaths.temporaryDirectory()
        for folder in ["Base.lproj", "fr.lproj", "de.lproj", "es.lproj"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let file = directory.appendingPathComponent("Base.lproj/Intents.intentdefinition")
        try FileManager.default.copyItem(at: Self.soupChef, to: file)
        for language in ["fr", "de"] {
            try Data("\"sc0001\" = \"Soupe\";\n".utf8).write(to: directory.appendingPathComponent("\(language).lproj/Intents.strings"))
        }
        let messages = try CorpusFormat.load(at: file).diagnostics.map(\.message)
        #expect(messages.contains("not modelled: localizations beside the file, read in its own language only (de, fr) (2)"))
    }

    @Test func aDamagedFileIsRefusedWithWhereItWentWrong() throws {
        let directory = try FixturePaths.temporaryDirectory()
        let file = directory.appendingPathComponent("Broken.intentdefinition")
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>INIntents</key><array><dict>".utf8).write(to: file)
        #expect { try CorpusFormat.load(at: file) } throws: { "\($0)".contains("Broken.intentdefinition") && "\($0)".contains("property list") }
        let unnamed = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array>
            <dict><key>INIntentType</key><string>Custom</string></dict></array></dict></plist>
            """
        try Data(unnamed.utf8).write(to: file)
        #expect { try CorpusFormat.load(at: file) } throws: { "\($0)".contains("INIntents[0]: an intent has no INIntentName") }
        let badEnum = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>X</string><key>INIntentParameters</key><array><dict>
            <key>INIntentParameterName</key><string>p</string><key>INIntentParameterEnumType</key><string>Missing</string>
            </dict></array></dict></array></dict></plist>
            """
        try Data(badEnum.utf8).write(to: file)
        #expect { try CorpusFormat.load(at: file) } throws: { "\($0)".contains("the enum 'Missing' is not among INEnums") }
    }
}
