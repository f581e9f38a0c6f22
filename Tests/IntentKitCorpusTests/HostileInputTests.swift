import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

/// What careless or hostile files get from the readers: a located refusal or a warning, never a
/// crash, and never silence (the mutation families of `scripts/dev/mutants`).
@Suite("Hostile input")
struct HostileInputTests {
    static let soupChef = FixturePaths.repository.appendingPathComponent("Examples/soup-chef/Intents.intentdefinition")

    /// Soup Chef's definition with `replace` applied to its text, written to a new folder.
    static func definition(_ replace: (String) -> String, name: String = "Intents.intentdefinition") throws -> URL {
        let folder = try FixturePaths.temporaryDirectory()
        let url = folder.appendingPathComponent(name)
        try Data(replace(try String(contentsOf: soupChef, encoding: .utf8)).utf8).write(to: url)
        return url
    }

    /// The last `Order ${quantity} ${soup}` title (of INIntentParameterCombinations) replaced.
    static func title(_ title: String) -> (String) -> String {
        { text in
            let key = "<string>Order ${quantity} ${soup}</string>"
            let range = text.range(of: key, options: .backwards)!
            return text.replacingCharacters(in: range, with: "<string>\(title)</string>")
        }
    }

    /// Errors and warnings of loading and validating `url`, or the error that stopped it.
    static func findings(_ url: URL) -> [String] {
        do {
            let loaded = try CorpusFormat.load(at: url)
            return (loaded.diagnostics + CorpusValidator().validate(loaded.corpus)).map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    // MARK: Patterns

    @Test(arguments: [
        ("order ()", "an empty group: '()' and '(|)' stand for nothing", 6),
        ("order (|) now", "an empty group: '()' and '(|)' stand for nothing", 6),
        ("", "a pattern with no words", 0),
        ("   ", "a pattern with no words", 0),
        ("(( ))", "an empty group: '()' and '(|)' stand for nothing", 1),
        ("order \\z", "a '\\' escapes one of ( ) [ ] | \\; write '\\\\' for a backslash", 6),
        ("order [so\\up]", "a parameter's name cannot hold '\\'", 9),
    ])
    func emptyPatternsAndStrayEscapesAreRefused(source: String, message: String, offset: Int) {
        #expect(throws: UtterancePattern.SyntaxError(message: message, offset: offset)) { try UtterancePattern(source) }
    }

    @Test func nestingIsBoundedWithoutRecursion() throws {
        #expect(try UtterancePattern(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)).parameterNames == [])
        let source = "order " + String(repeating: "(", count: 101) + String(repeating: ")", count: 101)
        #expect(throws: UtterancePattern.SyntaxError(message: "groups nested deeper than 100 levels", offset: 106)) { try UtterancePattern(source) }
        let long = "order " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: UtterancePattern.SyntaxError(message: "a pattern of 200006 characters; at most 2000", offset: 2000)) { try UtterancePattern(long) }
        let deep = String(repeating: "(a|", count: 100) + "[soup]" + String(repeating: ")", count: 100)
        #expect(try UtterancePattern(deep).parameterNames == ["soup"])
        #expect(throws: UtterancePattern.SyntaxError.self) { try UtterancePattern(String(repeating: "a ", count: 1_001)) }
        #expect(throws: UtterancePattern.SyntaxError.self) { try UtterancePattern(Array(repeating: "[soup]", count: 33).joined(separator: " ")) }
    }

    @Test func escapesAreText() throws {
        let pattern = try UtterancePattern(#"rate \(beta\) \[1-5\] a\|b \\ [soup]"#)
        #expect(pattern.pieces == [.text(#"rate (beta) [1-5] a|b \ "#), .parameter("soup")])
        for text in ["Run (beta)", "a|b", "[1-5]", #"\("#, "x ] y"] {
            #expect(try UtterancePattern(UtterancePattern.escaped(text)).pieces == [.text(text)])
        }
    }

    // MARK: Intent Definition Files

    @Test func aTitlesBracketsParenthesesAndBarsAreText() throws {
        let url = try Self.definition(Self.title("Rate (beta) [1-5] a|b \\( ${soup}"))
        let order = try #require(try CorpusFormat.load(at: url).corpus.schema.intent(named: "OrderSoup"))
        #expect(order.patterns.contains(#"rate \(beta\) \[1-5\] a\|b \\\( [soup]"#))
        let utterances = PatternExpander(examplesPerPattern: 3).expand(try CorpusFormat.load(at: url).corpus).utterances
        #expect(utterances.contains { $0.text.hasPrefix(#"rate (beta) [1-5] a|b \( "#) })
    }

    @Test func aTitleThatCannotBeAPatternIsAWarningAtItsLine() throws {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        let findings = Self.findings(try Self.definition(Self.title("Order \(deep) ${soup}")))
        #expect(findings.contains { $0.contains("Intents.intentdefinition:310:6: warning: INIntents[0].INIntentParameterCombinations.soup,quantity.INIntentParameterCombinationTitle: ") && $0.contains("characters, longer than a request is said (200), so no training utterance") }, "\(findings)")
        let unknown = Self.findings(try Self.definition(Self.title("Order ${nothing}")))
        #expect(unknown.contains { $0.contains(":310:6: error:") && $0.contains("${nothing} names no parameter of the combination quantity,soup") }, "\(unknown)")
    }

    @Test(arguments: [
        ("<key>INIntentName</key>\n\t\t\t<string>TipCourier</string>", "<key>INIntentName</key>\n\t\t\t<string>OrderSoup</string>", "the intent 'OrderSoup' twice (first at "),
        ("<key>INIntentName</key>\n\t\t\t<string>TipCourier</string>", "<key>INIntentName</key>\n\t\t\t<string></string>", "an intent with an empty INIntentName"),
        ("<key>INEnumValueName</key>\n\t\t\t\t\t<string>tomatoSoup</string>", "<key>INEnumValueName</key>\n\t\t\t\t\t<string>clamChowder</string>", "the case 'clamChowder' twice"),
        ("<key>INIntentParameterName</key>\n\t\t\t\t\t<string>quantity</string>", "<key>INIntentParameterName</key>\n\t\t\t\t\t<string>soup</string>", "the parameter 'soup' twice"),
        ("<key>soup,quantity</key>", "<key>soup,nothing</key>", "the parameter combination 'soup,nothing' names 'nothing'"),
        ("<key>INIntentResponseCodeName</key>\n\t\t\t\t\t\t<string>failureSoupUnavailable</string>", "<key>INIntentResponseCodeName</key>\n\t\t\t\t\t\t<string>success</string>", "the response code 'success' twice"),
    ])
    func namesGivenTwiceOrToNothingAreLocatedErrors(original: String, replacement: String, message: String) throws {
        let text = try String(contentsOf: Self.soupChef, encoding: .utf8)
        try #require(text.contains(original), "the fixture has \(original)")
        let url = try Self.definition { $0.replacingOccurrences(of: original, with: replacement) }
        let errors = Self.findings(url).filter { $0.contains(": error: ") }
        #expect(errors.contains { $0.contains(message) && $0.range(of: #"Intents\.intentdefinition:\d+:\d+: error: INIntents"#, options: .regularExpression) != nil || $0.contains(message) && $0.contains("INEnums") }, "\(errors)")
    }

    @Test func propertyListSyntaxAndNestingAreLocated() throws {
        let nested = try Self.definition { $0.replacingOccurrences(of: "<key>INIntents</key>", with: "<key>X</key>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "<key>INIntents</key>") }
        #expect(Self.findings(nested).first?.range(of: #"Intents\.intentdefinition:\d+:\d+: error: not a valid property list: nested deeper than 64 levels"#, options: .regularExpression) != nil)
        let unclosed = try Self.definition { $0.replacingOccurrences(of: "<string>Soup</string>", with: "<string>Soup") }
        #expect(Self.findings(unclosed).first?.range(of: #"Intents\.intentdefinition:\d+:\d+: error: not a valid property list: expected </string>"#, options: .regularExpression) != nil, "\(Self.findings(unclosed))")
        let twice = try Self.definition { $0.replacingOccurrences(of: "<key>INIntents</key>", with: "<key>INEnums</key><array/><key>INIntents</key>") }
        #expect(Self.findings(twice).first?.contains("the key 'INEnums' twice in one <dict>") == true)
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: Self.soupChef), format: nil)
        let binary = try FixturePaths.temporaryDirectory().appendingPathComponent("Binary.intentdefinition")
        try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(to: binary)
        #expect(Self.findings(binary).first?.contains("Binary.intentdefinition: error: a binary property list") == true, "\(Self.findings(binary))")
    }

    // MARK: .strings localizations

    /// Soup Chef's definition beside `fr.lproj/Intents.strings` holding `data`.
    static func localization(_ data: Data) throws -> URL {
        let folder = try FixturePaths.temporaryDirectory()
        try FileManager.default.copyItem(at: soupChef, to: folder.appendingPathComponent("Intents.intentdefinition"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let strings = folder.appendingPathComponent("fr.lproj/Intents.strings")
        try data.write(to: strings)
        return strings
    }

    @Test func stringsFilesAreReadStrictlyWithPlaces() throws {
        let odd = try Self.localization(Data([0xFF, 0xFE]) + Data("\"sc0001\" = \"Soupe\";".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) + Data([0x00]))
        #expect(Self.findings(odd).first?.contains("Intents.strings: error: UTF-16 with an odd number of bytes") == true, "\(Self.findings(odd))")
        let comment = try Self.localization(Data("\"sc0001\" = \"Soupe\";\n/* never closed".utf8))
        #expect(Self.findings(comment).first?.contains("Intents.strings:2:1: error: not a valid .strings file") == true, "\(Self.findings(comment))")
        let twice = try Self.localization(Data("\"sc0001\" = \"Soupe\";\n\"sc0001\" = \"Soupe\";".utf8))
        #expect(Self.findings(twice).first?.contains("Intents.strings:2:1: error:") == true)
        let escapes = try Self.localization(Data(#""sc0001" = "Soupe \"du\" jour\n\U00e9";"#.utf8))
        #expect(try CorpusFormat.load(at: escapes).corpus.schema.entities.contains { $0.name == "Soup" })
    }

    @Test func aTranslatedTitleThatCannotBeAPatternIsNamedInTheStringsFile() throws {
        let deep = String(repeating: "(", count: 30_000) + String(repeating: ")", count: 30_000)
        let strings = try Self.localization(Data("/* Soup Chef */\n\"sc0034\" = \"Commander \(deep) ${soup}\";\n".utf8))
        let findings = Self.findings(strings)
        #expect(findings.contains { $0.contains("fr.lproj/Intents.strings:2:12: warning:") && $0.contains("no training utterance") }, "\(findings)")
    }

    // MARK: Shortcut and history files

    static let schema: Schema = {
        (try? CorpusFormat.load(at: soupChef).corpus.schema) ?? Schema()
    }()

    @Test(arguments: [
        ("- {phrase: soup time, intent: OrderSoup, parameters: {quantity: banana}}", "'banana' is not read as builtin.number"),
        ("- {phrase: '?!...', intent: OrderSoup}", "has no word"),
        ("- {phrase: soup time, intent: OrderSoup}\n- {phrase: 'Soup, TIME!', intent: TipCourier}", "give each shortcut a phrase of its own"),
        ("- {phrase: soup time, intent: OrderSoup, id: a}\n- {phrase: soup now, intent: OrderSoup, id: a}", "the id 'a' is also shortcut 1's"),
        ("- {phrase: soup time, intent: OrderSoup, parameters: {soup: gazpacho}}", "'gazpacho' is not a value of 'Soup'"),
    ])
    func shortcutFilesAreCheckedAsASet(text: String, message: String) {
        #expect { try UserShortcutsFormat.read(text: text, displayPath: "s.yaml", schema: Self.schema) } throws: { error in
            "\(error)".contains("s.yaml:") && "\(error)".contains(message)
        }
    }

    @Test(arguments: [
        ("- {intent: OrderSoup, parameters: {soup: gazpacho}, date: 2026-11-30}", "'gazpacho' is not a value of 'Soup'"),
        ("- {intent: OrderSoup, parameters: {quantity: lots}, date: 2026-11-30}", "'lots' is not read as builtin.number"),
        ("- {intent: OrderSoup, date: 20260-11-30}", "is not a date"),
        ("- {intent: OrderSoup, date: 2026-02-30}", "is not a date"),
    ])
    func historyFilesAreCheckedAgainstTheSchema(text: String, message: String) {
        #expect { try UserHistoryFormat.read(text: text, displayPath: "h.yaml", schema: Self.schema) } throws: { error in
            "\(error)".contains("h.yaml:1:") && "\(error)".contains(message)
        }
    }

    @Test func aLongHistoryIsReadWhole() throws {
        let text = (0..<10_000).map { "- {intent: OrderSoup, parameters: {quantity: 2}, date: 2026-\(String(format: "%02d", 1 + $0 % 12))-\(String(format: "%02d", 1 + $0 % 28))T12:15}" }.joined(separator: "\n")
        #expect(try UserHistoryFormat.read(text: text, displayPath: "h.yaml", schema: Self.schema).count == 10_000)
    }
}
