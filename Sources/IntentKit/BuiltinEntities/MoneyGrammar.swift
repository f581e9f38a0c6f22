/// Amounts of money over ``EntityWords``: a number with a currency before or after it, as a
/// symbol (`$85`, `20€`, `10 $`), an ISO 4217 code (`EUR 20`, `USD3.14`, `20 chf`) or a name
/// (`20 dollars`, `3 yuan`, `5 lakh rupees`, `twelve canadian dollars`; `trois dollars
/// australiens`, `trois millions d'euros`), slang (`85 bucks`, `a quid`, `5 grand`: thousands of
/// dollars), cents after the whole units (`20 dollars 43 cents`, `12 dollars and 50 cents`,
/// `deux euros et cinq centimes`, `cinq roubles trente`) or alone (`50 cents`, `10¢`:
/// hundredths of a dollar, `30 pence`: of a pound), and "a" for one (`a dollar`, `une livre`).
/// The reading is every language's; a language gives its numbers, its currencies' names
/// (``Currency/all`` in English) and its words around them.
struct MoneyGrammar: Sendable {
    /// The language's cardinal numbers.
    let cardinal: @Sendable (EntityWords, Int) -> (value: Double, end: Int)?
    /// Names (normalised words joined by single spaces) → ISO 4217 code.
    let names: WordTable<String>
    /// The first words of ``names``, and the most words a name has.
    let nameFirstWords: WordSet
    let longestName: Int
    /// Words for hundredths after the whole units ("cents", "centimes").
    let centWords: WordSet
    /// Hundredths said alone, each with the currency it is a hundredth of ("50 cents": USD).
    let centsAlone: WordTable<String>
    /// The words for one before a currency ("a dollar", "une livre").
    let oneWords: WordSet
    /// The word between the units and the cents ("and", "et").
    let andWord: WordKey
    /// Slang for thousands of dollars ("5 grand").
    let thousandsWords: WordSet
    /// Words between a number and its currency ("trois millions d'euros").
    let ofWords: WordSet
    /// Whether a number under 100 after the currency counts its cents ("cinq roubles trente").
    let centsWithoutWord: Bool
    /// Names written as abbreviations, whose point after them belongs to the amount ("Pfd.").
    let abbreviations: WordSet

    init(cardinal: @escaping @Sendable (EntityWords, Int) -> (value: Double, end: Int)?, names: [String: String], centWords: WordSet,
         centsAlone: WordTable<String>, oneWords: WordSet, andWord: WordKey, thousandsWords: WordSet = [], ofWords: WordSet = [],
         centsWithoutWord: Bool = false, abbreviations: WordSet = []) {
        self.cardinal = cardinal
        self.names = WordTable(names)
        nameFirstWords = WordSet(names.keys.map { String($0.prefix { $0 != " " }) })
        longestName = names.keys.map { $0.split(separator: " ").count }.max() ?? 1
        self.centWords = centWords
        self.centsAlone = centsAlone
        self.oneWords = oneWords
        self.andWord = andWord
        self.thousandsWords = thousandsWords
        self.ofWords = ofWords
        self.centsWithoutWord = centsWithoutWord
        self.abbreviations = abbreviations
    }

    /// English's: ``Currency/all``'s names, "bucks", "grand", cents and pence.
    static let english: MoneyGrammar = {
        var names = [String: String]()
        for currency in Currency.all { for name in currency.names where names[name] == nil { names[name] = currency.code } }
        return MoneyGrammar(
            cardinal: { NumberGrammar.cardinal($0, from: $1) }, names: names, centWords: ["cent", "cents", "centime", "centimes", "¢", "penny", "pennies", "pence"],
            centsAlone: ["cent": "USD", "cents": "USD", "centime": "USD", "centimes": "USD", "¢": "USD", "penny": "USD", "pennies": "USD", "pence": "GBP", "p": "GBP"],
            oneWords: ["a", "an", "one"], andWord: "and", thousandsWords: ["grand"])
    }()

    /// Codes that are also English words: a currency only after the amount ("5 try", not "try 5").
    private static let wordLikeCodes: WordSet = ["try", "cop", "mad", "gel", "ron", "php", "sar", "nis", "rub", "cad", "all"]

    /// The letters of symbols written with letters and a sign: "us" of "us$", "r" of "r$".
    private static let symbolLetters = WordSet(Currency.all.flatMap(\.symbols).compactMap { symbol in
        let letters = symbol.prefix { $0.isLetter }
        return letters.isEmpty || letters.count == symbol.count ? nil : String(letters)
    })

    /// English's words an amount reads after its first that name no currency: "grand", the cents.
    static let innerWords: WordSet = english.centWords.union(["grand", "p"])

    /// English's words an amount may start with (numbers aside): currency codes, the letters of
    /// symbols like "us$", and "a"/"one".
    static let firstWords: WordSet = {
        var words: Set<String> = ["a", "an", "one", "rs"]
        for currency in Currency.all {
            words.insert(String(currency.code.lowercased()))
            for symbol in currency.symbols { words.insert(String(symbol.prefix { $0.isLetter })) }
        }
        return WordSet(words)
    }()

