import Foundation
import IntentKit
import Testing
import IntentKitTestSupport
import Yams
@testable import IntentKitServer

/// `intentkit serve`'s service, on a loopback port: every route, every error answer, the
/// bounds, the deadline, reloads. (SIGTERM and SIGHUP are tested on the command, in
/// IntentKitCLITests.)
@Suite("Parse server")
struct ParseServerTests {
    /// The body's parse against the fixture model's own, parsed in process with the same options.
    @Test func parseAnswersWhatTheParserSays() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let answer = try await server.post("/parse", #"{"text": "send Buttercup 85 bucks for rainbow polish", "topK": 2, "resolve": true, "referenceDate": "2026-11-22T08:00:00Z", "timeZone": "UTC"}"#)
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parser = IntentParser(model: try NLUModel(contentsOf: RunningServer.fixtureModel))
        let parse = parser.parse("send Buttercup 85 bucks for rainbow polish", alternatives: 1, resolving: true,
                                 reference: Date(timeIntervalSince1970: 1_795_334_400), calendar: calendar)
        var writer = ParseJSONWriter()
        writer.write(parse, topK: 2, resolve: true)
        #expect(answer.text == String(decoding: writer.bytes, as: UTF8.self) + "\n")
        #expect(answer.object["intent"] as? String == "SendPayment")
        #expect((answer.object["alternatives"] as? [Any])?.count == 1)
        #expect((answer.object["parameters"] as? [Any])?.isEmpty == false)
    }

    @Test func aBatchAnswersEachTextInOrder() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let texts = ["send Buttercup 85 bucks", "get me a ride to the airport", "what is the meaning of life", ""]
        let body = #"{"texts": ["# + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        let answer = try await server.post("/parse/batch", body)
        #expect(answer.status == 200)
        let results = try #require(answer.object["results"] as? [[String: Any]])
        #expect(results.map { $0["text"] as? String } == texts)
        for (text, result) in zip(texts, results) {
            let single = try await server.post("/parse", #"{"text": "\#(text)"}"#).object
            #expect(single["intent"] as? String == result["intent"] as? String, "\(text)")
            #expect(single["confidence"] as? Double == result["confidence"] as? Double, "\(text)")
        }
        #expect(results[3]["outOfScope"] as? Bool == true)  // empty input is never an intent
        let metrics = try await server.request("GET", "/metrics").text
        #expect(metrics.contains("intentkit_parses_total 8"), "\(metrics)")
        #expect(metrics.contains(#"intentkit_http_requests_total{method="POST",route="/parse/batch",status="200"} 1"#), "\(metrics)")
    }

    @Test func entitiesAreResolvedAgainstTheReferenceDateInTheTimeZone() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let answer = try await server.post("/entities", #"{"text": "tomorrow at 5pm for 20 dollars", "referenceDate": "2026-11-27T23:30:00Z", "timeZone": "Europe/Paris"}"#)
        #expect(answer.status == 200)
        let entities = try #require(answer.object["entities"] as? [[String: Any]])
        #expect(entities.map { $0["kind"] as? String } == ["dateTime", "amountOfMoney"])
        // 23:30 UTC is already the 28th in Paris: tomorrow is the 29th there.
        #expect((entities[0]["value"] as? [String: Any])?["value"] as? String == "2026-11-29T17:00")
    }

    @Test func healthModelAndOpenAPIDescribeTheServer() async throws {
        var configuration = RunningServer.configuration()
        configuration.adminToken = String(repeating: "k", count: 32)
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let health = try await server.request("GET", "/health")
        #expect(health.status == 200 && health.object["status"] as? String == "ok" && health.object["modelGeneration"] as? Int == 1)

        let model = try await server.request("GET", "/model").object
        let loaded = try NLUModel(contentsOf: RunningServer.fixtureModel)
        #expect(model["path"] as? String == RunningServer.fixtureModel.path)
        #expect(model["intents"] as? [String] == loaded.schema.intents.map(\.name))
        #expect(model["slots"] as? [String] == loaded.labels.slotNames)
        #expect((model["classifier"] as? [String: Any])?["intents"] as? [String] == loaded.intentClassifier?.intents)
        #expect(model["formatVersion"] as? String == "1.7" && model["generation"] as? Int == 1)

        // The document names every route the server has, and each of them answers.
        let document = try await server.request("GET", "/openapi.yaml")
        #expect(document.status == 200 && document.headers["content-type"]?.hasPrefix("application/yaml") == true)
        let yaml = try #require(try Yams.load(yaml: document.text) as? [String: Any])
        #expect(yaml["openapi"] as? String == "3.1.0")
        let paths = try #require(yaml["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, methods) in paths { for method in methods.keys { documented.insert("\(method.uppercased()) \(path)") } }
        #expect(documented == ["GET /", "POST /parse", "POST /model/parse", "POST /parse/batch", "POST /entities", "GET /health", "GET /model", "GET /metrics", "GET /openapi.yaml", "POST /admin/reload"])
        for route in documented {
            let parts = route.split(separator: " ")
            let answer = try await server.request(String(parts[0]), String(parts[1]), json: parts[0] == "POST" ? "{}" : nil)
            #expect(answer.status != 404, "\(route)")
        }
    }

