import Foundation
import Hummingbird
import IntentKit
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import UnixSignals

/// The HTTP service `intentkit serve` runs: parsing, built-in entities, the model's
/// description, health and Prometheus metrics, over HTTP/1.1 with JSON bodies (the routes are in
/// ``OpenAPIDocument``).
///
/// ```swift
/// let server = try ParseServer(configuration: ServerConfiguration(modelPath: "assistant.model"))
/// try await server.run()   // until SIGTERM or SIGINT; SIGHUP reloads the model
/// ```
///
/// The model is read before the server listens: a model that does not load is an error here,
/// never a server answering 500s.
public struct ParseServer: Sendable {
    public let configuration: ServerConfiguration
    private let handlers: RequestHandlers
    private let limiter: ConcurrencyLimiter
    private let recorder: RequestRecorder
    private let logger: Logger

    /// Reads the model and prepares the routes.
    /// - Throws: the model's or the encoder's error (naming the file), or ``ConfigurationError``
    ///   for a configuration out of bounds.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "intentkit.serve")) throws {
        for (name, value) in [("maximum body size", configuration.maximumBodyBytes), ("maximum batch size", configuration.maximumBatchSize),
                              ("maximum concurrent requests", configuration.maximumConcurrentRequests)] where value < 1 {
            throw ConfigurationError(message: "the \(name) is \(value); it must be at least 1")
        }
        if let problem = configuration.corsOrigins.lazy.compactMap(CORSPolicy.problem).first {
            throw ConfigurationError(message: "CORS origin \(problem)")
        }
        for (name, token) in [("admin", configuration.adminToken), ("cache", configuration.cacheToken)] {
            if let token, token.utf8.count < 16 {
                throw ConfigurationError(message: "the \(name) token has \(token.utf8.count) bytes; use at least 16 (a random one: openssl rand -hex 32)")
            }
        }
        self.configuration = configuration
        self.logger = logger
        let metrics = ServerMetrics()
        let store = try ModelStore(configuration: configuration)
        metrics.recordModel(generation: 1, loadedAt: store.current.loadedAt)
        handlers = RequestHandlers(configuration: configuration, store: store, metrics: metrics, logger: logger)
        limiter = ConcurrencyLimiter(limit: configuration.maximumConcurrentRequests, metrics: metrics)
        recorder = RequestRecorder(metrics: metrics, logging: configuration.accessLog)
    }

    /// A configuration the server refuses to start with.
    public struct ConfigurationError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Serves until cancelled or, with `handlingSignals`, until SIGTERM or SIGINT, after which
    /// it stops accepting connections and finishes the requests in flight; SIGHUP reloads the
    /// model. `onListening` gets the port once the server accepts connections.
    public func run(handlingSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let rawPath = RawParsePath.Shared(
            handlers: handlers, limiter: limiter, recorder: recorder, timeout: Self.timeAmount(configuration.requestTimeout),
            idleTimeout: Self.timeAmount(configuration.idleTimeout), serverName: Self.serverName, logger: logger)
        var application = Application(
            router: makeRouter(),
            server: ParseServerChannel.builder(rawPath),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: Self.serverName),
            onServerRunning: { [logger, configuration] channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.notice("listening", metadata: ["address": "\(configuration.host):\(port)", "model": "\(configuration.modelPath)"])
                await onListening(port)
            },
            logger: logger)
        if handlingSignals { application.addServices(ReloadOnHangup(handlers: handlers)) }
        try await application.runService(gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [])
    }

    private static let serverName = "IntentKit/\(IntentKitVersion.current)"

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    /// Makes Swift concurrency's global executor SwiftNIO's event loops, so that a request's
    /// handler runs on the thread that read it instead of hopping to another and back (the
    /// hop costs more than the parse). Call it first thing in a process that will serve,
    /// before any task starts; `false` if it is too late.
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Every route, behind the middleware that logs, refuses other origins' pages and answers
    /// CORS, answers errors as JSON and
    /// bounds concurrency (outermost first); the routes that read a body run under the deadline.
    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: AccessLogMiddleware(recorder: recorder))
        router.add(middleware: CORSMiddleware(policy: CORSPolicy(origins: configuration.corsOrigins)))
        router.add(middleware: ErrorResponseMiddleware())
        router.add(middleware: ConcurrencyLimitMiddleware(limiter: limiter))
        let handlers = handlers
        let deadline = RequestDeadline(timeout: configuration.requestTimeout)
        // RawParsePath answers most parse requests before they reach the router; these routes answer the rest.
        for route in ParseRoute.allCases {
            router.post(RouterPath(route.path)) { request, context in try await deadline.run { try await handlers.parse(request, context: context, route: route) } }
        }
        if configuration.playground { router.get("/") { _, _ in PlaygroundPage.response } }
        router.post("/parse/batch") { request, context in try await deadline.run { try await handlers.parseBatch(request, context: context) } }
        router.post("/entities") { request, context in try await deadline.run { try await handlers.entities(request, context: context) } }
        router.get("/health") { try await handlers.health($0, context: $1) }
        router.get("/model") { try await handlers.model($0, context: $1) }
        router.get("/metrics") { try await handlers.metricsText($0, context: $1) }
        router.get("/openapi.yaml") { try await handlers.openAPI($0, context: $1) }
        // Off unless the operator set a token: then the route exists, and needs it.
        if let token = configuration.adminToken.map(AdminToken.init) {
            router.post("/admin/reload") { try await handlers.reload($0, context: $1, token: token) }
        }
        return router
    }
}

/// Reloads the model on SIGHUP, as daemons do, until the server shuts down.
private struct ReloadOnHangup: Service {
    let handlers: RequestHandlers

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            // A failed reload is logged and counted; the server goes on with the model it has.
            _ = try? handlers.reloadModel(reason: "SIGHUP")
        }
    }
}
