import ArgumentParser
import Foundation
import IntentKit

/// The `intentkit` command: its subcommands and how it reports a mistyped one.
public struct IntentKitCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "intentkit",
        abstract: "Build natural-language understanding for your app: corpora, intents and slots.",
        discussion: """
            Corpus formats are detected from the path (or set with --format): \
            \(CorpusFormatArgument.allValueStrings.joined(separator: ", ")).
            """,
        version: IntentKitVersion.current,
        subcommands: [ValidateCommand.self, ImportCommand.self, StatsCommand.self, TrainCommand.self, TagCommand.self, ParseCommand.self, EntitiesCommand.self, EncodeCommand.self, EncodersCommand.self, EvaluateCommand.self, CrossValidateCommand.self, BenchmarkCommand.self, InspectCommand.self, ServeCommand.self]
    )

    public init() {}

    /// Parses the process's arguments and runs as ArgumentParser does, adding a "did you mean"
    /// line to a mistyped subcommand or option; exits with the command's status on failure.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty {
            // A bare `intentkit` is a usage error, not a success: say what it takes.
            StandardError.print(helpMessage())
            StandardError.print("error: name a subcommand (intentkit help SUBCOMMAND tells more)")
            exit(withError: ExitCode.validationFailure)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code != .success, let suggestion = suggestion(for: arguments) {
                StandardError.print(fullMessage(for: error))
                StandardError.print(suggestion)
                exit(withError: ExitCode(code.rawValue))
            }
            exit(withError: error)
        }
    }

    /// "did you mean `train`?" for a word that is near one subcommand, or for an unknown option
    /// near one of its subcommand's options.
    static func suggestion(for arguments: [String]) -> String? {
        let commands = configuration.subcommands
        let names = commands.map { $0.configuration.commandName ?? "" } + ["help"]
        guard let first = arguments.first else { return nil }
        if !first.hasPrefix("-") && !names.contains(first) {
            return nearest(to: first, among: names).map { "did you mean `intentkit \($0)`?" }
        }
        guard let command = commands.first(where: { $0.configuration.commandName == first }) else { return nil }
        let help = command.helpMessage(columns: 1000)
        var options: Set<String> = ["--help", "--version"]
        var remainder = help[...]
        while let range = remainder.range(of: #"--[a-z][a-z0-9-]*"#, options: .regularExpression) {
            options.insert(String(remainder[range]))
            remainder = remainder[range.upperBound...]
        }
        for argument in arguments.dropFirst() where argument.hasPrefix("--") && argument != "--" {
            let name = String(argument.split(separator: "=", maxSplits: 1)[0])
            if !options.contains(name), let near = nearest(to: name, among: Array(options)) {
                return "did you mean `\(near)` for `\(name)`?"
            }
        }
        return nil
    }

    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = scored.first, best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment): a swap of two neighbours
    /// ("trian") counts as one edit, as typos usually are.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
