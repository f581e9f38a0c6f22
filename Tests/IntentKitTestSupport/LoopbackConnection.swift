import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP answer as it came over the wire.
public struct HTTPAnswer: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    public var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// `error.code` of a JSON error answer.
    public var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
}

/// One TCP connection to a server on 127.0.0.1, written byte for byte: so tests can send what
/// no HTTP client library would (half a body, a lying length) and hold a request in flight.
/// Reads and writes block with a 30 s limit, on a thread of their own (``LoopbackConnection/run(_:)``),
/// never on the threads Swift concurrency shares with the server.
public final class LoopbackConnection: @unchecked Sendable {
    private let descriptor: Int32

    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure("connect to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// A request with a JSON body (or none), its length declared.
    public func request(_ method: String, _ path: String, body: [UInt8]? = nil, headers: [String: String] = [:]) throws -> HTTPAnswer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        // One write: a head and a body in two would meet Nagle's algorithm and delayed acknowledgement.
        try send(Array((head + "\r\n").utf8) + (body ?? []))
        return try readAnswer()
    }

    private var pending: [UInt8] = []

    /// Reads one answer: its head, then as many body bytes as `Content-Length` says.
    public func readAnswer() throws -> HTTPAnswer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while true {
            if pending.count >= 4, let end = (0...(pending.count - 4)).first(where: { Array(pending[$0..<$0 + 4]) == separator }) {
                headEnd = end
                break
            }
            try receive()
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(headEnd! + 4)
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure("not an HTTP status line: \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while pending.count < length { try receive() }
        let body = Array(pending[..<length])
        pending.removeFirst(length)
        return HTTPAnswer(status: status, headers: headers, body: body)
    }

    /// Whether the server has closed the connection: a read finds its end (after any answer
    /// already waiting).
    public func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return pending.isEmpty && recv(descriptor, &byte, 1, 0) == 0
    }

    private func receive() throws {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(count == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
        pending.append(contentsOf: buffer[..<count])
    }

    /// Runs blocking socket work on a thread of its own and awaits it.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
