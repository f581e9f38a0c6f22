extension BuiltinLanguage {
    /// French: its numbers and ordinals (``FrenchNumberGrammar``), durations
    /// (``FrenchDurationGrammar``), dates and times (``FrenchDateTimeGrammar``), percentages
    /// and temperatures; amounts of money read as in English until a grammar of its own joins
    /// this folder, so that digits keep their amounts ("5 €").
    static let french: BuiltinLanguage = {
        let english = BuiltinLanguage.english
        let precisionWords: WordTable<Bool> = [
            "environ": true, "approximativement": true, "presque": true, "vers": true, "exactement": false, "precisement": false, "pile": false,
            "precises": false, "precise": false,
        ]
        let firstWords = FrenchNumberGrammar.firstWords.union(FrenchDurationGrammar.firstWords).union(FrenchDateTimeGrammar.firstWords)
        let meaningful = firstWords.union(FrenchNumberGrammar.innerWords).union(FrenchDurationGrammar.innerWords).union(FrenchDateTimeGrammar.innerWords)
            .union(["cent", "pourcent", "pourcents", "degre", "degres", "sous", "zero", "celsius", "centigrade", "fahrenheit", "kelvin"])
        // Words that lead into an expression without saying one: articles, prepositions, precision.
        let leadWords: WordSet = WordSet(["le", "la", "les", "du", "des", "de", "au", "aux", "dans", "pour", "sur", "une"]).union(precisionWords.keys)
            .union(FrenchDateTimeGrammar.leadWords)
        var roles = [String: BuiltinEntityExtractor.Role]()
        for (word, role) in english.roles.elements { roles[word] = role }
        for word in meaningful { roles[word, default: []].insert(.meaningful) }
        // French words English reads only in a phrase ("mardi" of "mardi gras") start one on their own.
        for word in firstWords { roles[word, default: []].insert(.start); roles[word]?.remove(.phrase) }
        for word in leadWords { roles[word, default: []].insert(.lead) }
        return BuiltinLanguage(
            parse: { kind, words, start, context in
                switch kind {
                case .number:
                    return FrenchNumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
                case .ordinal:
                    return FrenchNumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
                case .percentage:
                    return PercentageGrammar.french.percentage(words, from: start).map { (.percentage($0.value), $0.end) }
                case .temperature:
                    return TemperatureGrammar.french.temperature(words, from: start).map { (.temperature($0.value, unit: $0.unit), $0.end) }
                case .duration:
                    if let duration = FrenchDurationGrammar.duration(words, from: start) {
                        let reading = BuiltinGrammar.Reading.duration(seconds: duration.seconds)
                        return (duration.approximate ? .approximate(reading) : reading, duration.end)
                    }
                    return english.parse(kind, words, start, context)
                case .dateTime:
                    guard let context, let found = FrenchDateTimeGrammar.parse(words, from: start, context: context) else { return nil }
                    let reading = BuiltinGrammar.Reading.dateTime(found.value)
                    return (found.approximate ? .approximate(reading) : reading, found.end)
                default:
                    return english.parse(kind, words, start, context)
                }
            },
            precisionWords: precisionWords, leadingPrecisionWords: ["approximativement", "presque", "vers", "exactement", "precisement"],
            trailingPrecisionWords: ["pile", "precises", "precise"], approximatingPair: ("ou", "presque"), precisionOpener: "a",
            fillers: ["pour", "pendant", "durant", "dans", "a", "le", "la", "les", "l'", "de", "du", "d'", "en", "au", "aux", "sur"],
            dateOpeners: ["a", "le", "la", "les", "l'", "de", "du", "d'", "en", "au", "aux", "dans"], roles: WordTable(roles), phraseWords: english.phraseWords, symbols: english.symbols,
            meaningfulWords: english.meaningfulWords.union(meaningful), leadWords: english.leadWords.union(leadWords),
            closingWords: english.closingWords.union(["et", "pile", "environ"]))
    }()
}

extension PercentageGrammar {
    /// French: `%`, `pour cent`, `pourcent`.
    static let french = PercentageGrammar(
        cardinal: { FrenchNumberGrammar.cardinal($0, from: $1) }, marks: [["%"], ["pour", "cent"], ["pourcent"], ["pourcents"]])
}

extension TemperatureGrammar {
    /// French: degrés, the three scales, "sous zéro" and "au-dessous de zéro", "au-dessus de zéro".
    static let french = TemperatureGrammar(
        cardinal: { FrenchNumberGrammar.cardinal($0, from: $1) }, degrees: ["degre", "degres", "deg", "°", "º"],
        scales: TemperatureGrammar.scaleNames,
        belowZero: [["sous", "zero"], ["au", "-", "dessous", "de", "zero"], ["au", "dessous", "de", "zero"], ["en", "dessous", "de", "zero"]],
        aboveZero: [["au", "-", "dessus", "de", "zero"], ["au", "dessus", "de", "zero"]])
}
