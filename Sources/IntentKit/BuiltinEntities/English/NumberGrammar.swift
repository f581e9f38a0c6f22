/// English cardinal and ordinal numbers over ``EntityWords``, as deterministic left-to-right
/// prefix grammars: each reads the longest number that starts at a word and says where it ends.
///
/// Cardinals: digits with `,` thousands separators and a `.` decimal point (`85`, `1,000`,
/// `8.5`, `.77`), a sign (`-504`, `minus 1,200,000`), a multiplier suffix (`100k`, `1.2M`,
/// `3g`, `3bn`) or word (`2 million`, `5 lakh`, `two dozen`), a fraction (`3/4`), words
/// (`twenty-one thousand eleven`, `one hundred and twenty`, `a hundred`, `two point five`), the
/// hundreds said as two numbers (`one twenty two` is 122), and `a couple` (2), `a pair` (2),
/// `a few` (3), `single` (1), `half a dozen` (6), `point 77` (0.77), and digits that repeat a
/// number in words (`forty-five (45)`). Ordinals: `21st`, `third`, `twenty-fifth`, `one hundredth`.
enum NumberGrammar {
    private static let units: WordTable<Int> = [
        "zero": 0, "naught": 0, "nought": 0, "nil": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tens: WordTable<Int> = [
        "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    /// Scale words, after digits or a group of number words.
    private static let scales: WordTable<Double> = [
        "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "lakh": 1e5, "lakhs": 1e5, "lac": 1e5,
        "crore": 1e7, "crores": 1e7, "dozen": 12, "dozens": 12, "thousands": 1e3, "millions": 1e6, "billions": 1e9,
    ]
    /// Multipliers written right after digits: `100k`, `1.2m`, `3bn`.
    private static let multipliers: WordTable<Double> = ["k": 1e3, "m": 1e6, "g": 1e9, "bn": 1e9]
    private static let ordinalUnits: WordTable<Int> = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
        "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
        "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
        "hundredth": 100, "thousandth": 1000, "millionth": 1_000_000,
    ]
    /// Tens and an ordinal unit written as one word: "twentyfifth".
    private static let compoundOrdinals: WordTable<Int> = {
        var words = [String: Int]()
        for (ten, tenValue) in tens.elements {
            for (unit, unitValue) in ordinalUnits.elements where (1...9).contains(unitValue) { words[ten + unit] = tenValue + unitValue }
        }
        return WordTable(words)
    }()
    /// Quantities said as nouns after "a": "a couple (of)", "a pair (of)", "a few".
    private static let quantities: WordTable<Double> = ["couple": 2, "pair": 2, "few": 3]

    /// Words a number reads after its first: scales and quantities ("a hundred", "a couple").
    static let innerWords: WordSet = WordSet(scales.keys).union(quantities.keys).union(["hundred", "hundreds"])

    /// The words a number or ordinal in words may start with (digits and signs aside).
    static let firstWords: WordSet = WordSet(units.keys).union(tens.keys).union(ordinalUnits.keys).union(compoundOrdinals.keys)
        .union(["point", "half", "single"])
        .union(["a", "an", "minus", "negative"])

    /// A number written in digits, with `,` as thousands separator and `.` as decimal point.
    static func digits(_ word: String) -> Double? {
        var whole = 0, count = 0, sawPoint = false, sawComma = false, last: UInt8 = 0
        for byte in word.utf8 {
            switch byte {
            case 0x30...0x39:
                if count < 18 { whole = whole * 10 + Int(byte - 0x30) }
                count += 1
            case 0x2E:
                guard !sawPoint, count > 0 else { return nil }
                sawPoint = true
            case 0x2C:
                guard count > 0 else { return nil }
                sawComma = true
            default: return nil
            }
            last = byte
        }
        guard count > 0, (0x30...0x39).contains(last) else { return nil }
        // Whole numbers of up to 18 digits without separators are exact as read; the rest go through the parser.
        if !sawPoint && !sawComma && count <= 18 { return Double(whole) }
        return Double(word.filter { $0 != "," })
    }

    /// The cardinal that starts at `start`: its value and the index after its last word.
    static func cardinal(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        words.remembered(start, get: { $0.pointee.cardinal }, set: { $0.pointee.cardinal = $1 }) { readCardinal(words, from: start) }
    }

    private static func readCardinal(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard start < words.count else { return nil }
        let first = words.key(at: start)
        // A sign: "-504" (the dash against the number, not against a word before it: "covid-19"),
        // "minus 5", "negative 3".
        if first == "-" || first == "−", words.isAttached(start + 1), !words.isAttached(start),
           let next = words.word(at: start + 1), digits(next) != nil || words.key(at: start + 1) == ".",
           let number = unsigned(words, from: start + 1) {
            return (-number.value, number.end)
        }
        if first == "minus" || first == "negative", let number = unsigned(words, from: start + 1) {
            return (-number.value, number.end)
        }
        // "+15": a plus against digits says the sign the number has anyway.
        if first == "+", words.isAttached(start + 1), !words.isAttached(start), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true,
           let number = unsigned(words, from: start + 1) {
            return number
        }
        return unsigned(words, from: start)
    }

    /// A cardinal without a sign; with `suffixes` false, a letter after digits is left to the
    /// caller ("2m" is two minutes to ``DurationGrammar``).
    static func unsigned(_ words: EntityWords, from start: Int, suffixes: Bool = true) -> (value: Double, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        // ".77": a point against digits, not after a number ("8." ends a sentence).
        if words.key(at: start) == ".", words.isAttached(start + 1), let next = words.word(at: start + 1), EntityWords.isDigits(next),
           !(words.isAttached(start) && words.word(at: start - 1).flatMap(digits) != nil), let value = Double("0." + next) {
            return (value, start + 2)
        }
        if let value = digits(first) { return afterDigits(value, words, from: start + 1, suffixes: suffixes) }
        // "point 77", "point five": a decimal said without its whole part.
        if words.key(at: start) == "point" {
            if let next = words.word(at: start + 1), EntityWords.isDigits(next), !words.isAttached(start + 1), let value = Double("0." + next) {
                return (value, start + 2)
            }
            let read = tail(words, value: 0, total: 0, end: start)
            return read.end > start ? read : nil
        }
        guard let number = spelled(words, from: start) else { return nil }
        // "forty-five (45)": the digits that repeat a number in words belong to it.
        if words.key(at: number.end) == "(", let repeated = words.word(at: number.end + 1), digits(repeated) == number.value,
           words.key(at: number.end + 2) == ")" {
            return (number.value, number.end + 3)
        }
        return number
    }

    /// What may follow digits: a multiplier suffix or scale word, or a fraction's denominator.
    private static func afterDigits(_ value: Double, _ words: EntityWords, from index: Int, suffixes: Bool) -> (value: Double, end: Int) {
        guard index < words.count else { return (value, index) }
        let next = words.key(at: index)
        if suffixes, words.isAttached(index), let multiplier = multipliers[next], !words.isAttached(index + 1) || words.key(at: index + 1) == "." {
            return (value * multiplier, index + 1)
        }
        if let scale = scales[next] { return (value * scale, index + 1) }
        // "1 point 1", "3 point 14": a point said between digits.
        if next == "point", value == value.rounded(), let digits = words.word(at: index + 1), EntityWords.isDigits(digits),
           let decimal = Double("0." + digits) {
            return (value + decimal, index + 2)
        }
        // "3/4": a fraction when both parts are whole numbers written against the slash.
        if next == "/", words.isAttached(index), words.isAttached(index + 1), let denominator = words.word(at: index + 1),
           EntityWords.isDigits(denominator), value == value.rounded(), let below = Double(denominator), below > 0,
           !(words.key(at: index + 2) == "/" && words.isAttached(index + 2)) {
            return (value / below, index + 2)
        }
        return (value, index)
    }

    /// A number in words: groups of 0-999 joined by scale words.
    private static func spelled(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard start < words.count else { return nil }
        // "a hundred", "a thousand", "a dozen", "a couple of", "a few"
        if words.key(at: start) == "a" || words.key(at: start) == "an" { return spelledAfterArticle(words, from: start) }
        // "single" is one, as Duckling reads it ("a single room").
        if words.key(at: start) == "single" { return (1, start + 1) }
        // "half a dozen", "half a million": half of a scale said after "a".
        if words.key(at: start) == "half", ["a", "an"].contains(words.key(at: start + 1)),
           scales[words.key(at: start + 2)] != nil || words.key(at: start + 2) == "hundred",
           let whole = spelledAfterArticle(words, from: start + 1), whole.end == start + 3 {
            return (whole.value / 2, whole.end)
        }
        let (total, group, end) = groups(words, from: start)
        guard end > start else { return nil }
        return tail(words, value: total + Double(group), total: total, end: end)
    }

    /// A number in words after "a" or "an" at `start`: a quantity ("a dozen", "a couple of") or
    /// a scale ("a hundred twenty", "a thousand").
    @inline(__always)
    private static func spelledAfterArticle(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        var index = start
        let next = words.key(at: index + 1)
        if let quantity = quantities[next] {
            var value = quantity, end = words.key(at: index + 2) == "of" ? index + 3 : index + 2
            // "a couple hundred", "a few thousand", "a couple of hundred thousand": the quantity
            // counts the scales after it, as "two hundred" counts hundreds.
            if words.key(at: end) == "hundred" {
                value *= 100
                end += 1
            }
            if let scale = scales[words.key(at: end)] {
                value *= scale
                end += 1
            }
            return (value, end)
        }
        guard next == "hundred" || scales[next] != nil else { return nil }
        index += 1
        let value = next == "hundred" ? 100 : scales[next]!
        // "a hundred twenty" (not "a hundred a hundred …": the rest never starts with "a",
        // so the recursion is one level deep)
        if index + 1 < words.count, words.key(at: index + 1) != "a", words.key(at: index + 1) != "an",
           let rest = spelled(words, from: index + 1).flatMap({ $0.value < value ? $0 : nil }) {
            return (value + rest.value, rest.end)
        }
        if words.key(at: index + 1) == "and", index + 2 < words.count, words.key(at: index + 2) != "a", words.key(at: index + 2) != "an",
           let rest = spelled(words, from: index + 2), rest.value < 100 {
            return (value + rest.value, rest.end)
        }
        // "a million and a half", "a dozen and a half": one and a half of the scale.
        if words.key(at: index + 1) == "and", words.key(at: index + 2) == "a", words.key(at: index + 3) == "half" { return (value * 1.5, index + 4) }
        return (value, index + 1)
    }

    /// The groups of a number in words from `start`: what the scale words so far add up to
    /// (`total`), the group being read, and where the words end (`start` when none is a number).
    /// A group is what precedes a scale word (0-999); each word may only fill a place the group
    /// has free, so "five five" stops after the first five and "twenty five" goes on.
    @inline(__always)
    private static func groups(_ words: EntityWords, from start: Int) -> (total: Double, group: Int, end: Int) {
        var index = start, total = 0.0, group = 0, end = start, groupStarted = false
        // At most 30 words ("nine hundred ninety-nine trillion … nine"): extraction starts at
        // every word, and unbounded runs would make it quadratic.
        while index < words.count, index - start < 30 {
            let word = words.key(at: index)
            let belowHundred = group % 100
            if let unit = units[word] {
                guard !groupStarted || (belowHundred >= 20 && belowHundred % 10 == 0 && unit < 10) || (belowHundred == 0 && group > 0) else { break }
                group += unit
            } else if let ten = tens[word] {
                if groupStarted && group > 0 && group < 10 && belowHundred == group && total == 0 && end == index {
                    // "one twenty two": hundreds said as a digit and a two-digit number.
                    group *= 100
                } else {
                    guard belowHundred == 0 else { break }
                }
                group += ten
            } else if word == "hundred" {
                guard group < 100, groupStarted else { break }
                group = max(group, 1) * 100
            } else if let scale = scales[word] {
                guard groupStarted, group > 0 || total == 0 else { break }
                total += Double(max(group, 1)) * scale
                group = 0
                index += 1
                end = index
                // "twenty-one thousand eleven": a new group goes on.
                groupStarted = false
                if words.key(at: index) == "and", units[words.key(at: index + 1)] != nil || tens[words.key(at: index + 1)] != nil { index += 1 }
                continue
            } else if word == "-", groupStarted, words.isAttached(index), words.isAttached(index + 1),
                      let unit = units[words.key(at: index + 1)], unit < 10, belowHundred >= 20, belowHundred % 10 == 0 {
                // "twenty-one"
                group += unit
                index += 2
                end = index
                continue
            } else if word == "and", groupStarted, group >= 100, units[words.key(at: index + 1)] != nil || tens[words.key(at: index + 1)] != nil {
                index += 1  // "one hundred and twenty": "and" is only kept if a number follows
                continue
            } else {
                break
            }
            groupStarted = true
            index += 1
            end = index
        }
        return (total, group, end)
    }

    /// What follows a number in words ending at `end`: digits after a point ("two point five",
    /// "one point zero five"), or a number in words for them ("one point ten" is 1.10,
    /// "thirty-two point seventy-five"); "and a half".
    @inline(__always)
    private static func tail(_ words: EntityWords, value: Double, total: Double, end: Int) -> (value: Double, end: Int) {
        var value = value
        if words.key(at: end) == "point", units[words.key(at: end + 1)] != nil || tens[words.key(at: end + 1)] != nil {
            var fraction = "0."
            var index = end + 1
            while let digit = units[words.key(at: index)], digit < 10, index - end < 20 {
                fraction += String(digit)
                index += 1
            }
            if index == end + 1, let digits = spelled(words, from: end + 1), digits.value < 1000 {
                fraction += String(Int(digits.value))
                index = digits.end
            }
            guard index > end + 1 else { return (value, end) }
            value += Double(fraction) ?? 0
            // "two point two million"
            if total == 0, let scale = scales[words.key(at: index)] { return (value * scale, index + 1) }
            return (value, index)
        }
        // "one and a half"; "three and a half million", as "two point two million"
        if words.key(at: end) == "and", words.key(at: end + 1) == "a", words.key(at: end + 2) == "half" {
            if total == 0, let scale = scales[words.key(at: end + 3)] { return ((value + 0.5) * scale, end + 4) }
            return (value + 0.5, end + 3)
        }
        return (value, end)
    }

    /// The ordinal that starts at `start` ("third", "21st", "twenty-first", "one hundredth").
    static func ordinal(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        words.remembered(start, get: { $0.pointee.ordinal }, set: { $0.pointee.ordinal = $1 }) { readOrdinal(words, from: start) }
    }

    private static func readOrdinal(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        if words.isDigits(at: start), let value = Int(word), words.isAttached(start + 1),
           ["st", "nd", "rd", "th"].contains(words.key(at: start + 1)) {
            return (value, start + 2)
        }
        if let value = ordinalUnits[words.key(at: start)] { return (value, start + 1) }
        // "twentyfifth": tens and an ordinal unit in one word.
        if let value = compoundOrdinals[words.key(at: start)] { return (value, start + 1) }
        // A cardinal in words, then an ordinal word for its lowest free place: "twenty-fifth",
        // "twenty fifth", "one hundred and first", "two thousandth".
        guard let cardinal = spelled(words, from: start), cardinal.value >= 1, cardinal.value == cardinal.value.rounded() else { return nil }
        var index = cardinal.end
        if words.key(at: index) == "-" || words.key(at: index) == "and" { index += 1 }
        guard let unit = ordinalUnits[words.key(at: index)] else { return nil }
        let whole = Int(cardinal.value)
        var place = 10
        while whole % (place * 10) == 0 && place < 1_000_000_000 { place *= 10 }
        if unit >= 100 {
            // "one hundredth", "two thousandth": a multiplier of the place.
            guard whole < 1000 else { return nil }
            return (whole * unit, index + 1)
        }
        guard whole % 10 == 0, unit < place else { return nil }
        return (whole + unit, index + 1)
    }
}
