/// When a string can be written as a plain (unquoted) YAML scalar.
enum YAMLPlainScalar {
    /// Whether `value` written as a plain YAML 1.1 scalar reads back as the same string.
    static func isSafe(_ value: String, inFlow: Bool) -> Bool {
        let scalars = value.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        if reservedWords.contains(value.lowercased()) { return false }
        if unsafeFirst.contains(first) || last == " " || last == ":" { return false }
        if value.contains(": ") || value.contains(" #") { return false }
        // libyaml refuses any ':' inside a plain scalar in flow context ("found unexpected ':'").
        if inFlow && value.contains(":") { return false }
        for scalar in scalars {
            if inFlow && flowIndicators.contains(scalar) { return false }
            if JSONText.needsEscape(scalar) { return false }
            if scalar.properties.generalCategory == Unicode.GeneralCategory.format { return false }
        }
        return true
    }

    private static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]
    private static let unsafeFirst: Set<Unicode.Scalar> = Set("-?:,[]{}#&*!|>'\"%@`0123456789+. ".unicodeScalars)
    /// PyYAML also ends a plain scalar at '?' in flow context ("would you like?}" is refused).
    private static let flowIndicators: Set<Unicode.Scalar> = Set(",[]{}?".unicodeScalars)
}
