extension BuiltinLanguage {
    /// Spanish: its numbers and ordinals (``SpanishNumberGrammar``), durations
    /// (``SpanishDurationGrammar``), dates and times (``SpanishDateTimeGrammar``), percentages,
    /// temperatures and amounts of money (``MoneyGrammar/spanish``).
    static let spanish: BuiltinLanguage = {
        let english = BuiltinLanguage.english
        let precisionWords: WordTable<Bool> = [
            "aproximadamente": true, "unos": true, "unas": true, "casi": true, "sobre": true, "alrededor": true, "cerca": true,
            "exactamente": false, "exactos": false, "exactas": false, "exacto": false, "exacta": false, "justo": false, "justos": false,
        ]
        let firstWords = SpanishNumberGrammar.firstWords.union(SpanishDurationGrammar.firstWords).union(SpanishDateTimeGrammar.firstWords)
        let currencyWords = MoneyGrammar.spanish.names.keys.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0 != "de" }
        let meaningful = firstWords.union(SpanishNumberGrammar.innerWords).union(SpanishDurationGrammar.innerWords).union(currencyWords)
            .union(SpanishDateTimeGrammar.innerWords)
            .union(MoneyGrammar.spanish.centWords)
            .union(["ciento", "porciento", "grado", "grados", "bajo", "cero", "celsius", "centigrados", "centigrado", "fahrenheit", "kelvin"])
        // Words that lead into an expression without saying one: articles, prepositions, precision.
        let leadWords: WordSet = WordSet(["el", "la", "los", "las", "del", "al", "de", "en", "por", "para", "a", "un", "una", "mas"]).union(precisionWords.keys)
            .union(SpanishDateTimeGrammar.leadWords)
        var roles = [String: BuiltinEntityExtractor.Role]()
        for (word, role) in english.roles.elements { roles[word] = role }
        for word in meaningful { roles[word, default: []].insert(.meaningful) }
        for word in firstWords { roles[word, default: []].insert(.start); roles[word]?.remove(.phrase) }
        for word in leadWords where !meaningful.contains(WordKey(word)) { roles[word, default: []].insert(.lead) }
        return BuiltinLanguage(
            parse: { kind, words, start, context in
                switch kind {
                case .number:
                    return SpanishNumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
                case .ordinal:
                    return SpanishNumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
                case .percentage:
                    return PercentageGrammar.spanish.percentage(words, from: start).map { (.percentage($0.value), $0.end) }
                case .temperature:
                    return TemperatureGrammar.spanish.temperature(words, from: start).map { (.temperature($0.value, unit: $0.unit), $0.end) }
                case .amountOfMoney:
                    return MoneyGrammar.spanish.amount(words, from: start).map { (.amountOfMoney($0.value, currency: $0.currency), $0.end) }
                case .duration:
                    guard let duration = SpanishDurationGrammar.duration(words, from: start) else { return nil }
                    let reading = BuiltinGrammar.Reading.duration(seconds: duration.seconds)
                    return (duration.approximate ? .approximate(reading) : reading, duration.end)
                case .dateTime:
                    guard let context, let found = SpanishDateTimeGrammar.parse(words, from: start, context: context) else { return nil }
                    let reading = BuiltinGrammar.Reading.dateTime(found.value)
                    return (found.approximate ? .approximate(reading) : reading, found.end)
                }
            },
            precisionWords: precisionWords,
            leadingPrecisionWords: ["unos", "unas", "casi", "sobre", "alrededor", "cerca", "justo"],
            trailingPrecisionWords: ["exactos", "exactas", "exacto", "exacta", "justos"],
            approximatingPhrases: [["mas", "o", "menos"], ["o", "asi"]], precisionOpener: "a",
            fillers: ["por", "para", "durante", "en", "de", "a", "el", "la", "los", "las", "del", "al"],
            dateOpeners: ["en", "de", "a", "el", "la", "los", "las", "del", "al"], roles: WordTable(roles), phraseWords: english.phraseWords, symbols: english.symbols,
            meaningfulWords: english.meaningfulWords.union(meaningful), leadWords: english.leadWords.union(leadWords),
            closingWords: english.closingWords.union(["y", "exactos", "exactas", "menos", "o"]))
    }()
}

