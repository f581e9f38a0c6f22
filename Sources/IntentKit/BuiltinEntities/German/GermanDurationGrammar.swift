/// German durations over ``EntityWords``: a number (``GermanNumberGrammar``) and a unit (`zwanzig
/// Minuten`, `2 Wochen`, `1h`, `2 Std.`), `ein paar` for a couple (two), halves and quarters (`eine halbe
/// Stunde`, `anderthalb Stunden`, `eineinhalb Stunden`, `zwei einhalb Stunden`, `eine Viertelstunde`, `eine
/// Dreiviertelstunde`), and parts added together, with or without `und` (`eine Minute und drei
/// Sekunden`, `1h30`); said after `für` or `während`, which belong to it.
enum GermanDurationGrammar {
    /// Abbreviations whose point belongs to them ("2 Std.").
    private static let abbreviations: WordSet = ["std", "sek", "min"]
    /// Seconds in one of each unit word; months are 30 days and years 365, as Duckling normalises them.
    static let secondsPerUnit: WordTable<Double> = [
        "sekunde": 1, "sekunden": 1, "sek": 1, "minute": 60, "minuten": 60, "min": 60, "stunde": 3_600, "stunden": 3_600, "std": 3_600,
        "tag": 86_400, "tage": 86_400, "tagen": 86_400, "tages": 86_400, "woche": 604_800, "wochen": 604_800, "monat": 2_592_000,
        "monate": 2_592_000, "monaten": 2_592_000, "monats": 2_592_000, "jahr": 31_536_000, "jahre": 31_536_000, "jahren": 31_536_000,
        "jahres": 31_536_000,
    ]
    /// Units of a letter, read only after their number: `30s`, `1h`, `2 h`.
    private static let letterUnits: WordTable<Double> = ["s": 1, "h": 3_600, "d": 86_400]
    /// Quarter and three-quarter hours in one word.
    private static let hourParts: WordTable<Double> = ["viertelstunde": 900, "dreiviertelstunde": 2700]

    static let firstWords: WordSet = WordSet(hourParts.keys).union(["fur", "wahrend", "anderthalb", "eineinhalb", "paar", "halbe", "halben"])
    static let innerWords: WordSet = WordSet(secondsPerUnit.keys).union(["und", "halb", "einhalb", "ein"])

    /// The duration that starts at `start`, in seconds, the smallest unit said, the index after
    /// it, and whether a word of precision after its opener makes it an approximation.
    static func duration(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int, approximate: Bool)? {
        var index = start
        if ["fur", "wahrend"].contains(words.key(at: index)) { index += 1 }
        var approximate = false
        if index > start, let isApproximate = BuiltinLanguage.german.precisionWords[words.key(at: index)] {
            approximate = isApproximate
            index += 1
        }
        return DurationParts.read(words, from: index, and: "und", part: { part(words, from: $0) }) { index in
            guard let number = GermanNumberGrammar.unsigned(words, from: index, suffixes: false), unit(words, at: number.end) == nil else { return nil }
            return number
        }.map { ($0.seconds, $0.smallestUnit, $0.end, approximate) }
    }

    private static func part(_ words: EntityWords, from start: Int) -> (seconds: Double, unit: Double, end: Int)? {
        var index = start
        let article = ["ein", "eine", "einen", "einer", "einem"].contains(words.key(at: index))
        if article { index += 1 }
        if let seconds = hourParts[words.key(at: index)] { return (seconds, 3_600, index + 1) }
        // "eine halbe Stunde", "anderthalb Stunden", "ein paar Minuten"
        var count: Double?
        switch words.key(at: index) {
        case "halbe", "halben": count = 0.5
        case "anderthalb", "eineinhalb": count = 1.5
        case "paar" where article: count = 2
        default: break
        }
        if let count {
            guard let unit = unit(words, at: index + 1) else { return nil }
            return (count * unit.seconds, unit.seconds, unit.end)
        }
        guard let number = GermanNumberGrammar.unsigned(words, from: start, suffixes: false) else { return nil }
        // "zwei einhalb Stunden", "drei ein halb Tage": a half more.
        var half = 0.0, unitIndex = number.end
        if words.key(at: unitIndex) == "einhalb" {
            (half, unitIndex) = (0.5, unitIndex + 1)
        } else if words.key(at: unitIndex) == "ein", words.key(at: unitIndex + 1) == "halb" {
            (half, unitIndex) = (0.5, unitIndex + 2)
        }
        guard let unit = unit(words, at: unitIndex) else { return nil }
        var seconds = (number.value + half) * unit.seconds, end = unit.end
        // "zwei Stunden und eine halbe" aside: "eine Stunde und halb" is rare; "zwei Stunden halb" is not German.
        if words.key(at: end) == "und", words.key(at: end + 1) == "eine", words.key(at: end + 2) == "halbe" {
            seconds += unit.seconds / 2
            end += 3
        }
        return (seconds, unit.seconds, end)
    }

    private static func unit(_ words: EntityWords, at index: Int) -> (seconds: Double, end: Int)? {
        let key = words.key(at: index)
        if let seconds = secondsPerUnit[key] {
            let point = abbreviations.contains(key) && words.key(at: index + 1) == "." && words.isAttached(index + 1)
            return (seconds, point ? index + 2 : index + 1)
        }
        if words.isAttached(index) || key == "h", words.word(at: index - 1).map(EntityWords.endsWithDigit) == true, let seconds = letterUnits[key] {
            return (seconds, index + 1)
        }
        return nil
    }
}
