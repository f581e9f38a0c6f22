import Foundation
import IntentKitCorpus
import Testing
@testable import IntentKitServer

@Suite("Parse requests")
struct ParseRequestTests {
    private func request(_ body: String) throws -> ParseRequest {
        try ParseRequest(JSONReader.read(Array(body.utf8)))
    }

    /// A body of the text alone is read without the JSON reader, to the same request it would
    /// give; any other body is left to the reader.
    @Test func aTextAloneIsReadAsTheReaderWould() throws {
        let plain = [#"{"text": "play some jazz"}"#, "\n\t{ \"text\"\r\n:\"é ☃ 🎵 ok\" }  ", #"{"text":""}"#, #"{"text": "a/b 'c' \#u{7F}"}"#]
        for body in plain {
            let fast = try #require(Array(body.utf8).withUnsafeBytes(ParseRequest.plain), "\(body)")
            let general = try request(body)
            #expect(fast.text == general.text && fast.options.topK == 1 && !fast.options.resolve && fast.options.minConfidence == nil)
        }
        let others = [#"{"text": "say \"hi\""}"#, #"{"text": "a\nb"}"#, #"{"text": "x", "topK": 2}"#, #"{"texts": "x"}"#, #"{"text": 1}"#,
                      #"{"text": "x"} {}"#, #"{"text": "x""#, #"["text"]"#, #"{"Text": "x"}"#, "{\"text\": \"a\u{1}\"}", ""]
        for body in others {
            #expect(Array(body.utf8).withUnsafeBytes(ParseRequest.plain) == nil, "\(body)")
        }
        // Bytes that are not UTF-8 are the reader's to refuse.
        #expect([0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D].withUnsafeBytes(ParseRequest.plain) == nil)
    }

    /// Options are read with their types checked; `null` is refused (a client leaves out what it
    /// does not give); an integer written as a whole number is one, however it is written.
    @Test func optionsAreReadWithTheirTypesChecked() throws {
        let full = try request(#"{"text": "x", "topK": 3, "resolve": true, "minConfidence": 0.5, "vocabulary": {"artist": ["Adele", {"phrase": "Bjork", "id": "b1", "alternatives": ["Björk"]}]}}"#)
        #expect(full.options.topK == 3 && full.options.resolve && full.options.minConfidence == 0.5 && full.options.timeZone == nil)
        #expect(full.options.vocabulary?["artist"]?.map(\.phrase) == ["Adele", "Bjork"])
        #expect(try request(#"{"text": "x", "topK": 2.0}"#).options.topK == 2)
        let refusals = [
            (#"{"text": "x", "topK": 2.5}"#, "topK: expected an integer, found a number"),
            (#"{"text": "x", "timeZone": null}"#, "timeZone: null; leave the field out to not give it"),
            (#"{"text": "x", "resolve": "yes"}"#, "resolve: expected true or false, found a string"),
            (#"{"text": "x", "topk": 2}"#, "topk: unknown field 'topk'"),
            (#"{"texts": "x"}"#, "texts: unknown field 'texts'"),
            (#"{"text": 7}"#, "text: expected a string, found a number"),
            (#"["x"]"#, "the body: expected an object, found an array"),
            (#"{"text": "x", "vocabulary": {"artist": "Adele"}}"#, "vocabulary.artist: expected an array, found a string"),
            (#"{"text": "x", "vocabulary": {"artist": [" "]}}"#, "vocabulary.artist[0]: a term is empty"),
        ]
        for (body, message) in refusals {
            do {
                _ = try request(body)
                Issue.record("accepted: \(body)")
            } catch let error as ServerError {
                #expect(error.message.contains(message), "\(body): \(error.message)")
            }
        }
    }
}
