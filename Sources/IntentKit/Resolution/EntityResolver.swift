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
        for entity in schema.entities where terms[entity.name] == nil {
            terms[entity.name] = entity.values.map {
                VocabularyTerm($0.phrase, identifier: $0.identifier, pronunciation: $0.pronunciation, alternatives: $0.synonyms)
            }
        }
        vocabulary = UserVocabulary(terms)
    }

    /// The value of the slot made of `tokens` of `text` for `entity`, or `nil` when it does not
    /// resolve (a name the vocabulary lacks, a date the grammar does not know).
    public func resolve(
        _ text: TokenizedText, tokens: Range<Int>, entity: EntityReference, reference: Date = Date(), calendar: Calendar = .current
    ) -> SlotValue? {
        switch entity {
        case .custom(let name):
            return vocabulary.exactIdentifier(text, range: tokens, entity: name).map(SlotValue.custom)
        case .builtin(let builtin):
            return BuiltinGrammar.resolve(builtin, text: text, tokens: tokens, reference: reference, calendar: calendar)
        }
    }
}
