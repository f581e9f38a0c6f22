/// Durations over ``EntityWords``: a number and a unit (`10 minutes`, `1.5 hours`, `2m`, `1/2
/// hour`, `a couple of days`), "a"/"an" for one (`an hour`), halves and quarters (`half an
/// hour`, `half hour`, `two and a half hours`, `an hour and a half`, `a quarter of an hour`,
/// `three quarters of an hour`), and parts added together, with or without "and" (`1 hour and
/// 30 minutes`, `3 days 4 hours`, `1 hour thirty` and `1h30`, where a bare number from 10 to
/// 59, or any written against the part, counts in the next smaller unit).
enum DurationGrammar {
    /// Seconds in one of each unit word. Months are 30 days and years 365, as Duckling
    /// normalises them.
    static let secondsPerUnit: WordTable<Double> = [
        "second": 1, "seconds": 1, "sec": 1, "secs": 1,
        "minute": 60, "minutes": 60, "min": 60, "mins": 60,
        "hour": 3_600, "hours": 3_600, "hr": 3_600, "hrs": 3_600,
        "day": 86_400, "days": 86_400, "week": 604_800, "weeks": 604_800, "wk": 604_800, "wks": 604_800,
        "fortnight": 1_209_600, "fortnights": 1_209_600,
        "month": 2_592_000, "months": 2_592_000, "year": 31_536_000, "years": 31_536_000, "yr": 31_536_000, "yrs": 31_536_000,
    ]
    /// Units of one letter, read only against their number: `30s`, `2m`, `1h`, `3d`, `2w`, `5y`
    /// (a capital `M` is a million).
    private static let letterUnits: WordTable<Double> = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800, "y": 31_536_000]

    /// The words a duration may start with (numbers aside).
    static let firstWords: WordSet = ["half", "quarter", "a", "an"]

    /// The duration that starts at `start`, in seconds, the smallest unit said in it (in
    /// seconds: 3600 for "2 hours", 60 for "1 hour 30"), and the index after it.
    static func duration(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int)? {
        words.remembered(start, get: { $0.pointee.duration }, set: { $0.pointee.duration = $1 }) { readDuration(words, from: start) }
    }

    private static func readDuration(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int)? {
        DurationParts.read(words, from: start, and: "and", part: { part(words, from: $0) }) { index in
            // "1 hour thirty", not "1 hour 30 minutes" nor "1 hour 30 and a half".
            guard let number = NumberGrammar.unsigned(words, from: index, suffixes: false), unit(words, at: number.end) == nil,
                  !(words.key(at: number.end) == "and" && words.key(at: number.end + 2) == "half") else { return nil }
            return number
        }
    }

    /// One number and unit.
    private static func part(_ words: EntityWords, from start: Int) -> (seconds: Double, unit: Double, end: Int)? {
        guard start < words.count else { return nil }
        let word = words.key(at: start)
        var count: Double, index: Int
        if let fraction = fraction(words, at: start) {
            // "half an hour", "a quarter of an hour", "quarter-hour", "a half hour"
            var after = fraction.end
            if words.key(at: after) == "of" { after += 1 }
            guard let article = article(words, at: after), let unit = unit(words, at: article) else { return nil }
            return (fraction.value * unit.seconds, unit.seconds, unit.end)
        } else if (word == "a" || word == "an"), unit(words, at: start + 1) != nil {
            count = 1
            index = start + 1
        } else if word == "few", unit(words, at: start + 1) != nil {
            // "in few hours", as "a few"
            count = 3
            index = start + 1
        } else if let number = NumberGrammar.unsigned(words, from: start, suffixes: false) {
            count = number.value
            index = number.end
            // "three quarters of an hour", "three-quarters of an hour"
            if words.key(at: index) == "-", words.isAttached(index), words.key(at: index + 1) == "quarters" { index += 1 }
            if words.key(at: index) == "quarters" || words.key(at: index) == "quarter" {
                var after = index + 1
                if words.key(at: after) == "of" { after += 1 }
                if let article = article(words, at: after), let unit = unit(words, at: article) {
                    return (count * unit.seconds / 4, unit.seconds, unit.end)
                }
            }
            // "two and a half hours", "one and a quarter of an hour"
            if words.key(at: index) == "and", let fraction = fraction(words, at: index + 1) {
                var after = fraction.end
                if words.key(at: after) == "of" { after += 1 }
                if let article = article(words, at: after), unit(words, at: article) != nil {
                    count += fraction.value
                    index = article
                }
            }
        } else {
            return nil
        }
        // "2 more minutes", "5 extra minutes"
        if addingWords.contains(words.key(at: index)), unit(words, at: index + 1) != nil { index += 1 }
        guard let unit = unit(words, at: index) else { return nil }
        var seconds = count * unit.seconds, end = unit.end
        // "an hour and a half", "seven hours and a quarter"
        if words.key(at: end) == "and", let fraction = fraction(words, at: end + 1) {
            seconds += fraction.value * unit.seconds
            end = fraction.end
        }
        return (seconds, unit.seconds, end)
    }

    /// Words between a count and its unit that say it is added: "2 more minutes".
    private static let addingWords: WordSet = ["more", "extra", "additional", "further"]

    /// A fraction of a unit said in words at `index`: "a half", "half", "a quarter", "quarter",
    /// "three quarters", "three-quarters" (and "quarter-" of "quarter-hour"), its value and end.
    private static func fraction(_ words: EntityWords, at index: Int) -> (value: Double, end: Int)? {
        var index = index, value: Double
        if words.key(at: index) == "a" || words.key(at: index) == "an" { index += 1 }
        switch words.key(at: index) {
        case "half": value = 0.5
        case "quarter": value = 0.25
        case "three" where words.key(at: index + 1) == "quarters": value = 0.75; index += 1
        case "three" where words.key(at: index + 1) == "-" && words.key(at: index + 2) == "quarters": value = 0.75; index += 2
        default: return nil
        }
        index += 1
        // "quarter-hour", "half-hour"
        if words.key(at: index) == "-", words.isAttached(index), words.isAttached(index + 1) { index += 1 }
        return (value, index)
    }

    /// The unit word at `index` (a letter unit only against the number before it).
    private static func unit(_ words: EntityWords, at index: Int) -> (seconds: Double, end: Int)? {
        let word = words.key(at: index)
        if let seconds = secondsPerUnit[word] { return (seconds, index + 1) }
        // "1/2 h", "3/4 h": an h apart from a number is hours.
        if word == "h", words.word(at: index - 1).map(EntityWords.endsWithDigit) == true, !words.isAttached(index + 1) { return (3_600, index + 1) }
        // A capital M is a million ("1.2M"), not minutes.
        if let seconds = letterUnits[word], words.isAttached(index), words.word(at: index - 1).map(EntityWords.endsWithDigit) == true, !words.isCapitalized(index),
           !words.isAttached(index + 1) || words.word(at: index + 1).map(EntityWords.startsWithDigit) == true {
            return (seconds, index + 1)
        }
        return nil
    }

    /// The index after an optional "a"/"an" at `index`.
    private static func article(_ words: EntityWords, at index: Int) -> Int? {
        guard index < words.count else { return nil }
        return words.key(at: index) == "a" || words.key(at: index) == "an" ? index + 1 : index
    }
}
