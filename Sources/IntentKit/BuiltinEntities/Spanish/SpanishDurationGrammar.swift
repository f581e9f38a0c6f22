/// Spanish durations over ``EntityWords``: a number (``SpanishNumberGrammar``) and a unit (`veinte
/// minutos`, `2 semanas`, `1h`), `unos cuantos` and `unos pocos` for a few (three), halves and
/// quarters (`media hora`, `una hora y media`, `un cuarto de hora`, `tres cuartos de hora`), and
/// parts added together, with or without `y` (`un minuto y tres segundos`, `una hora treinta`,
/// `1h30`); said after `durante`, `por` or `todo`, which belong to it (`durante dos horas`,
/// `todo un día`).
enum SpanishDurationGrammar {
    /// Seconds in one of each unit word; months are 30 days and years 365, as Duckling normalises them.
    static let secondsPerUnit: WordTable<Double> = [
        "segundo": 1, "segundos": 1, "seg": 1, "segs": 1, "minuto": 60, "minutos": 60, "min": 60, "mins": 60, "hora": 3_600, "horas": 3_600,
        "hr": 3_600, "hrs": 3_600, "dia": 86_400, "dias": 86_400, "jornada": 86_400, "semana": 604_800, "semanas": 604_800,
        "quincena": 1_209_600, "mes": 2_592_000, "meses": 2_592_000, "ano": 31_536_000, "anos": 31_536_000,
    ]
    /// Units of a letter or two, read only after their number: `30s`, `1h`, `2 h`.
    private static let letterUnits: WordTable<Double> = ["s": 1, "h": 3_600, "d": 86_400]

    /// The words a duration may start with (numbers aside).
    static let firstWords: WordSet = ["durante", "todo", "toda", "media", "medio", "cuarto"]
    /// Words a duration reads after its first.
    static let innerWords: WordSet = WordSet(secondsPerUnit.keys).union(["cuartos", "y", "cuantos", "pocos"])

    /// The duration that starts at `start`, in seconds, the smallest unit said in it, the index
    /// after it, and whether a word of precision after its opener makes it an approximation
    /// ("durante unas dos horas").
    static func duration(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int, approximate: Bool)? {
        var index = start
        // "durante", "por", "todo un día": part of the duration.
        if ["durante", "por"].contains(words.key(at: index)) { index += 1 } else if ["todo", "toda"].contains(words.key(at: index)) { index += 1 }
        var approximate = false
        if index > start, let isApproximate = BuiltinLanguage.spanish.precisionWords[words.key(at: index)] {
            approximate = isApproximate
            index += 1
        }
        return parts(words, from: index).map { ($0.seconds, $0.smallestUnit, $0.end, approximate) }
    }

    private static func parts(_ words: EntityWords, from start: Int) -> (seconds: Double, smallestUnit: Double, end: Int)? {
        DurationParts.read(words, from: start, and: "y", part: { part(words, from: $0) }) { index in
            guard let number = SpanishNumberGrammar.unsigned(words, from: index, suffixes: false), unit(words, at: number.end) == nil else { return nil }
            return number
        }
    }

    /// One count and unit.
    private static func part(_ words: EntityWords, from start: Int) -> (seconds: Double, unit: Double, end: Int)? {
        let word = words.key(at: start)
        var count: Double, index: Int
        if word == "unos" || word == "unas", ["cuantos", "cuantas", "pocos", "pocas"].contains(words.key(at: start + 1)) {
            count = 3
            index = start + 2
        } else if ["cuantos", "cuantas", "pocos", "pocas"].contains(word), ["unos", "unas"].contains(words.key(at: start - 1)) {
            // "unos" read before as the precision ("about"): a few is about three.
            count = 3
            index = start + 1
        } else if word == "media" || word == "medio", let unit = unit(words, at: start + 1) {
            // "media hora", "medio día"
            return (unit.seconds / 2, unit.seconds, unit.end)
        } else if let number = SpanishNumberGrammar.unsigned(words, from: start, suffixes: false) {
            count = number.value
            index = number.end
        } else if word == "cuarto" {
            (count, index) = (1, start)
        } else {
            return nil
        }
        // "un cuarto de hora", "tres cuartos de hora"
        if words.key(at: index) == "cuarto" || words.key(at: index) == "cuartos", words.key(at: index + 1) == "de", words.key(at: index + 2) == "hora" {
            return (count * 900, 3_600, index + 3)
        }
        // "1/4 de hora": a fraction of a unit.
        if count < 1, words.key(at: index) == "de", unit(words, at: index + 1) != nil { index += 1 }
        guard let unit = unit(words, at: index) else { return nil }
        var seconds = count * unit.seconds, end = unit.end
        // "una hora y media", "dos horas y cuarto"
        if words.key(at: end) == "y" {
            if words.key(at: end + 1) == "media" || words.key(at: end + 1) == "medio" {
                seconds += unit.seconds / 2
                end += 2
            } else if words.key(at: end + 1) == "cuarto" {
                seconds += unit.seconds / 4
                end += 2
            }
        }
        return (seconds, unit.seconds, end)
    }

    /// The unit at `index`: a word, or letters after the number before them (`1h`, `30s`, `2 h`).
    private static func unit(_ words: EntityWords, at index: Int) -> (seconds: Double, end: Int)? {
        let key = words.key(at: index)
        if let seconds = secondsPerUnit[key] { return (seconds, index + 1) }
        if words.isAttached(index) || key == "h", words.word(at: index - 1).map(EntityWords.endsWithDigit) == true, let seconds = letterUnits[key] {
            return (seconds, index + 1)
        }
        return nil
    }
}
