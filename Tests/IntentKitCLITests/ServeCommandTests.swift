import Foundation
import IntentKitTestSupport
import Testing

/// `intentkit serve` as operators run it: signals, logs, refusals.
@Suite("intentkit serve")
struct ServeCommandTests: CommandLineRunning {
    static let fixtureModels = CommandLinePaths.repository.appendingPathComponent("Tests/IntentKitTests/Fixtures/models")

    /// A running `intentkit serve` with its standard error collected.
    final class Server: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var errorText = ""
        private(set) var port = 0

        init(_ arguments: [String]) throws {
            process.executableURL = CommandLinePaths.binary
            process.arguments = ["serve", "--port", "0", "--log-format", "json"] + arguments
            let stderr = Pipe()
            process.standardError = stderr
            process.standardOutput = FileHandle.nullDevice
            stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.lock()
                self.errorText += String(decoding: data, as: UTF8.self)
                self.lock.unlock()
            }
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while port == 0 && Date() < deadline && process.isRunning {
                if let line = log.split(separator: "\n").first(where: { $0.contains(#""message":"listening""#) }),
                   let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                    port = Int(line[range].split(separator: ":")[1]) ?? 0
                }
                usleep(20_000)
            }
            if port == 0 { process.terminate() }
        }

        var log: String {
            lock.lock()
            defer { lock.unlock() }
            return errorText
        }

        /// Waits for the process to end, at most `seconds`.
        func waitForExit(seconds: Double = 30) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            return !process.isRunning
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    /// On SIGTERM the server stops taking connections but answers the request it was reading.
    @Test func sigtermFinishesTheRequestInFlightThenExits() throws {
        let server = try Server(["--model", Self.fixtureModels.appendingPathComponent("format-1.6.model").path])
        try #require(server.port != 0, "\(server.log)")
        let connection = try LoopbackConnection(port: server.port)
        let body = #"{"text": "get me a ride to the airport"}"#
        try connection.send("POST /parse HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(12))
        // The request is in the server's hands once the access log would be the next line; give it that time.
        usleep(300_000)
        server.process.terminate()  // SIGTERM
        usleep(300_000)
        try connection.send(String(body.dropFirst(12)))
        let answer = try connection.readAnswer()
        #expect(answer.status == 200 && answer.object["intent"] as? String == "RequestRide", "\(answer.text)")
        #expect(server.waitForExit(), "still running after SIGTERM: \(server.log)")
        #expect(server.process.terminationStatus == 0, "\(server.log)")
        #expect(throws: (any Error).self) { try LoopbackConnection(port: server.port) }
        // The access log: one JSON object per line, the request among them.
        let lines = server.log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == server.log.split(separator: "\n").count, "\(server.log)")
        #expect(lines.contains { $0["route"] as? String == "/parse" && $0["status"] as? String == "200" && $0["method"] as? String == "POST" }, "\(server.log)")
    }

    /// A model that carries its sentence encoder serves where it is not installed: the fixture's
    /// training directory is gone, and the model reads the encoder from itself first.
    @Test func aModelThatCarriesItsEncoderServesWhereNoneIsInstalled() throws {
        let server = try Server(["--model", Self.fixtureModels.appendingPathComponent("carried-encoder.model").path])
        try #require(server.port != 0, "\(server.log)")
        defer { server.process.terminate() }
        let answer = try LoopbackConnection(port: server.port).request("POST", "/parse", body: Array(#"{"text": "get me a ride to the library"}"#.utf8))
        #expect(answer.status == 200 && answer.object["intent"] as? String == "RequestRide", "\(answer.text)")
        let model = try LoopbackConnection(port: server.port).request("GET", "/model")
        #expect(model.object["formatVersion"] as? String == "1.12", "\(model.text)")
    }

    /// The model parses its corpus's language: `inspect` and `GET /model` say which, and a
    /// request for another language is refused rather than parsed as if it were this one.
    @Test func aModelParsesItsCorpussLanguageAndARequestCannotChangeIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = directory.appendingPathComponent("soupe.yaml"), model = directory.appendingPathComponent("soupe.model")
        try Data("""
            language: fr
            intents:
              - name: CommanderSoupe
                utterances: [une soupe à l'oignon, je voudrais une soupe, commande une soupe aux tomates, une soupe s'il te plaît]
              - name: Annuler
                utterances: [annule ma commande, laisse tomber, annule la soupe, je ne veux plus rien]
            """.utf8).write(to: corpus)
        let trained = try run(["train", corpus.path, "--no-tune", "--max-iterations", "5", "--output", model.path])
        #expect(trained.status == 0 && trained.stderr.contains("note: the corpus is in fr: "), "\(trained.stderr)")
        #expect(try run("inspect", model.path).stdout.contains("\nlanguage: fr\n"))
        let server = try Server(["--model", model.path])
        try #require(server.port != 0, "\(server.log)")
        defer { server.process.terminate() }
        #expect(try LoopbackConnection(port: server.port).request("GET", "/model").object["language"] as? String == "fr")
        let other = try LoopbackConnection(port: server.port).request("POST", "/parse", body: Array(#"{"text": "annule ma commande", "language": "de"}"#.utf8))
        #expect(other.status == 400 && other.text.contains("this model parses fr (its corpus's language), which a request cannot change"), "\(other.text)")
        let same = try LoopbackConnection(port: server.port).request("POST", "/parse", body: Array(#"{"text": "annule ma commande", "language": "fr-CA"}"#.utf8))
        #expect(same.status == 200 && same.object["intent"] as? String == "Annuler", "\(same.text)")
    }

    /// SIGHUP reads the model file again: the next requests see the new model.
    @Test func sighupReloadsTheModel() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("served.model")
        try FileManager.default.copyItem(at: Self.fixtureModels.appendingPathComponent("format-1.6.model"), to: model)
        let server = try Server(["--model", model.path])
        try #require(server.port != 0, "\(server.log)")
        defer { server.process.terminate() }
        let before = try LoopbackConnection(port: server.port).request("GET", "/model")
        #expect(before.object["formatVersion"] as? String == "1.6")

        try FileManager.default.removeItem(at: model)
        try FileManager.default.copyItem(at: Self.fixtureModels.appendingPathComponent("format-1.5.model"), to: model)
        kill(server.process.processIdentifier, SIGHUP)
        var generation = 1
        let deadline = Date().addingTimeInterval(30)
        while generation != 2 && Date() < deadline {
            usleep(50_000)
            generation = try LoopbackConnection(port: server.port).request("GET", "/health").object["modelGeneration"] as? Int ?? 0
        }
        #expect(generation == 2, "\(server.log)")
        #expect(try LoopbackConnection(port: server.port).request("GET", "/model").object["formatVersion"] as? String == "1.5")
        #expect(server.log.contains(#""message":"model reloaded""#))
    }

    @Test func serveRefusesAMissingModelAShortTokenAndABadPort() throws {
        let missing = try run("serve", "--model", "/nonexistent/served.model", "--port", "0")
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/served.model"), "\(missing.stderr)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = directory.appendingPathComponent("token")
        try Data("short\n".utf8).write(to: token)
        let model = Self.fixtureModels.appendingPathComponent("format-1.6.model").path
        let short = try run("serve", "--model", model, "--port", "0", "--admin-token-file", token.path)
        #expect(short.status == 1 && short.stderr.contains("at least 16"), "\(short.stderr)")
        let port = try run("serve", "--model", model, "--port", "70000")
        #expect(port.status == 64 && port.stderr.contains("--port"), "\(port.stderr)")
    }
}
