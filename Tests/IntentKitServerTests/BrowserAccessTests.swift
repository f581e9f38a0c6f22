import Foundation
import IntentKitTestSupport
import Testing
@testable import IntentKitServer

/// What a browser meets: CORS as `--cors-origin` sets it, and the playground at `GET /`.
@Suite("CORS and the playground")
struct BrowserAccessTests {
    private static let app = "https://app.example.com"

    private static func server(corsOrigins: [String] = [], playground: Bool = true) async throws -> RunningServer {
        var configuration = RunningServer.configuration()
        configuration.corsOrigins = corsOrigins
        configuration.playground = playground
        return try await RunningServer(configuration)
    }

    private static let parseBody = #"{"text": "send Buttercup 85 bucks"}"#

    /// Without `--cors-origin`, only the server's own pages (the playground) may call it: another
    /// origin's request is refused before its body is read, not merely left unreadable.
    @Test func corsIsOffByDefault() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let answer = try await server.post("/parse", Self.parseBody, headers: ["Origin": Self.app])
        #expect(answer.status == 403 && answer.errorCode == "originNotAllowed", "\(answer.text)")
        #expect(answer.headers["access-control-allow-origin"] == nil)
        let preflight = try await server.request("OPTIONS", "/parse", headers: ["Origin": Self.app, "Access-Control-Request-Method": "POST"])
        #expect(preflight.status != 204 && preflight.headers["access-control-allow-origin"] == nil)
        // The playground's own page: Origin names the Host the request was sent to.
        let own = try await server.post("/parse", Self.parseBody, headers: ["Origin": "http://127.0.0.1"])
        #expect(own.status == 200 && own.headers["access-control-allow-origin"] == nil, "\(own.text)")
    }

    /// A page of another origin cannot plant shortcuts in a user's cache with a "simple"
    /// request (text/plain, no preflight): the request is refused, so nothing is cached.
    @Test func anotherOriginsSimpleRequestWritesNothing() async throws {
        var configuration = RunningServer.configuration()
        configuration.corsOrigins = ["http://a.test"]
        configuration.cacheToken = RunningServer.cacheToken
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let planted = #"{"text": "x", "vocabularyKey": "victim", "shortcuts": [{"phrase": "lock the car", "intent": "RequestRide"}]}"#
        let attack = try await server.post("/parse", planted, headers: ["Origin": "http://evil.test", "Content-Type": "text/plain",
                                                                        "Authorization": "Bearer " + RunningServer.cacheToken])
        #expect(attack.status == 403 && attack.errorCode == "originNotAllowed")
        let victim = try await server.post("/parse", #"{"text": "lock the car", "vocabularyKey": "victim"}"#, headers: ["Origin": "http://a.test"])
        #expect(victim.status == 422 && victim.errorCode == "unknownVocabularyKey", "\(victim.text)")
    }

    /// Every route's answer to an allowed origin's page names it, errors included (a page can
    /// read why a request failed); another origin's gets no grant. Never credentials.
    @Test(arguments: [("POST", "/parse", parseBody), ("POST", "/model/parse", parseBody), ("POST", "/parse", "{}"),
                      ("POST", "/parse/batch", #"{"texts": ["hi"]}"#), ("GET", "/health", nil), ("GET", "/nowhere", nil)])
    func anAllowedOriginIsGrantedOnEveryRoute(method: String, path: String, body: String?) async throws {
        let server = try await Self.server(corsOrigins: [Self.app, "http://localhost:3000"])
        defer { Task { await server.stop() } }
        let allowed = try await server.request(method, path, json: body, headers: ["Origin": Self.app])
        #expect(allowed.headers["access-control-allow-origin"] == Self.app, "\(allowed.headers)")
        #expect(allowed.headers["vary"] == "Origin")
        #expect(allowed.headers["access-control-allow-credentials"] == nil)
        let other = try await server.request(method, path, json: body, headers: ["Origin": "https://elsewhere.example"])
        #expect(other.status == 403 && other.errorCode == "originNotAllowed")
        #expect(other.headers["access-control-allow-origin"] == nil)
        let sameOrigin = try await server.request(method, path, json: body)
        #expect(sameOrigin.headers["access-control-allow-origin"] == nil && sameOrigin.text == allowed.text)
    }

    @Test(arguments: ["/parse", "/model/parse", "/parse/batch", "/entities"])
    func preflightsAreAnsweredForAllowedOriginsOnly(path: String) async throws {
        let server = try await Self.server(corsOrigins: [Self.app])
        defer { Task { await server.stop() } }
        let preflight = ["Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"]
        let allowed = try await server.request("OPTIONS", path, headers: preflight.merging(["Origin": Self.app]) { $1 })
        #expect(allowed.status == 204)
        #expect(allowed.headers["access-control-allow-origin"] == Self.app)
        #expect(allowed.headers["access-control-allow-methods"] == "GET, POST")
        #expect(allowed.headers["access-control-allow-headers"] == "Content-Type")
        #expect(allowed.headers["access-control-max-age"] == CORSPolicy.preflightMaxAge)
        #expect(allowed.headers["access-control-allow-credentials"] == nil)
        let refused = try await server.request("OPTIONS", path, headers: preflight.merging(["Origin": "https://elsewhere.example"]) { $1 })
        #expect(refused.status == 403 && refused.errorCode == "originNotAllowed")
        #expect(refused.headers["access-control-allow-origin"] == nil)
    }

    @Test func anyOriginIsAStarWithoutVary() async throws {
        let server = try await Self.server(corsOrigins: ["*"])
        defer { Task { await server.stop() } }
        for path in ["/parse", "/model/parse"] {
            let answer = try await server.post(path, Self.parseBody, headers: ["Origin": "https://anywhere.example"])
            #expect(answer.status == 200 && answer.headers["access-control-allow-origin"] == "*" && answer.headers["vary"] == nil)
            #expect(answer.headers["access-control-allow-credentials"] == nil)
        }
    }

    @Test(arguments: [("https://app.example.com/", false), ("app.example.com", false), ("null", false), ("https://a.example/path", false),
                      ("://a.example", false), ("https://user@a.example", false),
                      ("https://app.example.com", true), ("http://localhost:3000", true), ("*", true)])
    func originsAreCheckedBeforeListening(origin: String, valid: Bool) throws {
        #expect((ServerConfiguration.problem(withCORSOrigin: origin) == nil) == valid)
        var configuration = RunningServer.configuration()
        configuration.corsOrigins = [origin]
        if !valid { #expect(throws: ParseServer.ConfigurationError.self) { try ParseServer(configuration: configuration) } }
    }

    /// One page, whose script and style are its own: nothing from the network.
    @Test func thePlaygroundIsOneSelfContainedPage() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let page = try await server.request("GET", "/")
        #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"))
        #expect(page.text.hasPrefix("<!doctype html>") && page.text.contains(#"id="utterance""#))
        #expect(!page.text.contains("src=") && !page.text.contains("http://") && !page.text.contains("https://"))

        let off = try await Self.server(playground: false)
        defer { Task { await off.stop() } }
        #expect(try await off.request("GET", "/").status == 404)
    }
}
