import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore

/// Answers `POST /parse` and `POST /model/parse` straight from a connection's bytes, first in
/// the channel pipeline, in front of the HTTP codec: a request of the plain shape clients send —
/// `POST` to a parse route, HTTP/1.1, a `Content-Length` body, no `Transfer-Encoding`, `Expect`,
/// `Upgrade`, `Origin` (a browser's request, which the router's middleware checks and marks),
/// `Authorization` (a request that writes the cache, whose token the handler checks)
/// or `Connection` other than `keep-alive` — is read, parsed and answered here, and its answer
/// written as bytes. The first request of any other shape (another route, a chunked body, a
/// malformed or oversized request) and everything after it on the connection go to the HTTP
/// codec untouched, and this handler leaves the pipeline: Hummingbird's router answers them,
/// errors included, as it would without it.
///
/// Why: with the parse itself about half of a request's time in the server, the way through the
/// codec and the router (llhttp's callbacks, the conversion of every head to and from
/// swift-http-types, a request task, its body stream, the response writer) costs more than the
/// parse it carries; a request of a fixed shape needs none of it. The answer is the same either
/// way: the same ``RequestHandlers/parseAnswer(body:route:authorization:)``, status, headers, bounds, metrics
/// and access log.
///
/// It also keeps the connection's idle timeout and the deadline of a request arriving slowly
/// (answered 503 and closed, as the router's way does), until it hands the connection over; then
/// Hummingbird's connection handler keeps the idle timeout. Pipelined requests are answered in
/// order, with one flush for all those one read brought.
final class RawParsePath: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// What every connection's raw path shares: the server's handlers, bounds and log.
    struct Shared: Sendable {
        var handlers: RequestHandlers
        var limiter: ConcurrencyLimiter
        var recorder: RequestRecorder
        var timeout: TimeAmount
        var idleTimeout: TimeAmount
        var serverName: String
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

    /// A body longer than this goes to the codec: its parse may take milliseconds, and runs on
    /// the thread pool (``RequestHandlers/parse(_:context:route:)``), not on the event loop that
    /// also answers `/health` and the other connections' short requests.
    static let maximumInlineBodyBytes = 2_048

    /// A head longer than this goes to the codec (which has its own, larger, limits).
    static let maximumHeadBytes = 8192

    private let shared: Shared
    private var timer: ConnectionTimer
    /// The bytes of a request not yet whole.
    private var pending: ByteBuffer?
    /// When the first bytes of the request being read arrived.
    private var requestStart: ContinuousClock.Instant?
    /// A graceful shutdown arrived while a request was being read.
    private var closeAfterAnswer = false
    /// The connection is closing: what still comes in is dropped.
    private var closing = false
    private var dateHeader = HTTPDateHeader()

    init(_ shared: Shared) {
        self.shared = shared
        timer = ConnectionTimer(idleTimeout: shared.idleTimeout)
    }

    // MARK: Connection

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { becomeIdle(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        becomeIdle(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer.cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer.cancel()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, requestStart != nil {
            // The handlers after this one think the connection idle and would close it now.
            closeAfterAnswer = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if closing { return }
        var bytes = unwrapInboundIn(data)
        if var pending {
            self.pending = nil
            pending.writeBuffer(&bytes)
            bytes = pending
        }
        var answered = false
        defer { if answered { context.flush() } }
        while bytes.readableBytes > 0 {
            let start = requestStart ?? ContinuousClock.now
            requestStart = start
            let shape = bytes.withUnsafeReadableBytes { Self.shape(of: $0, maximumBodyBytes: min(Self.maximumInlineBodyBytes, shared.handlers.configuration.maximumBodyBytes)) }
            switch shape {
            case .incomplete:
                pending = bytes
                timer.requestStarted(deadline: .now() + shared.timeout, on: context.eventLoop) { [weak self] in self?.timerFired(context) }
                return
            case .other:
                handOver(context, bytes)
                return
            case .parse(let route, let headLength, let bodyLength, let target):
                let body = bytes.getSlice(at: bytes.readerIndex + headLength, length: bodyLength)!
                let path = target.count == route.path.utf8.count
                    ? route.path[...] : bytes.getString(at: bytes.readerIndex + target.lowerBound, length: target.count).map { $0[...] } ?? route.path[...]
                bytes.moveReaderIndex(forwardBy: headLength + bodyLength)
                requestStart = nil
                timer.requestArrived()
                let (status, headers, answer) = shared.parseAnswer(body: body, route: route)
                write(context, status: status, headers: headers, bytes: answer, path: path, route: route, start: start)
                answered = true
                if closing { return }
            }
        }
        becomeIdle(context)
    }

    /// What the bytes of a connection, from a request's first byte, hold.
    enum Shape: Equatable {
        /// A request of the plain shape, whole: its route, its head's length, its body's, and the
        /// range of its target (the route's path and any query) in the bytes.
        case parse(ParseRoute, headLength: Int, bodyLength: Int, target: Range<Int>)
        /// The start of what may be one: more bytes must come.
        case incomplete
        /// Anything else, for the HTTP codec.
        case other
    }

    /// Reads the request at the start of `bytes` as far as telling its ``Shape``. Any byte it
    /// does not expect makes the request `.other`: the codec then answers it as HTTP says.
    static func shape(of bytes: UnsafeRawBufferPointer, maximumBodyBytes: Int) -> Shape {
        let route: ParseRoute
        switch requestLineStart(of: bytes) {
        case .route(let matched): route = matched
        case .incomplete: return .incomplete
        case .other: return .other
        }
        // The head ends at the first empty line.
        let searched = min(bytes.count, maximumHeadBytes)
        guard let blankLine = find(crlfcrlf: bytes, upTo: searched) else { return searched >= maximumHeadBytes ? .other : .incomplete }
        // The request line: POST <target> HTTP/1.1
        let version: StaticString = " HTTP/1.1"
        guard let lineEnd = find(crlf: bytes, from: 0, upTo: blankLine + 2), lineEnd >= 5 + version.utf8CodeUnitCount else { return .other }
        let targetEnd = lineEnd - version.utf8CodeUnitCount
        for index in 0..<version.utf8CodeUnitCount where bytes[targetEnd + index] != version.utf8Start[index] { return .other }
        for index in 5..<targetEnd where bytes[index] <= 0x20 || bytes[index] >= 0x7F { return .other }
        // The header fields.
        var contentLength: Int?
        var position = lineEnd + 2
        while position < blankLine + 2 {
            guard let end = find(crlf: bytes, from: position, upTo: blankLine + 2) else { return .other }
            guard let colon = (position..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }), colon > position else { return .other }
            for index in position..<colon where bytes[index] <= 0x20 || bytes[index] >= 0x7F { return .other }
            var valueStart = colon + 1, valueEnd = end
            while valueStart < valueEnd, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
            for index in valueStart..<valueEnd where (bytes[index] < 0x20 && bytes[index] != 0x09) || bytes[index] == 0x7F { return .other }
            let name = position..<colon, value = valueStart..<valueEnd
            if equalsLowercased(bytes, name, "content-length") {
                guard contentLength == nil, (1...9).contains(value.count), value.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else { return .other }
                contentLength = value.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
            } else if equalsLowercased(bytes, name, "connection") {
                guard equalsLowercased(bytes, value, "keep-alive") else { return .other }
            } else if equalsLowercased(bytes, name, "transfer-encoding") || equalsLowercased(bytes, name, "expect")
                        || equalsLowercased(bytes, name, "upgrade") || equalsLowercased(bytes, name, "origin")
                        || equalsLowercased(bytes, name, "authorization") {
                return .other
            }
            position = end + 2
        }
        guard let contentLength, contentLength <= maximumBodyBytes else { return .other }
        let headLength = blankLine + 4
        guard bytes.count >= headLength + contentLength else { return .incomplete }
        return .parse(route, headLength: headLength, bodyLength: contentLength, target: 5..<targetEnd)
    }

    private enum RequestLineStart {
        case route(ParseRoute)
        case incomplete
        case other
    }

    /// The request lines' starts that name a parse route: the method, the path, then a space or a query.
    private static let routePrefixes: [(prefix: StaticString, route: ParseRoute)] = [("POST /parse", .parse), ("POST /model/parse", .rasa)]

    /// Which parse route the request line at the start of `bytes` names, if it names one.
    private static func requestLineStart(of bytes: UnsafeRawBufferPointer) -> RequestLineStart {
        var undecided = false
        for (prefix, route) in routePrefixes {
            let length = prefix.utf8CodeUnitCount
            guard (0..<min(bytes.count, length)).allSatisfy({ bytes[$0] == prefix.utf8Start[$0] }) else { continue }
            guard bytes.count > length else {
                undecided = true
                continue
            }
            if bytes[length] == UInt8(ascii: " ") || bytes[length] == UInt8(ascii: "?") { return .route(route) }
        }
        return undecided ? .incomplete : .other
    }

    /// The index of the first `\r\n\r\n` starting before `end`.
    private static func find(crlfcrlf bytes: UnsafeRawBufferPointer, upTo end: Int) -> Int? {
        var index = 0
        while index + 3 < end {
            if bytes[index + 3] != 0x0A { index += bytes[index + 3] == 0x0D ? 1 : 4; continue }
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x0D { return index }
            index += 1
        }
        return nil
    }

    /// The index of the first `\r\n` in `start..<end`.
    private static func find(crlf bytes: UnsafeRawBufferPointer, from start: Int, upTo end: Int) -> Int? {
        var index = start
        while index + 1 < end {
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes[range]` is `lowercase` in any case (`lowercase`: letters, digits, `-`).
    private static func equalsLowercased(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        for (offset, index) in range.enumerated() {
            let expected = lowercase.utf8Start[offset]
            let byte = bytes[index]
            // Setting bit 5 lower-cases an ASCII letter; only a letter may match that way.
            if byte != expected, !(byte | 0x20 == expected && (0x61...0x7A).contains(expected)) { return false }
        }
        return true
    }

    // MARK: Answers

    private func write(_ context: ChannelHandlerContext, status: HTTPResponse.Status, headers: HTTPFields, bytes: [UInt8], path: Substring,
                       route: ParseRoute, start: ContinuousClock.Instant) {
        var buffer = context.channel.allocator.buffer(capacity: 192 + bytes.count)
        if status == .ok {
            buffer.writeStaticString("HTTP/1.1 200 OK\r\n")
        } else {
            buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        }
        for field in headers {
            buffer.writeString(field.name.canonicalName)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("Content-Type: application/json\r\nContent-Length: ")
        buffer.writeString(String(bytes.count))
        buffer.writeStaticString("\r\nDate: ")
        buffer.writeString(dateHeader.now())
        buffer.writeStaticString("\r\nServer: ")
        buffer.writeString(shared.serverName)
        if closeAfterAnswer { buffer.writeStaticString("\r\nConnection: close") }
        buffer.writeStaticString("\r\n\r\n")
        buffer.writeBytes(bytes)
        if closeAfterAnswer {
            closing = true
            timer.cancel()
            context.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.write(NIOAny(buffer), promise: nil)
        }
        shared.recorder.record(method: "POST", path: path, route: route.path, status: status.code, duration: ContinuousClock.now - start,
                               bytes: bytes.count, logger: shared.logger)
    }

    /// Gives the connection to the HTTP codec, `bytes` (from the first request this handler
    /// does not answer) first, and leaves the pipeline. From then on a connection state handler
    /// of Hummingbird's keeps the idle timeout: the one the server set up has none, as it would
    /// have closed a connection busy with requests it never saw.
    private func handOver(_ context: ChannelHandlerContext, _ bytes: ByteBuffer) {
        timer.cancel()
        requestStart = nil
        let pipeline = context.pipeline.syncOperations
        if let connection = try? pipeline.handler(type: HTTPConnectionStateHandler.self) {
            let idle = HTTPConnectionStateHandler(idleTimeout: .nanoseconds(shared.idleTimeout.nanoseconds), logger: shared.logger)
            try? pipeline.addHandler(idle, position: .before(connection))
        }
        context.fireChannelRead(wrapInboundOut(bytes))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    // MARK: Timeouts

    private func becomeIdle(_ context: ChannelHandlerContext) {
        timer.becameIdle(on: context.eventLoop) { [weak self] in self?.timerFired(context) }
    }

    /// Answers a request that did not arrive whole in time 503 and closes the connection (what
    /// follows on it is the rest of a request nobody reads); closes one idle too long.
    private func timerFired(_ context: ChannelHandlerContext) {
        guard !closing else { return }
        switch timer.fired(on: context.eventLoop, fire: { [weak self] in self?.timerFired(context) }) {
        case .request:
            pending = nil
            closeAfterAnswer = true
            let error = ServerError.timeout
            write(context, status: error.status, headers: error.headers, bytes: error.body, path: "/parse", route: .parse, start: requestStart ?? .now)
            requestStart = nil
        case .idle:
            if requestStart == nil { context.close(promise: nil) }
        case nil:
            break
        }
    }
}
