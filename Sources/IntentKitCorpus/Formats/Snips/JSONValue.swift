import Foundation

/// Decoded JSON with the path that led to it, so structural errors say where they are
/// (`PlayMusic[12].data[3]: "text" must be a string`).
struct JSONValue {
    let value: Any
    let path: String
    let file: String

    /// Parses `text` (already strictly decoded) as JSON.
    static func parse(_ text: String, file: String) throws -> JSONValue {
        do {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return JSONValue(value: object, path: "", file: file)
        } catch {
            let nsError = error as NSError
            let detail = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            throw CorpusError.malformed(SourceLocation(file: file), "not valid JSON: \(detail)")
        }
    }

    func failure(_ message: String) -> CorpusError {
        CorpusError.malformed(SourceLocation(file: file), (path.isEmpty ? "" : "\(path): ") + message)
    }

    func object() throws -> [(key: String, value: JSONValue)] {
        guard let dictionary = value as? [String: Any] else { throw failure("expected a JSON object") }
        return dictionary.keys.sorted().map { key in
            (key, JSONValue(value: dictionary[key]!, path: path.isEmpty ? key : "\(path).\(key)", file: file))
        }
    }

    subscript(key: String) -> JSONValue? {
        guard let dictionary = value as? [String: Any], let child = dictionary[key], !(child is NSNull) else { return nil }
        return JSONValue(value: child, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    func array() throws -> [JSONValue] {
        guard let items = value as? [Any] else { throw failure("expected a JSON array") }
        return items.enumerated().map { JSONValue(value: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    func string() throws -> String {
        guard let text = value as? String else { throw failure("expected a string") }
        return text
    }

    func int() throws -> Int {
        if let number = value as? Int { return number }
        if let number = value as? Double, number.rounded() == number { return Int(number) }
        throw failure("expected a whole number")
    }

    func bool() throws -> Bool {
        guard let flag = value as? Bool else { throw failure("expected true or false") }
        return flag
    }
}
