import Foundation
import IntentKit
import IntentKitCorpus

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
    /// A user's shortcut phrases for this request (and, with `vocabularyKey`, cached with the vocabulary).
    var shortcuts: [UserShortcut]?
    /// How similar an utterance's encoder vector must be to a shortcut phrase's to match it.
    var shortcutSimilarity: Double?
    /// A user's recent interactions as priors (and, with `vocabularyKey`, cached with the vocabulary).
    var history: [UserInteraction]?
    /// A user's reservations (and, with `vocabularyKey`, cached with the vocabulary).
    var reservations: [Reservation]?
    /// The outcome whose response template to render into the answer's `response`.
    var respond: String?
    /// Values of the response's own parameters, as text.
    var responseValues: [String: String] = [:]
    /// Answer `{"requests": [parse, …], "text"}`: the utterance as one request or two joined ones.
    var split = false
    /// How sure of its intent each part of a split must be (default the parser's, 0.5).
    var splitConfidence: Double?
    /// The language the client expects the model to parse (BCP 47); the model's own, which a
    /// request cannot change: a request for another is refused rather than parsed wrongly.
    var language: String?
    /// The request's `Authorization` header (not a body field): what caching under
    /// ``vocabularyKey`` needs.
    var authorization: String?

    static let keys = ["topK", "resolve", "referenceDate", "timeZone", "minConfidence", "vocabulary", "vocabularyKey", "shortcuts",
                       "history", "reservations", "respond", "responseValues", "split", "splitConfidence", "shortcutSimilarity", "language"]

    init() {}

    init(_ request: RequestObject) throws(ServerError) {
        topK = try request.integer("topK") ?? 1
        resolve = try request.bool("resolve") ?? false
        referenceDate = try request.string("referenceDate")
        timeZone = try request.string("timeZone")
        minConfidence = try request.number("minConfidence")
        language = try request.string("language")
        vocabularyKey = try request.string("vocabularyKey")
        if let value = try request.field("vocabulary") {
            let entities = try RequestObject(value, at: "vocabulary", allowing: nil)
            var vocabulary: [String: [VocabularyTerm]] = [:]
            for (entity, terms) in entities.members {
                guard case .array(let items) = terms.content else { throw .badRequest("vocabulary.\(entity): expected an array, found \(terms.kind)") }
                vocabulary[entity] = try items.enumerated().map { index, item throws(ServerError) in
                    try Self.term(item, at: "vocabulary.\(entity)[\(index)]")
                }
            }
            self.vocabulary = vocabulary
        }
        shortcutSimilarity = try request.number("shortcutSimilarity")
        if let shortcutSimilarity, !(0...1).contains(shortcutSimilarity) {
            throw .badRequest("shortcutSimilarity: \(shortcutSimilarity); it must be between 0 and 1")
        }
        split = try request.bool("split") ?? false
        splitConfidence = try request.number("splitConfidence")
        if let splitConfidence {
            guard split else { throw .badRequest("splitConfidence: it needs 'split': true") }
            guard (0...1).contains(splitConfidence) else { throw .badRequest("splitConfidence: \(splitConfidence); it must be between 0 and 1") }
        }
        respond = try request.string("respond")
        if let object = try request.field("responseValues") {
            let values = try RequestObject(object, at: "responseValues", allowing: nil)
            for (name, _) in values.members { responseValues[name] = try values.requiredString(name) }
            if respond == nil { throw .badRequest("responseValues: they need 'respond'") }
        }
        if let value = try request.field("history") {
            guard case .array(let items) = value.content else { throw .badRequest("history: expected an array, found \(value.kind)") }
            history = try items.enumerated().map { index, item throws(ServerError) in try Self.interaction(item, at: "history[\(index)]") }
        }
        if let value = try request.field("reservations") {
            guard case .array(let items) = value.content else { throw .badRequest("reservations: expected an array, found \(value.kind)") }
            reservations = try items.enumerated().map { index, item throws(ServerError) in try Self.reservation(item, at: "reservations[\(index)]") }
        }
        if let value = try request.field("shortcuts") {
            guard case .array(let items) = value.content else { throw .badRequest("shortcuts: expected an array, found \(value.kind)") }
            shortcuts = try items.enumerated().map { index, item throws(ServerError) in try Self.shortcut(item, at: "shortcuts[\(index)]") }
        }
    }

    /// An interaction as requests write it, as history files do: `{intent, parameters, date}`.
    private static func interaction(_ value: JSONValue, at path: String) throws(ServerError) -> UserInteraction {
        let fields = try RequestObject(value, at: path, allowing: ["intent", "parameters", "date"])
        let dateText = try fields.requiredString("date")
        guard let date = ReferenceDate.date(dateText, in: .current) else {
            throw .badRequest("\(path).date: '\(dateText)' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM (optionally with an offset)")
        }
        let parameters = try fields.valueTexts("parameters")
        return UserInteraction(intent: try fields.requiredString("intent"), parameters: parameters, date: date)
    }

    /// A reservation as requests write it, as reservation files do: `{id, category, start, end,
    /// phrase, number, place, from, to, party, status}`.
    private static func reservation(_ value: JSONValue, at path: String) throws(ServerError) -> Reservation {
        let fields = try RequestObject(value, at: path, allowing: ["id", "category", "start", "end", "phrase", "number", "place", "from", "to", "party", "status"])
        let categoryText = try fields.requiredString("category")
        guard let category = Reservation.Category(rawValue: categoryText) else {
            throw .badRequest("\(path).category: '\(categoryText.prefix(80))' (known: \(Reservation.Category.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        func date(_ key: String) throws(ServerError) -> Date? {
            guard let text = try fields.string(key) else { return nil }
            guard let date = ReferenceDate.date(text, in: .current) else {
                throw .badRequest("\(path).\(key): '\(text.prefix(80))' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM (optionally with an offset)")
            }
            return date
        }
        guard let start = try date("start") else { throw .badRequest("\(path).start: missing") }
        var status = Reservation.Status.confirmed
        if let text = try fields.string("status") {
            guard let read = Reservation.Status(rawValue: text) else {
                throw .badRequest("\(path).status: '\(text.prefix(80))' (known: \(Reservation.Status.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            status = read
        }
        return Reservation(try fields.requiredString("id"), category: category, start: start, end: try date("end"), place: try fields.string("place"),
                           departure: try fields.string("from"), arrival: try fields.string("to"), phrase: try fields.string("phrase"),
                           number: try fields.string("number"), partySize: try fields.integer("party"), status: status)
    }

    /// A shortcut as requests write it, as shortcut files do: `{phrase, intent, parameters, id}`.
    private static func shortcut(_ value: JSONValue, at path: String) throws(ServerError) -> UserShortcut {
        let fields = try RequestObject(value, at: path, allowing: ["phrase", "intent", "parameters", "id"])
        let phrase = try fields.requiredString("phrase")
        guard !phrase.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badRequest("\(path).phrase: a shortcut's phrase is empty") }
        let parameters = try fields.valueTexts("parameters")
        return UserShortcut(phrase, intent: try fields.requiredString("intent"), parameters: parameters, identifier: try fields.string("id"))
    }

    /// A term as requests write it: a phrase, or `{phrase, id, pronunciation, alternatives}` (as
    /// vocabulary files do; `identifier` and `synonyms` are accepted for `id` and `alternatives`).
    private static func term(_ value: JSONValue, at path: String) throws(ServerError) -> VocabularyTerm {
        if case .string(let phrase) = value.content {
            guard !phrase.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badRequest("\(path): a term is empty") }
            return VocabularyTerm(phrase)
        }
        let fields = try RequestObject(value, at: path, allowing: ["phrase", "id", "identifier", "pronunciation", "alternatives", "synonyms"])
        let phrase = try fields.requiredString("phrase")
        guard !phrase.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badRequest("\(path).phrase: a term's phrase is empty") }
        var identifier = try fields.string("id")
        if identifier == nil { identifier = try fields.string("identifier") }
        let alternatives = try fields.strings("alternatives") ?? []
        let synonyms = try fields.strings("synonyms") ?? []
        return VocabularyTerm(phrase, identifier: identifier, pronunciation: try fields.string("pronunciation"), alternatives: alternatives + synonyms)
    }
}

