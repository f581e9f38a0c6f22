import Foundation

extension Schema {
    /// What is wrong with `value` given as the parameter `name` of the intent `intent` outside an
    /// utterance, as a shortcut or a user's history gives one: an intent or parameter the schema
    /// lacks, a value a closed entity lacks (values are given by identifier), a built-in value
    /// its grammar does not read as a whole (`"2"`, `"tomorrow at 7"`, `"5 dollars"`); `nil`
    /// when nothing is.
    public func problem(withValue value: String, forParameter name: String, of intent: String) -> String? {
        guard let definition = self.intent(named: intent) else { return "unknown intent '\(intent)'" }
        guard let parameter = definition.parameter(named: name) else { return "'\(intent)' has no parameter '\(name)'" }
        switch parameter.entity {
        case .custom(let entityName):
            guard let entity = entity(named: entityName), !entity.allowsOtherValues,
                  !entity.values.contains(where: { $0.identifier == value }) else { return nil }
            let values = entity.values.prefix(20).map(\.identifier).joined(separator: ", ")
            return "'\(value.prefix(80))' is not a value of '\(entityName)' (its values: \(values)\(entity.values.count > 20 ? ", …" : ""))"
        case .builtin(let builtin):
            let tokens = Tokenizer().tokenize(value)
            // Whether the words read as the type does not depend on the moment they are read at.
            guard tokens.count == 0 || BuiltinGrammar.resolve(builtin, text: tokens, tokens: 0..<tokens.count,
                                                              reference: Self.checkingReference, calendar: Self.checkingCalendar,
                                                              language: BuiltinLanguage.of(language)) == nil else { return nil }
            return "'\(value.prefix(80))' is not read as \(builtin.qualifiedName)"
        }
    }

    private static let checkingReference = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00Z
    private static let checkingCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
