extension BuiltinLanguage {
    /// German: its numbers and ordinals (``GermanNumberGrammar``), durations
    /// (``GermanDurationGrammar``), dates and times (``GermanDateTimeGrammar``), percentages,
    /// temperatures and amounts of money (``MoneyGrammar/german``).
    static let german: BuiltinLanguage = {
        let english = BuiltinLanguage.english
        let precisionWords: WordTable<Bool> = [
            "ungefahr": true, "circa": true, "ca": true, "zirka": true, "etwa": true, "fast": true, "beinahe": true, "nahezu": true, "rund": true,
            "knapp": true, "genau": false, "exakt": false, "prazise": false, "haargenau": false, "ganz": false, "sehr": false, "punktlich": false,
        ]
        let firstWords = GermanNumberGrammar.firstWords.union(GermanDurationGrammar.firstWords).union(GermanDateTimeGrammar.firstWords)
        let currencyWords = MoneyGrammar.german.names.keys.flatMap { $0.split(separator: " ").map(String.init) }
        let meaningful = firstWords.union(GermanNumberGrammar.innerWords).union(GermanDurationGrammar.innerWords).union(currencyWords)
            .union(MoneyGrammar.german.centWords).union(MoneyGrammar.german.centsAlone.keys)
            .union(["prozent", "hundert", "grad", "uber", "unter", "unterm", "gefrierpunkt", "celsius", "fahrenheit", "kelvin"])
            .union(GermanDateTimeGrammar.innerWords)
        let leadWords: WordSet = WordSet(["der", "die", "das", "den", "dem", "des", "in", "im", "am", "um", "fur", "von", "vom", "bei", "zu", "zum", "zur"])
            .union(precisionWords.keys).union(GermanDateTimeGrammar.leadWords)
        var roles = [String: BuiltinEntityExtractor.Role]()
        for (word, role) in english.roles.elements { roles[word] = role }
        for word in meaningful { roles[word, default: []].insert(.meaningful) }
        for word in firstWords { roles[word, default: []].insert(.start); roles[word]?.remove(.phrase) }
        for word in leadWords where !meaningful.contains(WordKey(word)) { roles[word, default: []].insert(.lead) }
        /// The first word after those that say the precision ("ganz genau", "sehr genau").
        @Sendable func afterPrecision(_ words: EntityWords, _ start: Int) -> Int {
            var index = start
            while index < start + 2, precisionWords[words.key(at: index)] != nil { index += 1 }
            return index
        }
        return BuiltinLanguage(
            parse: { kind, words, start, context in
                switch kind {
                case .number:
                    return GermanNumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
                case .ordinal:
                    return GermanNumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
                case .percentage:
                    return PercentageGrammar.german.percentage(words, from: start).map { (.percentage($0.value), $0.end) }
                case .temperature:
                    return TemperatureGrammar.german.temperature(words, from: start).map { (.temperature($0.value, unit: $0.unit), $0.end) }
                case .amountOfMoney:
                    return MoneyGrammar.german.amount(words, from: afterPrecision(words, start)).map { (.amountOfMoney($0.value, currency: $0.currency), $0.end) }
                case .duration:
                    guard let duration = GermanDurationGrammar.duration(words, from: start) else { return nil }
                    let reading = BuiltinGrammar.Reading.duration(seconds: duration.seconds)
                    return (duration.approximate ? .approximate(reading) : reading, duration.end)
                case .dateTime:
                    guard let context, let found = GermanDateTimeGrammar.parse(words, from: start, context: context) else { return nil }
                    let reading = BuiltinGrammar.Reading.dateTime(found.value)
                    return (found.approximate ? .approximate(reading) : reading, found.end)
                }
            },
            precisionWords: precisionWords,
            leadingPrecisionWords: ["ungefahr", "circa", "ca", "zirka", "etwa", "fast", "beinahe", "nahezu", "rund", "knapp", "exakt", "prazise", "haargenau", "ganz", "sehr", "punktlich"],
            trailingPrecisionWords: [], approximatingPhrases: [["oder", "so"]], precisionOpener: "um",
            fillers: ["fur", "wahrend", "in", "im", "am", "um", "an", "der", "die", "das", "den", "dem", "des", "von", "vom", "zu", "zum", "zur", "bei", "ab"],
            dateOpeners: ["am", "um", "im", "in", "an", "der", "die", "das", "den", "dem", "des", "zum", "zur", "ab"], roles: WordTable(roles), phraseWords: english.phraseWords, symbols: english.symbols,
            meaningfulWords: english.meaningfulWords.union(meaningful), leadWords: english.leadWords.union(leadWords),
            closingWords: english.closingWords.union(["und"]), startsByShape: { GermanNumberGrammar.isNumberWord($0) })
    }()
}

