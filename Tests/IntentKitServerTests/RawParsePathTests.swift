import IntentKit
import Testing
@testable import IntentKitServer

/// What the raw path answers itself and what it leaves to the HTTP codec, byte for byte.
@Suite("Raw parse path")
struct RawParsePathTests {
    private func shape(_ text: String, maximumBodyBytes: Int = 1000) -> RawParsePath.Shape {
        Array(text.utf8).withUnsafeBytes { RawParsePath.shape(of: $0, maximumBodyBytes: maximumBodyBytes) }
    }

    private static let plain = "POST /parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{\"text\": \"hello\"}"

    @Test func aPlainRequestIsReadWhole() {
        let headLength = Self.plain.utf8.count - 17
        #expect(shape(Self.plain) == .parse(.parse, headLength: headLength, bodyLength: 17, target: 5..<11))
        // What follows it (a pipelined request) is not its business.
        #expect(shape(Self.plain + "POST /parse HTTP/1.1\r\n") == .parse(.parse, headLength: headLength, bodyLength: 17, target: 5..<11))
        #expect(shape("POST /parse?debug=1 HTTP/1.1\r\ncontent-LENGTH:2\r\n\r\n{}") == .parse(.parse, headLength: 50, bodyLength: 2, target: 5..<19))
        #expect(shape("POST /parse HTTP/1.1\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n") == .parse(.parse, headLength: 67, bodyLength: 0, target: 5..<11))
    }

    /// Rasa's route takes the same way, its route told apart from the request line.
    @Test func rasasRouteIsReadTheSameWay() {
        let request = "POST /model/parse HTTP/1.1\r\nContent-Length: 17\r\n\r\n{\"text\": \"hello\"}"
        #expect(shape(request) == .parse(.rasa, headLength: request.utf8.count - 17, bodyLength: 17, target: 5..<17))
        #expect(shape("POST /model/parse?token=x HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}") == .parse(.rasa, headLength: 57, bodyLength: 2, target: 5..<25))
        #expect(shape("POST /model/parsed HTTP/1.1\r\n") == .other)
        #expect(shape("POST /model HTTP/1.1\r\n") == .other)
    }

    /// Every proper prefix of a request is incomplete: a request arriving a byte at a time is read.
    @Test(arguments: [plain, "POST /model/parse HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"])
    func everyPrefixIsIncomplete(request: String) {
        let bytes = Array(request.utf8)
        for length in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            #expect(shape(prefix) == .incomplete, "prefix of \(length) bytes")
        }
    }

    /// Other routes are known from their first different byte; other shapes of `POST /parse`
    /// once their head is read.
    @Test(arguments: [
        "G",
        "GET /health HTTP/1.1\r\n\r\n",
        "POST /parse/batch HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parsed HTTP/1.1\r\n",
        "PUT /parse HTTP/1.1\r\n",
        "POST /parse HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse  HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "POST /parse HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nContent-Length: +2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nContent-Length: 1001\r\n\r\n",
        "POST /parse HTTP/1.1\r\n\r\n",
        "POST /parse HTTP/1.1\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
        "POST /parse HTTP/1.1\r\nUpgrade: h2c\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nOrigin: https://app.example.com\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nHost: x\r\n folded\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nHost x\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nContent Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nHost: a\u{1}b\r\nContent-Length: 2\r\n\r\n{}",
        "POST /parse HTTP/1.1\r\nHost: x\nContent-Length: 2\r\n\r\n{}",
    ])
    func anythingElseGoesToTheCodec(request: String) {
        #expect(shape(request) == .other)
    }

    /// A head that does not end within the bound goes to the codec, which has its own limits.
    @Test func anOverlongHeadGoesToTheCodec() {
        let long = "POST /parse HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: RawParsePath.maximumHeadBytes)
        #expect(shape(long) == .other)
        #expect(shape(String(decoding: long.utf8.prefix(RawParsePath.maximumHeadBytes - 1), as: UTF8.self)) == .incomplete)
    }

    /// Arbitrary bytes, and requests with bytes flipped, cut or inserted, never trap, and what
    /// the raw path answers lies within the bytes: its head ends with an empty line before the
    /// body, and its body is as long as it said.
    @Test func mutatedRequestsKeepTheInvariants() {
        var random = SeededGenerator(seed: 11)
        var seen: [String: Int] = [:]
        let alphabet = Array("POST /parse HTTP/1.1\r\n:Content-Length: 0123456789 keep-alive\t\u{0}\u{7F}\u{80}".utf8)
        for round in 0..<20_000 {
            var bytes = Array(Self.plain.utf8)
            if round % 4 == 0 {
                bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[at] = alphabet.randomElement(using: &random)!
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                    }
                }
            }
            let shape = bytes.withUnsafeBytes { RawParsePath.shape(of: $0, maximumBodyBytes: 1000) }
            seen["\(shape)".prefix(while: { $0 != "(" }).description, default: 0] += 1
            guard case .parse(.parse, let headLength, let bodyLength, let target) = shape else { continue }
            #expect(headLength + bodyLength <= bytes.count)
            #expect(Array(bytes[headLength - 4..<headLength]) == Array("\r\n\r\n".utf8))
            #expect(target.lowerBound == 5 && target.upperBound < headLength && Array(bytes[0..<11]) == Array("POST /parse".utf8))
        }
        // The mutations reach all three answers, often.
        #expect(["parse", "incomplete", "other"].allSatisfy { seen[$0, default: 0] > 1000 }, "\(seen)")
    }
}