    /// Every way a request can be wrong gets a JSON error with a status and a code, and the
    /// server goes on answering.
    @Test(arguments: [
        ("/parse", #"{"text": "a", "#, 400, "badRequest"),
        ("/parse", "", 400, "badRequest"),
        ("/parse", "[1, 2]", 400, "badRequest"),
        ("/parse", #"{"text": 3}"#, 400, "badRequest"),
        ("/parse", #"{"txt": "a"}"#, 400, "badRequest"),
        ("/parse", "{}", 400, "badRequest"),
        ("/parse", #"{"text": null}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "topK": 0}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "topK": 101}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "topK": "2"}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "minConfidence": 1.5}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "timeZone": "Mars/Olympus"}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "referenceDate": "next tuesday"}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabulary": {"contact": [""]}}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabulary": {"contact": [{"phrase": "x", "colour": "red"}]}}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabulary": ["x"]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabularyKey": ""}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabularyKey": "never-sent"}"#, 422, "unknownVocabularyKey"),
        ("/parse", #"{"text": "a", "split": null}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "respond": null}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a\u0000b"}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "vocabulary": {"planet": ["Mars"]}}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "shortcuts": [{"phrase": "go", "intent": "SendPayment"}, {"phrase": "Go!", "intent": "RequestRide"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "shortcuts": [{"phrase": "?!", "intent": "RequestRide"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "history": [{"intent": "SendPayment", "parameters": {"amount": "lots"}, "date": "2026-12-01"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "history": [{"intent": "SendPayment", "date": "20260-12-01"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "reservations": {"id": "x"}}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "reservations": [{"id": "x", "category": "spaceship", "start": "2026-12-10T19:00"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "reservations": [{"id": "x", "category": "flight"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "reservations": [{"id": "x", "category": "bus", "start": "2026-12-10T19:00", "end": "2026-12-09"}]}"#, 400, "badRequest"),
        ("/parse", #"{"text": "a", "reservations": [{"id": "x", "category": "bus", "start": "2026-12-10"}, {"id": "x", "category": "bus", "start": "2026-12-11"}]}"#, 400, "badRequest"),
        ("/model/parse", #"{"text": "a", "respond": "success"}"#, 400, "badRequest"),
        ("/parse/batch", #"{"texts": ["a", "b\u0000"]}"#, 400, "badRequest"),
        ("/parse/batch", #"{"text": "a"}"#, 400, "badRequest"),
        ("/parse/batch", #"{"texts": "a"}"#, 400, "badRequest"),
        ("/parse/batch", #"{"texts": ["a", 1]}"#, 400, "badRequest"),
        ("/entities", #"{"text": "a", "topK": 2}"#, 400, "badRequest"),
        ("/nowhere", "{}", 404, "notFound"),
        ("/admin/reload", "{}", 404, "notFound"),  // no token: the route does not exist
    ])
    func aBadRequestGetsAJSONError(path: String, body: String, status: Int, code: String) async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let answer = try await server.post(path, body)
        #expect(answer.status == status, "\(answer.text)")
        #expect(answer.errorCode == code, "\(answer.text)")
        let message = (answer.object["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(!message.isEmpty)
        #expect(try await server.post("/parse", #"{"text": "get me a ride"}"#).status == 200)
    }

    @Test func bodiesOverTheLimitAre413WhetherOrNotTheyDeclareTheirLength() async throws {
        var configuration = RunningServer.configuration()
        configuration.maximumBodyBytes = 1_000
        configuration.maximumBatchSize = 3
        configuration.maximumVocabularyTerms = 2
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let large = #"{"text": ""# + String(repeating: "a", count: 2_000) + #""}"#
        let declared = try await server.post("/parse", large)
        #expect(declared.status == 413 && declared.errorCode == "payloadTooLarge")
        // Chunked: no length to refuse up front, so the limit stops the reading.
        let port = server.port
        let chunked = try await LoopbackConnection.run {
            let connection = try LoopbackConnection(port: port)
            try connection.send("POST /parse HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<4 { try connection.send("258\r\n" + String(repeating: "a", count: 600) + "\r\n") }
            try connection.send("0\r\n\r\n")
            return try connection.readAnswer()
        }
        #expect(chunked.status == 413 && chunked.errorCode == "payloadTooLarge")
        let batch = try await server.post("/parse/batch", #"{"texts": ["a", "b", "c", "d"]}"#)
        #expect(batch.status == 400 && batch.text.contains("at most 3"))
        let vocabulary = try await server.post("/parse", #"{"text": "a", "vocabulary": {"contact": ["x", "y"], "account": ["z"]}}"#)
        #expect(vocabulary.status == 400 && vocabulary.text.contains("at most 2"))
    }

    /// A vocabulary sent with a request serves that request only; one sent with a key is
    /// cached under it, at most `vocabularyCacheCapacity` of them, least recently used first out.
    @Test func vocabulariesLastOneRequestUnlessCachedUnderAKey() async throws {
        var configuration = RunningServer.configuration()
        configuration.vocabularyCacheCapacity = 1
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        func payee(_ body: String) async throws -> Any? {
            let answer = try await server.post("/parse", body, headers: RunningServer.cacheWrite)
            #expect(answer.status == 200, "\(answer.text)")
            let slots = answer.object["slots"] as? [[String: Any]] ?? []
            return (slots.first { $0["name"] as? String == "payee" }?["value"] as? [String: Any])?["value"]
        }
        let vocabulary = #""vocabulary": {"contact": [{"phrase": "Celestra Moonbeam", "id": "contact-42"}]}"#
        let text = #""text": "send Celestra Moonbeam 20 dollars""#
        #expect(try await payee("{\(text), \(vocabulary)}") as? String == "contact-42")
        #expect(try await payee("{\(text)}") as? String != "contact-42")
        #expect(try await payee(#"{\#(text), \#(vocabulary), "vocabularyKey": "user-1"}"#) as? String == "contact-42")
        #expect(try await payee(#"{\#(text), "vocabularyKey": "user-1"}"#) as? String == "contact-42")
        // A second key evicts the first (capacity 1).
        #expect(try await payee(#"{\#(text), "vocabulary": {"contact": ["Buttercup"]}, "vocabularyKey": "user-2"}"#) as? String != "contact-42")
        let evicted = try await server.post("/parse", #"{\#(text), "vocabularyKey": "user-1"}"#)
        #expect(evicted.status == 422 && evicted.errorCode == "unknownVocabularyKey")
    }

    @Test func shortcutsComeWithARequestOrItsKeyAndAreCheckedAgainstTheSchema() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let shortcuts = #""shortcuts": [{"phrase": "pay the usual", "intent": "SendPayment", "parameters": {"amount": "85 dollars"}, "id": "usual"}]"#
        let vocabulary = #""vocabulary": {"contact": [{"phrase": "Celestra Moonbeam", "id": "contact-42"}]}"#
        var answer = try await server.post("/parse", #"{"text": "Pay the usual!", "resolve": true, \#(shortcuts)}"#)
        #expect(answer.status == 200 && answer.object["shortcut"] as? String == "usual" && answer.object["confidence"] as? Double == 1, "\(answer.text)")
        // Cached with a vocabulary under one key; a later request sending only shortcuts keeps the vocabulary.
        answer = try await server.post("/parse", #"{"text": "send Celestra Moonbeam 20 dollars", \#(vocabulary), "vocabularyKey": "u"}"#, headers: RunningServer.cacheWrite)
        #expect(answer.status == 200)
        answer = try await server.post("/parse", #"{"text": "pay the usual", \#(shortcuts), "vocabularyKey": "u"}"#, headers: RunningServer.cacheWrite)
        #expect(answer.object["shortcut"] as? String == "usual")
        answer = try await server.post("/parse", #"{"text": "pay the usual", "vocabularyKey": "u"}"#)
        #expect(answer.object["shortcut"] as? String == "usual")
        answer = try await server.post("/parse", #"{"text": "send Celestra Moonbeam 20 dollars", "vocabularyKey": "u"}"#)
        let slots = answer.object["slots"] as? [[String: Any]] ?? []
        #expect((slots.first { $0["name"] as? String == "payee" }?["value"] as? [String: Any])?["value"] as? String == "contact-42")
        // Other utterances parse as without; a shortcut the schema cannot hold is refused.
        answer = try await server.post("/parse", #"{"text": "pay the usual now", \#(shortcuts)}"#)
        #expect(answer.object["shortcut"] == nil)
        answer = try await server.post("/parse", #"{"text": "x", "shortcuts": [{"phrase": "go", "intent": "Nope"}]}"#)
        #expect(answer.status == 400 && answer.text.contains("shortcuts[0]: unknown intent 'Nope'"), "\(answer.text)")
    }

    /// Writing the cache needs the cache token; without one configured nothing is cached. A
    /// client that knows only a key reads what is cached under it, and cannot replace it.
    @Test func writingTheCacheNeedsTheCacheToken() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let shortcuts = #""shortcuts": [{"phrase": "go go", "intent": "RequestRide", "parameters": {"partySize": 2}}]"#
        let write = #"{"text": "go go", "vocabularyKey": "user-42", \#(shortcuts)}"#
        let anonymous = try await server.post("/parse", write)
        #expect(anonymous.status == 401 && anonymous.errorCode == "unauthorized" && anonymous.headers["www-authenticate"] == "Bearer")
        let wrong = try await server.post("/parse", write, headers: ["Authorization": "Bearer not-the-token-at-all"])
        #expect(wrong.status == 401)
        #expect(try await server.post("/parse", #"{"text": "go go", "vocabularyKey": "user-42"}"#).status == 422)
        let written = try await server.post("/parse", write, headers: RunningServer.cacheWrite)
        #expect(written.status == 200 && written.object["intent"] as? String == "RequestRide", "\(written.text)")
        let read = try await server.post("/parse", #"{"text": "go go", "vocabularyKey": "user-42"}"#)
        #expect(read.object["shortcut"] as? String == "go go")

        var configuration = RunningServer.configuration()
        configuration.cacheToken = nil
        let off = try await RunningServer(configuration)
        defer { Task { await off.stop() } }
        let refused = try await off.post("/parse", write, headers: RunningServer.cacheWrite)
        #expect(refused.status == 403 && refused.errorCode == "cachingOff", "\(refused.text)")
        // Without a key, a request's own context serves it.
        #expect(try await off.post("/parse", #"{"text": "go go", \#(shortcuts)}"#).object["shortcut"] as? String == "go go")
    }

    @Test func aHistoryComesWithARequestOrItsKey() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let history = #""history": [{"intent": "SendPayment", "parameters": {"payee": "Buttercup"}, "date": "2026-12-01"}]"#
        func payee(_ body: String) async throws -> [String: Any]? {
            let answer = try await server.post("/parse", body, headers: RunningServer.cacheWrite)
            #expect(answer.status == 200, "\(answer.text)")
            return (answer.object["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "payee" }
        }
        #expect(try await payee(#"{"text": "send money", "resolve": true, \#(history), "vocabularyKey": "h"}"#)?["outcome"] as? String == "confirmationRequired")
        #expect(try await payee(#"{"text": "send money", "resolve": true, "vocabularyKey": "h"}"#)?["outcome"] as? String == "confirmationRequired")
        #expect(try await payee(#"{"text": "send money", "resolve": true}"#)?["outcome"] as? String == "needsValue")
        let bad = try await server.post("/parse", #"{"text": "x", "history": [{"intent": "SendPayment", "date": "yesterday"}]}"#)
        #expect(bad.status == 400 && bad.text.contains("history[0].date: 'yesterday' is not"), "\(bad.text)")
    }

    /// A request's `respond` renders the intent's response, or says why it cannot (this model's
    /// schema has no templates; the renderer's own tests cover the rendering).
    @Test func aResponseIsRenderedOrItsProblemSaid() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        var answer = try await server.post("/parse", #"{"text": "send Buttercup 85 bucks", "respond": "success"}"#)
        #expect(answer.status == 200 && answer.object["responseProblem"] as? String == "'SendPayment' has no 'success' response", "\(answer.text)")
        #expect(answer.object["parameters"] == nil)
        answer = try await server.post("/parse", #"{"text": "send Buttercup 85 bucks", "responseValues": {"waitTime": "10 minutes"}}"#)
        #expect(answer.status == 400 && answer.text.contains("responseValues: they need 'respond'"))
    }

    /// `split` answers an utterance's requests, each parsed from its own part, on `/parse` and
    /// `/parse/batch`; not on the Rasa route, and `splitConfidence` only with it.
    @Test func twoJoinedRequestsAreAnsweredAsTwo() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let joined = "send Buttercup 85 bucks and get me a ride to the airport"
        var answer = try await server.post("/parse", #"{"text": "\#(joined)", "split": true}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let requests = answer.object["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0["intent"] as? String } == ["SendPayment", "RequestRide"])
        #expect(requests.map { $0["text"] as? String } == ["send Buttercup 85 bucks", "get me a ride to the airport"])
        #expect(answer.object["text"] as? String == joined)
        answer = try await server.post("/parse", #"{"text": "\#(joined)", "split": true, "splitConfidence": 1}"#)
        #expect((answer.object["requests"] as? [[String: Any]])?.count == 1, "\(answer.text)")
        answer = try await server.post("/parse/batch", #"{"texts": ["\#(joined)", "get me a ride"], "split": true}"#)
        let results = answer.object["results"] as? [[String: Any]] ?? []
        #expect(results.map { ($0["requests"] as? [Any])?.count } == [2, 1], "\(answer.text)")
        answer = try await server.post("/parse", #"{"text": "x", "splitConfidence": 0.7}"#)
        #expect(answer.status == 400 && answer.text.contains("splitConfidence: it needs 'split': true"), "\(answer.text)")
        answer = try await server.post("/model/parse", #"{"text": "x", "split": true}"#)
        #expect(answer.status == 400 && answer.text.contains("the Rasa route answers one intent"), "\(answer.text)")
    }

    /// Matching shortcuts said another way needs the sentence encoder; this model has none.
    @Test func aShortcutSimilarityNeedsAModelWithAnEncoder() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let shortcuts = #""shortcuts": [{"phrase": "pay the usual", "intent": "SendPayment"}]"#
        var answer = try await server.post("/parse", #"{"text": "pay the usual please", \#(shortcuts), "shortcutSimilarity": 0.8}"#)
        #expect(answer.status == 400 && answer.text.contains("shortcutSimilarity: the model has no sentence encoder"), "\(answer.text)")
        answer = try await server.post("/parse", #"{"text": "x", \#(shortcuts), "shortcutSimilarity": 2}"#)
        #expect(answer.status == 400 && answer.text.contains("shortcutSimilarity: 2.0; it must be between 0 and 1"), "\(answer.text)")
        answer = try await server.post("/parse", #"{"text": "pay the usual", \#(shortcuts)}"#)
        #expect(answer.status == 200 && answer.object["shortcut"] as? String == "pay the usual", "\(answer.text)")
    }

    /// Beyond the bound of concurrent requests the answer is 503 at once, on either way a
    /// request is answered (the router's, and the raw path's); health still answers.
    @Test func requestsBeyondTheConcurrencyBoundAre503() async throws {
        var configuration = RunningServer.configuration()
        configuration.maximumConcurrentRequests = 1
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let port = server.port
        // A request held in flight: its head and half its body sent.
        let held = try LoopbackConnection(port: port)
        let body = #"{"text": "tomorrow at noon"}"#
        try held.send("POST /entities HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(10))
        // Wait until the server is handling it (the metrics route is exempt from the bound).
        var inFlight = false
        for _ in 0..<500 where !inFlight {
            inFlight = try await server.request("GET", "/metrics").text.contains("intentkit_http_requests_in_flight 1.0")
            if !inFlight { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(inFlight)
        for path in ["/parse", "/parse/batch", "/entities"] {
            let refused = try await server.post(path, path == "/parse/batch" ? #"{"texts": ["get me a ride"]}"# : #"{"text": "get me a ride"}"#)
            #expect(refused.status == 503 && refused.errorCode == "overloaded" && refused.headers["retry-after"] == "1", "\(path): \(refused.text)")
        }
        #expect(try await server.request("GET", "/health").status == 200)
        let finished = try await LoopbackConnection.run {
            try held.send(String(body.dropFirst(10)))
            return try held.readAnswer()
        }
        #expect(finished.status == 200 && (finished.object["entities"] as? [Any])?.count == 1, "\(finished.text)")
        #expect(try await server.post("/parse", #"{"text": "get me a ride"}"#).status == 200)
    }

    /// A request that takes longer than the deadline (here: a client that stops sending its
    /// body) is answered 503 `timeout`, and the server goes on. The stalled request follows
    /// one answered in time on the same connection, so the connection's timer, armed for the
    /// first request's deadline, fires first and re-arms for the second's.
    ///
    /// The first request is one the raw path answers (it then keeps the deadline) or one it
    /// hands over to the codec (the router's deadline then keeps it).
    @Test(arguments: ["/parse", "/entities"])
    func aRequestPastItsDeadlineIs503(firstPath: String) async throws {
        var configuration = RunningServer.configuration()
        configuration.requestTimeout = .milliseconds(300)
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let port = server.port
        let (first, answer) = try await LoopbackConnection.run {
            let connection = try LoopbackConnection(port: port)
            let first = try connection.request("POST", firstPath, body: Array(#"{"text": "get me a ride"}"#.utf8))
            usleep(150_000)
            try connection.send("POST /parse HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"text\": ")
            return (first, try connection.readAnswer())
        }
        #expect(first.status == 200)
        #expect(answer.status == 503 && answer.errorCode == "timeout")
        #expect(try await server.post("/parse", #"{"text": "get me a ride"}"#).status == 200)
    }

    /// The admin route needs the token; a reload serves the new file from the next request,
    /// and a file that does not load leaves the model in service.
    @Test func reloadNeedsTheTokenAndKeepsTheOldModelWhenTheNewOneFails() async throws {
        let (server, model, directory) = try await RunningServer.servingACopy()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { Task { await server.stop() } }
        let token = RunningServer.adminToken

        #expect(try await server.post("/admin/reload", "").status == 401)
        let wrong = try await server.post("/admin/reload", "", headers: ["Authorization": "Bearer 0123456789abcdef0123456789abcdeX"])
        #expect(wrong.status == 401 && wrong.errorCode == "unauthorized" && wrong.headers["www-authenticate"] == "Bearer")
        #expect(try await server.post("/admin/reload", "", headers: ["Authorization": "Bearer \(token)x"]).status == 401)

        try FileManager.default.removeItem(at: model)
        try FileManager.default.copyItem(at: RunningServer.otherFixtureModel, to: model)
        let reloaded = try await server.post("/admin/reload", "", headers: ["Authorization": "Bearer \(token)"])
        #expect(reloaded.status == 200 && reloaded.object["generation"] as? Int == 2 && reloaded.object["formatVersion"] as? String == "1.5")
        #expect(try await server.request("GET", "/model").object["formatVersion"] as? String == "1.5")

        try Data("not a model".utf8).write(to: model)
        let failed = try await server.post("/admin/reload", "", headers: ["Authorization": "Bearer \(token)"])
        #expect(failed.status == 500 && failed.errorCode == "reloadFailed" && failed.text.contains("served.model"))
        #expect(try await server.request("GET", "/health").object["modelGeneration"] as? Int == 2)
        #expect(try await server.post("/parse", #"{"text": "get me a ride to the airport"}"#).object["intent"] as? String == "RequestRide")
        let metrics = try await server.request("GET", "/metrics").text
        #expect(metrics.contains(#"intentkit_model_reloads_total{outcome="success"} 1"#) && metrics.contains(#"intentkit_model_reloads_total{outcome="failure"} 1"#))
    }

    /// Reloads while clients parse: no request fails or waits for the reload, each is answered
    /// by one model or the other.
    @Test func reloadingUnderLoadDropsNoRequest() async throws {
        let (server, model, directory) = try await RunningServer.servingACopy()
        defer { try? FileManager.default.removeItem(at: directory) }
        defer { Task { await server.stop() } }
        let token = RunningServer.adminToken
        let port = server.port
        let body = Array(#"{"text": "get me a ride to the airport"}"#.utf8)
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await LoopbackConnection.run {
                        let connection = try LoopbackConnection(port: port)
                        return try (0..<150).map { _ in
                            let answer = try connection.request("POST", "/parse", body: body)
                            return "\(answer.status) \(answer.object["intent"] as? String ?? answer.text)"
                        }
                    }
                }
            }
            group.addTask {
                var statuses: [String] = []
                for round in 0..<10 {
                    // A new file renamed over the served one, as `intentkit train` writes models.
                    let next = directory.appendingPathComponent("next.model")
                    try? FileManager.default.removeItem(at: next)
                    try FileManager.default.copyItem(at: round.isMultiple(of: 2) ? RunningServer.otherFixtureModel : RunningServer.fixtureModel, to: next)
                    #expect(rename(next.path, model.path) == 0)
                    statuses.append("reload \(try await server.post("/admin/reload", "", headers: ["Authorization": "Bearer \(token)"]).status)")
                }
                return statuses
            }
            var answers: [String] = []
            for try await results in group { answers += results }
            #expect(answers.filter { $0.hasPrefix("reload") } == Array(repeating: "reload 200", count: 10))
            #expect(answers.filter { !$0.hasPrefix("reload") } == Array(repeating: "200 RequestRide", count: 600))
        }
        #expect(try await server.request("GET", "/health").object["modelGeneration"] as? Int == 11)
    }

    /// Many clients at once on kept-alive connections get the answers one client gets alone.
    @Test func concurrentClientsGetTheSameAnswers() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let body = #"{"text": "send Buttercup 85 bucks for rainbow polish", "referenceDate": "2026-11-22", "timeZone": "UTC"}"#
        let expected = try await server.post("/parse", body).text
        let port = server.port
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await LoopbackConnection.run {
                        let connection = try LoopbackConnection(port: port)
                        return try (0..<50).map { _ in try connection.request("POST", "/parse", body: Array(body.utf8)).text }
                    }
                }
            }
            for try await answers in group { #expect(answers.allSatisfy { $0 == expected }) }
        }
    }

    /// One kept-alive connection carries requests for the raw path and for the router,
    /// in any order, each answer after its request.
    @Test func oneConnectionCarriesEveryKindOfRequestInTurn() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let port = server.port
        let statuses = try await LoopbackConnection.run {
            let connection = try LoopbackConnection(port: port)
            let requests: [(String, String, String?)] = [
                ("POST", "/parse", #"{"text": "get me a ride"}"#), ("GET", "/health", nil), ("POST", "/parse", #"{"text": 1}"#),
                ("POST", "/parse/batch", #"{"texts": ["get me a ride"]}"#), ("GET", "/nowhere", nil), ("POST", "/parse?x=1", #"{"text": "send Buttercup 5 dollars"}"#),
                ("POST", "/entities", #"{"text": "at noon"}"#), ("POST", "/parse", #"{"text": "get me a ride"}"#),
            ]
            return try requests.map { method, path, body in
                let answer = try connection.request(method, path, body: body.map { Array($0.utf8) })
                return "\(method) \(path) \(answer.status) \(answer.object["intent"] as? String ?? answer.errorCode ?? "-")"
            }
        }
        #expect(statuses == [
            "POST /parse 200 RequestRide", "GET /health 200 -", "POST /parse 400 badRequest", "POST /parse/batch 200 -",
            "GET /nowhere 404 notFound", "POST /parse?x=1 200 SendPayment", "POST /entities 200 -", "POST /parse 200 RequestRide",
        ])
    }

    /// Requests written back to back in one write (pipelined) are answered in order, those the
    /// raw path answers and, after the first it leaves to the codec, the rest; a request that
    /// arrives a byte at a time is answered once whole.
    @Test func pipelinedAndTrickledRequestsAreAnsweredInOrder() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let port = server.port
        let (pipelined, trickled) = try await LoopbackConnection.run {
            func request(_ method: String, _ path: String, _ body: String) -> String {
                "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            }
            let connection = try LoopbackConnection(port: port)
            try connection.send(request("POST", "/parse", #"{"text": "get me a ride"}"#) + request("POST", "/parse", #"{"text": 1}"#)
                                + request("POST", "/entities", #"{"text": "at noon"}"#) + request("POST", "/parse", #"{"text": "send Buttercup 5 dollars"}"#))
            let pipelined = try (0..<4).map { _ in
                let answer = try connection.readAnswer()
                return "\(answer.status) \(answer.object["intent"] as? String ?? answer.errorCode ?? "-")"
            }
            let trickling = try LoopbackConnection(port: port)
            for byte in request("POST", "/parse", #"{"text": "get me a ride"}"#).utf8 {
                try trickling.send([byte])
                usleep(200)
            }
            return (pipelined, try trickling.readAnswer())
        }
        #expect(pipelined == ["200 RequestRide", "400 badRequest", "200 -", "200 SendPayment"])
        #expect(trickled.status == 200 && trickled.object["intent"] as? String == "RequestRide")
    }

    /// An idle connection is closed after the idle timeout; one in use is not.
    @Test func idleConnectionsAreClosed() async throws {
        var configuration = RunningServer.configuration()
        // A timeout far above a request's time, so that a loaded machine running other suites
        // beside this one never stalls a connection in use for as long.
        configuration.idleTimeout = .milliseconds(1000)
        let server = try await RunningServer(configuration)
        defer { Task { await server.stop() } }
        let port = server.port
        // One connection only ever sends what the raw path answers; the other also what it hands
        // over to the codec, whose connection handler then keeps the timeout.
        let (busyStatuses, closedWhenIdle) = try await LoopbackConnection.run {
            let rawOnly = try LoopbackConnection(port: port), mixed = try LoopbackConnection(port: port)
            var statuses: Set<Int> = []
            for index in 0..<16 {  // 2 s of requests, 125 ms apart: twice the timeout in all, never idle for it
                let body = Array(#"{"text": "get me a ride at noon"}"#.utf8)
                statuses.insert(try rawOnly.request("POST", "/parse", body: body).status)
                statuses.insert(try mixed.request("POST", index.isMultiple(of: 2) ? "/parse" : "/entities", body: body).status)
                usleep(125_000)
            }
            usleep(2_500_000)
            return (statuses, [rawOnly.isClosedByServer(), mixed.isClosedByServer()])
        }
        #expect(busyStatuses == [200])
        #expect(closedWhenIdle == [true, true])
    }

    @Test func aConfigurationOutOfBoundsOrAMissingModelIsRefusedBeforeListening() throws {
        var configuration = RunningServer.configuration()
        #expect(configuration.host == "127.0.0.1")
        configuration.adminToken = "short"
        #expect(throws: ParseServer.ConfigurationError.self) { try ParseServer(configuration: configuration) }
        configuration.adminToken = nil
        configuration.maximumBatchSize = 0
        #expect(throws: ParseServer.ConfigurationError.self) { try ParseServer(configuration: configuration) }
        let missing = RunningServer.configuration(model: URL(fileURLWithPath: "/nonexistent/served.model"))
        #expect { try ParseServer(configuration: missing) } throws: { "\($0)".contains("/nonexistent/served.model") }
    }
}

@Suite("Server parts")
struct ServerPartsTests {
    @Test func theAdminTokenMatchesOnlyItself() {
        let token = AdminToken("0123456789abcdef")
        #expect(token.accepts(authorization: "Bearer 0123456789abcdef"))
        for wrong in [nil, "", "0123456789abcdef", "Bearer ", "Bearer 0123456789abcde", "Bearer 0123456789abcdef0", "Bearer 1123456789abcdef", "bearer 0123456789abcdef"] {
            #expect(!token.accepts(authorization: wrong), "\(wrong ?? "nil")")
        }
    }

    @Test func theVocabularyCacheEvictsTheLeastRecentlyUsed() {
        let cache = VocabularyCache(capacity: 2)
        let one = UserContext(vocabulary: UserVocabulary(["contact": [VocabularyTerm("one")]]))
        let two = UserContext(vocabulary: UserVocabulary(["contact": [VocabularyTerm("two")]]))
        cache.store(one, for: "a")
        cache.store(two, for: "b")
        #expect(cache.context(for: "a")?.vocabulary?.terms(for: "contact").first?.phrase == "one")  // "a" is now the most recent
        cache.store(two, for: "c")
        #expect(cache.context(for: "b") == nil && cache.context(for: "a") != nil && cache.context(for: "c") != nil)
        #expect(cache.count == 2)
        // Shortcuts alone join the vocabulary under the key.
        cache.store(UserContext(shortcuts: UserShortcuts([UserShortcut("go", intent: "A")])), for: "a")
        #expect(cache.context(for: "a")?.vocabulary?.terms(for: "contact").first?.phrase == "one")
        #expect(cache.context(for: "a")?.shortcuts?.shortcuts.first?.phrase == "go")
        let none = VocabularyCache(capacity: 0)
        none.store(one, for: "a")
        #expect(none.context(for: "a") == nil)
    }
}
