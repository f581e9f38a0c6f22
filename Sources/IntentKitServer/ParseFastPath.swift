import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers `POST /parse` and `POST /model/parse` on the connection's event loop, in the channel pipeline, before a
/// request reaches Hummingbird's router; every other request passes through to it untouched.
/// It sees the requests of a connection that ``RawParsePath`` (in front of the HTTP codec)
/// handed over: those the raw path leaves to the codec, and all that follow them.
///
/// Why: the way through the router (a request task, its body stream, the response writer)
/// costs more than the parse it carries ([benchmarks](docs/benchmarks.md#http-service) has the
/// figures). The answer is the same
/// either way: the same ``RequestHandlers/parseAnswer(body:route:)``, the same errors, bounds,
/// deadline, metrics and access log.
///
/// As it answers requests the connection handler after it never sees, this handler also keeps
/// the connection's idle timeout once the raw path hands the connection over (the server gives
/// the handler after it none) and defers a graceful shutdown's close until its answer is
/// written. Requests pipelined behind one the router is answering wait for that answer, so
/// answers never overtake each other.
final class ParseFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What every connection's handlers share (this one's and ``RawParsePath``'s).
    struct Shared: Sendable {
        var handlers: RequestHandlers
        var limiter: ConcurrencyLimiter
        var recorder: RequestRecorder
        var timeout: TimeAmount
        var idleTimeout: TimeAmount
        var serverName: String
        /// Which other origins' pages may call the server; `nil`: CORS is off.
        var cors: CORSPolicy?
        var logger: Logger

        /// The answer to the body of a request to a parse route, within the concurrency bound:
        /// the parse, or the error a client gets (an unexpected one logged and answered 500).
        func parseAnswer(body: ByteBuffer, route: ParseRoute) -> (status: HTTPResponse.Status, headers: HTTPFields, bytes: [UInt8]) {
            guard limiter.acquire() else {
                let error = limiter.overloaded
                return (error.status, error.headers, error.body)
            }
            defer { limiter.release() }
            do {
                return (.ok, [:], try handlers.parseAnswer(body: body, route: route))
            } catch {
                let answer = ServerError.answering(error) ?? {
                    logger.error("request failed", metadata: ["error": "\(error)", "path": "\(route.path)"])
                    return .internalError
                }()
                return (answer.status, answer.headers, answer.body)
            }
        }
    }

    private enum State {
        case idle
        /// Reading the body of a request to a parse route.
        case receiving(body: ByteBuffer, route: ParseRoute, start: ContinuousClock.Instant)
        /// Reading, and dropping, a body already refused.
        case refusing(ServerError, route: ParseRoute, start: ContinuousClock.Instant)
        /// A request for the router, until its answer's end goes out; `requestEnded` once the
        /// request's own parts have all gone to it.
        case passing(requestEnded: Bool)
        /// Answered before its body arrived, and closing: what still comes in is dropped.
        case closing
    }

    private let shared: Shared
    private var state = State.idle
    private var timer: ConnectionTimer
    /// A graceful shutdown arrived while this handler was reading a request.
    private var closeAfterAnswer = false
    private var dateHeader = HTTPDateHeader()
    /// The `Origin` of the parse request being read, when CORS is on and it named one.
    private var requestOrigin: String?
    /// Requests pipelined behind one the router is answering: they wait, so that no answer
    /// overtakes another (the router answers its requests in turn, but this handler's would go
    /// out at once).
    private var waiting = CircularBuffer<NIOAny>()

    init(_ shared: Shared) {
        self.shared = shared
        timer = ConnectionTimer(idleTimeout: shared.idleTimeout)
    }

    // MARK: Connection

    func channelInactive(context: ChannelHandlerContext) {
        timer.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer.cancel()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is RawParsePath.HandedOver {
            scheduleIdleClose(context)
            return
        }
        if event is ChannelShouldQuiesceEvent {
            switch state {
            case .receiving, .refusing:
                // The handler after this one thinks the connection idle and would close it now.
                closeAfterAnswer = true
                return
            case .idle, .passing, .closing:
                break
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .passing(requestEnded: true) = state {
            waiting.append(data)
        } else if waiting.isEmpty {
            handle(context, data)
        } else {
            waiting.append(data)
        }
    }

    private func handle(_ context: ChannelHandlerContext, _ data: NIOAny) {
        if case .closing = state { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            let target = head.path ?? ""
            let path = target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
            guard head.method == .post, let route = ParseRoute(post: path) else {
                state = .passing(requestEnded: false)
                timer.becameBusy()
                context.fireChannelRead(data)
                return
            }
            let start = ContinuousClock.now
            requestOrigin = shared.cors == nil ? nil : head.headerFields[.origin]
            if let length = head.headerFields[.contentLength].flatMap(Int.init), length > shared.handlers.configuration.maximumBodyBytes {
                state = .refusing(.payloadTooLarge, route: route, start: start)
            } else {
                state = .receiving(body: context.channel.allocator.buffer(capacity: 256), route: route, start: start)
            }
            timer.requestStarted(deadline: .now() + shared.timeout, on: context.eventLoop) { [weak self] in self?.timerFired(context) }
        case .body(var chunk):
            switch state {
            case .receiving(var body, let route, let start):
                state = .idle  // so that `body` is the only reference while it grows
                if body.readableBytes + chunk.readableBytes > shared.handlers.configuration.maximumBodyBytes {
                    state = .refusing(.payloadTooLarge, route: route, start: start)
                } else {
                    body.writeBuffer(&chunk)
                    state = .receiving(body: body, route: route, start: start)
                }
            case .refusing, .closing:
                break
            case .idle, .passing:
                context.fireChannelRead(data)
            }
        case .end:
            if case .passing = state { state = .passing(requestEnded: true) }
            switch state {
            case .receiving(let body, let route, let start):
                timer.requestArrived()
                let (status, headers, bytes) = shared.parseAnswer(body: body, route: route)
                write(context, status: status, headers: headers, bytes: bytes, route: route, start: start)
            case .refusing(let error, let route, let start):
                timer.requestArrived()
                write(context, status: error.status, headers: error.headers, bytes: error.body, route: route, start: start)
            case .closing:
                break
            case .idle, .passing:
                context.fireChannelRead(data)
            }
        }
    }

    /// Answers of the router's requests go out through here: the end of one makes the connection idle.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data), case .passing = state else {
            context.write(data, promise: promise)
            return
        }
        state = .idle
        context.write(data, promise: promise)
        // The requests that waited for this answer, until one is the router's again.
        while let next = waiting.first {
            if case .passing(requestEnded: true) = state { break }
            waiting.removeFirst()
            handle(context, next)
        }
        if case .idle = state { scheduleIdleClose(context) }
    }

    private func write(_ context: ChannelHandlerContext, status: HTTPResponse.Status, headers: HTTPFields, bytes: [UInt8], route: ParseRoute,
                       start: ContinuousClock.Instant) {
        var response = HTTPResponse(status: status, headerFields: headers)
        response.headerFields[.contentType] = "application/json"
        response.headerFields[.contentLength] = String(bytes.count)
        response.headerFields[.date] = dateHeader.now()
        response.headerFields[.server] = shared.serverName
        if let origin = requestOrigin, let cors = shared.cors { response.headerFields.append(contentsOf: cors.answerHeaders(origin: origin)) }
        state = .idle
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: bytes))), promise: nil)
        if closeAfterAnswer {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            scheduleIdleClose(context)
        }
        shared.recorder.record(method: "POST", path: route.path[...], route: route.path, status: status.code, duration: ContinuousClock.now - start,
                               bytes: bytes.count, logger: shared.logger)
    }

    /// The body did not arrive in time: answer 503 and close, as what follows on the
    /// connection is the rest of a body nobody reads.
    private func deadlinePassed(_ context: ChannelHandlerContext) {
        switch state {
        case .receiving(_, let route, let start), .refusing(_, let route, let start):
            closeAfterAnswer = true
            let error = ServerError.timeout
            write(context, status: error.status, headers: error.headers, bytes: error.body, route: route, start: start)
            state = .closing
        case .idle, .passing, .closing:
            break
        }
    }

    private func scheduleIdleClose(_ context: ChannelHandlerContext) {
        timer.becameIdle(on: context.eventLoop) { [weak self] in self?.timerFired(context) }
    }

    /// Answers a request whose body is late, closes a connection idle too long.
    private func timerFired(_ context: ChannelHandlerContext) {
        switch timer.fired(on: context.eventLoop, fire: { [weak self] in self?.timerFired(context) }) {
        case .request: deadlinePassed(context)
        case .idle:
            if case .idle = state { context.close(promise: nil) }
        case nil: break
        }
    }
}
