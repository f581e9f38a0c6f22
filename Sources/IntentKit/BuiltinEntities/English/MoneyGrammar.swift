/// Amounts of money over ``EntityWords``: a number with a currency before or after it, as a
/// symbol (`$85`, `20€`, `10 $`), an ISO 4217 code (`EUR 20`, `USD3.14`, `20 chf`) or a name
/// (`20 dollars`, `3 yuan`, `5 lakh rupees`, `twelve canadian dollars`), slang (`85 bucks`,
/// `a quid`, `5 grand`: thousands of dollars), cents after the whole units (`20 dollars 43
/// cents`, `12 dollars and 50 cents`) or alone (`50 cents`, `10¢`: hundredths of a dollar,
/// `30 pence`: of a pound), and "a" for one (`a dollar`). The currencies:
/// ``Currency/all``.
enum MoneyGrammar {
    private static let centWords: WordSet = ["cent", "cents", "centime", "centimes", "¢", "penny", "pennies", "pence", "p"]
    /// Codes that are also English words: a currency only after the amount ("5 try", not "try 5").
    private static let wordLikeCodes: WordSet = ["try", "cop", "mad", "gel", "ron", "php", "sar", "nis", "rub", "cad", "all"]

    /// The letters of symbols written with letters and a sign: "us" of "us$", "r" of "r$".
    private static let symbolLetters = WordSet(Currency.all.flatMap(\.symbols).compactMap { symbol in
        let letters = symbol.prefix { $0.isLetter }
        return letters.isEmpty || letters.count == symbol.count ? nil : String(letters)
    })

    /// Words an amount reads after its first that name no currency: "grand", the cents.
    static let innerWords: WordSet = centWords.union(["grand"])

    /// The words an amount may start with (numbers aside): currency codes, the letters of
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
    static func amount(_ words: EntityWords, from start: Int) -> (value: Double, currency: String, end: Int)? {
        guard start < words.count else { return nil }
        // The currency first: "$85", "$ 85", "EUR 20", "USD3.14", "us$ 5", "-$5"
        if let prefix = symbolOrCode(words, at: start), let number = NumberGrammar.cardinal(words, from: prefix.end) {
            return withCents(number.value, currency: prefix.code, words, from: number.end)
        }
        // "a dollar", "a buck", "a grand", "a quid"
        if words.key(at: start) == "a" || words.key(at: start) == "an" || words.key(at: start) == "one",
           let currency = currencyAfter(words, at: start + 1) {
            return withCents(currency.isGrand ? 1000 : 1, currency: currency.code, words, from: currency.end)
        }
        // "a penny", "a cent"
        if words.key(at: start) == "a" || words.key(at: start) == "one", ["penny", "cent", "centime"].contains(words.word(at: start + 1)) {
            return (0.01, "USD", start + 2)
        }
        guard let number = NumberGrammar.cardinal(words, from: start) else { return nil }
        if let currency = currencyAfter(words, at: number.end) {
            return withCents(number.value * (currency.isGrand ? 1000 : 1), currency: currency.code, words, from: currency.end)
        }
        // Cents alone: "50 cents", "10¢", "30 pence".
        let word = words.key(at: number.end)
        if centWords.contains(word), word != "p" || words.isAttached(number.end) {
            return (number.value / 100, word == "pence" || word == "p" ? "GBP" : "USD", number.end + 1)
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
    private static func currencyAfter(_ words: EntityWords, at index: Int) -> (code: String, end: Int, isGrand: Bool)? {
        let key = words.key(at: index)
        if key == "grand" { return ("USD", index + 1, true) }
        if let code = Currency.bySymbol[key] { return (code, index + 1, false) }
        // "10US$": a symbol written with letters.
        if symbolLetters.contains(key), let word = words.word(at: index), let next = words.word(at: index + 1), words.isAttached(index + 1),
           let code = Currency.bySymbol[word + next] {
            return (code, index + 2, false)
        }
        // Names are looked for only from a word that starts one.
        guard Currency.nameFirstWords.contains(key) else { return nil }
        var name = ""
        var found: (code: String, end: Int, isGrand: Bool)?
        for length in 1...Currency.longestName {
            guard let next = words.word(at: index + length - 1) else { break }
            name += (length > 1 ? " " : "") + next
            if let code = Currency.byName[name] { found = (code, index + length, false) }
        }
        return found
    }

    /// `value` of `currency`, with the cents said after it: "20 dollars 43 cents", "12 dollars
    /// and 50 cents".
    private static func withCents(_ value: Double, currency: String, _ words: EntityWords, from index: Int) -> (value: Double, currency: String, end: Int) {
        var start = index
        if words.key(at: start) == "and" { start += 1 }
        // "$20 and 43c": a "c" against the cents, after the whole units only ("20c" alone is a temperature).
        if let cents = NumberGrammar.cardinal(words, from: start), cents.value < 100, cents.value >= 0,
           centWords.contains(words.key(at: cents.end)) && words.key(at: cents.end) != "p" || words.key(at: cents.end) == "c" && words.isAttached(cents.end) {
            return (value + cents.value / 100, currency, cents.end + 1)
        }
        return (value, currency, index)
    }
}