/// `POST /parse`: `{"text": …, options…}`.
struct ParseRequest {
    var text: String
    var options: ParseOptions

    init(_ body: JSONValue) throws(ServerError) {
        let request = try RequestObject(body, at: "", allowing: ["text"] + ParseOptions.keys)
        text = try request.requiredText("text")
        options = try ParseOptions(request)
    }

    private init(text: String) {
        self.text = text
        options = ParseOptions()
    }

    /// The request of a body that is only `{"text": "…"}` (whitespace around any token) with a
    /// string of no escape and no control character, read without building the JSON value
    /// (the body nearly every client sends); `nil` for any other body, which the JSON reader
    /// reads, and refuses as it should. Both ways give the same request for the same body.
    static func plain(_ body: UnsafeRawBufferPointer) -> ParseRequest? {
        var index = 0
        func skipSpace() {
            while index < body.count, body[index] == 0x20 || body[index] == 0x0A || body[index] == 0x0D || body[index] == 0x09 { index += 1 }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < body.count, body[index] == byte else { return false }
            index += 1
            return true
        }
        /// The bytes of a string without escapes, after its opening quote.
        func plainString() -> Range<Int>? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < body.count {
                let byte = body[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return start..<(index - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }
        guard expect(UInt8(ascii: "{")), let key = plainString(), key.count == 4,
              body[key.lowerBound] == UInt8(ascii: "t"), body[key.lowerBound + 1] == UInt8(ascii: "e"),
              body[key.lowerBound + 2] == UInt8(ascii: "x"), body[key.lowerBound + 3] == UInt8(ascii: "t"),
              expect(UInt8(ascii: ":")), let value = plainString(), expect(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index == body.count, let text = String(validating: UnsafeRawBufferPointer(rebasing: body[value]), as: UTF8.self) else { return nil }
        return ParseRequest(text: text)
    }
}

/// `POST /model/parse`, Rasa NLU's request: `{"text": …, "message_id": …}`, with the options of
/// `POST /parse` accepted too.
struct RasaParseRequest {
    var text: String
    var messageID: String?
    var options: ParseOptions

    /// How many intents Rasa's ranking lists (its classifiers' default `ranking_length`).
    static let rankingLength = 10

    init(_ body: JSONValue) throws(ServerError) {
        let request = try RequestObject(body, at: "", allowing: ["text", "message_id"] + ParseOptions.keys)
        text = try request.requiredText("text")
        // Rasa's own clients send `"message_id": null`: there it means no message id.
        messageID = request.members.contains { $0.key == "message_id" && $0.value.content == .null } ? nil : try request.string("message_id")
        options = try ParseOptions(request)
        if try request.field("topK") == nil { options.topK = Self.rankingLength }
    }

    init(_ plain: ParseRequest) {
        text = plain.text
        options = plain.options
        options.topK = Self.rankingLength
    }
}

/// `POST /parse/batch`: `{"texts": […], options…}`, the options applying to every text.
struct BatchParseRequest {
    var texts: [String]
    var options: ParseOptions

    init(_ body: JSONValue) throws(ServerError) {
        let request = try RequestObject(body, at: "", allowing: ["texts"] + ParseOptions.keys)
        guard let texts = try request.strings("texts") else { throw .badRequest("texts: missing") }
        if let index = texts.firstIndex(where: { $0.utf8.contains(0) }) { throw .badRequest("texts[\(index)]: holds a NUL character (U+0000)") }
        self.texts = texts
        options = try ParseOptions(request)
    }
}

/// `POST /entities`: `{"text": …, "referenceDate": …, "timeZone": …}`.
struct EntitiesRequest {
    var text: String
    var referenceDate: String?
    var timeZone: String?

    init(_ body: JSONValue) throws(ServerError) {
        let request = try RequestObject(body, at: "", allowing: ["text", "referenceDate", "timeZone"])
        text = try request.requiredText("text")
        referenceDate = try request.string("referenceDate")
        timeZone = try request.string("timeZone")
    }
}

/// A JSON object of a request, its fields read with their types checked: a wrong type, a
/// missing required field or a field the request does not know (a misspelt option is not
/// silently ignored) is a 400 naming the field's path. `null` reads as absent.
struct RequestObject {
    let members: [(key: String, value: JSONValue)]
    /// The object's path in the body ("" for the body itself), for messages.
    let path: String

    /// - Parameter allowed: the known field names; `nil` allows any (a map of names).
    init(_ value: JSONValue, at path: String, allowing allowed: [String]?) throws(ServerError) {
        guard case .object(let members) = value.content else {
            throw .badRequest("\(path.isEmpty ? "the body" : path): expected an object, found \(value.kind)")
        }
        if let allowed, let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw .badRequest("\(Self.join(path, unknown.key)): unknown field '\(unknown.key)' (known: \(allowed.joined(separator: ", ")))")
        }
        self.members = members
        self.path = path
    }

    /// The field `key`, unless absent; `null` is refused (a client that means "not given"
    /// leaves the field out: a `null` where a value belongs is more likely a client's bug
    /// than an intent, and an option silently dropped would answer another question).
    func field(_ key: String) throws(ServerError) -> JSONValue? {
        guard let value = members.first(where: { $0.key == key })?.value else { return nil }
        guard value.content != .null else { throw .badRequest("\(Self.join(path, key)): null; leave the field out to not give it") }
        return value
    }

    /// The text field `key`: a string with no NUL character (U+0000), which no utterance holds
    /// and C strings would cut.
    func requiredText(_ key: String) throws(ServerError) -> String {
        let text = try requiredString(key)
        guard !text.utf8.contains(0) else { throw .badRequest("\(Self.join(path, key)): holds a NUL character (U+0000)") }
        return text
    }

    /// The values of the object `key` by name, each a string, a number (`2`, `2.5`) or a Boolean
    /// written as its text, as YAML files give them: shortcuts' and histories' parameter values.
    func valueTexts(_ key: String) throws(ServerError) -> [String: String] {
        guard let object = try field(key) else { return [:] }
        let values = try RequestObject(object, at: Self.join(path, key), allowing: nil)
        var texts = [String: String]()
        for (name, value) in values.members {
            switch value.content {
            case .string(let text): texts[name] = text
            case .number(_, let integer?): texts[name] = String(integer)
            case .number(let number, nil): texts[name] = "\(number)"
            case .bool(let flag): texts[name] = flag ? "true" : "false"
            default: throw values.mismatch(name, "a string, a number or true or false", value)
            }
        }
        return texts
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    fileprivate func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> ServerError {
        .badRequest("\(Self.join(path, key)): expected \(expected), found \(found.kind)")
    }

    func string(_ key: String) throws(ServerError) -> String? {
        guard let value = try field(key) else { return nil }
        guard case .string(let text) = value.content else { throw mismatch(key, "a string", value) }
        return text
    }

    func requiredString(_ key: String) throws(ServerError) -> String {
        guard let text = try string(key) else { throw .badRequest("\(Self.join(path, key)): missing") }
        return text
    }

    func bool(_ key: String) throws(ServerError) -> Bool? {
        guard let value = try field(key) else { return nil }
        guard case .bool(let flag) = value.content else { throw mismatch(key, "true or false", value) }
        return flag
    }

    func number(_ key: String) throws(ServerError) -> Double? {
        guard let value = try field(key) else { return nil }
        guard case .number(let number, _) = value.content else { throw mismatch(key, "a number", value) }
        return number
    }

    func integer(_ key: String) throws(ServerError) -> Int? {
        guard let value = try field(key) else { return nil }
        switch value.content {
        case .number(_, let integer?): return integer
        case .number(let number, nil) where number == number.rounded() && abs(number) < 1e15: return Int(number)
        default: throw mismatch(key, "an integer", value)
        }
    }

    func strings(_ key: String) throws(ServerError) -> [String]? {
        guard let value = try field(key) else { return nil }
        guard case .array(let items) = value.content else { throw mismatch(key, "an array", value) }
        return try items.enumerated().map { index, item throws(ServerError) in
            guard case .string(let text) = item.content else {
                throw .badRequest("\(Self.join(path, key))[\(index)]: expected a string, found \(item.kind)")
            }
            return text
        }
    }
}
