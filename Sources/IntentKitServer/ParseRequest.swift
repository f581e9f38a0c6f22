import Foundation
import IntentKit

/// The options every parse request may carry beside its text.
struct ParseOptions: Sendable {
    var topK = 1
    var resolve = false
    /// The moment relative dates resolve against (default: when the request arrives).
    var referenceDate: String?
    /// An IANA time zone name for the reference date and resolved times (default: the server's).
    var timeZone: String?
    /// Overrides the model's out-of-scope threshold for this request.
    var minConfidence: Double?
    /// A user vocabulary for this request (and, with `vocabularyKey`, cached for later ones).
    var vocabulary: [String: [VocabularyTerm]]?
    /// The key a vocabulary is cached under, or looked up by when none is sent.
    var vocabularyKey: String?

    static let keys = ["topK", "resolve", "referenceDate", "timeZone", "minConfidence", "vocabulary", "vocabularyKey"]

    init() {}

    init(from container: KeyedDecodingContainer<RequestKey>) throws {
        topK = try container.decodeIfPresent(Int.self, forKey: "topK") ?? 1
        resolve = try container.decodeIfPresent(Bool.self, forKey: "resolve") ?? false
        referenceDate = try container.decodeIfPresent(String.self, forKey: "referenceDate")
        timeZone = try container.decodeIfPresent(String.self, forKey: "timeZone")
        minConfidence = try container.decodeIfPresent(Double.self, forKey: "minConfidence")
        vocabulary = try container.decodeIfPresent([String: [VocabularyTermPayload]].self, forKey: "vocabulary")?.mapValues { $0.map(\.term) }
        vocabularyKey = try container.decodeIfPresent(String.self, forKey: "vocabularyKey")
    }
}

/// `POST /parse`: `{"text": …, options…}`.
struct ParseRequest: Decodable {
    var text: String
    var options: ParseOptions

    init(from decoder: any Decoder) throws {
        let container = try RequestKey.container(decoder, allowing: ["text"] + ParseOptions.keys)
        text = try container.decode(String.self, forKey: "text")
        options = try ParseOptions(from: container)
    }
}

/// `POST /parse/batch`: `{"texts": […], options…}`, the options applying to every text.
struct BatchParseRequest: Decodable {
    var texts: [String]
    var options: ParseOptions

    init(from decoder: any Decoder) throws {
        let container = try RequestKey.container(decoder, allowing: ["texts"] + ParseOptions.keys)
        texts = try container.decode([String].self, forKey: "texts")
        options = try ParseOptions(from: container)
    }
}

/// `POST /entities`: `{"text": …, "referenceDate": …, "timeZone": …}`.
struct EntitiesRequest: Decodable {
    var text: String
    var referenceDate: String?
    var timeZone: String?

    init(from decoder: any Decoder) throws {
        let container = try RequestKey.container(decoder, allowing: ["text", "referenceDate", "timeZone"])
        text = try container.decode(String.self, forKey: "text")
        referenceDate = try container.decodeIfPresent(String.self, forKey: "referenceDate")
        timeZone = try container.decodeIfPresent(String.self, forKey: "timeZone")
    }
}

/// A term as requests write it: a phrase, or `{phrase, id, pronunciation, alternatives}` (as
/// vocabulary files do; `identifier` and `synonyms` are accepted for `id` and `alternatives`).
struct VocabularyTermPayload: Decodable {
    var term: VocabularyTerm

    init(from decoder: any Decoder) throws {
        if let phrase = try? decoder.singleValueContainer().decode(String.self) {
            guard !phrase.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a term is empty"))
            }
            term = VocabularyTerm(phrase)
            return
        }
        let container = try RequestKey.container(decoder, allowing: ["phrase", "id", "identifier", "pronunciation", "alternatives", "synonyms"])
        let phrase = try container.decode(String.self, forKey: "phrase")
        guard !phrase.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: "phrase", in: container, debugDescription: "a term's phrase is empty")
        }
        let identifier = try container.decodeIfPresent(String.self, forKey: "id") ?? container.decodeIfPresent(String.self, forKey: "identifier")
        let alternatives = try (container.decodeIfPresent([String].self, forKey: "alternatives") ?? [])
            + (container.decodeIfPresent([String].self, forKey: "synonyms") ?? [])
        term = VocabularyTerm(phrase, identifier: identifier, pronunciation: try container.decodeIfPresent(String.self, forKey: "pronunciation"),
                              alternatives: alternatives)
    }
}

/// Any key of a request object, so that a key the request type does not know is an error
/// naming it (a misspelt option is not silently ignored).
struct RequestKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }

    /// The object `decoder` holds, refusing keys outside `allowed`.
    static func container(_ decoder: any Decoder, allowing allowed: [String]) throws -> KeyedDecodingContainer<RequestKey> {
        let container = try decoder.container(keyedBy: RequestKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "unknown field '\(key.stringValue)' (known: \(allowed.joined(separator: ", ")))")
        }
        return container
    }
}

extension DecodingError {
    /// One line for a client: where in the body, and what was wrong.
    var clientMessage: String {
        func path(_ context: Context, adding key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            guard !keys.isEmpty else { return "the body" }
            return keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: { $0 == "." }).description
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context, adding: key)): missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation's reader says where it stopped ("Unexpected end of file", "… at line 1, column 9").
                let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return "the body is not valid JSON" + (detail.map { " (\($0))" } ?? "")
            }
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "the body does not decode"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String].Type, is [Any].Type: "an array"
        default: "\(type)".hasPrefix("Array") ? "an array" : "\(type)".hasPrefix("Dictionary") || "\(type)".hasPrefix("KeyedDecodingContainer") ? "an object" : "\(type)"
        }
    }
}
