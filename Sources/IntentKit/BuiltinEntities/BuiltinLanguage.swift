/// What one language brings to the built-in entities: its grammars and the words the extractor
/// and slot resolution read around them. The extractor (``BuiltinEntityExtractor``), slot
/// resolution (``BuiltinGrammar``), the dates' arithmetic (``DateTimeValue``, ``CivilDate``)
/// and the word tables are the same for every language; a language is its own folder of
/// grammars and one such value built from them (``english``, in English/). A class: the
/// extractor passes it at every word, one reference rather than a dozen tables.
final class BuiltinLanguage: Sendable {
    /// The longest expression of a kind that starts at a word, its precision aside, and the
    /// index after it; a date needs the reference moment.
    let parse: @Sendable (_ kind: BuiltinEntity, _ words: EntityWords, _ start: Int, _ context: DateTimeContext?) -> (reading: BuiltinGrammar.Reading, end: Int)?

    // MARK: Around an expression

    /// Words that say how precise an amount, a duration or a date is: `true` an approximation
    /// ("about"), `false` an exact value ("exactly").
    let precisionWords: WordTable<Bool>
    /// Of ``precisionWords``, those said before a value only, and those said after it only.
    let leadingPrecisionWords: WordSet
    let trailingPrecisionWords: WordSet
    /// Phrases after a value that make it an approximation ("or so", "más o menos").
    let approximatingPhrases: [[WordKey]]
    /// The date grammar's opener that may come before a precision word ("at" of "at about 3pm").
    let precisionOpener: WordKey
    /// Words before a slot that frame it without changing its value ("in", "for", "the").
    let fillers: WordSet
    /// Of ``fillers``, those the date grammar reads itself ("at 7", "on friday").
    let dateOpeners: WordSet

    // MARK: Where the extractor starts (see ``BuiltinEntityExtractor/forEachStart(of:language:_:)``)

    /// What each word is to the start scan.
    let roles: WordTable<BuiltinEntityExtractor.Role>
    /// Words that mean something only before certain others, each with the words that may follow it.
    let phraseWords: WordTable<WordSet>
    /// The marks of currency symbols ("$", "€"), which start an expression though no letter's.
    let symbols: WordSet
    /// Every word a grammar reads for its meaning.
    let meaningfulWords: WordSet
    /// Words that lead into an expression without saying one ("the", "in", "next").
    let leadWords: WordSet
    /// Words inside or after an expression that neither start nor lead into one ("to", "pm").
    let closingWords: WordSet
    /// Words that start an expression by their shape rather than by a table: German's numbers
    /// written as one word ("dreiunddreißig"); `nil` where every such word is in ``roles``.
    let startsByShape: (@Sendable (String) -> Bool)?

    init(parse: @escaping @Sendable (_ kind: BuiltinEntity, _ words: EntityWords, _ start: Int, _ context: DateTimeContext?) -> (reading: BuiltinGrammar.Reading, end: Int)?,
         precisionWords: WordTable<Bool>, leadingPrecisionWords: WordSet, trailingPrecisionWords: WordSet, approximatingPhrases: [[WordKey]],
         precisionOpener: WordKey, fillers: WordSet, dateOpeners: WordSet, roles: WordTable<BuiltinEntityExtractor.Role>,
         phraseWords: WordTable<WordSet>, symbols: WordSet, meaningfulWords: WordSet, leadWords: WordSet, closingWords: WordSet,
         startsByShape: (@Sendable (String) -> Bool)? = nil) {
        self.parse = parse
        self.precisionWords = precisionWords
        self.leadingPrecisionWords = leadingPrecisionWords
        self.trailingPrecisionWords = trailingPrecisionWords
        self.approximatingPhrases = approximatingPhrases
        self.precisionOpener = precisionOpener
        self.fillers = fillers
        self.dateOpeners = dateOpeners
        self.roles = roles
        self.phraseWords = phraseWords
        self.symbols = symbols
        self.meaningfulWords = meaningfulWords
        self.leadWords = leadWords
        self.closingWords = closingWords
        self.startsByShape = startsByShape
    }
}

extension BuiltinLanguage {
    /// The grammars of the language a BCP 47 tag names (its primary subtag: `fr-CA` is French),
    /// English for a language without grammars of its own and for none.
    static func of(_ tag: String?) -> BuiltinLanguage {
        switch tag?.split(separator: "-").first?.lowercased() {
        case "fr": return .french
        case "es": return .spanish
        case "de": return .german
        default: return .english
        }
    }

    /// The primary subtags of the languages with grammars of their own.
    static let supportedLanguages = ["en", "fr", "es", "de"]
}
