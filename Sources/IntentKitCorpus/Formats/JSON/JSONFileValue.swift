import Foundation

/// A value of a JSON file with where it stands, so that every error, structural or syntactic,
/// names `file:line:column` and the path that led there
/// (`file.json:12:7: error: PlayMusic[12].data[3]: expected a string`).
///
/// The text is read by ``JSONReader``; an XML property list read by ``PropertyListReader`` is
/// seen the same way (``init(_:source:)``), and a binary one decoded by Foundation too
/// (``init(foundationObject:file:)``), its messages naming the file and the path.
struct JSONFileValue: Sendable {
    let value: JSONValue
    /// How the value was reached from the root (`intents.PlayMusic.utterances[3]`).
    let path: String
    let file: String
    /// The text the value was read from; `nil` for a decoded property list.
    let source: JSONSource?

    private init(_ value: JSONValue, path: String, file: String, source: JSONSource?) {
        self.value = value
        self.path = path
        self.file = file
        self.source = source
    }

    /// Reads `text` (already strictly decoded) as JSON.
    static func parse(_ text: String, file: String) throws -> JSONFileValue {
        let source = JSONSource(text: text, file: file)
        do {
            return JSONFileValue(try JSONReader.read(source.bytes), path: "", file: file, source: source)
        } catch {
            throw CorpusError.malformed(source.location(ofByte: error.offset), "not valid JSON: \(error.message)")
        }
    }

    /// The root of a document read from `source` (a property list read by ``PropertyListReader``).
    init(_ value: JSONValue, source: JSONSource) {
        self.init(value, path: "", file: source.file, source: source)
    }

    /// The same view over a Foundation object (a decoded property list), whose values have no
    /// place in a text.
    init(foundationObject object: Any, file: String) {
        self.init(Self.value(of: object), path: "", file: file, source: nil)
    }

    private static func value(of object: Any) -> JSONValue {
        if let number = object as? NSNumber, type(of: object) != Bool.self {
            // A property list's numbers arrive as NSNumber, which `as Bool` would take for 0 and 1:
            // its type code tells a Boolean (`c`) from an integer and a real.
            switch String(cString: number.objCType) {
            case "c", "B": return JSONValue(.bool(number.boolValue))
            case "f", "d": return JSONValue(.number(number.doubleValue, integer: nil))
            default: return JSONValue(.number(number.doubleValue, integer: number.intValue))
            }
        }
        return switch object {
        case let text as String: JSONValue(.string(text))
        case let flag as Bool: JSONValue(.bool(flag))
        case let number as Int: JSONValue(.number(Double(number), integer: number))
        case let number as Double: JSONValue(.number(number, integer: nil))
        case let items as [Any]: JSONValue(.array(items.map(value(of:))))
        case let dictionary as [String: Any]: JSONValue(.object(dictionary.keys.sorted().map { ($0, value(of: dictionary[$0]!)) }))
        default: JSONValue(.null)
        }
    }

    private func child(_ value: JSONValue, path: String) -> JSONFileValue {
        JSONFileValue(value, path: path, file: file, source: source)
    }

    private func memberPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The value's place in its file.
    var location: SourceLocation { source?.location(ofByte: value.offset) ?? SourceLocation(file: file) }

    func failure(_ message: String) -> CorpusError {
        CorpusError.malformed(location, (path.isEmpty ? "" : "\(path): ") + message)
    }

    /// The object's members, sorted by key.
    func object() throws -> [(key: String, value: JSONFileValue)] {
        guard case .object(let members) = value.content else { throw failure("expected a JSON object, found \(value.kind)") }
        return members.sorted { $0.key < $1.key }.map { ($0.key, child($0.value, path: memberPath($0.key))) }
    }

    /// The member `key` of an object, unless absent or `null`.
    subscript(key: String) -> JSONFileValue? {
        guard let member = value[key], member.content != .null else { return nil }
        return child(member, path: memberPath(key))
    }

    var isArray: Bool {
        if case .array = value.content { return true }
        return false
    }

    func array() throws -> [JSONFileValue] {
        guard case .array(let items) = value.content else { throw failure("expected a JSON array, found \(value.kind)") }
        return items.enumerated().map { child($0.element, path: "\(path)[\($0.offset)]") }
    }

    func string() throws -> String {
        guard case .string(let text) = value.content else { throw failure("expected a string, found \(value.kind)") }
        return text
    }

    /// A whole number that fits `Int` (a literal like `3.0` counts; `1e308` does not).
    func int() throws -> Int {
        if case .number(let number, let integer) = value.content {
            if let integer { return integer }
            if number.rounded() == number, let exact = Int(exactly: number) { return exact }
        }
        throw failure("expected a whole number between \(Int.min) and \(Int.max), found \(value.kind)")
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value.content else { throw failure("expected true or false, found \(value.kind)") }
        return flag
    }
}
