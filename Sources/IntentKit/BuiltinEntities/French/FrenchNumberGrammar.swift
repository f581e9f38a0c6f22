/// French cardinal and ordinal numbers over ``EntityWords`` (diacritics folded: "zéro" is read
/// as `zero`), as deterministic left-to-right prefix grammars like English's ``NumberGrammar``.
///
/// Cardinals: digits with a decimal comma and `.` between groups of three (`1,5`, `100.000`,
/// `3.000.000`, `,5`), a sign (`-12`, `moins 3`, `+1`), a multiplier suffix (`100k`, `1,2M`) or
/// word (`5 mille`, `2 millions`); words as French builds them: 0-16 and `dix` with a unit
/// (`dix-sept`), tens with `et un` (`vingt et un`, `soixante et onze`) or a unit (`vingt-trois`,
/// `trente 3`), seventy and ninety from sixty and eighty (`soixante-dix-huit`,
/// `quatre-vingt-onze`) or as said in Belgium and Switzerland (`septante`, `huitante`,
/// `octante`, `nonante`), hundreds (`cent`, `deux cents`, `cent un`), and groups joined by
/// `mille`, `million` and `milliard` (written with or without a plural `s`); decimals after
/// `virgule` or `point` (`zéro virgule zéro trois`, `trente-deux virgule soixante-quinze`),
/// `et demi`; and the approximate quantities in `-aine` (`une dizaine`, `deux douzaines`,
/// `une centaine`, `un millier`). Ordinals: `1er`, `1re`, `2e`, `3ème`, `3ieme`, `2nd`,
/// `premier`, `second`, `troisième`, `vingt et unième`, `quatre-vingt-dixième`, `centième`.
enum FrenchNumberGrammar {
    private static let units: WordTable<Int> = [
        "zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
        "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16,
    ]
    /// Tens said in one word. Seventy, eighty and ninety also come from sixty and eighty
    /// (``tensPart(_:from:)``).
    private static let tens: WordTable<Int> = [
        "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "septante": 70, "huitante": 80, "octante": 80,
        "nonante": 90,
    ]
    /// Scale words after a group (or alone: "mille" is a thousand).
    private static let scales: WordTable<Double> = [
        "mille": 1e3, "milles": 1e3, "mil": 1e3, "million": 1e6, "millions": 1e6, "milliard": 1e9, "milliards": 1e9,
    ]
    /// Multipliers written right after digits: `100k`, `1,2M`, `3G`.
    private static let multipliers: WordTable<Double> = ["k": 1e3, "m": 1e6, "g": 1e9]
    /// Approximate quantities, after an article or a number: "une dizaine", "deux douzaines".
    private static let collectives: WordTable<Double> = [
        "dizaine": 10, "dizaines": 10, "douzaine": 12, "douzaines": 12, "quinzaine": 15, "quinzaines": 15, "vingtaine": 20, "vingtaines": 20,
        "trentaine": 30, "quarantaine": 40, "cinquantaine": 50, "soixantaine": 60, "centaine": 100, "centaines": 100,
        "millier": 1000, "milliers": 1000,
    ]
    /// Ordinal words: the cardinal's stem and `-ième`, and `premier`/`première`, `second(e)`.
    private static let ordinalWords: WordTable<Int> = [
        "premier": 1, "premiere": 1, "premiers": 1, "premieres": 1, "second": 2, "seconde": 2, "unieme": 1, "deuxieme": 2, "troisieme": 3,
        "quatrieme": 4, "cinquieme": 5, "sixieme": 6, "septieme": 7, "huitieme": 8, "neuvieme": 9, "dixieme": 10, "onzieme": 11,
        "douzieme": 12, "treizieme": 13, "quatorzieme": 14, "quinzieme": 15, "seizieme": 16, "vingtieme": 20, "trentieme": 30,
        "quarantieme": 40, "cinquantieme": 50, "soixantieme": 60, "septantieme": 70, "huitantieme": 80, "octantieme": 80,
        "nonantieme": 90, "centieme": 100, "millieme": 1000, "millionieme": 1_000_000, "milliardieme": 1_000_000_000,
    ]
    /// What may follow digits to make them an ordinal: `1er`, `1re`, `2e`, `3eme`, `3ieme`, `2nd`.
    private static let ordinalSuffixes: WordSet = ["er", "re", "ere", "e", "eme", "ieme", "iem", "em", "nd", "nde", "d", "de", "ers", "eres", "es", "emes", "iemes"]

