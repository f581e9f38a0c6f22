/// Rasa's regular-expression features (`regex_features` in JSON, `- regex:` items in YAML),
/// which IntentKit does not import: its models learn patterns from annotated examples.
enum RasaRegexes {
    /// The names shown in one warning before "and N more".
    static let namesShown = 3

    /// One warning for every regex of a file, at the first one's place: a corpus with dozens of
    /// them (HWU64 has 67) says so once, naming the first few.
    static func warning(_ regexes: [(name: String, location: SourceLocation?)]) -> Diagnostic? {
        guard let first = regexes.first else { return nil }
        let reason = "IntentKit learns patterns from annotated examples"
        guard regexes.count > 1 else { return Diagnostic(.warning, "regex '\(first.name)' is not imported: \(reason)", at: first.location) }
        var names = regexes.prefix(namesShown).map { "'\($0.name)'" }.joined(separator: ", ")
        if regexes.count > namesShown { names += " and \(regexes.count - namesShown) more" }
        return Diagnostic(.warning, "\(regexes.count) regexes are not imported (\(names)): \(reason)", at: first.location)
    }
}
