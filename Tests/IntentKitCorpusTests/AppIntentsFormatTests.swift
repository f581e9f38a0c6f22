import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

@Suite("App Intents", .enabled(if: AppIntentsFormat.isAvailable))
struct AppIntentsFormatTests {
    /// A small app's sources, written for these tests, in a fresh directory: a parking app.
    static func parkingApp(_ files: [String: String] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ParkMe-\(UUID().uuidString)")
        let sources: [String: String] = [
            "Intents/StartParking.swift": #"""
                import AppIntents

                struct StartParkingIntent: AppIntent {
                    static let title: LocalizedStringResource = "Start Parking"
                    static var description: IntentDescription { IntentDescription("Starts a parking session in the zone you are in.") }

                    @Parameter(title: "Zone", requestValueDialog: IntentDialog("Which zone are you parked in?"))
                    var zone: ParkingZone

                    @Parameter(title: "Duration")
                    var duration: Measurement<UnitDuration>?

                    @Parameter(title: "Plates", default: [])
                    var plates: [String]

                    @Parameter(title: "Rate")
                    var rate: RateKind?

                    static var parameterSummary: some ParameterSummary {
                        Summary("Park in \(\.$zone) for \(\.$duration)") { \.$rate }
                    }

                    func perform() async throws -> some IntentResult { .result() }
                }

                struct StopParkingIntent: AppIntent {
                    static var title: LocalizedStringResource = "Stop Parking"
                    static var description = IntentDescription("Ends the session you started, and pays for it.")
                    func perform() async throws -> some IntentResult { .result() }
                }

                struct SetRemindersIntent: AudioPlaybackIntent {
                    static var title: LocalizedStringResource = "Set Reminders"
                    @Parameter(title: "On") var isOn: Bool
                    static var parameterSummary: some ParameterSummary { Summary("Turn reminders \(\.$isOn)") }
                    func perform() async throws -> some IntentResult { .result() }
                }

                struct ZoneWidget: WidgetConfigurationIntent {
                    static var title: LocalizedStringResource = "Zone"
                }
                """#,
            "Model/Types.swift": #"""
                import AppIntents

                enum RateKind: String, AppEnum {
                    case hourly, dailyMax
                    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Rate"
                    static var caseDisplayRepresentations: [RateKind: DisplayRepresentation] = [
                        .hourly: DisplayRepresentation(title: "Hourly Rate", synonyms: ["by the hour"]),
                    ]
                }

                struct ParkingZone: AppEntity {
                    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Zone"
                    static var defaultQuery = ZoneQuery()
                    var id: String
                    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
                }

                struct UnusedEntity: AppEntity {}

                struct ParkMeShortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        AppShortcut(intent: StartParkingIntent(), phrases: ["Park in \(\.$zone) with \(.applicationName)", "Open \(.applicationName)"],
                                    shortTitle: "Park", systemImageName: "car")
                        AppShortcut(intent: StopParkingIntent(), phrases: ["Stop my \(.applicationName) session"], shortTitle: "Stop", systemImageName: "stop")
                    }
                }
                """#,
            ".build/checkouts/Other/Hidden.swift": "struct NotRead: AppIntent { static var title: LocalizedStringResource = \"No\" }",
        ].merging(files) { $1 }
        for (path, text) in sources {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func intentsParametersEnumsAndPhrasesBecomeASchema() throws {
        let directory = try Self.parkingApp()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try CorpusFormat.detect(at: directory) == .appIntents)
        let loaded = try CorpusFormat.load(at: directory)
        let schema = loaded.corpus.schema
        #expect(schema.intents.map(\.name) == ["StartParkingIntent", "StopParkingIntent", "SetRemindersIntent"])
        let start = try #require(schema.intent(named: "StartParkingIntent"))
        #expect(start.parameters == [
            Parameter(name: "zone", entity: .custom("ParkingZone"), isRequired: true, prompt: "Which zone are you parked in?"),
            Parameter(name: "duration", entity: .builtin(.duration)),
            Parameter(name: "plates", entity: .custom("plates"), allowsMultipleValues: true),
            Parameter(name: "rate", entity: .custom("RateKind")),
        ])
        // The title, the summary, the option the summary lists below it, the shortcut's phrases
        // without the app's name (and "Open …", nothing once the name is gone), its short title.
        // The summary is said without the duration, which may be left out, and the word that led to it.
        #expect(start.patterns == ["start parking", "park in [zone] for [duration]", "park in [zone]", "park",
                                   "park in [zone] for [duration] with [rate]", "park in [zone] with [rate]"])
        // A description is the request it describes, in the user's words, up to its comma.
        #expect(schema.intent(named: "StopParkingIntent")?.patterns == ["stop parking", "end the session i started", "stop my session", "stop"])
        // An enum is a closed entity; a case without a representation is named in words.
        let rate = try #require(schema.entity(named: "RateKind"))
        #expect(!rate.allowsOtherValues)
        #expect(rate.values == [EntityValue(identifier: "hourly", phrase: "Hourly Rate", synonyms: ["by the hour"]),
                                EntityValue(identifier: "dailyMax", phrase: "daily max")])
        // An entity the app looks up at run time is open; one no parameter takes is left out.
        #expect(schema.entity(named: "ParkingZone") == Entity(name: "ParkingZone"))
        #expect(schema.entity(named: "UnusedEntity") == nil)
        // A switch is turned and enabled; a widget's configuration is no request.
        let reminders = try #require(schema.intent(named: "SetRemindersIntent"))
        #expect(reminders.patterns.contains("turn [isOn] reminders"))
        #expect(reminders.patterns.contains("[isOn] reminders"))
        #expect(schema.entity(named: "isOn")?.values.first?.synonyms == ["enable", "enabled", "activate"])
        #expect(loaded.diagnostics.map(\.message).contains("not modelled: widget and control configuration intents (1)"))
        #expect(loaded.corpus.locations[.intent("StopParkingIntent")]?.line == 26)
        #expect(loaded.corpus.locations[.intent("StopParkingIntent")]?.file.hasSuffix("Intents/StartParking.swift") == true)
    }

    @Test func sourcesWithoutIntentsOrWithOneTwiceAreRefusedWithTheirPlaces() throws {
        let none = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).swift")
        try "struct Plain { var x = 1 }\nfunc broken( {".write(to: none, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(try CorpusFormat.detect(at: none) == .appIntents)
        #expect(throws: CorpusError.self) { try CorpusFormat.load(at: none) }
        let twice = try Self.parkingApp(["Extra.swift": "struct StopParkingIntent: AppIntent {\n  static var title: LocalizedStringResource = \"Stop\"\n}\n"])
        defer { try? FileManager.default.removeItem(at: twice) }
        let loaded = try CorpusFormat.load(at: twice)
        let error = try #require(loaded.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("a second AppIntent named 'StopParkingIntent'"))
        #expect(error.location?.file.hasSuffix("Intents/StartParking.swift") == true)
        #expect(error.location?.line == 26 && error.location?.column == 1)
        #expect(error.message.contains("Extra.swift:1:1"))
    }
}

/// The guard before swift-syntax's parser, which runs in every build (it needs no trait).
@Suite("App Intents: nesting")
struct AppIntentsNestingTests {
    func problem(_ text: String) -> String? {
        do {
            try AppIntentsFormat.checkNesting(of: text, file: "Deep.swift")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func bracketsNestedTooDeepAreRefusedAtTheBracketThatGoesTooDeep() throws {
        // swift-syntax's parser overflows its stack on a few thousand; its array-type lookahead
        // doubles its time with each square bracket.
        let deep = "let a = 1\nlet x = " + String(repeating: "(", count: 2_000) + "1" + String(repeating: ")", count: 2_000)
        #expect(problem(deep) == "Deep.swift:2:109: error: brackets nested deeper than 100 levels; IntentKit reads apps' App Intents, not generated code this deep")
        let squares = "let x = " + String(repeating: "[(", count: 17) + "1" + String(repeating: ")]", count: 17)
        #expect(problem(squares)?.contains("Deep.swift:1:41: error: square brackets nested deeper than 16 levels") == true)
        let closed = String(repeating: "[[[[[[[[[[[[1]]]]]]]]]]]],\n", count: 500)
        #expect(problem("let x = [" + closed + "]") == nil)
        #expect(problem("let x = " + String(repeating: "{", count: 100) + String(repeating: "}", count: 100)) == nil)
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() {
        let opened = String(repeating: "(", count: 500)
        let text = """
            let a = "\(opened)" // \(opened)
            /* \(opened) /* nested */ \(opened) */
            let b = \"\"\"
                \(opened) "still in the string"
                \"\"\"
            let c = #"\(opened)\"#
            let d = "escaped \\" \(opened)"
            let e = ""
            """
        #expect(problem(text) == nil)
        // A string left open ends with its line: the brackets after it count.
        #expect(problem("let s = \"unterminated\nlet x = " + opened) != nil)
    }
}