    /// The words a number or ordinal in words may start with (digits and signs aside).
    static let firstWords: WordSet = WordSet(units.keys).union(tens.keys).union(scales.keys).union(ordinalWords.keys)
        .union(["cent", "cents", "moins"])
    /// Words a number reads after its first.
    static let innerWords: WordSet = WordSet(collectives.keys).union(["et", "virgule", "point", "demi", "demie", "cent", "cents"])

    // MARK: Cardinals

    /// The cardinal that starts at `start`: its value and the index after its last word. Not
    /// kept in the words' memo, which the English grammars the other kinds still use fill with
    /// English readings.
    static func cardinal(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard start < words.count else { return nil }
        let first = words.key(at: start)
        // A sign against digits ("-12", "+1", "-,5"), or said ("moins 3").
        if first == "-" || first == "−" || first == "+", words.isAttached(start + 1), !words.isAttached(start),
           let number = unsigned(words, from: start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true || words.key(at: start + 1) == "," {
            return (first == "+" ? number.value : -number.value, number.end)
        }
        // "- 12": a minus apart from its digits, unless it stands between two numbers ("5 - 3").
        if first == "-" || first == "−", !words.isAttached(start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true,
           words.word(at: start - 1).map(EntityWords.endsWithDigit) != true, let number = unsigned(words, from: start + 1) {
            return (-number.value, number.end)
        }
        if first == "moins", let number = unsigned(words, from: start + 1) { return (-number.value, number.end) }
        return unsigned(words, from: start)
    }

    /// A cardinal without a sign; with `suffixes` false, a letter after digits is left to the
    /// caller.
    static func unsigned(_ words: EntityWords, from start: Int, suffixes: Bool = true) -> (value: Double, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        // ",5": a decimal comma against digits, not after a number.
        if words.key(at: start) == ",", words.isAttached(start + 1), let next = words.word(at: start + 1), EntityWords.isDigits(next),
           !(words.isAttached(start) && words.word(at: start - 1).map(EntityWords.endsWithDigit) == true), let value = Double("0." + next) {
            return afterDigits(value, words, from: start + 2, suffixes: suffixes)
        }
        if let value = digits(first) { return afterDigits(value, words, from: start + 1, suffixes: suffixes) }
        return spelled(words, from: start)
    }

    /// A number written in digits the French way: `,` the decimal mark; `.` between groups of
    /// exactly three digits a thousands separator (`100.000`), else a decimal point (`1.5`).
    static func digits(_ word: String) -> Double? {
        guard let first = word.utf8.first, (0x30...0x39).contains(first), let last = word.utf8.last, (0x30...0x39).contains(last) else { return nil }
        var integer = "", fraction: String?
        let commaParts = word.split(separator: ",", omittingEmptySubsequences: false)
        guard commaParts.count <= 2 else { return nil }
        if commaParts.count == 2 {
            guard !commaParts[1].contains("."), !commaParts[1].isEmpty else { return nil }
            fraction = String(commaParts[1])
        }
        let groups = commaParts[0].split(separator: ".", omittingEmptySubsequences: false)
        if groups.count > 1 {
            if (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) {
                integer = groups.joined()
            } else if groups.count == 2, fraction == nil {
                integer = String(groups[0])
                fraction = String(groups[1])
            } else {
                return nil
            }
        } else {
            integer = String(groups[0])
        }
        guard !integer.isEmpty, EntityWords.isDigits(integer), fraction.map(EntityWords.isDigits) ?? true else { return nil }
        return Double(integer + (fraction.map { "." + $0 } ?? ""))
    }

    /// What may follow digits: a multiplier suffix or scale word, a quantity in `-aine`
    /// ("2 douzaines"), or decimals said in words.
    private static func afterDigits(_ value: Double, _ words: EntityWords, from index: Int, suffixes: Bool) -> (value: Double, end: Int) {
        guard index < words.count else { return (value, index) }
        let next = words.key(at: index)
        if suffixes, words.isAttached(index), let multiplier = multipliers[next], !words.isAttached(index + 1) {
            return (value * multiplier, index + 1)
        }
        if let scale = scales[next] {
            // "5 mille 3": a group after the scale goes on only in words or digits below it.
            return (value * scale, index + 1)
        }
        if let collective = collectives[next], value == value.rounded() { return (value * collective, index + 1) }
        // "1/4": a fraction when both parts are whole numbers written against the slash.
        if next == "/", words.isAttached(index), words.isAttached(index + 1), let below = words.word(at: index + 1), EntityWords.isDigits(below),
           value == value.rounded(), let denominator = Double(below), denominator > 0 {
            return (value / denominator, index + 2)
        }
        // "1 virgule 5": a decimal mark said between digits.
        if next == "virgule" || next == "point", value == value.rounded(), let decimals = words.word(at: index + 1), EntityWords.isDigits(decimals),
           let fraction = Double("0." + decimals) {
            return (value + fraction, index + 2)
        }
        return (value, index)
    }

    /// A number in words: groups of 0-999 joined by scale words, then decimals or `et demi`.
    private static func spelled(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        // "une dizaine", "un millier": a quantity after an article.
        if words.key(at: start) == "un" || words.key(at: start) == "une", let collective = collectives[words.key(at: start + 1)] {
            return (collective, start + 2)
        }
        var index = start, total = 0.0
        var last: (value: Int, end: Int)?
        while index - start < 30 {
            let group = self.group(words, from: index)
            let scaleKey = words.key(at: group?.end ?? index)
            if let scale = scales[scaleKey], group.map({ $0.value > 0 }) ?? (total == 0 || last == nil) {
                // A scale takes the group before it ("deux cents mille"), or stands alone ("mille").
                let multiplier = Double(group?.value ?? 1)
                guard scale > 1e3 || multiplier < 1000 else { break }
                // Scales decrease: "mille millions" is not read as one number.
                if total > 0, let previous = largestScale(total), previous <= scale { break }
                total += multiplier * scale
                index = (group?.end ?? index) + 1
                last = nil
                continue
            }
            if let group {
                // The group below the last scale ends the number.
                if total > 0, let previous = largestScale(total), Double(group.value) >= previous { break }
                last = group
                index = group.end
            }
            break
        }
        guard total > 0 || last != nil else { return nil }
        let value = total + Double(last?.value ?? 0)
        let end = last?.end ?? index
        // "des dizaines": a number in -aine after a number: "deux douzaines".
        if total == 0, let collective = collectives[words.key(at: end)], let whole = last?.value, whole > 1 {
            return (Double(whole) * collective, end + 1)
        }
        return tail(words, value: value, end: end)
    }

    /// The largest power of a thousand `total` holds (a scale word already read), if any.
    private static func largestScale(_ total: Double) -> Double? {
        for scale in [1e9, 1e6, 1e3] where total >= scale { return scale }
        return nil
    }

    /// A group of 0-999 in words: hundreds ("cent", "deux cents", "trois cent"), then the part
    /// below a hundred.
    private static func group(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        var index = start, hundreds = 0
        let first = words.key(at: index)
        if first == "cent" || first == "cents" {
            hundreds = 100
            index += 1
        } else if let unit = units[first], (2...9).contains(unit), words.key(at: skipHyphen(words, index + 1)) == "cent" || words.key(at: skipHyphen(words, index + 1)) == "cents" {
            hundreds = unit * 100
            index = skipHyphen(words, index + 1) + 1
        }
        if let below = tensPart(words, from: hundreds > 0 ? skipHyphen(words, index) : index) {
            return (hundreds + below.value, below.end)
        }
        return hundreds > 0 ? (hundreds, index) : nil
    }

    /// The index after a hyphen at `index` that joins two words, or `index`.
    private static func skipHyphen(_ words: EntityWords, _ index: Int) -> Int {
        words.key(at: index) == "-" && words.isAttached(index) && words.isAttached(index + 1) ? index + 1 : index
    }

    /// The part of a number below a hundred, from `start`: a unit (0-16), `dix` and a unit
    /// (17-19), a ten with `et un` or a unit, sixty and 10-19 (70-79), four twenties and 0-19
    /// (80-99).
    private static func tensPart(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        let first = words.key(at: start)
        // "quatre-vingt(s)": eighty, with 1-19 after it.
        if first == "quatre" {
            let next = skipHyphen(words, start + 1)
            if words.key(at: next) == "vingt" || words.key(at: next) == "vingts" {
                guard let below = teen(words, from: skipHyphen(words, next + 1), allowingEt: false), below.value > 0 else { return (80, next + 1) }
                return (80 + below.value, below.end)
            }
        }
        if let ten = tens[first] {
            let after = skipHyphen(words, start + 1)
            // Sixty takes 10-19 ("soixante-dix", "soixante et onze"); the other tens 1-9.
            if let below = teen(words, from: after, allowingEt: true), below.value < (ten == 60 ? 20 : 10), below.value > 0 {
                return (ten + below.value, below.end)
            }
            // "trente 3": a ten and a digit.
            if words.isDigits(at: start + 1), let digit = words.word(at: start + 1).flatMap({ Int($0) }), (1...9).contains(digit), !words.isAttached(start + 1) {
                return (ten + digit, start + 2)
            }
            return (ten, start + 1)
        }
        return teen(words, from: start, allowingEt: false)
    }

    /// 0-19 from `start`: a unit, or `dix` with 7, 8 or 9 ("dix-sept", "dix huit"); with
    /// `allowingEt`, also `et un`, `et une` and `et onze` after a ten.
    private static func teen(_ words: EntityWords, from start: Int, allowingEt: Bool) -> (value: Int, end: Int)? {
        var index = start
        if allowingEt, words.key(at: index) == "et" {
            let next = skipHyphen(words, index + 1)
            guard let unit = units[words.key(at: next)], unit == 1 || unit == 11 else { return nil }
            return (unit, next + 1)
        }
        guard let unit = units[words.key(at: index)] else { return nil }
        index += 1
        if unit == 10 {
            let next = skipHyphen(words, index)
            if let seven = units[words.key(at: next)], (7...9).contains(seven) { return (10 + seven, next + 1) }
        }
        return (unit, index)
    }

    /// Decimals after `virgule` or `point` (digit words one by one, "zéro virgule zéro trois",
    /// or a number, "virgule soixante-quinze"), or `et demi`.
    private static func tail(_ words: EntityWords, value: Double, end: Int) -> (value: Double, end: Int) {
        let next = words.key(at: end)
        if next == "virgule" || next == "point" {
            var digitsSaid = "", index = end + 1
            // Leading zeros said one by one, then the rest as a number.
            while words.key(at: index) == "zero", index - end < 20 {
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
        if next == "et", words.key(at: end + 1) == "demi" || words.key(at: end + 1) == "demie" { return (value + 0.5, end + 2) }
        return (value, end)
    }

    // MARK: Ordinals

    /// The ordinal that starts at `start` (not kept in the memo either).
    static func ordinal(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        // "le 1er", "la 2e": the article a written ordinal is said with.
        if words.key(at: start) == "le" || words.key(at: start) == "la" || words.key(at: start) == "les", words.isDigits(at: start + 1),
           let written = ordinal(words, from: start + 1), written.end == start + 3 {
            return (written.value, written.end)
        }
        guard let word = words.word(at: start) else { return nil }
        if words.isDigits(at: start), let value = Int(word), words.isAttached(start + 1), ordinalSuffixes.contains(words.key(at: start + 1)),
           !words.isAttached(start + 2) {
            return (value, start + 2)
        }
        if let value = ordinalWords[words.key(at: start)], words.key(at: start) != "unieme" { return (value, start + 1) }
        // A cardinal's group in words, then an ordinal word for the place it leaves free:
        // "vingt et unième", "trente-deuxième", "quatre-vingt-dixième", "deux cent troisième",
        // "deux centième", "trois millième".
        guard let prefix = group(words, from: start), prefix.value > 0 else { return nil }
        var index = skipHyphen(words, prefix.end)
        if words.key(at: index) == "et" { index = skipHyphen(words, index + 1) }
        let key = words.key(at: index)
        guard let ordinal = ordinalWords[key], !Self.alone.contains(key) else { return nil }
        let whole = prefix.value
        // "quatre-vingtième": four twenties, the eightieth.
        if ordinal == 20, whole % 100 == 4 { return (whole - 4 + 80, index + 1) }
        switch ordinal {
        case 100, 1000, 1_000_000, 1_000_000_000:
            guard whole < 1000, ordinal > 100 || whole < 100 else { return nil }
            return (whole * ordinal, index + 1)
        case 1..<10:
            guard whole % 10 == 0 else { return nil }
        case 10..<20:
            // 70-79 and 90-99 from sixty and eighty, or after hundreds.
            guard whole % 100 == 60 || whole % 100 == 80 || whole % 100 == 0 else { return nil }
        default:
            guard whole % 100 == 0 else { return nil }
        }
        return (whole + ordinal, index + 1)
    }

    /// Ordinal words said alone, never as the end of a compound ("vingt et unième", not "vingt
    /// et premier").
    private static let alone: WordSet = ["premier", "premiere", "premiers", "premieres", "second", "seconde"]
}
