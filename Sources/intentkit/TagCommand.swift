import ArgumentParser
import Foundation
import IntentKit

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Tag utterances read from stdin with BIO slot labels, one line of tags per line.",
        discussion: """
            Writes one tag per white-space-separated token of each input line, so the output lines \
            up with seq.out files (a token the tokenizer splits further takes its first piece's tag).
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

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
            let path = tagger.labels(of: line, workspace: &workspace)
            let tokens = workspace.tokens.tokens
            var tags = [String]()
            var next = 0
            for chunk in whitespaceChunks(line) {
                while next < tokens.count && tokens[next].range.upperBound <= chunk.lowerBound { next += 1 }
                if next < tokens.count && tokens[next].range.lowerBound < chunk.upperBound {
                    tags.append(tagger.model.labels.tag(path[next]).description)
                } else {
                    tags.append("O")
                }
            }
            output += tags.joined(separator: " ") + "\n"
            if output.utf8.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// Scalar ranges of the white-space-separated chunks of `line`.
    private func whitespaceChunks(_ line: String) -> [Range<Int>] {
        var chunks = [Range<Int>]()
        var start: Int?
        var index = 0
        for scalar in line.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let begin = start { chunks.append(begin..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
            index += 1
        }
        if let begin = start { chunks.append(begin..<index) }
        return chunks
    }
}
