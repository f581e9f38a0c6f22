import Foundation
import IntentKit
import IntentKitTestSupport
import Testing
@testable import IntentKitServer

/// `POST /model/parse` against a Rasa 3 answer as the contract: every key a Rasa client reads
/// is there with the type Rasa gives it, and the answer says what `POST /parse` says.
@Suite("Rasa's parse route")
struct RasaParseTests {
    /// A Rasa 3 answer (DIET, Duckling and a response selector in the pipeline) with the keys
    /// and value types Rasa writes.
    static let rasaAnswer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/rasa-3-model-parse.json")

    /// What Rasa answers that IntentKit does not (documented in docs/server.md): token offsets,
    /// and retrieval intents' responses.
    static let notAnswered: Set<String> = ["text_tokens", "response_selector"]

    private static func jsonType(_ value: Any) -> String {
        switch value {
        case is String: "string"
        case is NSNumber: "number"  // (booleans too: neither answer has one)
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "null"
        }
    }

    private static func object(_ body: some Collection<UInt8>) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func theAnswerHasEveryKeyOfRasasWithItsType() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let rasa = try Self.object(try Data(contentsOf: Self.rasaAnswer))
        let answer = try await server.post("/model/parse", #"{"text": "send Buttercup 85 bucks for rainbow polish", "message_id": "b2831e73"}"#)
        #expect(answer.status == 200 && answer.headers["content-type"] == "application/json")
        let ours = answer.object
        for (key, value) in rasa where !Self.notAnswered.contains(key) {
            let mine = try #require(ours[key], "\(key) is missing")
            #expect(Self.jsonType(mine) == Self.jsonType(value), "\(key)")
        }
        // An intent, in `intent` and in the ranking, has Rasa's keys and types.
        let rasaIntent = try #require(rasa["intent"] as? [String: Any])
        let ranking = try #require(ours["intent_ranking"] as? [[String: Any]])
        for intent in [try #require(ours["intent"] as? [String: Any])] + ranking {
            #expect(Set(intent.keys) == Set(rasaIntent.keys))
            for (key, value) in rasaIntent { #expect(Self.jsonType(intent[key] as Any) == Self.jsonType(value), "\(key)") }
        }
        // An entity has the keys every Rasa extractor's entity has, with their types (a value
        // is a string or a number, as Rasa's extractors give them).
        let rasaEntities = try #require(rasa["entities"] as? [[String: Any]])
        let common = rasaEntities.map { Set($0.keys) }.reduce(Set(rasaEntities[0].keys)) { $0.intersection($1) }
        #expect(common == ["entity", "start", "end", "value", "extractor"])
        let entities = try #require(ours["entities"] as? [[String: Any]])
        #expect(entities.count >= 2)
        for entity in entities {
            for key in common.union(["confidence_entity"]) { #expect(entity[key] != nil, "\(key) in \(entity)") }
            #expect(["string", "number"].contains(Self.jsonType(entity["value"] as Any)))
            for key in ["entity", "extractor"] { #expect(entity[key] is String) }
            for key in ["start", "end", "confidence_entity"] { #expect(Self.jsonType(entity[key] as Any) == "number") }
        }
        #expect(ours["message_id"] as? String == "b2831e73")
    }

    /// The same parse as `POST /parse`: intent, confidence, ranking, slots and their values.
    @Test func theAnswerSaysWhatTheParseSays() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let text = "send Buttercup 85 bucks for rainbow polish"
        let rasa = try await server.post("/model/parse", #"{"text": "\#(text)"}"#).object
        let parse = try await server.post("/parse", #"{"text": "\#(text)", "topK": 10}"#).object
        let intent = try #require(rasa["intent"] as? [String: Any])
        #expect(intent["name"] as? String == parse["intent"] as? String)
        #expect(intent["confidence"] as? Double == parse["confidence"] as? Double)
        let ranking = try #require(rasa["intent_ranking"] as? [[String: Any]])
        let alternatives = try #require(parse["alternatives"] as? [[String: Any]])
        #expect(ranking.map { $0["name"] as? String } == [intent["name"] as? String] + alternatives.map { $0["intent"] as? String })
        #expect(ranking.count == 10 || ranking.count == alternatives.count + 1)
        #expect(rasa["message_id"] == nil)

        let entities = try #require(rasa["entities"] as? [[String: Any]])
        let slots = try #require(parse["slots"] as? [[String: Any]])
        #expect(entities.map { $0["entity"] as? String } == slots.map { $0["name"] as? String })
        let scalars = Array(text.unicodeScalars)
        for (entity, slot) in zip(entities, slots) {
            let start = try #require(entity["start"] as? Int), end = try #require(entity["end"] as? Int)
            // Offsets slice the text as Python does: in characters (Unicode scalars).
            #expect(String(String.UnicodeScalarView(scalars[start..<end])) == slot["text"] as? String)
            #expect(entity["confidence_entity"] as? Double == slot["confidence"] as? Double)
            let value = slot["value"] as? [String: Any]
            if let value {
                #expect(Self.jsonType(entity["additional_info"] as Any) == "object")
                // A resolved value replaces the words, as Rasa's synonym mapper and Duckling do.
                #expect("\(entity["value"]!)" == "\(value["value"]!)", "\(entity)")
            } else {
                #expect(entity["value"] as? String == slot["text"] as? String)
                #expect(entity["additional_info"] == nil)
            }
        }
        #expect(entities.contains { $0["additional_info"] != nil })
    }

    /// Out of scope reads as Rasa's FallbackClassifier writes it; an empty text too.
    @Test(arguments: ["what is the meaning of life", ""])
    func outOfScopeIsTheFallbackIntent(text: String) async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let rasa = try await server.post("/model/parse", #"{"text": "\#(text)"}"#).object
        let parse = try await server.post("/parse", #"{"text": "\#(text)"}"#).object
        #expect(parse["outOfScope"] as? Bool == true)
        let intent = try #require(rasa["intent"] as? [String: Any])
        #expect(intent["name"] as? String == "nlu_fallback")
        let confidence = try #require(intent["confidence"] as? Double)
        #expect(abs(confidence - (1 - (parse["confidence"] as? Double ?? 0))) < 1e-4)
        let ranking = try #require(rasa["intent_ranking"] as? [[String: Any]])
        #expect(ranking.first?["name"] as? String == "nlu_fallback")
        #expect((rasa["entities"] as? [Any])?.isEmpty == true)
    }

    /// Through the HTTP codec (a chunked body) the answer is the same as through the raw path.
    @Test func theCodecsWayAnswersTheSame() async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let body = #"{"text": "get me a ride to the airport", "message_id": "m-1"}"#
        let plain = try await server.post("/model/parse", body)
        let port = server.port
        let chunked = try await LoopbackConnection.run {
            let connection = try LoopbackConnection(port: port)
            try connection.send("POST /model/parse HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            try connection.send(String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
            return try connection.readAnswer()
        }
        #expect(chunked.status == 200)
        #expect(chunked.text == plain.text)
        let metrics = try await server.request("GET", "/metrics").text
        #expect(metrics.contains(#"intentkit_http_requests_total{method="POST",route="/model/parse",status="200"} 2"#), "\(metrics)")
    }

    /// A Rasa request's mistakes are 400s naming the field, as on `POST /parse`.
    @Test(arguments: ["{}", #"{"text": "a", "message_id": 3}"#, #"{"text": "a", "sender": "me"}"#, "[]"])
    func aBadRasaRequestIs400(body: String) async throws {
        let server = try await RunningServer()
        defer { Task { await server.stop() } }
        let answer = try await server.post("/model/parse", body)
        #expect(answer.status == 400 && answer.errorCode == "badRequest", "\(answer.text)")
    }
}
