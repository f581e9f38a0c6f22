import ArgumentParser
import Foundation
import IntentKitCorpus

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count utterances, intents, slots and entities; summarise vocabulary and lengths.")

    @OptionGroup var input: CorpusInputOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let statistics = CorpusStatistics(try input.load().corpus)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(statistics), as: UTF8.self))
        } else {
            print(StatisticsTable(statistics).text)
        }
    }
}
