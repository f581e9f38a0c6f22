extension BuiltinLanguage {
    /// French: its numbers and ordinals (``FrenchNumberGrammar``); the other kinds read as in
    /// English until grammars of their own join this folder, so that digits keep their
    /// durations, amounts and times ("20 min", "15:30", "5 €").
    static let french: BuiltinLanguage = {
        let english = BuiltinLanguage.english
        let numberWords = FrenchNumberGrammar.firstWords.union(FrenchNumberGrammar.innerWords)
        var roles = [String: BuiltinEntityExtractor.Role]()
        for (word, role) in english.roles.elements { roles[word] = role }
        for word in numberWords { roles[word, default: []].insert(.meaningful) }
        for word in FrenchNumberGrammar.firstWords { roles[word, default: []].insert(.start) }
        // Words that lead into a number without saying one: articles and "le" of "le 3ème".
        let leadWords: WordSet = ["le", "la", "les", "du", "des", "de", "au", "aux", "environ", "presque", "exactement"]
        for word in leadWords { roles[word, default: []].insert(.lead) }
        return BuiltinLanguage(
            parse: { kind, words, start, context in
                switch kind {
                case .number:
                    return FrenchNumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
                case .ordinal:
                    return FrenchNumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
                default:
                    return english.parse(kind, words, start, context)
                }
            },
            precisionWords: english.precisionWords, leadingPrecisionWords: english.leadingPrecisionWords,
            trailingPrecisionWords: english.trailingPrecisionWords, approximatingPair: english.approximatingPair,
            precisionOpener: english.precisionOpener, fillers: english.fillers, dateOpeners: english.dateOpeners, roles: WordTable(roles),
            phraseWords: english.phraseWords, symbols: english.symbols, meaningfulWords: english.meaningfulWords.union(numberWords),
            leadWords: english.leadWords.union(leadWords), closingWords: english.closingWords)
    }()
}
