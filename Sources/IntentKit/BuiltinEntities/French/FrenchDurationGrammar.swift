/// French durations over ``EntityWords``: a number (``FrenchNumberGrammar``) and a unit
/// (`vingt minutes`, `2 semaines`, `1h`, `1/4h`), `quelques` for a few (three), halves and
/// quarters (`une demi-heure`, `une heure et demie`, `deux heures et quart`, `un quart d'heure`,
/// `trois quarts d'heure`), and parts added together, with or without `et` (`une minute et trois
/// secondes`, `une heure trente` and `1h30`, where a bare number from 10 to 59, or any written
/// against the part, counts in the next smaller unit); said after `pendant`, `durant` or
/// `(pour) une durée de`, which belong to it.
enum FrenchDurationGrammar {
    /// Seconds in one of each unit word; months are 30 days and years 365, as Duckling
    /// normalises them.
    static let secondsPerUnit: WordTable<Double> = [
        "seconde": 1, "secondes": 1, "sec": 1, "secs": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60, "mn": 60,
        "heure": 3_600, "heures": 3_600, "jour": 86_400, "jours": 86_400, "journee": 86_400, "journees": 86_400,
        "semaine": 604_800, "semaines": 604_800, "quinzaine": 1_209_600, "mois": 2_592_000, "an": 31_536_000, "ans": 31_536_000,
        "annee": 31_536_000, "annees": 31_536_000,
    ]
    /// Units of one letter or two, read only against their number: `30s`, `1h`, `10min`.
    private static let letterUnits: WordTable<Double> = ["s": 1, "h": 3_600, "j": 86_400]

    /// The words a duration may start with (numbers aside).
    static let firstWords: WordSet = ["pendant", "durant", "quelques", "demi", "quart", "journee"]
    /// Words a duration reads after its first.
    static let innerWords: WordSet = WordSet(secondsPerUnit.keys).union(["duree", "quarts", "demie", "et"])

    /// The duration that starts at `start`, in seconds, the smallest unit said in it, the index
    /// after it, and whether a word of precision after its opener makes it an approximation
    /// ("pendant environ une heure"). Not kept in the words' memo, which the English date
    /// grammar fills with English readings.
    static func duration(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int, approximate: Bool)? {
        var index = start
        // "pendant", "durant", "pour une durée de", "une durée de": part of the duration.
        if words.key(at: index) == "pendant" || words.key(at: index) == "durant" { index += 1 }
        if words.key(at: index) == "pour" || words.key(at: index) == "sur", words.key(at: index + 1) == "une", words.key(at: index + 2) == "duree" { index += 1 }
        if words.key(at: index) == "une", words.key(at: index + 1) == "duree", words.key(at: index + 2) == "de" { index += 3 }
        // A word of precision after the opener ("pendant environ un quart d'heure"); before
        // it, ``BuiltinGrammar`` reads it as the duration's precision.
        var approximate = false
        if index > start, let isApproximate = BuiltinLanguage.french.precisionWords[words.key(at: index)] {
            approximate = isApproximate
            index += 1
        }
        return parts(words, from: index).map { ($0.seconds, $0.smallestUnit, $0.end, approximate) }
    }

    /// Parts added together from `start` (``DurationParts``).
    private static func parts(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int)? {
        DurationParts.read(words, from: start, and: "et", part: { part(words, from: $0) }) { index in
            guard let number = FrenchNumberGrammar.unsigned(words, from: index, suffixes: false), unit(words, at: number.end) == nil else { return nil }
            return number
        }
    }

    /// One count and unit.
    private static func part(_ words: EntityWords, from start: Int) -> (seconds: Double, unit: Double, end: Int)? {
        let word = words.key(at: start)
        var count: Double, index: Int
        if word == "quelques" {
            count = 3
            index = start + 1
        } else if (word == "une" || word == "un"), let half = half(words, at: start + 1) {
            // "une demi-heure"
            return half
        } else if let half = half(words, at: start) {
            return half
        } else if let number = FrenchNumberGrammar.unsigned(words, from: start, suffixes: false) {
            count = number.value
            index = number.end
            // "un quart d'heure", "trois quarts d'heure"
            if words.key(at: index) == "quart" || words.key(at: index) == "quarts", words.key(at: index + 1) == "d'", words.key(at: index + 2) == "heure" {
                return (count * 900, 3_600, index + 3)
            }
        } else {
            return nil
        }
        guard let unit = unit(words, at: index) else { return nil }
        var seconds = count * unit.seconds, end = unit.end
        // "une heure et demie", "deux heures et quart"
        if words.key(at: end) == "et" {
            if words.key(at: end + 1) == "demie" || words.key(at: end + 1) == "demi" {
                seconds += unit.seconds / 2
                end += 2
            } else if words.key(at: end + 1) == "quart" {
                seconds += unit.seconds / 4
                end += 2
            }
        }
        return (seconds, unit.seconds, end)
    }

    /// "demi-heure", "demi heure", "demi-journée": half of the unit.
    private static func half(_ words: EntityWords, at start: Int) -> (seconds: Double, unit: Double, end: Int)? {
        guard words.key(at: start) == "demi" else { return nil }
        var index = start + 1
        if words.key(at: index) == "-", words.isAttached(index) { index += 1 }
        guard let unit = unit(words, at: index) else { return nil }
        return (unit.seconds / 2, unit.seconds, unit.end)
    }

    /// The unit at `index`: a word, or letters against the number before them (`1h`, `30s`).
    private static func unit(_ words: EntityWords, at index: Int) -> (seconds: Double, end: Int)? {
        let key = words.key(at: index)
        if let seconds = secondsPerUnit[key] { return (seconds, index + 1) }
        // "1h", "30s"; "2 h", "1/4 h" apart too (an "h" after digits is the hour's).
        if words.isAttached(index) || key == "h", words.word(at: index - 1).map(EntityWords.endsWithDigit) == true, let seconds = letterUnits[key] {
            return (seconds, index + 1)
        }
        return nil
    }
}
