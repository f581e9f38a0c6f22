import Foundation

/// Maps a slot's text to its resolved value: vocabulary values through their phrases and
/// synonyms, built-in entities through the built-in grammars.
///
/// Vocabulary lookups ignore case, diacritics and spacing: a phrase's key is its tokens'
/// normalised forms joined without separators, so "nest egg", "Nest Egg" and "NestEgg" all
/// find `NestEgg`.
public struct EntityResolver: Sendable {
    /// The schema's custom entities as one vocabulary, a term for each value: its phrase, its
    /// identifier, its synonyms as alternatives, its pronunciation hint. It is the kind a user's
    /// terms are (``UserVocabulary``), looked up the same way.
    private let vocabulary: UserVocabulary

    /// A resolver for the custom entities of `schema`.
    public init(schema: Schema) {
        var terms = [String: [VocabularyTerm]]()
        // A closed entity's values in the plural, in French and Spanish, whose plurals change the
        // head at the front ("chaudrées de palourdes"); English plurals are read back by
        // ``singular(of:tokens:)``.
        let language = ResponseLanguage.of(schema.primaryLanguage)
        let pluralizes = schema.primaryLanguage == "fr" || schema.primaryLanguage == "es"
        for entity in schema.entities where terms[entity.name] == nil {
            let plurals = pluralizes && !entity.allowsOtherValues
            terms[entity.name] = entity.values.map {
                let forms = [$0.phrase] + $0.synonyms
                let alternatives = $0.synonyms + (plurals ? forms.map(language.plural).filter { !forms.contains($0) } : [])
                return VocabularyTerm($0.phrase, identifier: $0.identifier, pronunciation: $0.pronunciation, alternatives: alternatives)
            }
        }
        vocabulary = UserVocabulary(terms)
        closedEntities = Set(schema.entities.filter { !$0.allowsOtherValues }.map(\.name))
        builtinLanguage = BuiltinLanguage.of(schema.language)
    }

    /// The built-in grammars of the schema's language.
    private let builtinLanguage: BuiltinLanguage

    /// The entities whose values are all there are: a slot that names none of them may be a
    /// plural of one ("two clam chowders").
    private let closedEntities: Set<String>
    private let tokenizer = Tokenizer()

    /// The value of the slot made of `tokens` of `text` for `entity`, or `nil` when it does not
    /// resolve (a name the vocabulary lacks, a date the grammar does not know).
    public func resolve(
        _ text: TokenizedText, tokens: Range<Int>, entity: EntityReference, reference: Date = Date(), calendar: Calendar = .current
    ) -> SlotValue? {
        switch entity {
        case .custom(let name):
            if let identifier = vocabulary.exactIdentifier(text, range: tokens, entity: name) { return .custom(identifier) }
            guard closedEntities.contains(name) else { return nil }
            return singular(of: text, tokens: tokens).flatMap { vocabulary.exactIdentifier($0, range: 0..<$0.count, entity: name) }.map(SlotValue.custom)
        case .builtin(let builtin):
            return BuiltinGrammar.resolve(builtin, text: text, tokens: tokens, reference: reference, calendar: calendar, language: builtinLanguage)
        }
    }

    /// The slot's words with the last made singular by the regular English rules (-ies → -y,
    /// -ches/-shes/-sses/-xes → drop -es, -s → drop it), or `nil` when it does not end in s.
    private func singular(of text: TokenizedText, tokens: Range<Int>) -> TokenizedText? {
        guard let last = tokens.last else { return nil }
        let word = text.normalized(at: last)
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") else { return nil }
        let singular = word.hasSuffix("ies") ? word.dropLast(3) + "y"
            : ["ches", "shes", "sses", "xes"].contains(where: word.hasSuffix) ? String(word.dropLast(2)) : String(word.dropLast())
        let words = tokens.dropLast().map { text.normalized(at: $0) } + [singular]
        return tokenizer.tokenize(words.joined(separator: " "))
    }
}