extension PercentageGrammar {
    /// German: `%`, `Prozent`, `vom Hundert`.
    static let german = PercentageGrammar(
        cardinal: { GermanNumberGrammar.cardinal($0, from: $1) }, marks: [["%"], ["prozent"], ["vom", "hundert"], ["v", ".", "h", "."]])
}

extension TemperatureGrammar {
    /// German: Grad, the three scales, "unter null", "unter dem Gefrierpunkt", "über null".
    static let german = TemperatureGrammar(
        cardinal: { GermanNumberGrammar.cardinal($0, from: $1) }, degrees: ["grad", "°"], scales: TemperatureGrammar.scaleNames,
        belowZero: [["unter", "null"], ["unter", "dem", "gefrierpunkt"], ["unterm", "gefrierpunkt"]],
        aboveZero: [["uber", "null"], ["uber", "dem", "gefrierpunkt"]])
}

extension MoneyGrammar {
    /// German: the currencies' German names in their cases ("Dollar", "Dollars", "Dollarn";
    /// "dänische Kronen", "norwegischer Kronen"; a name several currencies share goes to the one
    /// most often meant: "Dollar" USD, "Kronen" NOK, "Franken" CHF), their codes, "Pfd.", cents
    /// and pennies, "eines", "einer" for one.
    static let german: MoneyGrammar = {
        var names = [String: String]()
        /// A name with its adjective in every ending ("australische", "australischen", …).
        func declined(_ adjective: String, _ nouns: [String]) -> [String] {
            ["e", "en", "er", "es", "em"].flatMap { ending in nouns.map { "\(adjective)\(ending) \($0)" } }
        }
        let dollars = ["dollar", "dollars", "dollarn"]
        let said: [(String, [String])] = [
            ("USD", dollars + ["us - dollar", "us - dollars", "us dollar", "us dollars"] + declined("amerikanisch", dollars)),
            ("AUD", declined("australisch", dollars) + ["australien - dollar"]), ("CAD", declined("kanadisch", dollars)),
            ("HKD", ["hongkong dollar", "hongkong dollars", "hongkong dollarn", "hongkong - dollar", "hongkong - dollars"]),
            ("EUR", ["euro", "euros"]), ("GBP", ["pfund", "pfund sterling", "pfd"] + declined("britisch", ["pfund"])),
            ("JPY", ["yen"] + declined("japanisch", ["yen"])), ("CNY", ["yuan", "renminbi"] + declined("chinesisch", ["yuan"])),
            ("INR", ["rupie", "rupien"] + declined("indisch", ["rupie", "rupien"])),
            ("CHF", ["franken", "frankens"] + ["schweizer franken", "schweizer frankens"] + declined("schweizerisch", ["franken"])),
            ("RUB", ["rubel", "rubeln"] + declined("russisch", ["rubel", "rubeln"])), ("KRW", ["won"] + declined("koreanisch", ["won"])),
            ("NOK", ["krone", "kronen"] + declined("norwegisch", ["krone", "kronen"])), ("SEK", declined("schwedisch", ["krone", "kronen"])),
            ("DKK", declined("danisch", ["krone", "kronen"])), ("CZK", declined("tschechisch", ["krone", "kronen"])),
            ("PLN", ["zloty"]), ("TRY", declined("turkisch", ["lira"])), ("BTC", ["bitcoin", "bitcoins"]),
        ]
        for (code, list) in said { for name in list { names[name] = code } }
        for currency in Currency.all where names[currency.code.lowercased()] == nil { names[currency.code.lowercased()] = currency.code }
        return MoneyGrammar(
            cardinal: { GermanNumberGrammar.cardinal($0, from: $1) }, names: names,
            centWords: ["cent", "cents", "ct", "cts", "¢", "penny", "pennies", "pence", "rappen"],
            centsAlone: ["cent": "USD", "cents": "USD", "ct": "USD", "cts": "USD", "¢": "USD", "penny": "USD", "pennies": "USD", "pence": "GBP", "rappen": "CHF"],
            oneWords: ["ein", "eine", "einen", "einer", "eines", "einem"], andWord: "und", abbreviations: ["pfd"])
    }()
}
