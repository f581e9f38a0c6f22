extension BuiltinLanguage {
    /// French: its numbers and ordinals (``FrenchNumberGrammar``), durations
    /// (``FrenchDurationGrammar``), dates and times (``FrenchDateTimeGrammar``), percentages
    /// temperatures, and amounts of money (``MoneyGrammar/french``).
    static let french: BuiltinLanguage = {
        let english = BuiltinLanguage.english
        let precisionWords: WordTable<Bool> = [
            "environ": true, "approximativement": true, "presque": true, "vers": true, "exactement": false, "precisement": false, "pile": false,
            "precises": false, "precise": false, "quasiment": true, "pres": true,
        ]
        let firstWords = FrenchNumberGrammar.firstWords.union(FrenchDurationGrammar.firstWords).union(FrenchDateTimeGrammar.firstWords)
        // The words of currency names but those that only lead ("de" of "dollars de hong kong").
        let currencyWords = MoneyGrammar.french.names.keys.flatMap { $0.split(separator: " ").map(String.init) }
            .filter { !FrenchDateTimeGrammar.leadWords.contains(WordKey($0)) }
        let meaningful = firstWords.union(FrenchNumberGrammar.innerWords).union(FrenchDurationGrammar.innerWords).union(FrenchDateTimeGrammar.innerWords)
            .union(currencyWords).union(MoneyGrammar.french.centWords)
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
        let approximateCollectives: WordSet = ["dizaine", "dizaines", "quinzaine", "quinzaines", "vingtaine", "trentaine", "quarantaine",
                                                "cinquantaine", "soixantaine", "centaine", "centaines", "milliers"]
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
                case .amountOfMoney:
                    // "près de 10 dollars": "près" is the precision, "de" leads into the amount.
                    let first = words.key(at: start) == "de" && words.key(at: start - 1) == "pres" ? start + 1 : start
                    guard let amount = MoneyGrammar.french.amount(words, from: first) else { return nil }
                    // "une quinzaine de dollars": a collective but a dozen is about so many.
                    let reading = BuiltinGrammar.Reading.amountOfMoney(amount.value, currency: amount.currency)
                    let approximate = (first..<amount.end).contains { approximateCollectives.contains(words.key(at: $0)) }
                    return (approximate ? .approximate(reading) : reading, amount.end)
                case .dateTime:
                    guard let context, let found = FrenchDateTimeGrammar.parse(words, from: start, context: context) else { return nil }
                    let reading = BuiltinGrammar.Reading.dateTime(found.value)
                    return (found.approximate ? .approximate(reading) : reading, found.end)
                default:
                    return english.parse(kind, words, start, context)
                }
            },
            precisionWords: precisionWords, leadingPrecisionWords: ["approximativement", "presque", "vers", "exactement", "precisement", "quasiment", "pres"],
            trailingPrecisionWords: ["precises", "precise"], approximatingPhrases: [["ou", "presque"], ["a", "peu", "pres"]], precisionOpener: "a",
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

extension MoneyGrammar {
    /// French: the currencies' French names (a name several currencies share goes to the one
    /// most often meant, as in English: "dollars" USD, "couronnes" NOK, "francs" CHF,
    /// "dirhams" MAD), their codes, "et cinq centimes", "cinq roubles trente", "trois millions
    /// d'euros", "une livre".
    static let french: MoneyGrammar = {
        var names = [String: String]()
        let said: [(String, [String])] = [
            ("USD", ["dollar", "dollars", "dollar americain", "dollars americains", "dollar us", "dollars us"]),
            ("AUD", ["dollar australien", "dollars australiens"]), ("CAD", ["dollar canadien", "dollars canadiens"]),
            ("HKD", ["dollar de hong kong", "dollars de hong kong", "dollar hongkongais", "dollars hongkongais"]),
            ("NZD", ["dollar neo - zelandais", "dollars neo - zelandais", "dollar neozelandais", "dollars neozelandais"]),
            ("SGD", ["dollar de singapour", "dollars de singapour"]), ("EUR", ["euro", "euros"]),
            ("GBP", ["livre", "livres", "livre sterling", "livres sterling", "livre britannique", "livres britanniques"]),
            ("JPY", ["yen", "yens"]), ("CNY", ["yuan", "yuans", "renminbi"]), ("INR", ["roupie", "roupies", "roupie indienne", "roupies indiennes"]),
            ("CHF", ["franc", "francs", "franc suisse", "francs suisses"]), ("XOF", ["franc cfa", "francs cfa"]),
            ("MXN", ["peso", "pesos", "peso mexicain", "pesos mexicains"]), ("BRL", ["real", "reais", "real bresilien", "reais bresiliens"]),
            ("RUB", ["rouble", "roubles"]), ("KRW", ["won", "wons"]),
            ("NOK", ["couronne", "couronnes", "couronne norvegienne", "couronnes norvegiennes"]),
            ("SEK", ["couronne suedoise", "couronnes suedoises"]), ("DKK", ["couronne danoise", "couronnes danoises"]),
            ("CZK", ["couronne tcheque", "couronnes tcheques"]), ("PLN", ["zloty", "zlotys"]), ("TRY", ["livre turque", "livres turques"]),
            ("EGP", ["livre egyptienne", "livres egyptiennes"]), ("ILS", ["shekel", "shekels"]),
            ("MAD", ["dirham", "dirhams", "dirham marocain", "dirhams marocains"]), ("AED", ["dirham des emirats", "dirhams des emirats"]),
            ("TND", ["dinar tunisien", "dinars tunisiens"]), ("DZD", ["dinar algerien", "dinars algeriens"]), ("ZAR", ["rand", "rands"]),
            ("THB", ["baht", "bahts"]), ("BTC", ["bitcoin", "bitcoins"]),
        ]
        for (code, list) in said { for name in list { names[name] = code } }
        for currency in Currency.all where names[currency.code.lowercased()] == nil { names[currency.code.lowercased()] = currency.code }
        return MoneyGrammar(
            cardinal: { FrenchNumberGrammar.cardinal($0, from: $1) }, names: names, centWords: ["centime", "centimes", "cent", "cents", "¢"],
            centsAlone: ["centime": "EUR", "centimes": "EUR", "¢": "USD"], oneWords: ["un", "une"], andWord: "et", ofWords: ["de", "d'"],
            centsWithoutWord: true)
    }()
}