    /// The amount that starts at `start`: its value and currency, and the index after it.
    func amount(_ words: EntityWords, from start: Int) -> (value: Double, currency: String, end: Int)? {
        guard start < words.count else { return nil }
        // The currency first: "$85", "$ 85", "EUR 20", "USD3.14", "us$ 5", "-$5"
        if let prefix = Self.symbolOrCode(words, at: start), let number = cardinal(words, prefix.end) {
            return withCents(number.value, currency: prefix.code, words, from: number.end)
        }
        // "a dollar", "a buck", "a grand", "a quid"
        if oneWords.contains(words.key(at: start)), let currency = currencyAfter(words, at: start + 1) {
            return withCents(currency.isGrand ? 1000 : 1, currency: currency.code, words, from: currency.end)
        }
        // "a penny", "a cent"
        if oneWords.contains(words.key(at: start)), let currency = centsAlone[words.key(at: start + 1)], words.key(at: start + 1) != "p" {
            return (0.01, currency, start + 2)
        }
        guard let number = cardinal(words, start) else { return nil }
        if let currency = currencyAfter(words, at: number.end) {
            return withCents(number.value * (currency.isGrand ? 1000 : 1), currency: currency.code, words, from: currency.end)
        }
        // "trois millions d'euros", "une dizaine de dollars"
        if ofWords.contains(words.key(at: number.end)), let currency = currencyAfter(words, at: number.end + 1), !currency.isGrand {
            return withCents(number.value, currency: currency.code, words, from: currency.end)
        }
        // Cents alone: "50 cents", "10¢", "30 pence".
        let word = words.key(at: number.end)
        if let currency = centsAlone[word], word != "p" || words.isAttached(number.end) {
            return (number.value / 100, currency, number.end + 1)
        }
        return nil
    }

    /// A currency symbol or code at `index` (with letters before a sign: "us$", "r$").
    private static func symbolOrCode(_ words: EntityWords, at index: Int) -> (code: String, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        let key = words.key(at: index)
        if symbolLetters.contains(key), let next = words.word(at: index + 1), words.isAttached(index + 1), let code = Currency.bySymbol[word + next] {
            return (code, index + 2)
        }
        if let code = Currency.bySymbol[key] { return (code, index + 1) }
        if word.utf8.count == 3 || key == "rs", !wordLikeCodes.contains(key), let code = Currency.byName[key],
           code.lowercased() == word || key == "rs" {
            // "rs. 500": the abbreviation's point.
            if key == "rs", words.key(at: index + 1) == ".", words.isAttached(index + 1) { return (code, index + 2) }
            return (code, index + 1)
        }
        return nil
    }

    /// A currency after an amount: a symbol, a code or name of up to ``Currency/longestName``
    /// words (the longest that names one), or "grand".
    private func currencyAfter(_ words: EntityWords, at index: Int) -> (code: String, end: Int, isGrand: Bool)? {
        let key = words.key(at: index)
        if thousandsWords.contains(key) { return ("USD", index + 1, true) }
        if let code = Currency.bySymbol[key] { return (code, index + 1, false) }
        // "10US$": a symbol written with letters.
        if Self.symbolLetters.contains(key), let word = words.word(at: index), let next = words.word(at: index + 1), words.isAttached(index + 1),
           let code = Currency.bySymbol[word + next] {
            return (code, index + 2, false)
        }
        // Names are looked for only from a word that starts one.
        guard nameFirstWords.contains(key) else { return nil }
        var name = ""
        var found: (code: String, end: Int, isGrand: Bool)?
        for length in 1...longestName {
            guard let next = words.word(at: index + length - 1) else { break }
            name += (length > 1 ? " " : "") + next
            if let code = names[name] { found = (code, index + length, false) }
        }
        // An abbreviation's point ("902 Pfd.").
        if let (code, end, _) = found, abbreviations.contains(words.key(at: end - 1)), words.key(at: end) == ".", words.isAttached(end) {
            found = (code, end + 1, false)
        }
        return found
    }

    /// `value` of `currency`, with the cents said after it: "20 dollars 43 cents", "12 dollars
    /// and 50 cents".
    private func withCents(_ value: Double, currency: String, _ words: EntityWords, from index: Int) -> (value: Double, currency: String, end: Int) {
        var start = index
        if words.key(at: start) == andWord { start += 1 }
        // "$20 and 43c": a "c" against the cents, after the whole units only ("20c" alone is a temperature).
        if let cents = cardinal(words, start), cents.value < 100, cents.value >= 0 {
            if centWords.contains(words.key(at: cents.end)) || words.key(at: cents.end) == "c" && words.isAttached(cents.end) {
                return (value + cents.value / 100, currency, cents.end + 1)
            }
            // "cinq roubles trente": a whole number of cents ending the amount, not the count of something after it.
            if centsWithoutWord, start == index, cents.value == cents.value.rounded(), cents.value > 0, !words.startsWithLetter(at: cents.end) {
                return (value + cents.value / 100, currency, cents.end)
            }
        }
        return (value, currency, index)
    }
}
