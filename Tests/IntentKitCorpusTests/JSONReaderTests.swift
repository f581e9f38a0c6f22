import Foundation
import Testing
@testable import IntentKitCorpus

/// The one JSON reader (corpus files, request bodies): RFC 8259 strictly, every value with
/// where it stands, and where a text stops being JSON.
@Suite("JSON reader")
struct JSONReaderTests {
    private func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    private func json(_ content: JSONValue.Content) -> JSONValue { JSONValue(content) }

    @Test func readsEveryKindOfValue() throws {
        let value = try read(#" {"text": "h\u00e9llo \"w\" \\ \/ \b\f\n\r\t \ud83d\ude00 héllo", "n": [0, -1.5e3, 1E+2, 12, -0.25], "b": [true, false, null], "o": {}, "a": [], "e": ""} "#)
        #expect(value == json(.object([
            ("text", json(.string("héllo \"w\" \\ / \u{8}\u{C}\n\r\t 😀 héllo"))),
            ("n", json(.array([json(.number(0, integer: 0)), json(.number(-1500, integer: nil)), json(.number(100, integer: nil)),
                               json(.number(12, integer: 12)), json(.number(-0.25, integer: nil))]))),
            ("b", json(.array([json(.bool(true)), json(.bool(false)), json(.null)]))),
            ("o", json(.object([]))), ("a", json(.array([]))), ("e", json(.string(""))),
        ])))
    }

    /// Every value knows its byte offset; whole-number literals keep their exact integer.
    @Test func valuesKnowWhereTheyStandAndIntegersStayExact() throws {
        let value = try read(#"{"a": [1, "é", {"b": null}], "big": 9007199254740993, "x": 2.0, "y": 1e2}"#)
        let items = try #require({ if case .array(let items) = value["a"]?.content { items } else { nil } }())
        #expect(value.offset == 0 && value["a"]?.offset == 6)
        #expect(items.map(\.offset) == [7, 10, 16])
        #expect(items[2]["b"]?.offset == 22)
        #expect(value["big"]?.content == .number(9007199254740992, integer: 9_007_199_254_740_993))
        guard case .number(_, let big) = value["big"]?.content, case .number(_, let two) = value["x"]?.content,
              case .number(_, let hundred) = value["y"]?.content else { Issue.record("not numbers"); return }
        #expect(big == 9_007_199_254_740_993 && two == nil && hundred == nil)
    }

    @Test(arguments: [
        ("", 0, "expected a value, found the end of the text"),
        (#"{"a": 1,}"#, 8, "expected a member name in double quotes, found '}'"),
        ("[1 2]", 3, "expected ',' or ']' in an array, found '2'"),
        ("[1", 2, "the array is never closed; expected ',' or ']'"),
        (#"{"a": 1"#, 7, "the object is never closed; expected ',' or '}'"),
        ("01", 0, "a number may not start with 0"),
        ("tru", 0, "expected a value, found 'tru'"),
        (#"{"a": greet}"#, 6, "expected a value, found 'greet'"),
        (#"{"a" 1}"#, 5, "expected ':' after a member name, found '1'"),
        (#"{"a": 1, "a": 2}"#, 9, "the member 'a' appears twice in one object"),
        (#""abc"#, 0, "the string is never closed"),
        ("\"a\u{1}b\"", 2, "a control character (U+0001) in a string; write it as an escape"),
        (#""\q""#, 1, #"unknown escape '\q' in a string"#),
        (#""\ud800x""#, 1, #"a high surrogate \uD800 without its low surrogate"#),
        (#""\udc00""#, 1, #"a lone low surrogate \uDC00"#),
        (#""\u12g4""#, 5, #"expected four hexadecimal digits after \u, found 'g4'"#),
        ("-", 1, "expected a digit, found the end of the text"),
        ("1.", 2, "expected a digit after '.', found the end of the text"),
        ("1e", 2, "expected a digit in the exponent, found the end of the text"),
        ("1e400", 0, "the number 1e400 is out of range"),
        ("+1", 0, "expected a value, found '+'"),
        ("[1,]", 3, "expected a value, found ']'"),
        ("[é]", 1, "expected a value, found 'é'"),
        ("{\"a\": 1} x", 9, "unexpected text after the value"),
    ])
    func refusesWhatIsNotJSONSayingWhere(text: String, offset: Int, message: String) {
        #expect(throws: JSONSyntaxError(offset: offset, message: message)) { try read(text) }
    }

    @Test func refusesInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONSyntaxError(offset: 1, message: "a string is not valid UTF-8")) { try JSONReader.read([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError(offset: 1, message: "a string is not valid UTF-8")) { try JSONReader.read([0x22, 0xFF, 0x5C, 0x6E, 0x22]) }
        #expect(throws: JSONSyntaxError(offset: 0, message: "expected a value, found byte 0xFF")) { try JSONReader.read([0xFF]) }
        let levels = JSONReader.maximumDepth
        let deep = String(repeating: "[", count: levels + 1) + String(repeating: "]", count: levels + 1)
        #expect(throws: JSONSyntaxError(offset: levels, message: "nested deeper than \(levels) levels")) { try read(deep) }
        let allowed = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        #expect(throws: Never.self) { try read(allowed) }
    }

    /// A repeated member name is found in a large object too (where a set, not a scan, looks).
    @Test func aRepeatedMemberIsFoundInALargeObject() {
        let members = (0..<40).map { #""m\#($0)": \#($0)"# } + [#""m7": 0"#]
        let text = "{" + members.joined(separator: ", ") + "}"
        let offset = text.utf8.count - #""m7": 0}"#.utf8.count
        #expect(throws: JSONSyntaxError(offset: offset, message: "the member 'm7' appears twice in one object")) { try read(text) }
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
            case 0: return (NSNull(), json(.null))
            case 1: let flag = next() % 2 == 0; return (flag, json(.bool(flag)))
            case 2: let number = Double(Int64(bitPattern: next()) % 1_000_000) / 8; return (number, json(.number(number, integer: nil)))
            case 3: let string = text(); return (string, json(.string(string)))
            case 4:
                let items = (0..<Int(next() % 4)).map { _ in value(depth + 1) }
                return (items.map(\.0), json(.array(items.map(\.1))))
            default:
                var object: [String: Any] = [:]
                var members: [(key: String, value: JSONValue)] = []
                for index in 0..<Int(next() % 4) {
                    let key = text() + "\(index)"
                    let (foundation, ours) = value(depth + 1)
                    object[key] = foundation
                    members.append((key, ours))
                }
                return (object, json(.object(members)))
            }
        }
        for _ in 0..<300 {
            let (foundation, expected) = value(0)
            let data = try JSONSerialization.data(withJSONObject: ["v": foundation], options: [.fragmentsAllowed])
            let read = try JSONReader.read(Array(data))
            guard let inner = read["v"] else {
                Issue.record("not an object: \(String(decoding: data, as: UTF8.self))")
                continue
            }
            #expect(Self.sorted(inner) == Self.sorted(expected), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Objects' members in key order (Foundation's dictionaries keep none).
    private static func sorted(_ value: JSONValue) -> JSONValue {
        switch value.content {
        case .array(let items): JSONValue(.array(items.map(sorted)))
        case .object(let members): JSONValue(.object(members.map { ($0.key, sorted($0.value)) }.sorted { $0.key < $1.key }))
        default: value
        }
    }
}
