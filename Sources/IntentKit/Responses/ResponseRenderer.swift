import Foundation

/// Writes an intent's response (``ResponseTemplate``) for a resolved parse, in the corpus's
/// language (``Schema/language``: English, French, German or Spanish; others as English): each
/// `{parameter}` placeholder becomes its value as a person says it — a custom value's phrase, a
/// small number in words, a noun after a number in agreement with it by the language's plural
/// rule ("one clam chowder", "three clam chowders", "trois soupes à l'oignon"), a duration in its
/// largest whole unit ("ten minutes", "une heure"), money with its symbol ("$5", "5 €"), several
/// values as a list ("croutons and cheese", "croûtons et fromage").
///
/// ```swift
/// let renderer = ResponseRenderer(schema: parser.model.schema)
/// let parse = parser.parse("order three clam chowders", resolving: true)
/// try renderer.render(for: parse, values: ["waitTime": .duration(seconds: 600)])
/// // "Your three clam chowders will be ready in ten minutes."
/// ```
public struct ResponseRenderer: Sendable {
    /// The schema the templates and the values' phrases come from.
    public let schema: Schema

    /// A template's placeholders with no value: neither the parse nor the caller gave one.
    public struct MissingValues: Error, Hashable, Sendable, CustomStringConvertible {
        public var names: [String]
        public var description: String { "no value for " + names.map { "{\($0)}" }.joined(separator: ", ") }
    }

    /// Why a response cannot be rendered at all.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noIntent
        case noTemplate(intent: String, code: String)
        case missing(MissingValues)
        /// Values too large to say (a number past 10^15, an infinite one), by placeholder.
        case unsayable(names: [String])

        public var description: String {
            switch self {
            case .unsayable(let names): "a value too large to say for " + names.map { "{\($0)}" }.joined(separator: ", ")
            case .noIntent: "the parse has no intent (out of scope)"
            case .noTemplate(let intent, let code): "'\(intent)' has no '\(code)' response"
            case .missing(let missing): missing.description
            }
        }
    }

    /// How the schema's language says values.
    let language: ResponseLanguage

    public init(schema: Schema) {
        self.schema = schema
        language = ResponseLanguage.of(schema.primaryLanguage)
    }

    /// The response `code` of the intent of `parse` (parsed with `resolving: true`), its
    /// placeholders filled from the parse's resolved parameters and from `values` (the response's
    /// own parameters, `waitTime`, which the app supplies, and intent parameters the parse left
    /// without a value; what the user said is never replaced).
    /// - Parameter concise: the template's short form, where it has one.
    public func render(_ code: String = "success", for parse: IntentParse, values: [String: SlotValue] = [:], concise: Bool = false) throws(Failure) -> String {
        guard let intentName = parse.intent else { throw .noIntent }
        guard let intent = schema.intent(named: intentName), let template = intent.response(code) else {
            throw .noTemplate(intent: intentName, code: code)
        }
        var given = [String: [SlotValue]]()
        for parameter in parse.parameters {
            if let value = parameter.resolution.value { given[parameter.name, default: []].append(value) }
        }
        for (name, value) in values where given[name] == nil { given[name] = [value] }
        let unsayable = given.filter { !$0.value.allSatisfy(\.isSayable) }.keys.sorted()
        guard unsayable.isEmpty else { throw .unsayable(names: unsayable) }
        do {
            return try fill(concise ? template.conciseText ?? template.text : template.text, intent: intent, values: given)
        } catch {
            throw .missing(error)
        }
    }

    /// Values given as text for `intent`'s parameters or response parameters (`waitTime` →
    /// "10 minutes"): a custom entity's as the identifier it is, a built-in's read by its grammar.
    /// Returned as problems, by name: a name that is neither, a value a closed entity lacks, a
    /// text a grammar does not read, a number too large to say.
    public func values(
        _ texts: [String: String], for intent: String, reference: Date = Date(), calendar: Calendar = .current
    ) -> (values: [String: SlotValue], problems: [String]) {
        let definition = schema.intent(named: intent)
        var values = [String: SlotValue]()
        var problems = [String]()
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let parameter = definition?.parameter(named: name) ?? definition?.responseParameters.first(where: { $0.name == name }) else {
                problems.append("\(name): '\(intent)' has no parameter or response parameter of that name")
                continue
            }
            guard case .builtin(let builtin) = parameter.entity else {
                if case .custom(let entityName) = parameter.entity, let entity = schema.entity(named: entityName), !entity.allowsOtherValues,
                   !entity.values.contains(where: { $0.identifier == text }) {
                    problems.append("\(name): '\(text.prefix(80))' is not a value of '\(entityName)'")
                    continue
                }
                values[name] = .custom(text)
                continue
            }
            if let match = BuiltinEntityExtractor(kinds: [builtin], calendar: calendar, language: schema.language).extract(from: text, reference: reference).first {
                guard match.value.isSayable else {
                    problems.append("\(name): '\(text.prefix(80))' is too large a number to say")
                    continue
                }
                values[name] = match.value
            } else {
                problems.append("\(name): '\(text)' is not understood as \(builtin.rawValue)")
            }
        }
        return (values, problems)
    }

    /// `text` with its placeholders filled.
    func fill(_ text: String, intent: IntentDefinition, values: [String: [SlotValue]]) throws(MissingValues) -> String {
        var output = ""
        var missing = [String]()
        /// The count the last number placeholder said, for the noun placeholder right after it.
        var count: Double?
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let between = rest[..<open]
            output += between
            if !between.allSatisfy(\.isWhitespace) { count = nil }
            let name = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            guard let given = values[name], !given.isEmpty else {
                missing.append(name)
                continue
            }
            let parameter = intent.parameter(named: name) ?? intent.responseParameters.first { $0.name == name }
            let phrases = given.map { phrase(of: $0, entity: parameter?.entity, count: count) }
            output += language.list(phrases)
            if given.count == 1, case .number(let number) = given[0] { count = number } else { count = nil }
        }
        guard missing.isEmpty else { throw MissingValues(names: missing) }
        return output + rest
    }

    /// How a person says `value`; a custom value after the number `count`, in agreement with it.
    func phrase(of value: SlotValue, entity: EntityReference?, count: Double?) -> String {
        switch value {
        case .custom(let identifier):
            var phrase = identifier
            if case .custom(let name)? = entity, let known = schema.entity(named: name)?.values.first(where: { $0.identifier == identifier }) {
                phrase = known.phrase
            }
            if let count, !language.takesSingular(count) { phrase = language.plural(phrase) }
            return phrase
        case .number(let number):
            return language.spoken(number)
        case .duration(let seconds):
            return language.duration(seconds)
        case .amountOfMoney(let amount, let currency):
            return language.money(amount, currency: currency)
        case .approximate(let inner):
            return language.about + " " + phrase(of: inner, entity: entity, count: count)
        default:
            return value.readableDescription
        }
    }

}

extension SlotValue {
    /// Whether a response can say the value: its numbers finite and under 10^15 (past that a
    /// grammar's reading of a long run of digits has lost its precision, and "inf weeks" is no
    /// answer).
    fileprivate var isSayable: Bool {
        func sayable(_ number: Double) -> Bool { number.isFinite && abs(number) < 1e15 }
        switch self {
        case .number(let value), .percentage(let value), .duration(let value), .temperature(let value, _): return sayable(value)
        case .amountOfMoney(let amount, _): return sayable(amount)
        case .approximate(let value): return value.isSayable
        case .custom, .ordinal, .dateTime, .dateTimeInterval: return true
        }
    }
}
