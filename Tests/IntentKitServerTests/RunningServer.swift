import Foundation
import IntentKitServer
import IntentKitTestSupport
import Logging

/// A ``ParseServer`` serving on a free loopback port inside the test process, until ``stop()``.
final class RunningServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    /// The fixture model (the runtime tests' newest format: payments and rides).
    static let fixtureModel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../IntentKitTests/Fixtures/models/format-1.7.model").standardized
    /// An older fixture model, trained on the same corpus with other settings: a reload's "new" file.
    static let otherFixtureModel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../IntentKitTests/Fixtures/models/format-1.5.model").standardized

    static func configuration(model: URL = fixtureModel) -> ServerConfiguration {
        var configuration = ServerConfiguration(modelPath: model.path)
        configuration.port = 0
        configuration.accessLog = false
        configuration.cacheToken = cacheToken
        return configuration
    }

    /// A new empty folder for one test's files.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The cache token tests configure, and send to write the cache.
    static let cacheToken = "fedcba9876543210fedcba9876543210"
    /// The header that lets a request write the cache.
    static let cacheWrite = ["Authorization": "Bearer " + cacheToken]

    /// The admin token of ``servingACopy()``'s servers.
    static let adminToken = "0123456789abcdef0123456789abcdef"

    /// A server with the admin route, serving a copy of the fixture model (`model`) in a new
    /// folder (`directory`), for tests that replace the file and reload; they remove the folder.
    static func servingACopy() async throws -> (server: RunningServer, model: URL, directory: URL) {
        let directory = try temporaryDirectory()
        let model = directory.appendingPathComponent("served.model")
        try FileManager.default.copyItem(at: fixtureModel, to: model)
        var configuration = configuration(model: model)
        configuration.adminToken = adminToken
        return (try await RunningServer(configuration), model, directory)
    }

    init(_ configuration: ServerConfiguration = configuration()) async throws {
        let server = try ParseServer(configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task {
            defer { continuation.finish() }
            try await server.run(handlingSignals: false) { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await task.value
            throw LoopbackConnection.Failure("the server stopped before it listened")
        }
        self.port = port
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// One request on a new connection.
    func request(_ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        let port = port
        return try await LoopbackConnection.run {
            try LoopbackConnection(port: port).request(method, path, body: json.map { Array($0.utf8) }, headers: headers)
        }
    }

    func post(_ path: String, _ json: String, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        try await request("POST", path, json: json, headers: headers)
    }
}
