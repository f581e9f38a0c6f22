import Foundation
import Testing

/// Hostile and mistaken input to every command: each gets a located error and exit status 1
/// (64 for a usage error), never a trap, a hang or a silent wrong answer.
@Suite("intentkit hardening")
struct HardeningTests: CommandLineRunning {
    /// A trained model of the payments fixture, shared by the tests that need one.
    static let model: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-hardening-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("payments.model").path
        let process = Process()
        process.executableURL = CommandLinePaths.binary
        process.arguments = ["train", CommandLinePaths.fixtures.appendingPathComponent("payments.yaml").path, "--output", path, "--max-iterations", "30", "--no-encoder"]
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
        return path
    }()

    private func expectRefused(_ result: CommandLineResult, status: Int32 = 1, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func modelPathsThatAreNoModelFileAreRefusedWithTheReason() throws {
        let directory = try temporaryDirectory()
        for command in [["parse", "--model", directory.path, "hello"], ["inspect", directory.path], ["tag", "--model", directory.path],
                        ["benchmark", "--model", directory.path], ["evaluate", "--model", directory.path, "payments.yaml"]] {
            expectRefused(try run(command, in: Self.fixtures, stdin: Data()), saying: "is a directory")
        }
        let fifo = directory.appendingPathComponent("fifo.model").path
        #expect(mkfifo(fifo, 0o644) == 0)
        expectRefused(try run("inspect", fifo), saying: "is not a regular file")
        let loop = directory.appendingPathComponent("loop.model").path
        #expect(symlink(loop, loop) == 0)
        expectRefused(try run("inspect", loop), saying: "Too many levels of symbolic links")

        // A sparse 30 GB file is refused after its header, without reading or allocating it.
        let model = try Data(contentsOf: URL(fileURLWithPath: Self.model))
        let huge = directory.appendingPathComponent("huge.model").path
        try Data(model.prefix(32)).write(to: URL(fileURLWithPath: huge))
        #expect(truncate(huge, 30 << 30) == 0)
        expectRefused(try run("inspect", huge), saying: "but its header says")
        var claimsHuge = [UInt8](model.prefix(32))
        withUnsafeBytes(of: UInt64(30 << 30).littleEndian) { claimsHuge.replaceSubrange(16..<24, with: $0) }
        try Data(claimsHuge).write(to: URL(fileURLWithPath: huge))
        #expect(truncate(huge, 30 << 30) == 0)
        expectRefused(try run("inspect", huge), saying: "more than the 4294967296 a model file may have")

        let trailing = directory.appendingPathComponent("trailing.model")
        // 32 bytes after the last section, with the header's length saying so.
        var appended = model + Data(repeating: 0, count: 32)
        appended.replaceSubrange(16..<24, with: withUnsafeBytes(of: UInt64(model.count + 32).littleEndian) { Data($0) })
        try appended.write(to: trailing)
        expectRefused(try run("inspect", trailing.path), saying: "follow the last section")
    }

    @Test func rasaOffsetsBeyondIntAreLocatedErrors() throws {
        let directory = try temporaryDirectory()
        for number in ["1e308", "99999999999999999999", "-1e30"] {
            let file = directory.appendingPathComponent("nlu.json")
            try Data("""
                {"rasa_nlu_data": {"common_examples": [
                  {"text": "hi there", "intent": "greet", "entities": [{"start": 0, "end": \(number), "entity": "x"}]}
                ]}}
                """.utf8).write(to: file)
            let result = try run("validate", file.path)
            expectRefused(result, saying: "nlu.json:2:")
            #expect(result.stderr.contains("end: expected a whole number"), "\(result.stderr)")
        }
    }

    @Test func jsonErrorsNameLineAndColumnAndAByteOrderMarkIsAccepted() throws {
        let directory = try temporaryDirectory()
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\"rasa_nlu_data\": {\"common_examples\": [\n  {\"text\": \"hi\",\n   \"intent\": greet}]}}".utf8).write(to: broken)
        expectRefused(try run("validate", "--format", "rasa-json", broken.path), saying: "broken.json:3:14: error: not valid JSON: expected a value, found 'greet'")
        let bom = directory.appendingPathComponent("bom.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"rasa_nlu_data": {"common_examples": [{"text": "hi", "intent": "greet"}]}}"#.utf8)).write(to: bom)
        let accepted = try run("validate", bom.path)
        #expect(accepted.status == 0 && accepted.stdout.contains("1 utterance, 1 intent: 0 errors"), "\(accepted.stdout) \(accepted.stderr)")
    }

    @Test func aFormatThatDoesNotFitIsAnErrorNotAnEmptyCorpusOrModel() throws {
        let directory = try temporaryDirectory()
        let validated = try run("validate", "--format", "yaml", "bio", in: Self.fixtures)
        expectRefused(validated, saying: "no utterances were read")
        let output = directory.appendingPathComponent("empty.model")
        expectRefused(try run("train", "--format", "yaml", "bio", "--output", output.path, in: Self.fixtures), saying: "no utterances were read")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // A schema alone converts and validates with a warning; training says it has nothing to train on.
        let schemaOnly = directory.appendingPathComponent("schema.yaml")
        try Data("intents:\n  - name: General\n".utf8).write(to: schemaOnly)
        let warned = try run("validate", schemaOnly.path)
        #expect(warned.status == 0 && warned.stderr.contains("no utterances and no patterns: 1 intent with nothing to train on"), "\(warned.stderr)")
        expectRefused(try run("train", schemaOnly.path, "--output", output.path), saying: "nothing to train on: no utterances, and no pattern of its 1 intent gives one")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Options that leave no feature: refused after training, nothing written.
        expectRefused(try run("train", "payments.yaml", "--min-frequency", "100000", "--max-iterations", "5", "--output", output.path, in: Self.fixtures),
                      saying: "the trained model has no features")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func importAndTrainRefuseWhatValidateRejects() throws {
        let directory = try temporaryDirectory()
        let corpus = directory.appendingPathComponent("bad.yaml")
        try Data("""
            domain: d
            intents:
              - name: A
                parameters:
                  - {name: x, entity: builtin.number}
                utterances:
                  - send [5](y) now
                  - send [5](x) now
                  - send 5 now
                  - send 6 now
                  - send 7 now
            """.utf8).write(to: corpus)
        for command in [["import", corpus.path, "--output", directory.appendingPathComponent("out.json").path],
                        ["train", corpus.path, "--output", directory.appendingPathComponent("out.model").path]] {
            expectRefused(try run(command), saying: "bad.yaml:7:")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bad.yaml"])
    }

    @Test func outOfRangeOptionsAreRefusedUpFront() throws {
        for (option, value, message) in [("--c1", "nan", "--c1 must be a finite number"), ("--c2", "inf", "--c2 must be a finite number"),
                                         ("--prune-below", "inf", "--prune-below must be a finite number"),
                                         ("--swap-copies", "1000000", "--swap-copies must be from 0 to 20"),
                                         ("--threads", "0", "--threads must be from 1")] {
            expectRefused(try run("train", "payments.yaml", option, value, "--output", "/tmp/never.model", in: Self.fixtures), status: 64, saying: message)
        }
        for gate in ["--min-intent-accuracy", "--min-slot-f1", "--min-sentence-accuracy"] {
            expectRefused(try run("evaluate", "--model", Self.model, "payments.yaml", gate, "0.95", in: Self.fixtures), status: 64,
                          saying: "looks like a fraction; gates take percentages")
        }
    }

    @Test func yamlWhoseAliasesExplodeIsRefused() throws {
        let directory = try temporaryDirectory()
        let bomb = directory.appendingPathComponent("bomb.yaml")
        let value = String(repeating: "x", count: 100_000)
        let text = "domain: d\nintents:\n  - name: A\n    utterances:\n      - &big \"\(value)\"\n" + String(repeating: "      - *big\n", count: 10_000)
        try Data(text.utf8).write(to: bomb)
        expectRefused(try run("validate", bomb.path), saying: "aliases expand it past")
    }

    @Test func invalidUTF8OnStandardInputIsReportedByLine() throws {
        let input = Data("check my balance\n".utf8) + Data([0x73, 0x65, 0x6E, 0x64, 0x20, 0xFF, 0xFE, 0x0A]) + Data("hello\n".utf8)
        for command in ["parse", "tag"] {
            let strict = try run([command, "--model", Self.model], stdin: input)
            expectRefused(strict, saying: "stdin:2: error: invalid UTF-8 at byte 6 of the line")
            #expect(strict.stdout.split(separator: "\n").count == 1)  // the line before still answered
            let lenient = try run([command, "--model", Self.model, "--lenient"], stdin: input)
            #expect(lenient.status == 0 && lenient.stderr.contains("stdin:2: warning: invalid UTF-8"))
            #expect(lenient.stdout.split(separator: "\n").count == 2 && !lenient.stdout.contains("\u{FFFD}"))
        }
    }

    @Test func parseAnswersEachLineBeforeTheNextArrives() throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["parse", "--model", Self.model]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        let descriptor = stdout.fileHandleForReading.fileDescriptor
        for utterance in ["check my balance", "send Buttercup 85 bucks"] {
            stdin.fileHandleForWriting.write(Data((utterance + "\n").utf8))
            // The answer must come while stdin stays open: poll with a deadline.
            var line = Data()
            let deadline = Date().addingTimeInterval(120)
            while !line.contains(0x0A) && Date() < deadline {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 1000) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                line.append(contentsOf: buffer[0..<count])
            }
            #expect(line.contains(0x0A), "no answer to '\(utterance)' while the input stayed open")
            #expect(String(decoding: line, as: UTF8.self).contains("\"text\":\"\(utterance)\""))
        }
    }

    @Test func trainChecksItsOutputFirstAndReplacesItAtomically() throws {
        let directory = try temporaryDirectory()
        expectRefused(try run("train", "payments.yaml", "--output", directory.appendingPathComponent("missing/x.model").path, in: Self.fixtures),
                      saying: "does not exist; nothing was trained")
        expectRefused(try run("train", "payments.yaml", "--output", directory.path, in: Self.fixtures), saying: "is a directory")
        let output = directory.appendingPathComponent("x.model")
        try Data("old".utf8).write(to: output)
        #expect(chmod(output.path, 0o444) == 0)
        expectRefused(try run("train", "payments.yaml", "--max-iterations", "5", "--output", output.path, in: Self.fixtures), saying: "pass --force")
        #expect(try Data(contentsOf: output) == Data("old".utf8))
        // A temporary file left by a killed run (its process gone) is cleaned up by the next write.
        let stale = directory.appendingPathComponent(".x.model.999999999.tmp")
        try Data("half".utf8).write(to: stale)
        let forced = try run("train", "payments.yaml", "--max-iterations", "5", "--output", output.path, "--force", in: Self.fixtures)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try Data(contentsOf: output).starts(with: Data("IKMODEL".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["x.model"])
    }

    /// `import` checks its output as `train` does, before reading anything.
    @Test func importChecksItsOutputFirst() throws {
        let directory = try temporaryDirectory()
        expectRefused(try run("import", "payments.yaml", "--output", directory.path, in: Self.fixtures),
                      saying: "is a directory; name the file to write; nothing was written")
        let output = directory.appendingPathComponent("corpus.yaml")
        try Data("old".utf8).write(to: output)
        #expect(chmod(output.path, 0o444) == 0)
        expectRefused(try run("import", "payments.yaml", "--output", output.path, in: Self.fixtures), saying: "is read-only; pass --force to replace it")
        #expect(try Data(contentsOf: output) == Data("old".utf8))
        let forced = try run("import", "payments.yaml", "--output", output.path, "--force", in: Self.fixtures)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("intents:"))
        // A directory is what the BIO format writes.
        let bio = try run("import", "payments.yaml", "--to", "bio", "--output", directory.path, in: Self.fixtures)
        #expect(bio.status == 0 && FileManager.default.fileExists(atPath: directory.appendingPathComponent("seq.in").path), "\(bio.stderr)")
        expectRefused(try run("import", "payments.yaml", "--to", "bio", "--output", output.path, "--force", in: Self.fixtures),
                      saying: "is a file; this format writes a directory")
    }

    /// A conversion says what the target cannot hold, kind by kind; --strict refuses instead.
    @Test func importSaysWhatTheTargetCannotHoldAndStrictRefuses() throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent("assistant.yml").path
        let lossy = try run("import", "Corpora/assistant", "--to", "rasa-yaml", "--output", output)
        #expect(lossy.status == 0, "\(lossy.stderr)")
        for loss in ["rasa-yaml: 11 domains written as one", "closed entities written as lookup tables", "pronunciation hints not written",
                     "required flags not written", "typed by a built-in entity"] {
            #expect(lossy.stderr.contains(loss), "\(loss): \(lossy.stderr)")
        }
        try FileManager.default.removeItem(atPath: output)
        let strict = try run("import", "Corpora/assistant", "--to", "rasa-yaml", "--output", output, "--strict")
        expectRefused(strict, saying: "error: rasa-yaml: 11 domains written as one")
        #expect(strict.stderr.contains("nothing was written (--strict)") && !FileManager.default.fileExists(atPath: output))
        let lossless = try run("import", "Corpora/assistant", "--to", "json", "--output", directory.appendingPathComponent("a.json").path, "--strict")
        #expect(lossless.status == 0, "\(lossless.stderr)")
    }

    /// A file beyond the bound is refused before it is read, with the bound and what to do.
    @Test func anOversizedCorpusFileIsRefusedUpFront() throws {
        let file = try temporaryDirectory().appendingPathComponent("huge.yaml")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(65 << 20))  // sparse: no disk, no time
        try handle.close()
        for command in [["validate", file.path], ["train", file.path, "--output", file.path + ".model"], ["import", file.path, "--output", file.path + ".json"]] {
            expectRefused(try run(command), saying: "at most 64 MiB (split a larger corpus into the files of a directory)")
        }
    }

    /// Counts read as English: "1 intent", "2 intents".
    @Test func countsTakeTheirNumber() throws {
        let directory = try temporaryDirectory()
        let corpus = directory.appendingPathComponent("one.yaml")
        try "intents:\n  - name: Greet\n    utterances:\n      - hello there\n".write(to: corpus, atomically: true, encoding: .utf8)
        let validated = try run("validate", corpus.path)
        #expect(validated.stdout.contains("1 utterance, 1 intent: 0 errors, "), "\(validated.stdout)")
        let imported = try run("import", corpus.path, "--output", directory.appendingPathComponent("out.json").path)
        #expect(imported.stderr.contains("wrote 1 utterance, 1 intent to "), "\(imported.stderr)")
    }

    /// A bare `intentkit` is a usage error that shows what the command takes.
    @Test func aBareCommandIsAUsageError() throws {
        let bare = try run()
        #expect(bare.status == 64 && bare.stdout.isEmpty)
        #expect(bare.stderr.contains("SUBCOMMANDS:") && bare.stderr.contains("error: name a subcommand"), "\(bare.stderr)")
    }

    @Test func theThreadCountDoesNotChangeTheModel() throws {
        let directory = try temporaryDirectory()
        var models = [Data]()
        for threads in ["1", "2", "3"] {
            let output = directory.appendingPathComponent("t\(threads).model")
            let trained = try run("train", "payments.yaml", "--max-iterations", "30", "--threads", threads, "--output", output.path, in: Self.fixtures)
            #expect(trained.status == 0, "\(trained.stderr)")
            models.append(try Data(contentsOf: output))
        }
        #expect(models[0] == models[1] && models[1] == models[2])
    }

    @Test func versionAndSuggestions() throws {
        let version = try run("--version")
        #expect(version.status == 0 && version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let inspected = try run("inspect", Self.model)
        #expect(inspected.stdout.contains("intentkitVersion: \(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"))
        expectRefused(try run("trian", "x"), status: 64, saying: "did you mean `intentkit train`?")
        expectRefused(try run("train", "x", "--outptu", "y"), status: 64, saying: "did you mean `--output` for `--outptu`?")
    }

    @Test func trainingStopsCleanlyOnInterrupt() throws {
        // A large dev set makes every iteration slow (each ends with a dev evaluation), so the
        // interrupt, sent when training starts, lands while the optimizer runs.
        let directory = try temporaryDirectory()
        let payments = try String(contentsOf: Self.fixtures.appendingPathComponent("payments.yaml"), encoding: .utf8)
        let utterances = payments.split(separator: "\n").filter { $0.hasPrefix("      - ") && $0.contains("](payee") }
        let dev = directory.appendingPathComponent("dev.yaml")
        try Data(("schema: " + Self.fixtures.appendingPathComponent("payments.yaml").path + "\nintents:\n"
                  + "  - name: SendPayment\n    utterances:\n"
                  + String(repeating: utterances.prefix(5).map { $0 + "\n" }.joined(), count: 400)).utf8).write(to: dev)
        let output = directory.appendingPathComponent("interrupted.model")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["train", "payments.yaml", "--dev", dev.path, "--max-iterations", "100000", "--patience", "100000",
                             "--c1", "0", "--c2", "0", "--no-encoder", "--output", output.path]
        process.currentDirectoryURL = Self.fixtures
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        var log = Data()
        while !String(decoding: log, as: UTF8.self).contains("intent classifier:") {
            let chunk = stderr.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += chunk
        }
        kill(process.processIdentifier, SIGINT)
        log += stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: log, as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(text)")
        // Which iteration the interrupt lands in depends on how soon this (possibly starved)
        // test thread sends it; that training stops there and keeps a model does not.
        #expect(text.contains("interrupt: stopping after this iteration") && text.contains("stopped: interrupted (Ctrl-C) after iteration "), "\(text)")
        let inspected = try run("inspect", output.path)
        #expect(inspected.status == 0 && inspected.stdout.contains("checksum ok"))
    }

    @Test func evaluateScoresExactlyTheSlotsParseReturns() throws {
        // An independent scorer: slots as (name, start, end) from `parse`, against the corpus's
        // gold spans written out by `import --to rasa-json` (offsets in Unicode scalars). The
        // model is undertrained on purpose, so that it makes mistakes to score; the same corpus
        // is scored as YAML and as BIO (whose gold slots cover whole words).
        let directory = try temporaryDirectory()
        let model = directory.appendingPathComponent("weak.model").path
        #expect(try run("train", "payments.yaml", "--max-iterations", "4", "--output", model, in: Self.fixtures).status == 0)
        let bio = directory.appendingPathComponent("bio").path
        #expect(try run("import", "payments.yaml", "--to", "bio", "--output", bio, in: Self.fixtures).status == 0)
        for corpus in [Self.fixtures.appendingPathComponent("payments.yaml").path, bio] {
            let gold = directory.appendingPathComponent("gold.json")
            #expect(try run("import", corpus, "--to", "rasa-json", "--output", gold.path).status == 0)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: gold)) as? [String: Any])
            let examples = try #require((root["rasa_nlu_data"] as? [String: Any])?["common_examples"] as? [[String: Any]])
            let texts = examples.map { $0["text"] as! String }
            let parsed = try run(["parse", "--model", model], stdin: Data((texts.joined(separator: "\n") + "\n").utf8))
            let lines = parsed.stdout.split(separator: "\n")
            #expect(lines.count == texts.count)
            struct Span: Hashable { var name: String; var start: Int; var end: Int }
            var truePositives = 0, predictedCount = 0, goldCount = 0
            for (example, line) in zip(examples, lines) {
                let goldSpans = Set((example["entities"] as? [[String: Any]] ?? []).map {
                    Span(name: $0["entity"] as! String, start: $0["start"] as! Int, end: $0["end"] as! Int)
                })
                let parse = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let predicted = Set((parse["slots"] as? [[String: Any]] ?? []).map {
                    Span(name: $0["name"] as! String, start: $0["start"] as! Int, end: $0["end"] as! Int)
                })
                truePositives += goldSpans.intersection(predicted).count
                predictedCount += predicted.count
                goldCount += goldSpans.count
            }
            let f1 = 200.0 * Double(truePositives) / Double(predictedCount + goldCount)
            let report = directory.appendingPathComponent("report.json")
            let evaluated = try run("evaluate", "--model", model, corpus, "--json", report.path)
            #expect(evaluated.status == 0, "\(evaluated.stderr)")
            let scores = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
            let micro = try #require((scores["slots"] as? [String: Any])?["micro"] as? [String: Any])
            #expect(abs((micro["f1"] as! Double) - f1) < 0.005, "\(corpus): evaluate \(micro["f1"]!) vs parse \(f1)")
            #expect(goldCount >= 10 && f1 < 100)
        }
    }
}
