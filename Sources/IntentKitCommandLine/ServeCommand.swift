import ArgumentParser
import Foundation
import IntentKit
import IntentKitServer
import Logging

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a model over HTTP: parse, batch parse, entities, health, metrics, model.",
        discussion: """
            Routes (JSON bodies; GET /openapi.yaml describes them): POST /parse {"text": …, \
            "topK", "resolve", "referenceDate", "timeZone", "minConfidence", "vocabulary", \
            "vocabularyKey"}; POST /parse/batch {"texts": […], same options}; POST /entities \
            {"text", "referenceDate", "timeZone"}; GET /health; GET /metrics (Prometheus); \
            GET /model; POST /admin/reload (only with --admin-token-file, with \
            "Authorization: Bearer TOKEN"). Errors are {"error": {"code", "message"}}. \
            SIGTERM or SIGINT stops accepting connections and finishes the requests in flight; \
            SIGHUP reloads the model file (the model in service stays if the new one fails).
            """)

    @Option(help: "The model written by `intentkit train`; reloads read the same path.", completion: .file())
    var model: String

    @OptionGroup var encoderOption: EncoderOption

    @Option(help: "The address to listen on (default: loopback only).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (logged).")
    var port = 8080

    @OptionGroup var minimumConfidence: MinimumConfidenceOption

    @Flag(inversion: .prefixedNo, help: "Let the slot tagger choose between the classifier's two likeliest intents.")
    var intentReranking = true

    @Option(name: .customLong("max-body-bytes"), help: "Refuse larger request bodies with 413.")
    var maximumBodyBytes = 1 << 20

    @Option(name: .customLong("max-batch-size"), help: "Utterances one POST /parse/batch may carry.")
    var maximumBatchSize = 1_000

    @Option(name: .customLong("max-vocabulary-terms"), help: "Terms one request's user vocabulary may hold.")
    var maximumVocabularyTerms = 10_000

    @Option(name: .customLong("vocabulary-cache-size"), help: "User vocabularies kept under a vocabularyKey (least recently used evicted; 0: none).")
    var vocabularyCacheSize = 1_000

    @Option(name: .customLong("max-concurrent-requests"), help: "Requests handled at once; beyond, 503 with Retry-After.")
    var maximumConcurrentRequests = 512

    @Option(help: ArgumentHelp("How long a request may take, reading its body included; beyond, 503.", valueName: "seconds"))
    var requestTimeout = 10.0

    @Option(help: ArgumentHelp("How long an idle keep-alive connection stays open.", valueName: "seconds"))
    var idleTimeout = 60.0

    @Option(help: ArgumentHelp("A file holding the token POST /admin/reload requires (at least 16 bytes); without it that route does not exist.", valueName: "file"),
            completion: .file())
    var adminTokenFile: String?

    @Option(help: ArgumentHelp("A file holding the token (at least 16 bytes) a request needs, as Authorization: Bearer TOKEN, to cache a user's vocabulary, shortcuts or history under its vocabularyKey; without it nothing is cached.", valueName: "file"),
            completion: .file())
    var cacheTokenFile: String?

    @Option(help: "Log lines as text or as one JSON object per line (both to stderr).")
    var logFormat: LogFormat = .text

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Flag(inversion: .prefixedNo, help: "Log each request (method, route, status, duration) after its answer.")
    var accessLog = true

    @Option(name: .customLong("cors-origin"), help: ArgumentHelp(
        "An origin whose web pages may call the server from a browser (https://app.example.com; * for any); repeat for several. Off by default.",
        valueName: "origin"))
    var corsOrigins: [String] = []

    @Flag(inversion: .prefixedNo, help: "Serve the playground at GET /: a page to try the model in a browser.")
    var playground = true

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if !(1...65_535).contains(port) && port != 0 { throw ValidationError("--port must be from 0 to 65535") }
        for (name, value) in [("--max-body-bytes", maximumBodyBytes), ("--max-batch-size", maximumBatchSize),
                              ("--max-vocabulary-terms", maximumVocabularyTerms), ("--max-concurrent-requests", maximumConcurrentRequests)] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        if vocabularyCacheSize < 0 { throw ValidationError("--vocabulary-cache-size must be at least 0") }
        if !(requestTimeout > 0) || !(idleTimeout > 0) { throw ValidationError("--request-timeout and --idle-timeout must be positive") }
        if let problem = corsOrigins.lazy.compactMap(ServerConfiguration.problem(withCORSOrigin:)).first {
            throw ValidationError("--cors-origin \(problem)")
        }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        ParseServer.runTasksOnEventLoops()
        var configuration = ServerConfiguration(modelPath: model)
        configuration.encoderDirectory = encoderOption.directory
        configuration.host = host
        configuration.port = port
        configuration.minimumConfidence = minimumConfidence.minimumConfidence
        configuration.intentReranking = intentReranking
        configuration.maximumBodyBytes = maximumBodyBytes
        configuration.maximumBatchSize = maximumBatchSize
        configuration.maximumVocabularyTerms = maximumVocabularyTerms
        configuration.vocabularyCacheCapacity = vocabularyCacheSize
        configuration.maximumConcurrentRequests = maximumConcurrentRequests
        configuration.requestTimeout = .milliseconds(Int64(requestTimeout * 1000))
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.accessLog = accessLog
        configuration.corsOrigins = corsOrigins
        configuration.playground = playground
        if let adminTokenFile { configuration.adminToken = try Self.token(at: adminTokenFile, what: "admin token") }
        if let cacheTokenFile { configuration.cacheToken = try Self.token(at: cacheTokenFile, what: "cache token") }

        let level = Logger.Level(rawValue: logLevel) ?? .info
        let format = logFormat
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = format == .json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let server: ParseServer
        do {
            server = try ParseServer(configuration: configuration, logger: Logger(label: "intentkit.serve"))
        } catch {
            StandardError.print(modelErrorMessage(error, path: model))
            throw ExitCode.failure
        }
        // The command line is synchronous; the server runs on Swift concurrency's threads while
        // this one waits for it to end (after SIGTERM or SIGINT).
        let outcome = ServerOutcome()
        Task {
            do { try await server.run() } catch { outcome.error = error }
            outcome.finished.signal()
        }
        outcome.finished.wait()
        if let error = outcome.error {
            StandardError.print("error: the server stopped: \(error)")
            throw ExitCode.failure
        }
    }

    /// The token in `path` (`what`: "admin token"), without surrounding white space.
    private static func token(at path: String, what: String) throws -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            StandardError.print("\(path): error: cannot read the \(what) (\(error.localizedDescription))")
            throw ExitCode.failure
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.utf8.count >= 16 else {
            StandardError.print("\(path): error: the \(what) has \(token.utf8.count) bytes; use at least 16 (a random one: openssl rand -hex 32)")
            throw ExitCode.failure
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o044 != 0 {
            StandardError.print("\(path): warning: the \(what) file is readable by other users (chmod 600 it)")
        }
        return token
    }
}

/// How the server's run ended, handed from its task to the waiting command.
private final class ServerOutcome: @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    /// Written by the task before it signals `finished`, read after the wait.
    var error: (any Error)?
}