extension PercentageGrammar {
    /// Spanish: `%`, `por ciento`, `porciento`.
    static let spanish = PercentageGrammar(
        cardinal: { SpanishNumberGrammar.cardinal($0, from: $1) }, marks: [["%"], ["por", "ciento"], ["porciento"]])
}

extension TemperatureGrammar {
    /// Spanish: grados, the three scales and "centígrados", "bajo cero", "sobre cero"; `º` is
    /// the ordinal's mark ("1º"), not the degree's.
    static let spanish: TemperatureGrammar = {
        var scales = [String: String]()
        for key in TemperatureGrammar.scaleNames.keys { scales[key] = TemperatureGrammar.scaleNames[WordKey(key)] }
        scales["centigrados"] = "celsius"
        scales["centigrado"] = "celsius"
        return TemperatureGrammar(
            cardinal: { SpanishNumberGrammar.cardinal($0, from: $1) }, degrees: ["grado", "grados", "°"], scales: WordTable(scales),
            belowZero: [["bajo", "cero"]], aboveZero: [["sobre", "cero"]])
    }()
}

extension MoneyGrammar {
    /// Spanish: the currencies' Spanish names (a name several currencies share goes to the one
    /// most often meant: "dólares" USD, "coronas" NOK, "pesos" MXN), their codes, "y cincuenta
    /// centavos", "tres millones de euros", "un euro".
    static let spanish: MoneyGrammar = {
        var names = [String: String]()
        let said: [(String, [String])] = [
            ("USD", ["dolar", "dolares", "dolar americano", "dolares americanos", "dolar estadounidense", "dolares estadounidenses"]),
            ("AUD", ["dolar australiano", "dolares australianos"]), ("CAD", ["dolar canadiense", "dolares canadienses"]),
            ("HKD", ["dolar de hong kong", "dolares de hong kong"]), ("NZD", ["dolar neozelandes", "dolares neozelandeses"]),
            ("EUR", ["euro", "euros"]), ("GBP", ["libra", "libras", "libra esterlina", "libras esterlinas"]),
            ("JPY", ["yen", "yenes", "yen japones", "yenes japoneses"]), ("CNY", ["yuan", "yuanes", "yuan chino", "yuanes chinos", "renminbi"]),
            ("INR", ["rupia", "rupias", "rupia india", "rupias indias"]), ("CHF", ["franco", "francos", "franco suizo", "francos suizos"]),
            ("MXN", ["peso", "pesos", "peso mexicano", "pesos mexicanos"]), ("ARS", ["peso argentino", "pesos argentinos"]),
            ("CLP", ["peso chileno", "pesos chilenos"]), ("COP", ["peso colombiano", "pesos colombianos"]),
            ("BRL", ["real", "reales", "real brasileno", "reales brasilenos"]), ("RUB", ["rublo", "rublos"]),
            ("KRW", ["won", "wones", "won surcoreano", "wones surcoreanos"]),
            ("NOK", ["corona", "coronas", "corona noruega", "coronas noruegas"]), ("SEK", ["corona sueca", "coronas suecas"]),
            ("DKK", ["corona danesa", "coronas danesas"]), ("CZK", ["corona checa", "coronas checas"]), ("PLN", ["zloty", "zlotys"]),
            ("TRY", ["lira turca", "liras turcas"]), ("PEN", ["sol", "soles"]), ("VES", ["bolivar", "bolivares"]),
            ("BTC", ["bitcoin", "bitcoins"]),
        ]
        for (code, list) in said { for name in list { names[name] = code } }
        for currency in Currency.all where names[currency.code.lowercased()] == nil { names[currency.code.lowercased()] = currency.code }
        return MoneyGrammar(
            cardinal: { SpanishNumberGrammar.cardinal($0, from: $1) }, names: names, centWords: ["centavo", "centavos", "centimo", "centimos", "¢"],
            centsAlone: ["centimo": "EUR", "centimos": "EUR", "centavo": "USD", "centavos": "USD", "¢": "USD"], oneWords: ["un", "una", "uno"],
            andWord: "y", ofWords: ["de"], centsWithoutWord: true)
    }()
}
