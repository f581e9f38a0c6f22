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
                                   "order [quantity] [soup] to [deliveryLocation]", "order soup"])
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
            "not modelled: numbers' bounds (1)",
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
        // The patterns with an open entity and no values (a place, a courier) give utterances
        // of stand-ins, and training says which.
        #expect(findings.filter { $0.message.contains("gives no utterance") }.isEmpty)
        let report = PatternExpander().expand(corpus).report
        #expect(report.skipped.isEmpty)
        #expect(Set(report.standIns).isSuperset(of: ["placemark", "Courier"]))
        let directory = try FixturePaths.temporaryDirectory()
        for format in [CorpusFormat.yaml, .json] {
            let file = directory.appendingPathComponent("soup.\(format.rawValue)")
            #expect(try format.write(corpus, to: file).isEmpty)
            #expect(try CorpusFormat.load(at: file).corpus.schema == corpus.schema)
        }
        // Rasa holds none of it, and says what it loses.
        let losses = try CorpusFormat.rasaYAML.losses(writing: corpus, path: "soup.yml")
        #expect(losses.contains("13 utterance patterns not written (the format has none)"))
        #expect(losses.contains("5 response templates not written (the format has none)"))
    }

    @Test func aLocalizationsStringsFileReadsTheDefinitionInItsLanguage() throws {
        let french = FixturePaths.repository.appendingPathComponent("Examples/soup-chef/fr.lproj/Intents.strings")
        #expect(try CorpusFormat.detect(at: french) == .intentDefinition)
        let loaded = try CorpusFormat.load(at: french)
        let english = try CorpusFormat.load(at: Self.soupChef).corpus.schema
        let schema = loaded.corpus.schema
        // The same intents, parameters and identifiers; the text the user sees and says in French,
        // and the language the localization's folder names.
        #expect(schema.language == "fr" && english.language == nil)
        #expect(schema.intents.map(\.name) == english.intents.map(\.name))
        let order = try #require(schema.intent(named: "OrderSoup"))
        #expect(order.parameters.map(\.entity) == english.intent(named: "OrderSoup")?.parameters.map(\.entity))
        #expect(order.parameter(named: "soup")?.prompt == "Quelle soupe voulez-vous ?")
        #expect(order.patterns.first == "commander [soup]")
        #expect(order.responses.first?.text == "Votre commande de {quantity} {soup} sera prête dans {waitTime}.")
        let soup = try #require(schema.entity(named: "Soup"))
        #expect(soup.values.map(\.identifier) == english.entity(named: "Soup")?.values.map(\.identifier))
        #expect(soup.values[0] == EntityValue(identifier: "clamChowder", phrase: "chaudrée de palourdes",
                                              synonyms: ["chaudrée", "chaudrée de la nouvelle-angleterre"]))
        #expect(schema.entity(named: "extraHot")?.values.map(\.phrase) == ["brûlante", "tiède"])
        // Every string is translated: only the definition's own losses are reported.
        #expect(loaded.diagnostics.allSatisfy { $0.message.hasPrefix("not modelled") })
        #expect(loaded.diagnostics.first?.location?.file.hasSuffix("Examples/soup-chef/Intents.intentdefinition") == true)
    }

    @Test func aPartialTranslationKeepsTheDefinitionsTextAndSaysSo() throws {
        let directory = try FixturePaths.temporaryDirectory()
        for folder in ["Base.lproj", "de.lproj"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Self.soupChef, to: directory.appendingPathComponent("Base.lproj/Intents.intentdefinition"))
        // Older Xcode writes .strings files in UTF-16.
        let strings = directory.appendingPathComponent("de.lproj/Intents.strings")
        let table = "/* Soup */\n\"sc0003\" = \"Muschelsuppe\";\n\"gone1\" = \"veraltet\";\n"
        try #require(table.data(using: .utf16)).write(to: strings)
        let loaded = try CorpusFormat.load(at: strings)
        let soup = try #require(loaded.corpus.schema.entity(named: "Soup"))
        #expect(soup.values.map(\.phrase) == ["Muschelsuppe", "tomato soup", "chicken noodle soup", "miso soup"])
        let messages = loaded.diagnostics.filter { $0.location?.file == strings.path }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.hasSuffix("strings of \(directory.path)/Base.lproj/Intents.intentdefinition have no translation here and keep its text") == true)
        #expect(messages.last?.hasPrefix("1 translations name no string of") == true && messages.last?.contains("\"gone1\"") == true)
    }

    @Test func aStringsFileWithoutItsDefinitionOrDamagedIsRefused() throws {
        let directory = try FixturePaths.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let strings = directory.appendingPathComponent("fr.lproj/Intents.strings")
        try Data("\"sc0001\" = \"Soupe\";\n".utf8).write(to: strings)
        #expect { try CorpusFormat.load(at: strings) } throws: { "\($0)".contains("no Intents.intentdefinition in Base.lproj") }
        try FileManager.default.copyItem(at: Self.soupChef, to: directory.appendingPathComponent("Intents.intentdefinition"))
        #expect(try CorpusFormat.load(at: strings).corpus.schema.entity(named: "Soup") != nil)
        try Data("\"sc0001\" = \"Soupe\"\n\"sc0002\" = ".utf8).write(to: strings)
        #expect { try CorpusFormat.load(at: strings) } throws: { "\($0)".contains("Intents.strings") && "\($0)".contains("not a valid .strings file") }
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
        // A file of SiriKit's own intents only (an app customizing INPlayMediaIntent) has nothing to read.
        let systemOnly = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>PlayMedia</string><key>INIntentType</key><string>System</string>
            </dict></array></dict></plist>
            """
        try Data(systemOnly.utf8).write(to: file)
        #expect { try CorpusFormat.load(at: file) } throws: { "\($0)".contains("no custom intent (only SiriKit's own: PlayMedia)") }
    }

    @Test func xcodesBlankStringsAndSiriKitsEnumsAreReadForWhatTheyAre() throws {
        let file = try FixturePaths.temporaryDirectory().appendingPathComponent("Player.intentdefinition")
        let definition = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array><dict>
            <key>INIntentName</key><string>PlayNext</string><key>INIntentType</key><string>Custom</string>
            <key>INIntentParameters</key><array><dict><key>INIntentParameterName</key><string>repeatMode</string>
            <key>INIntentParameterEnumType</key><string>PlaybackRepeatMode</string>
            <key>INIntentParameterEnumTypeNamespace</key><string>System</string>
            <key>INIntentParameterType</key><string>Integer</string></dict></array>
            <key>INIntentParameterCombinations</key><dict><key>repeatMode</key><dict>
            <key>INIntentParameterCombinationTitle</key><string>Play next ${repeatMode}</string>
            <key>INIntentParameterCombinationSubtitle</key><string></string></dict></dict>
            <key>INIntentResponse</key><dict><key>INIntentResponseCodes</key><array><dict>
            <key>INIntentResponseCodeName</key><string>success</string>
            <key>INIntentResponseCodeFormatString</key><string></string></dict></array></dict>
            </dict></array></dict></plist>
            """
        try Data(definition.utf8).write(to: file)
        let loaded = try CorpusFormat.load(at: file)
        let intent = try #require(loaded.corpus.schema.intent(named: "PlayNext"))
        #expect(intent.parameters.first?.entity == .custom("PlaybackRepeatMode"))
        #expect(loaded.corpus.schema.entity(named: "PlaybackRepeatMode") == Entity(name: "PlaybackRepeatMode"))
        #expect(loaded.diagnostics.map(\.message) == ["not modelled: SiriKit's enums read as text (PlaybackRepeatMode) (1)"])
        // A blank subtitle is no subtitle, and a blank response no template.
        #expect(intent.shortcutTypes == [ShortcutType(parameters: ["repeatMode"], title: "Play next {repeatMode}")])
        #expect(intent.responses.isEmpty)
    }

    /// An app's file of its own, as many are written: one shortcut title an intent, Booleans
    /// shown as on and off, descriptions in the third person.
    static func switchesApp() throws -> URL {
        func intent(_ name: String, _ title: String, _ description: String, parameter: [String: Any]? = nil, combination: String = "",
                    combinationTitle: String, output: [String: Any]? = nil) -> [String: Any] {
            var intent: [String: Any] = [
                "INIntentName": name, "INIntentTitle": title, "INIntentDescription": description, "INIntentType": "Custom",
                "INIntentParameterCombinations": [combination: ["INIntentParameterCombinationTitle": combinationTitle]],
            ]
            if let parameter { intent["INIntentParameters"] = [parameter] }
            if let output {
                intent["INIntentResponse"] = ["INIntentResponseOutput": output["INIntentResponseParameterName"]!, "INIntentResponseParameters": [output]]
            }
            return intent
        }
        let onOff: [String: Any] = ["INIntentParameterMetadataTrueDisplayName": "on", "INIntentParameterMetadataFalseDisplayName": "off"]
        let lamp: [String: Any] = ["INIntentParameterName": "lampState", "INIntentParameterDisplayName": "Reading Lamp State",
                                   "INIntentParameterType": "Boolean", "INIntentParameterMetadata": onOff]
        let lampOutput: [String: Any] = [
            "INIntentResponseParameterName": "lampState", "INIntentResponseParameterType": "Boolean",
            "INIntentResponseParameterMetadata": ["INIntentResponseParameterMetadataTrueDisplayName": "on", "INIntentResponseParameterMetadataFalseDisplayName": "off"],
        ]
        let minutes: [String: Any] = ["INIntentParameterName": "minutes", "INIntentParameterType": "TimeInterval"]
        let glasses: [String: Any] = ["INIntentParameterName": "glasses", "INIntentParameterDisplayName": "Water glasses", "INIntentParameterType": "Integer"]
        let root: [String: Any] = ["INEnums": [Any](), "INTypes": [Any](), "INIntents": [
            intent("GetLampState", "Get Reading Lamp State", "Finds out whether the reading lamp is lit.", combinationTitle: "Get the reading lamp state",
                   output: lampOutput),
            intent("SetLampState", "Set Reading Lamp State", "Switches the reading lamp.", parameter: lamp, combination: "lampState",
                   combinationTitle: "Set reading lamp to ${lampState}"),
            intent("DimLamp", "Dim Lamp", "Dims the lamp for a while", parameter: minutes, combination: "minutes",
                   combinationTitle: "Disable the lamp for ${minutes}"),
            intent("ReportBatteries", "Report Batteries", "Copies the battery levels to the clipboard", combinationTitle: "Report the batteries"),
            intent("LogWater", "Log Water", "Logs what you drank", parameter: glasses, combination: "glasses", combinationTitle: "Log water"),
        ]]
        let data = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        let file = try FixturePaths.temporaryDirectory().appendingPathComponent("Switches.intentdefinition")
        try data.write(to: file)
        return file
    }

    @Test func titlesDescriptionsAndSwitchesBecomeWaysToAsk() throws {
        let schema = try CorpusFormat.load(at: try Self.switchesApp()).corpus.schema
        let get = try #require(schema.intent(named: "GetLampState"))
        // The title, the description made a request, and questions about the switch it reads.
        #expect(get.patterns.contains("get reading lamp state"))
        #expect(get.patterns.contains("find out whether the reading lamp is lit"))
        #expect(get.patterns.contains("(what is|what's|check|show me|tell me) (the) reading lamp state"))
        #expect(get.patterns.contains("is reading lamp (on|off)"))
        // A switch is turned, switched, enabled.
        let set = try #require(schema.intent(named: "SetLampState"))
        for pattern in ["turn reading lamp [lampState]", "turn [lampState] reading lamp", "switch reading lamp [lampState]", "[lampState] reading lamp"] {
            #expect(set.patterns.contains(pattern))
        }
        // A description of an intent with parameters speaks of them in words, so it is no pattern.
        #expect(!set.patterns.contains("switch the reading lamp"))
        #expect(schema.intent(named: "DimLamp")?.patterns == ["disable the lamp for [minutes]", "dim lamp"])
        #expect(schema.intent(named: "ReportBatteries")?.patterns.contains("copy the battery levels to the clipboard") == true)
        // A parameter the combination carries and its title does not show is said with it, a
        // number with the unit its display name ends in.
        #expect(schema.intent(named: "LogWater")?.patterns == ["log water", "log water [glasses]", "log [glasses] water", "log [glasses] glasses",
                                                               "log [glasses] glasses of water"])
        // The switch's words, less one another pattern says as text ("disable the lamp for …").
        let values = try #require(schema.entity(named: "lampState")?.values)
        #expect(values.map(\.identifier) == ["true", "false"])
        #expect(values[0].synonyms == ["enable", "enabled", "activate"])
        #expect(values[1].synonyms == ["disabled", "deactivate"])
    }

    @Test func anEnglishDescriptionIsTheRequestItDescribes() {
        typealias Reader = IntentDefinitionFormat.Reader
        #expect(Reader.request(describedBy: "Sets the current Night Shift state.") == "set the current Night Shift state")
        #expect(Reader.request(describedBy: "Finishes the workout.\n\nSaves it too.") == "finish the workout")
        #expect(Reader.request(describedBy: "Copies the list") == "copy the list")
        #expect(Reader.request(describedBy: "Allows the user to order soup") == nil)
        #expect(Reader.request(describedBy: "Soup Chef") == nil)
        // The user's own words, up to a condition or an aside.
        #expect(Reader.request(describedBy: "Tells you when your order will be ready.") == "tell me when my order will be ready")
        #expect(Reader.request(describedBy: "Orders the drink you have most often.") == "order the drink I have most often")
        #expect(Reader.request(describedBy: "Cancels the order you placed last, if the store has not started it.") == "cancel the order I placed last")
        #expect(Reader.request(describedBy: String(repeating: "Orders soup ", count: 10)) == nil)
    }
}
