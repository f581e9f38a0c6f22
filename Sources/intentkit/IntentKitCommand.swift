import ArgumentParser

@main
struct IntentKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intentkit",
        abstract: "Build natural-language understanding for your app: corpora, intents and slots.",
        discussion: """
            Corpus formats are detected from the path (or set with --format): \
            \(CorpusFormatArgument.allValueStrings.joined(separator: ", ")).
            """,
        subcommands: [ValidateCommand.self, ImportCommand.self, StatsCommand.self, TrainCommand.self, TagCommand.self, ParseCommand.self, EvaluateCommand.self, CrossValidateCommand.self, BenchmarkCommand.self, InspectCommand.self]
    )
}
