/// English cardinal and ordinal numbers in digits or words, as a deterministic left-to-right
/// grammar over normalised tokens: "85", "1,000", "8.5", "eighty five", "one hundred and
/// twenty", "2 million", "third", "21st", "twenty first".
enum NumberGrammar {
    private static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19, "a": 1, "an": 1,
    ]
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    private static let scales: [String: Double] = ["thousand": 1e3, "million": 1e6, "billion": 1e9, "k": 1e3]
    private static let ordinalUnits: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
        "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
        "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
        "hundredth": 100, "thousandth": 1000,
    ]

    /// A number written in digits, with `,` as thousands separator and `.` as decimal point.
    static func digits(_ word: Substring) -> Double? {
        guard let first = word.first, first.isASCII, first.isNumber || first == "." else { return nil }
        let plain = word.filter { $0 != "," }
        guard plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), plain.filter({ $0 == "." }).count <= 1 else { return nil }
        return Double(plain)
    }

    /// The number that starts at `words[start]`, and how many words it took; `nil` if none does.
    /// Words "a"/"an" count only before a scale ("a hundred", "a thousand").
    static func cardinal(_ words: [Substring], from start: Int) -> (value: Double, count: Int)? {
        guard start < words.count else { return nil }
        if let value = digits(words[start]) {
            // "2 million", "1.5 k"
            if start + 1 < words.count, let scale = scales[String(words[start + 1])] { return (value * scale, 2) }
            return (value, 1)
        }
        // A group is what precedes a scale word (0-999); each word may only fill a place the
        // group has free, so "five five" stops after the first five and "twenty five" goes on.
        var total = 0.0, group = 0
        var index = start, end = start
        while index < words.count {
            let word = String(words[index])
            let belowHundred = group % 100
            if let unit = units[word] {
                if word == "a" || word == "an" {
                    guard index == start, index + 1 < words.count, words[index + 1] == "hundred" || scales[String(words[index + 1])] != nil else { break }
                }
                guard belowHundred == 0 || (belowHundred >= 20 && belowHundred % 10 == 0 && unit < 10) else { break }
                group += unit
            } else if let ten = tens[word] {
                guard belowHundred == 0 else { break }
                group += ten
            } else if word == "hundred" {
                guard group < 100, index > start else { break }
                group = max(group, 1) * 100
            } else if let scale = scales[word], word != "k" {
                guard index > start else { break }
                total += Double(max(group, 1)) * scale
                group = 0
            } else if word == "and", index > start, index + 1 < words.count,
                      units[String(words[index + 1])] != nil || tens[String(words[index + 1])] != nil {
                index += 1  // "one hundred and twenty": "and" is only kept if a number follows
                continue
            } else {
                break
            }
            index += 1
            end = index
        }
        guard end > start else { return nil }
        return (total + Double(group), end - start)
    }

    /// The ordinal that starts at `words[start]` ("third", "21st", "twenty first").
    static func ordinal(_ words: [Substring], from start: Int) -> (value: Int, count: Int)? {
        guard start < words.count else { return nil }
        let word = words[start]
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            if let value = Int(word.dropLast(2)) { return (value, 1) }
        }
        if let value = ordinalUnits[String(word)] { return (value, 1) }
        // "twenty first": a tens word then an ordinal unit.
        if let ten = tens[String(word)], start + 1 < words.count, let unit = ordinalUnits[String(words[start + 1])], unit < 10 {
            return (ten + unit, 2)
        }
        return nil
    }
}
