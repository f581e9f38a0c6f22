/// Spanish cardinal and ordinal numbers over ``EntityWords`` (diacritics folded: "veintitrés"
/// is read as `veintitres`), as deterministic left-to-right prefix grammars like English's
/// ``NumberGrammar``.
///
/// Cardinals: digits with a decimal comma and `.` between groups of three (`1,5`, `100.000`,
/// `,5`), a sign (`-12`, `menos 3`, `+1`), a multiplier suffix (`100k`, `1,2M`) or word (`5 mil`,
/// `3 millones`); words as Spanish builds them: 0-29 in one word (`dieciséis`, `veintitrés`,
/// `veintiún`), tens with `y` and a unit (`treinta y uno`), hundreds (`cien`, `ciento dos`,
/// `doscientas`, `quinientos`), and groups joined by `mil` and `millón`/`millones`; decimals
/// after `coma` or `punto` (`cero coma cero tres`, `treinta y dos punto setenta y cinco`), `y
/// medio`. Ordinals: `1o`, `1a`, `1º`, `1ª`, `3er`, `3.er`, `1.º`, `primero`, `primer`, `tercera`, `quintos`,
/// `vigésimo primero`.
enum SpanishNumberGrammar {
    private static let units: WordTable<Int> = [
        "cero": 0, "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
        "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18,
        "diecinueve": 19, "veinte": 20, "veintiun": 21, "veintiuno": 21, "veintiuna": 21, "veintidos": 22, "veintitres": 23,
        "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29,
    ]
    private static let tens: WordTable<Int> = [
        "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90,
    ]
    private static let hundreds: WordTable<Int> = [
        "cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200, "trescientos": 300, "trescientas": 300, "cuatrocientos": 400,
        "cuatrocientas": 400, "quinientos": 500, "quinientas": 500, "seiscientos": 600, "seiscientas": 600, "setecientos": 700,
        "setecientas": 700, "ochocientos": 800, "ochocientas": 800, "novecientos": 900, "novecientas": 900,
    ]
    /// Scale words after a group (or alone: "mil" is a thousand).
    private static let scales: WordTable<Double> = ["mil": 1e3, "millon": 1e6, "millones": 1e6, "billon": 1e12, "billones": 1e12]
    /// Multipliers written right after digits: `100k`, `1,2M`, `3G`.
    private static let multipliers: WordTable<Double> = ["k": 1e3, "m": 1e6, "g": 1e9]
    /// Ordinal words, masculine and feminine, singular and plural.
    private static let ordinalWords: WordTable<Int> = {
        let stems: [(String, Int)] = [
            ("primer", 1), ("segund", 2), ("tercer", 3), ("cuart", 4), ("quint", 5), ("sext", 6), ("septim", 7), ("setim", 7), ("octav", 8),
            ("noven", 9), ("decim", 10), ("undecim", 11), ("duodecim", 12), ("vigesim", 20), ("trigesim", 30), ("cuadragesim", 40),
            ("quincuagesim", 50), ("sexagesim", 60), ("septuagesim", 70), ("octogesim", 80), ("nonagesim", 90), ("centesim", 100),
        ]
        var table = [String: Int]()
        for (stem, value) in stems { for ending in ["o", "a", "os", "as"] { table[stem + ending] = value } }
        table["primer"] = 1
        table["tercer"] = 3
        return WordTable(table)
    }()
    /// What may follow digits to make them an ordinal: `1o`, `1a`, `1º`, `1ª`, `1er`, `3ra`.
    private static let ordinalSuffixes: WordSet = ["o", "a", "os", "as", "º", "ª", "er", "ero", "era", "ro", "ra", "do", "da", "to", "ta", "vo", "va", "no", "na", "mo", "ma"]

    /// The words a number or ordinal in words may start with (digits and signs aside).
    static let firstWords: WordSet = WordSet(units.keys).union(tens.keys).union(hundreds.keys).union(scales.keys).union(ordinalWords.keys)
        .union(["menos"])
    /// Words a number reads after its first.
    static let innerWords: WordSet = ["y", "coma", "punto", "medio", "media"]

    // MARK: Cardinals

