import ArgumentParser
import Foundation
import IntentKit
import IntentKitEvaluation

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Tag utterances read from stdin with BIO slot labels, one line of tags per line.",
        discussion: """
            Writes one tag per white-space-separated token of each input line, so the output lines \
            up with seq.out files (a token the tokenizer splits further takes its first piece's tag). \
            With --n-best N, writes for each input line up to N lines "probability<TAB>tags", best \
            first, then an empty line.
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    @Option(name: .customLong("n-best"), help: "Write the N most probable tag sequences of each utterance with their probabilities.")
    var nBest: Int?

    func validate() throws {
        if let nBest, nBest < 1 { throw ValidationError("--n-best must be at least 1") }
    }

    func run() throws {
        let tagger: SlotTagger
        do {
            tagger = try SlotTagger(contentsOf: URL(fileURLWithPath: model))
        } catch {
            StandardError.print("\(model): error: \(error)")
            throw ExitCode.failure
        }
        var workspace = tagger.makeWorkspace()
        var output = ""
        while let line = readLine(strippingNewline: true) {
            if let nBest {
                for hypothesis in tagger.nBest(line, count: nBest, workspace: &workspace) {
                    output += String(format: "%.6f\t", hypothesis.probability) + alignedTags(hypothesis.labels, line: line, workspace: workspace, tagger: tagger) + "\n"
                }
                output += "\n"
            } else {
                let path = tagger.labels(of: line, workspace: &workspace)
                output += alignedTags(path, line: line, workspace: workspace, tagger: tagger) + "\n"
            }
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// One tag per white-space-separated chunk of `line`: the tag of the chunk's first token.
    private func alignedTags(_ path: [Int], line: String, workspace: SlotTagger.Workspace, tagger: SlotTagger) -> String {
        let tokens = workspace.tokens.tokens
        var tags = [String]()
        var next = 0
        for chunk in WordProjection.words(of: line) {
            while next < tokens.count && tokens[next].range.upperBound <= chunk.lowerBound { next += 1 }
            if next < tokens.count && tokens[next].range.lowerBound < chunk.upperBound {
                tags.append(tagger.model.labels.tag(path[next]).description)
            } else {
                tags.append("O")
            }
        }
        return tags.joined(separator: " ")
    }
}
