extension BuiltinLanguage {
    /// English: the grammars of this folder and the words around them.
    static let english: BuiltinLanguage = {
        // Words that lead into an expression without saying one: an article, a preposition, a
        // modifier ("next", "last", "this"), a sign word, a word of precision.
        let leadWords: WordSet = [
            "the", "a", "an", "in", "at", "on", "this", "from", "by", "between", "before", "after", "until", "till", "til", "untill",
            "through", "thru", "since", "within", "next", "last", "past", "coming", "upcoming", "previous", "right", "just", "minus", "negative",
            "about", "around", "approximately", "approx", "roughly", "almost", "nearly", "circa", "exactly", "precisely", "during", "for",
            "current", "following",
        ]
        // Words grammars read after a start that are neither a start nor a unit or scale.
        let extraWords: WordSet = ["week", "weekend", "month", "year", "quarter", "qtr", "day", "end", "percent", "degree", "degrees"]
        // The words a grammar starts with, lead words aside: number words, months, weekdays,
        // currency codes, holidays, "today", "noon", …
        let startWords = NumberGrammar.firstWords.union(MoneyGrammar.firstWords).union(DurationGrammar.firstWords)
            .union(DateTimeGrammar.firstWords).subtracting(leadWords).subtracting(["of"])
        // Every word a grammar reads for its meaning: an expression that starts with a lead word
        // has one of these within its first five words.
        var meaningful = Set(startWords).union(NumberGrammar.innerWords).union(MoneyGrammar.innerWords).union(DurationGrammar.secondsPerUnit.keys)
            .union(extraWords)
        for name in Currency.byName.keys { for part in name.split(separator: " ") { meaningful.insert(String(part)) } }
        let meaningfulWords = WordSet(meaningful.subtracting(leadWords).subtracting(["of"]))

        // Words that mean something only with the word after them: the first and inner words of
        // names of several words ("new" of "new year's eve", "south" of "south african rand",
        // "good" of "good friday", "s" of "s$"), each with the words that may follow it. Alone,
        // they neither start an expression nor let a lead word start one: "new" in "new york", "s"
        // in "women s history". Words that mean something alone too ("july" of "july fourth") are
        // not among them.
        var phrases = Holiday.nameWords + DateTimeGrammar.phrases
        for currency in Currency.all {
            phrases += currency.names.map { $0.split(separator: " ").map(String.init) }
            for symbol in currency.symbols {
                let letters = String(symbol.prefix { $0.isLetter })
                if !letters.isEmpty && letters.count < symbol.count { phrases.append([letters, String(symbol.dropFirst(letters.count))]) }
            }
        }
        // What means something alone: every grammar's words but the names' non-final ones.
        var alone = Set(NumberGrammar.firstWords).union(NumberGrammar.innerWords).union(DurationGrammar.firstWords)
            .union(DurationGrammar.secondsPerUnit.keys).union(DateTimeGrammar.ownFirstWords).union(MoneyGrammar.innerWords).union(extraWords)
            .union(Currency.all.map { $0.code.lowercased() }).union(["a", "an", "one", "rs"])
        for phrase in phrases where phrase.count == 1 { alone.insert(phrase[0]) }
        for currency in Currency.all { for symbol in currency.symbols where symbol.allSatisfy(\.isLetter) { alone.insert(symbol) } }
        var following = [String: Set<String>]()
        for phrase in phrases {
            for (word, next) in zip(phrase, phrase.dropFirst()) where !alone.contains(word) { following[word, default: []].insert(next) }
        }
        let phraseWords = WordTable(following.mapValues(WordSet.init))

        var roles = [String: BuiltinEntityExtractor.Role]()
        for word in meaningfulWords { roles[word, default: []].insert(.meaningful) }
        for word in startWords { roles[word, default: []].insert(.start) }
        for word in leadWords { roles[word, default: []].insert(.lead) }
        for word in phraseWords.keys { roles[word, default: []].insert(.phrase) }

        // Currency symbols, and the marks of symbols written with letters ("$" of "us$").
        var symbols = Set<String>()
        for symbol in Currency.bySymbol.keys {
            let mark = String(symbol.drop { $0.isLetter })
            if !mark.isEmpty { symbols.insert(mark) }
        }

        return BuiltinLanguage(
            parse: { kind, words, start, context in
                switch kind {
                case .number:
                    return NumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
                case .ordinal:
                    return NumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
                case .percentage:
                    return PercentageGrammar.english.percentage(words, from: start).map { (.percentage($0.value), $0.end) }
                case .amountOfMoney:
                    return MoneyGrammar.english.amount(words, from: start).map { (.amountOfMoney($0.value, currency: $0.currency), $0.end) }
                case .duration:
                    return DurationGrammar.duration(words, from: start).map { (.duration(seconds: $0.seconds), $0.end) }
                case .temperature:
                    return TemperatureGrammar.english.temperature(words, from: start).map { (.temperature($0.value, unit: $0.unit), $0.end) }
                case .dateTime:
                    return context.flatMap { DateTimeGrammar.parse(words, from: start, context: $0) }.map { (.dateTime($0.value), $0.end) }
                }
            },
            precisionWords: WordTable([
                "about": true, "around": true, "approximately": true, "approx": true, "roughly": true, "almost": true, "nearly": true,
                "circa": true, "ish": true, "exactly": false, "precisely": false, "sharp": false,
            ]),
            leadingPrecisionWords: ["about", "around", "almost", "nearly", "circa", "exactly"],
            trailingPrecisionWords: ["sharp", "ish"],
            approximatingPhrases: [["or", "so"]],
            precisionOpener: "at",
            fillers: ["in", "for", "during", "of", "at", "on", "by", "the"],
            dateOpeners: ["at", "on", "in", "the", "by"],
            roles: WordTable(roles),
            phraseWords: phraseWords,
            symbols: WordSet(symbols),
            meaningfulWords: meaningfulWords,
            leadWords: leadWords,
            closingWords: [
                "to", "and", "of", "am", "pm", "ago", "later", "hence", "o'clock", "oclock", "approximately", "precisely", "sharp", "or", "so", "ish",
            ]
        )
    }()
}

extension PercentageGrammar {
    /// English: `%`, `percent`, `per cent`, `pct`, `p.c.`.
    static let english = PercentageGrammar(
        cardinal: { NumberGrammar.cardinal($0, from: $1) },
        marks: [["%"], ["percent"], ["percents"], ["pct"], ["per", "cent"], ["p", ".", "c", "."], ["p", ".", "c"]])
}

extension TemperatureGrammar {
    /// English: degrees, the three scales by name and letter, "below zero" and "above zero".
    static let english = TemperatureGrammar(
        cardinal: { NumberGrammar.cardinal($0, from: $1) }, degrees: ["degree", "degrees", "deg", "degs", "°", "º"],
        scales: TemperatureGrammar.scaleNames,
        belowZero: [["below", "zero"]], aboveZero: [["above", "zero"]])
}
