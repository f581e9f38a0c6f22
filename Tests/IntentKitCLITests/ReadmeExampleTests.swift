import Foundation
import Testing
import Yams

/// The examples in README.md and docs/ are kept true: every YAML example is YAML and every
/// IntentKit corpus among them validates, every JSON example is JSON, and the README's quick start runs as written (with
/// training capped at a few iterations and untuned, to keep the debug run short).
@Suite("README and docs examples")
struct ReadmeExampleTests: CommandLineRunning {
    /// The fenced blocks of `language` in the README and every file of docs/, with where each is.
    static func blocks(_ language: String) throws -> [(place: String, text: String)] {
        let docs = Self.repository.appendingPathComponent("docs")
        let files = [Self.repository.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)).filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        var blocks = [(place: String, text: String)]()
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                if lines[index] == "```\(language)" {
                    let start = index + 1
                    var end = start
                    while end < lines.count, lines[end] != "```" { end += 1 }
                    blocks.append(("\(file.lastPathComponent):\(start)", lines[start..<end].joined(separator: "\n")))
                    index = end
                }
                index += 1
            }
        }
        return blocks
    }

    @Test("every YAML example is YAML, and every IntentKit corpus among them validates")
    func yamlCorpusExamplesValidate() throws {
        let yaml = try Self.blocks("yaml")
        for block in yaml {
            // A block may hold several documents (a Kubernetes Deployment and its Service).
            #expect(throws: Never.self, "\(block.place)") { _ = try Array(Yams.load_all(yaml: block.text)) }
        }
        let corpora = yaml.filter { block in
            block.text.components(separatedBy: "\n").contains { $0.hasPrefix("intents:") || $0.hasPrefix("domain:") || $0.hasPrefix("entities:") }
        }
        #expect(!corpora.isEmpty)
        let directory = try temporaryDirectory()
        for (number, block) in corpora.enumerated() {
            let file = directory.appendingPathComponent("example-\(number).yaml")
            try block.text.write(to: file, atomically: true, encoding: .utf8)
            let result = try run("validate", file.path)
            #expect(result.status == 0, "\(block.place): \(result.stderr)")
        }
    }

    @Test("every JSON example is JSON")
    func jsonExamplesParse() throws {
        let blocks = try Self.blocks("json")
        #expect(blocks.count >= 2)
        for block in blocks {
            // A block holds one JSON document, or JSON lines.
            let whole = try? JSONSerialization.jsonObject(with: Data(block.text.utf8))
            if whole != nil { continue }
            for line in block.text.components(separatedBy: "\n") where !line.isEmpty {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(block.place): \(line)")
            }
        }
    }

    /// Splits a shell command line into words: white space separates them, double quotes group.
    static func words(_ line: String) -> [String] {
        var words = [String](), current = "", quoted = false, started = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    @Test("the README's five-minute tour runs")
    func quickStartRuns() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## A five-minute tour").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        // (Not `encoders install`: it downloads from PyPI into the user's data directory; the
        // tour's training finds no encoder in tests, INTENTKIT_ENCODER=none.)
        let commands = block.components(separatedBy: "\n").filter { $0.hasPrefix("intentkit ") && !$0.hasPrefix("intentkit encoders install") }
        #expect(commands.count >= 5)
        let directory = try temporaryDirectory()
        for command in commands {
            var arguments = Array(Self.words(command).dropFirst())
            // The model goes to the test's folder; training is capped for the debug build (a few
            // iterations, no search of the classifier's setting: 35 fits of the whole corpus).
            arguments = arguments.map { $0 == "assistant.model" ? directory.appendingPathComponent("assistant.model").path : $0 }
            if arguments.first == "train" { arguments += ["--max-iterations", "8", "--no-tune"] }
            let result = try run(arguments)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            if arguments.first == "parse" { #expect(result.stdout.contains("\"intent\""), "\(command): \(result.stdout)") }
        }
    }

    @Test("the README's Soup Chef walk-through runs and says what it says")
    func soupChefRuns() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Siri Shortcuts: Soup Chef").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = block.components(separatedBy: "\n").filter { $0.hasPrefix("intentkit ") }
        #expect(commands.count == 4)
        let directory = try temporaryDirectory()
        var outputs = [String]()
        for command in commands {
            let arguments = Array(Self.words(command).dropFirst()).map {
                $0 == "soup.model" || $0 == "soup-chef.yaml" ? directory.appendingPathComponent($0).path
                    : $0.hasPrefix("Examples/") ? Self.repository.appendingPathComponent($0).path : $0
            }
            let result = try run(arguments)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[2].contains(#""response" : "Your order of three clam chowders will be ready in ten minutes.""#), "\(outputs[2])")
        #expect(outputs[3].contains(#""shortcut" : "usual-order""#), "\(outputs[3])")
    }

    /// `--respond` renders each part of a `--split`, and a `--response-value` fills only what
    /// the parse lacks: a value the user said is never replaced, a value its entity lacks is a
    /// problem.
    @Test func responsesFollowThePartsAndNeverReplaceWhatWasSaid() throws {
        let directory = try temporaryDirectory()
        let model = directory.appendingPathComponent("soup.model").path
        let definition = Self.repository.appendingPathComponent("Examples/soup-chef/Intents.intentdefinition").path
        #expect(try run("train", definition, "--no-encoder", "--output", model).status == 0)
        let split = try run("parse", "--model", model, "--split", "--respond", "success", "--response-value", "waitTime=10 minutes",
                            "order three clam chowders and tip the courier 5 dollars")
        #expect(split.status == 0, "\(split.stderr)")
        let requests = try #require((try JSONSerialization.jsonObject(with: Data(split.stdout.utf8)) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect(!requests.isEmpty && requests.allSatisfy { $0["response"] != nil || $0["responseProblem"] != nil }, "\(split.stdout)")
        let kept = try run("parse", "--model", model, "--respond", "success", "--response-value", "waitTime=10 minutes",
                           "--response-value", "soup=tomatoSoup", "order three clam chowders")
        #expect(kept.stdout.contains("three clam chowders will be ready in ten minutes"), "\(kept.stdout)")
        let unknown = try run("parse", "--model", model, "--respond", "success", "--response-value", "soup=gazpacho", "order three clam chowders")
        #expect(unknown.stdout.contains("'gazpacho' is not a value of 'Soup'"), "\(unknown.stdout)")
    }
}