    /// The cardinal that starts at `start`: its value and the index after its last word.
    static func cardinal(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard start < words.count else { return nil }
        let first = words.key(at: start)
        // A sign against digits ("-12", "+1", "-,5"), or said ("menos 3").
        if first == "-" || first == "−" || first == "+", words.isAttached(start + 1), !words.isAttached(start),
           let number = unsigned(words, from: start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true || words.key(at: start + 1) == "," {
            return (first == "+" ? number.value : -number.value, number.end)
        }
        // "- 12": a minus apart from its digits, unless it stands between two numbers ("5 - 3").
        if first == "-" || first == "−", !words.isAttached(start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true,
           words.word(at: start - 1).map(EntityWords.endsWithDigit) != true, let number = unsigned(words, from: start + 1) {
            return (-number.value, number.end)
        }
        if first == "menos", let number = unsigned(words, from: start + 1) { return (-number.value, number.end) }
        return unsigned(words, from: start)
    }

    /// A cardinal without a sign; with `suffixes` false, a letter after digits is left to the caller.
    static func unsigned(_ words: EntityWords, from start: Int, suffixes: Bool = true) -> (value: Double, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        // ",5": a decimal comma against digits, not after a number.
        if words.key(at: start) == ",", words.isAttached(start + 1), let next = words.word(at: start + 1), EntityWords.isDigits(next),
           !(words.isAttached(start) && words.word(at: start - 1).map(EntityWords.endsWithDigit) == true), let value = Double("0." + next) {
            return afterDigits(value, words, from: start + 2, suffixes: suffixes)
        }
        // Digits are written as in French: a decimal comma, "." between thousands.
        if let value = FrenchNumberGrammar.digits(first) { return afterDigits(value, words, from: start + 1, suffixes: suffixes) }
        return spelled(words, from: start)
    }

    /// What may follow digits: a multiplier suffix or scale word, a fraction, decimals said in words.
    private static func afterDigits(_ value: Double, _ words: EntityWords, from index: Int, suffixes: Bool) -> (value: Double, end: Int) {
        guard index < words.count else { return (value, index) }
        let next = words.key(at: index)
        if suffixes, words.isAttached(index), let multiplier = multipliers[next], !words.isAttached(index + 1) {
            return (value * multiplier, index + 1)
        }
        if let scale = scales[next] { return (value * scale, index + 1) }
        // "1/4": a fraction when both parts are whole numbers written against the slash.
        if next == "/", words.isAttached(index), words.isAttached(index + 1), let below = words.word(at: index + 1), EntityWords.isDigits(below),
           value == value.rounded(), let denominator = Double(below), denominator > 0 {
            return (value / denominator, index + 2)
        }
        if next == "coma" || next == "punto", value == value.rounded(), let decimals = words.word(at: index + 1), EntityWords.isDigits(decimals),
           let fraction = Double("0." + decimals) {
            return (value + fraction, index + 2)
        }
        return (value, index)
    }

    /// A number in words: groups of 0-999 joined by scale words, then decimals or `y medio`.
    private static func spelled(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        var index = start, total = 0.0
        var last: (value: Int, end: Int)?
        while index - start < 30 {
            let group = self.group(words, from: index)
            let scaleKey = words.key(at: group?.end ?? index)
            if let scale = scales[scaleKey], group.map({ $0.value > 0 }) ?? (total == 0 || last == nil) {
                // A scale takes the group before it ("doscientos mil"), or stands alone ("mil").
                let multiplier = Double(group?.value ?? 1)
                guard scale > 1e3 || multiplier < 1000 else { break }
                if total > 0, let previous = largestScale(total), previous <= scale { break }
                total += multiplier * scale
                index = (group?.end ?? index) + 1
                last = nil
                continue
            }
            if let group {
                if total > 0, let previous = largestScale(total), Double(group.value) >= previous { break }
                last = group
                index = group.end
            }
            break
        }
        guard total > 0 || last != nil else { return nil }
        return tail(words, value: total + Double(last?.value ?? 0), end: last?.end ?? index)
    }

    private static func largestScale(_ total: Double) -> Double? {
        for scale in [1e12, 1e6, 1e3] where total >= scale { return scale }
        return nil
    }

    /// A group of 0-999 in words: a hundred word, then the part below a hundred.
    private static func group(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        var index = start, hundred = 0
        if let said = hundreds[words.key(at: index)] {
            hundred = said
            index += 1
            // "cien" stands alone ("cien mil"); "ciento" takes what follows.
            if words.key(at: start) == "cien" { return (100, index) }
        }
        if let below = tensPart(words, from: index) { return (hundred + below.value, below.end) }
        return hundred > 0 ? (hundred, index) : nil
    }

    /// 0-99: a word up to 29, or a ten with `y` and a unit ("treinta y uno", "noventa y nueve").
    private static func tensPart(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        let first = words.key(at: start)
        if let ten = tens[first] {
            if words.key(at: start + 1) == "y", let unit = units[words.key(at: start + 2)], (1...9).contains(unit) {
                return (ten + unit, start + 3)
            }
            return (ten, start + 1)
        }
        guard let unit = units[first] else { return nil }
        return (unit, start + 1)
    }

    /// Decimals after `coma` or `punto` (digit words one by one, "cero coma cero tres", or a
    /// number, "punto setenta y cinco"), or `y medio`.
    private static func tail(_ words: EntityWords, value: Double, end: Int) -> (value: Double, end: Int) {
        let next = words.key(at: end)
        if next == "coma" || next == "punto" {
            var digitsSaid = "", index = end + 1
            while words.key(at: index) == "cero", index - end < 20 {
                digitsSaid += "0"
                index += 1
            }
            if let rest = group(words, from: index), rest.value > 0 {
                digitsSaid += String(rest.value)
                index = rest.end
            }
            guard !digitsSaid.isEmpty, let fraction = Double("0." + digitsSaid) else { return (value, end) }
            return (value + fraction, index)
        }
        if next == "y", words.key(at: end + 1) == "medio" || words.key(at: end + 1) == "media" { return (value + 0.5, end + 2) }
        return (value, end)
    }

    // MARK: Ordinals

    /// The ordinal that starts at `start`.
    static func ordinal(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        if words.isDigits(at: start), let value = Int(word), words.isAttached(start + 1) {
            if ordinalSuffixes.contains(words.key(at: start + 1)), !words.isAttached(start + 2) { return (value, start + 2) }
            // "3.er", "1.º", "2.ª": the abbreviation's point, as the Real Academia writes it.
            if words.key(at: start + 1) == ".", words.isAttached(start + 2), ordinalSuffixes.contains(words.key(at: start + 2)), !words.isAttached(start + 3) {
                return (value, start + 3)
            }
        }
        guard let value = ordinalWords[words.key(at: start)] else { return nil }
        // "vigésimo primero": a ten's ordinal and a unit's.
        if value >= 20, value < 100, let unit = ordinalWords[words.key(at: start + 1)], unit < 10 { return (value + unit, start + 2) }
        return (value, start + 1)
    }
}
