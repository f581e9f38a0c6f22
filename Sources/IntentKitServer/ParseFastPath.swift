import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers `POST /parse` on the connection's event loop, in the channel pipeline, before a
/// request reaches Hummingbird's router; every other request passes through to it untouched.
///
/// Why: parsing takes about 20 µs, and the way through the router (a request task, its body
/// stream, the response writer) cost about 55 µs more per request on a 2-core machine, so the
/// service answered under half the parses per second the machine can. The answer is the same
/// either way: the same ``RequestHandlers/parseAnswer(body:)``, the same errors, bounds,
/// deadline, metrics and access log.
///
/// As it answers requests the connection handler after it never sees, this handler also keeps
/// the connection's idle timeout (the server gives the one after it none) and defers a graceful
/// shutdown's close until its answer is written. HTTP pipelining assistance in front of it
/// hands it one request at a time, so answers never overtake each other.
final class ParseFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What every connection's handler shares.
    struct Shared: Sendable {
        var handlers: RequestHandlers
        var limiter: ConcurrencyLimiter
        var recorder: RequestRecorder
        var timeout: TimeAmount
        var idleTimeout: TimeAmount
        var serverName: String
        var logger: Logger
    }

    private enum State {
        case idle
        /// Reading a `POST /parse` body.
        case receiving(body: ByteBuffer, start: ContinuousClock.Instant)
        /// Reading, and dropping, a body already refused.
        case refusing(ServerError, start: ContinuousClock.Instant)
        /// A request for the router, until its answer's end goes out.
        case passing
        /// Answered before its body arrived, and closing: what still comes in is dropped.
        case closing
    }

    private let shared: Shared
    private var state = State.idle
    /// The connection's one timer, for the request deadline and the idle timeout both, and
    /// when it fires. It is re-armed only when it fires or must fire sooner, not for every
    /// request: scheduling and cancelling two timers a request cost more than reading its head.
    private var timer: Scheduled<Void>?
    private var timerDue: NIODeadline?
    /// When the body of the `POST /parse` being read must have arrived.
    private var requestDeadline: NIODeadline?
    /// Since when the connection has waited for a request (`nil` while one is under way).
    private var idleSince: NIODeadline?
    /// A graceful shutdown arrived while this handler was reading a request.
    private var closeAfterAnswer = false
    private var dateHeader = HTTPDateHeader()

    init(_ shared: Shared) {
        self.shared = shared
    }

    // MARK: Connection

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { scheduleIdleClose(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        scheduleIdleClose(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
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
        if case .closing = state { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            idleSince = nil
            let target = head.path ?? ""
            let path = target.firstIndex(of: "?").map { target[..<$0] } ?? target[...]
            guard head.method == .post, path == "/parse" else {
                state = .passing
                context.fireChannelRead(data)
                return
            }
            let start = ContinuousClock.now
            if let length = head.headerFields[.contentLength].flatMap(Int.init), length > shared.handlers.configuration.maximumBodyBytes {
                state = .refusing(.payloadTooLarge, start: start)
            } else {
                state = .receiving(body: context.channel.allocator.buffer(capacity: 256), start: start)
            }
            let due = NIODeadline.now() + shared.timeout
            requestDeadline = due
            arm(context, at: due)
        case .body(var chunk):
            switch state {
            case .receiving(var body, let start):
                state = .idle  // so that `body` is the only reference while it grows
                if body.readableBytes + chunk.readableBytes > shared.handlers.configuration.maximumBodyBytes {
                    state = .refusing(.payloadTooLarge, start: start)
                } else {
                    body.writeBuffer(&chunk)
                    state = .receiving(body: body, start: start)
                }
            case .refusing, .closing:
                break
            case .idle, .passing:
                context.fireChannelRead(data)
            }
        case .end:
            switch state {
            case .receiving(let body, let start):
                requestDeadline = nil
                answer(context, body: body, start: start)
            case .refusing(let error, let start):
                requestDeadline = nil
                write(context, error: error, start: start)
            case .closing:
                break
            case .idle, .passing:
                context.fireChannelRead(data)
            }
        }
    }

    /// Answers of the router's requests go out through here: the end of one makes the connection idle.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), case .passing = state {
            state = .idle
            scheduleIdleClose(context)
        }
        context.write(data, promise: promise)
    }

    private func answer(_ context: ChannelHandlerContext, body: ByteBuffer, start: ContinuousClock.Instant) {
        guard shared.limiter.acquire() else {
            write(context, error: shared.limiter.overloaded, start: start)
            return
        }
        defer { shared.limiter.release() }
        do {
            let bytes = try shared.handlers.parseAnswer(body: body)
            write(context, status: .ok, headers: [:], bytes: bytes, start: start)
        } catch {
            let answer = ServerError.answering(error) ?? {
                shared.logger.error("request failed", metadata: ["error": "\(error)", "path": "/parse"])
                return .internalError
            }()
            write(context, error: answer, start: start)
        }
    }

    private func write(_ context: ChannelHandlerContext, error: ServerError, start: ContinuousClock.Instant) {
        write(context, status: error.status, headers: error.headers, bytes: error.body, start: start)
    }

    private func write(_ context: ChannelHandlerContext, status: HTTPResponse.Status, headers: HTTPFields, bytes: [UInt8], start: ContinuousClock.Instant) {
        var response = HTTPResponse(status: status, headerFields: headers)
        response.headerFields[.contentType] = "application/json"
        response.headerFields[.contentLength] = String(bytes.count)
        response.headerFields[.date] = dateHeader.now()
        response.headerFields[.server] = shared.serverName
        state = .idle
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: bytes))), promise: nil)
        if closeAfterAnswer {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            scheduleIdleClose(context)
        }
        shared.recorder.record(method: "POST", path: "/parse", route: "/parse", status: status.code, duration: ContinuousClock.now - start,
                               bytes: bytes.count, logger: shared.logger)
    }

    /// The body did not arrive in time: answer 503 and close, as what follows on the
    /// connection is the rest of a body nobody reads.
    private func deadlinePassed(_ context: ChannelHandlerContext) {
        switch state {
        case .receiving(_, let start), .refusing(_, let start):
            closeAfterAnswer = true
            write(context, error: .timeout, start: start)
            state = .closing
        case .idle, .passing, .closing:
            break
        }
    }

    private func scheduleIdleClose(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        idleSince = now
        arm(context, at: now + shared.idleTimeout)
    }

    /// Makes the timer fire at `due` at the latest; one due sooner stays as it is (it re-arms
    /// itself for what is still pending when it fires).
    private func arm(_ context: ChannelHandlerContext, at due: NIODeadline) {
        if timer != nil, let timerDue, timerDue <= due { return }
        timer?.cancel()
        timerDue = due
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [weak self] in self?.timerFired(context) }
    }

    /// Answers a request whose body is late, closes a connection idle too long, and re-arms
    /// the timer for whichever of the two is still to come.
    private func timerFired(_ context: ChannelHandlerContext) {
        (timer, timerDue) = (nil, nil)
        let now = NIODeadline.now()
        if let requestDeadline {
            if requestDeadline <= now {
                self.requestDeadline = nil
                deadlinePassed(context)
            } else {
                arm(context, at: requestDeadline)
            }
        }
        if case .idle = state, let idleSince {
            let due = idleSince + shared.idleTimeout
            if due <= now {
                context.close(promise: nil)
            } else {
                arm(context, at: due)
            }
        }
    }

    private func cancelTimers() {
        timer?.cancel()
        (timer, timerDue, requestDeadline, idleSince) = (nil, nil, nil, nil)
    }
}

/// The `Date` header's value (RFC 9110 §5.6.7), formatted once a second.
private struct HTTPDateHeader {
    private var second = 0
    private var text = ""

    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            var parts = tm()
            var seconds = current
            gmtime_r(&seconds, &parts)
            var buffer = [CChar](repeating: 0, count: 40)
            let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
            text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return text
    }
}
