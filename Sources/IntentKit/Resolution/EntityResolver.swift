import Foundation

/// Maps a slot's text to its resolved value: vocabulary values through their phrases and
/// synonyms, built-in entities through the built-in grammars.
///
/// Vocabulary lookups ignore case, diacritics and spacing: a phrase's key is its tokens'
/// normalised forms joined without separators, so "nest egg", "Nest Egg" and "NestEgg" all
/// find `NestEgg`.
public struct EntityResolver: Sendable {
    /// Entity name → phrase key → value identifier.
    private let vocabularies: [String: [String: String]]

    /// A resolver for the custom entities of `schema`.
    public init(schema: Schema) {
        let tokenizer = Tokenizer()
        var vocabularies = [String: [String: String]]()
        for entity in schema.entities {
            var keys = [String: String]()
            for value in entity.values {
                for phrase in value.allPhrases {
                    let tokens = tokenizer.tokenize(phrase)
                    let key = Self.key(tokens, tokens: 0..<tokens.count)
                    if !key.isEmpty && keys[key] == nil { keys[key] = value.identifier }
                }
            }
            vocabularies[entity.name] = keys
        }
        self.vocabularies = vocabularies
    }

    /// The value of the slot made of `tokens` of `text` for `entity`, or `nil` when it does not
    /// resolve (a name the vocabulary lacks, a date the grammar does not know).
    public func resolve(
        _ text: TokenizedText, tokens: Range<Int>, entity: EntityReference, reference: Date = Date(), calendar: Calendar = .current
    ) -> SlotValue? {
        switch entity {
        case .custom(let name):
            guard let vocabulary = vocabularies[name], let identifier = vocabulary[Self.key(text, tokens: tokens)] else { return nil }
            return .custom(identifier)
        case .builtin(let builtin):
            return BuiltinGrammar.resolve(builtin, text: text, tokens: tokens, reference: reference, calendar: calendar)
        }
    }

    /// The tokens' normalised forms, concatenated.
    static func key(_ text: TokenizedText, tokens: Range<Int>) -> String {
        var key = ""
        for index in tokens { key += text.normalized(at: index) }
        return key
    }
}
