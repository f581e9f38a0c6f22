import Foundation
import Testing
@testable import IntentKitServer

/// The request bodies' JSON reader: RFC 8259 strictly, and where a body stops being JSON.
@Suite("JSON reader")
struct JSONReaderTests {
    private func read(_ text: String) throws -> JSONValue {
        try read(Array(text.utf8))
    }

    private func read(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBytes { buffer in try JSONReader.read(buffer) }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try read(#" {"text": "h\u00e9llo \"w\" \\ \/ \b\f\n\r\t \ud83d\ude00 héllo", "n": [0, -1.5e3, 1E+2, 12, -0.25], "b": [true, false, null], "o": {}, "a": [], "e": ""} "#)
        #expect(value == .object([
            ("text", .string("héllo \"w\" \\ / \u{8}\u{C}\n\r\t 😀 héllo")),
            ("n", .array([.number(0), .number(-1500), .number(100), .number(12), .number(-0.25)])),
            ("b", .array([.bool(true), .bool(false), .null])),
            ("o", .object([])), ("a", .array([])), ("e", .string("")),
        ]))
    }

    @Test(arguments: [
        ("", 0, "unexpected end of the body"),
        (#"{"a": 1,}"#, 8, "expected a member name in quotes"),
        ("[1 2]", 3, "expected ',' or ']'"),
        ("01", 1, "unexpected text after the value"),
        ("tru", 0, "unexpected character 't'"),
        (#"{"a" 1}"#, 5, "expected ':' after the member name"),
        (#"{"a": 1, "a": 2}"#, 9, "duplicate member 'a'"),
        (#""abc"#, 0, "a string is never closed"),
        ("\"a\u{1}b\"", 2, "a control character (U+0001) in a string; escape it"),
        (#""\q""#, 1, #"unknown escape '\q'"#),
        (#""\ud800x""#, 7, #"a \u escape of a high surrogate without its low surrogate"#),
        (#""\udc00""#, 7, #"a \u escape of a lone low surrogate"#),
        (#""\u12g4""#, 5, #"expected four hex digits after \u"#),
        ("-", 1, "expected a digit"),
        ("1.", 2, "expected a digit after '.'"),
        ("1e", 2, "expected a digit in the exponent"),
        ("1e400", 0, "the number 1e400 is out of range"),
        ("+1", 0, "unexpected character '+'"),
        ("[1,]", 3, "unexpected character ']'"),
        ("{\"a\": 1} x", 9, "unexpected text after the value"),
    ])
    func refusesWhatIsNotJSONSayingWhere(text: String, offset: Int, message: String) {
        #expect(throws: JSONSyntaxError(offset: offset, message: message)) { try read(text) }
    }

    @Test func refusesInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONSyntaxError(offset: 1, message: "a string is not valid UTF-8")) { try read([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError(offset: 1, message: "a string is not valid UTF-8")) { try read([0x22, 0xFF, 0x5C, 0x6E, 0x22]) }
        let deep = String(repeating: "[", count: JSONReader.maximumDepth + 1) + String(repeating: "]", count: JSONReader.maximumDepth + 1)
        #expect(throws: JSONSyntaxError(offset: JSONReader.maximumDepth, message: "nested deeper than \(JSONReader.maximumDepth) levels")) { try read(deep) }
        let allowed = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try read(allowed) }
    }

    /// A body of the text alone is read without the JSON reader, to the same request it would
    /// give; any other body is left to the reader.
    @Test func aTextAloneIsReadAsTheReaderWould() throws {
        let plain = [#"{"text": "play some jazz"}"#, "\n\t{ \"text\"\r\n:\"é ☃ 🎵 ok\" }  ", #"{"text":""}"#, #"{"text": "a/b 'c' \#u{7F}"}"#]
        for body in plain {
            let fast = try #require(Array(body.utf8).withUnsafeBytes(ParseRequest.plain), "\(body)")
            let general = try ParseRequest(read(body))
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

    /// Documents Foundation writes (from values drawn with a fixed seed), read back: the same values.
    @Test func readsWhatJSONSerializationWrites() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "ß", "中", "😀", "\u{7F}", "\u{2028}"]
        func text() -> String { String((0..<Int(next() % 8)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }) }
        func value(_ depth: Int) -> (Any, JSONValue) {
            switch next() % (depth > 3 ? 4 : 6) {
            case 0: return (NSNull(), .null)
            case 1: let flag = next() % 2 == 0; return (flag, .bool(flag))
            case 2: let number = Double(Int64(bitPattern: next()) % 1_000_000) / 8; return (number, .number(number))
            case 3: let string = text(); return (string, .string(string))
            case 4:
                let items = (0..<Int(next() % 4)).map { _ in value(depth + 1) }
                return (items.map(\.0), .array(items.map(\.1)))
            default:
                var object: [String: Any] = [:]
                var members: [(key: String, value: JSONValue)] = []
                for index in 0..<Int(next() % 4) {
                    let key = text() + "\(index)"
                    let (foundation, ours) = value(depth + 1)
                    object[key] = foundation
                    members.append((key, ours))
                }
                return (object, .object(members))
            }
        }
        for _ in 0..<300 {
            let (foundation, expected) = value(0)
            let data = try JSONSerialization.data(withJSONObject: ["v": foundation], options: [.fragmentsAllowed])
            guard case .object(let root) = try read(Array(data)), let read = root.first?.value else {
                Issue.record("not an object: \(String(decoding: data, as: UTF8.self))")
                continue
            }
            #expect(Self.sorted(read) == Self.sorted(expected), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Objects' members in key order (Foundation's dictionaries keep none).
    private static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): .array(items.map(sorted))
        case .object(let members): .object(members.map { ($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        default: value
        }
    }
}
