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
            first, then an empty line. The best tags come from the same joint decoding as `parse` \
            (the predicted intent's slots only, the tagger's say in close intent calls), so they \
            score as `evaluate` scores the model except where a slot covers part of a word; \
            --no-joint allows every slot (as --n-best does). \
            Answers are written as soon as the input waits; a line that is not valid UTF-8 is an \
            error (skipped with a warning under --lenient).
            """)

    @Option(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    @Option(name: .customLong("n-best"), help: "Write the N most probable tag sequences of each utterance with their probabilities.")
    var nBest: Int?

    @Flag(inversion: .prefixedNo, help: "Decode as `parse` does (the intent's slots only); --no-joint allows every slot.")
    var joint = true

    @OptionGroup var userVocabulary: VocabularyOption

    @OptionGroup var encoderOption: EncoderOption

    @Flag(help: "Skip input lines that are not valid UTF-8 with a warning, instead of stopping with an error.")
    var lenient = false

    func validate() throws {
        if let nBest, nBest < 1 { throw ValidationError("--n-best must be at least 1") }
    }

    func run() throws {
        let loaded = try loadModel(model, encoder: encoderOption)
        let tagger = SlotTagger(model: loaded)
        let parser = try userVocabulary.apply(to: IntentParser(model: loaded))
        var workspace = tagger.makeWorkspace()
        var parserWorkspace = parser.makeWorkspace()
        let reference = Date(timeIntervalSince1970: 1_795_334_400)  // dates only affect values, not tags
        var input = InputLines(lenient: lenient)
        var output = LineOutput()
        defer { output.flush() }  // what was answered before an invalid line still goes out
        while let line = try input.next(beforeBlocking: { output.flush() }) {
            if let nBest {
                for hypothesis in tagger.nBest(line, count: nBest, workspace: &workspace) {
                    output.append(String(format: "%.6f\t", hypothesis.probability) + alignedTags(hypothesis.labels, line: line, workspace: workspace, tagger: tagger))
                }
                output.append("")
            } else if joint {
                let parse = parser.parse(line, workspace: &parserWorkspace, alternatives: 0, reference: reference)
                let spans = parse.slots.map { FrameComparison.Span(name: $0.name, start: $0.range.lowerBound, end: $0.range.upperBound) }
                let words = WordProjection.words(of: line)
                // Tags of the projected spans: a span that starts inside a word begins at the next one.
                let tags = WordProjection.tags(WordProjection.project(spans, onto: words), onto: words)
                output.append(tags.map(\.description).joined(separator: " "))
            } else {
                let path = tagger.labels(of: line, workspace: &workspace)
                output.append(alignedTags(path, line: line, workspace: workspace, tagger: tagger))
            }
        }
        output.flush()
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
