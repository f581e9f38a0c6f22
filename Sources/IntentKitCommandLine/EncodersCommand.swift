import ArgumentParser
import Foundation
import IntentKit

struct EncodersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encoders",
        abstract: "List the sentence encoders found on this machine, and whether each loads.",
        discussion: """
            Looks in each directory given, or by default in the project's .venv-encoder (where \
            scripts/setup-encoder installs all-MiniLM-L6-v2) and in the directories of the \
            INTENTKIT_ENCODERS variable (colon-separated), for model directories (config.json \
            beside model.safetensors), up to six levels down. Each is loaded: a line with its \
            path, dimension, layers and vocabulary, or why it cannot be used.
            """)

    @Argument(help: "Directories to look in.")
    var directories: [String] = []

    func run() throws {
        var roots = directories
        if roots.isEmpty {
            roots = EncoderDirectories.searchedRoots
        }
        var found = [URL]()
        for root in roots { found += EncoderDirectories.modelDirectories(under: URL(fileURLWithPath: root), depth: 6) }
        guard !found.isEmpty else {
            print("no encoder found in \(roots.joined(separator: ", ")); scripts/setup-encoder installs all-MiniLM-L6-v2")
            return
        }
        for directory in found {
            do {
                let encoder = try SentenceEncoder(directory: directory)
                print("\(directory.path)\tdimension \(encoder.dimension), \(encoder.configuration.layerCount) layers, "
                      + "\(encoder.configuration.vocabularySize) pieces, up to \(encoder.maximumLength) a sentence\(encoder.normalizes ? ", unit vectors" : "")")
            } catch {
                print("\(directory.path)\tcannot be used: \(error)")
            }
        }
    }
}
