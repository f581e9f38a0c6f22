import ArgumentParser
import Foundation
import IntentKit

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Turn sentences into vectors with a pretrained sentence encoder.",
        discussion: """
            Reads an encoder directory: a Hugging Face model (config.json, vocab.txt, \
            model.safetensors, and the sentence-transformers files when present) such as \
            all-MiniLM-L6-v2, or Universal Sentence Encoder multilingual as `intentkit encoders \
            install universal-sentence-encoder-multilingual` writes it. With text \
            arguments, encodes each; without, reads lines from stdin (strictly UTF-8: an invalid \
            line is an error naming it). Prints one JSON object a \
            line, {"text": …, "vector": […]}, or with --similarities the cosine similarity of \
            every pair, a row per text. Texts are encoded in batches that share each \
            projection, on --threads threads.
            """)

    @Option(help: ArgumentHelp("The encoder's directory.", valueName: "dir"))
    var encoder: String

    @Argument(help: "The texts; omit to read lines from stdin.")
    var texts: [String] = []

    @Flag(help: "Print the cosine similarities of the texts, a row each, instead of their vectors.")
    var similarities = false

    @Option(help: "Threads to encode batches of texts on.")
    var threads = 1

    @Option(help: ArgumentHelp("The projections' arithmetic: int8 (what training and parsing use) or float32 (the reference).",
                               valueName: "precision"))
    var precision: SentenceEncoder.Precision = .int8

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
    }

    func run() throws {
        let model = try SentenceEncoder(directory: URL(fileURLWithPath: encoder), precision: precision)
        var inputs = texts
        if inputs.isEmpty {
            var lines = InputLines(lenient: false)
            while let line = try lines.next() { inputs.append(line) }
        }
        let vectors = model.encode(inputs, threads: threads)
        if similarities {
            for a in vectors { print(vectors.map { String(format: "%.4f", SentenceEncoder.cosine(a, $0)) }.joined(separator: " ")) }
            return
        }
        let json = JSONEncoder()
        json.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (text, vector) in zip(inputs, vectors) {
            print(String(decoding: try json.encode(Line(text: text, vector: vector)), as: UTF8.self))
        }
    }

    private struct Line: Encodable {
        let text: String
        let vector: [Float]
    }
}

extension SentenceEncoder.Precision: ExpressibleByArgument {}
