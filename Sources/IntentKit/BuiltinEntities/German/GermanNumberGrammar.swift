/// German cardinal and ordinal numbers over ``EntityWords`` (diacritics folded and `ß` as `ss`:
/// "fünfzig" is read as `funfzig`, "dreißig" as `dreissig`), as a deterministic prefix grammar.
///
/// German writes a number below a million as one word (`vierhundertfünfundfünfzigtausend`), or
/// in parts (`zwei hundert`, `drei und dreißig`, `ein und zwanzig tausend drei hundert elf`): a
/// run of words made of number parts is read as their concatenation, units before tens with
/// `und` (`einundzwanzig`), `hundert` and `tausend` after their multiplier, and `Million(en)`
/// and `Milliarde(n)` after theirs. Digits are written as in French (`1.416,15`, `,77`, `3,2`),
/// with a sign (`-7`, `minus 7`, `negativ 7`, `plus 3`) or a multiplier (`100k`, `1,2M`); decimals
/// after `Komma` (`null komma null drei`). Ordinals: `vierter`, `4ter`, `der vierundvierzigste`.
enum GermanNumberGrammar {
    /// The parts a number word is made of, longest first where one begins another.
    private static let parts: [(text: String, value: Int, kind: PartKind)] = [
        ("siebzehn", 17, .teen), ("sechzehn", 16, .teen), ("dreizehn", 13, .teen), ("vierzehn", 14, .teen), ("funfzehn", 15, .teen),
        ("achtzehn", 18, .teen), ("neunzehn", 19, .teen), ("zwanzig", 20, .ten), ("dreissig", 30, .ten), ("vierzig", 40, .ten),
        ("funfzig", 50, .ten), ("sechzig", 60, .ten), ("siebzig", 70, .ten), ("achtzig", 80, .ten), ("neunzig", 90, .ten),
        ("hundert", 100, .hundred), ("tausend", 1000, .thousand), ("milliarden", 1_000_000_000, .scale), ("milliarde", 1_000_000_000, .scale),
        ("millionen", 1_000_000, .scale), ("million", 1_000_000, .scale), ("zwolf", 12, .teen), ("zehn", 10, .teen), ("elf", 11, .teen),
        ("eines", 1, .unit), ("einer", 1, .unit), ("einem", 1, .unit), ("einen", 1, .unit), ("eins", 1, .unit), ("eine", 1, .unit), ("ein", 1, .unit),
        ("zwei", 2, .unit), ("zwo", 2, .unit), ("drei", 3, .unit), ("vier", 4, .unit), ("funf", 5, .unit), ("sechs", 6, .unit),
        ("sieben", 7, .unit), ("acht", 8, .unit), ("neun", 9, .unit), ("null", 0, .zero), ("und", 0, .and),
    ]
    private enum PartKind { case zero, unit, teen, ten, hundred, thousand, scale, and }

    /// Multipliers written right after digits: `100k`, `1,2M`, `3G`.
    private static let multipliers: WordTable<Double> = ["k": 1e3, "m": 1e6, "g": 1e9]

    /// The words a number may start with: every word made of number parts alone ("dreiunddreissig")
    /// starts with one of these.
    static let firstWords: WordSet = WordSet(parts.filter { $0.kind != .and }.map(\.text)).union(["minus", "negativ", "plus"])
    /// Words a number reads after its first.
    static let innerWords: WordSet = ["und", "komma"]

    /// Whether `word` (normalised) is a number or an ordinal written as one word:
    /// "dreiunddreissig", "vierhundertfunfzig", "einhundert", "vierundvierzigste".
    static func isNumberWord(_ word: String) -> Bool {
        guard word.utf8.count > 3, let first = word.utf8.first, (0x61...0x7A).contains(first) else { return false }
        if let parts = split(Substring(word)), value(of: parts) != nil { return true }
        return ordinalEndings.contains { word.hasSuffix($0) } && ordinalValue(word) != nil
    }

    /// The parts of `word` in order, or `nil` when it is not made of number parts alone.
    private static func split(_ word: Substring) -> [(value: Int, kind: PartKind)]? {
        var rest = word, found = [(value: Int, kind: PartKind)]()
        while !rest.isEmpty {
            guard let part = parts.first(where: { rest.hasPrefix($0.text) }) else { return nil }
            found.append((part.value, part.kind))
            rest = rest.dropFirst(part.text.count)
            guard found.count <= 24 else { return nil }
        }
        return found
    }

    /// The value of number parts in order, or `nil` when they do not make one number:
    /// `[unit] hundert`, then a unit, a teen, a ten, or a unit `und` a ten, in groups below a
    /// thousand joined by `tausend`, `Million(en)`, `Milliarde(n)` from the largest down.
    private static func value(of sequence: [(value: Int, kind: PartKind)]) -> Int? {
        var total = 0, group = 0, index = 0, lastScale = Int.max
        // Where the group is: nothing read, hundreds read, below a hundred read.
        var hundredsDone = false, belowDone = false
        func at(_ offset: Int) -> (value: Int, kind: PartKind)? { index + offset < sequence.count ? sequence[index + offset] : nil }
        if sequence.count == 1, sequence[0].kind == .zero { return 0 }
        while let part = at(0) {
            switch part.kind {
            case .zero, .and: return nil
            case .unit:
                if let next = at(1), next.kind == .hundred, !hundredsDone, !belowDone {
                    group += part.value * 100
                    hundredsDone = true
                    index += 2
                } else if let next = at(1), next.kind == .and, let ten = at(2), ten.kind == .ten, !belowDone {
                    group += part.value + ten.value
                    belowDone = true
                    index += 3
                } else {
                    guard !belowDone else { return nil }
                    group += part.value
                    belowDone = true
                    index += 1
                }
            case .teen, .ten:
                guard !belowDone else { return nil }
                group += part.value
                belowDone = true
                index += 1
            case .hundred:
                guard !hundredsDone, !belowDone else { return nil }
                group += 100
                hundredsDone = true
                index += 1
            case .thousand, .scale:
                let scale = part.value
                guard scale < lastScale, group < 1000 else { return nil }
                total += max(group, 1) * scale
                lastScale = scale
                (group, hundredsDone, belowDone) = (0, false, false)
                index += 1
            }
        }
        return total + group
    }

    // MARK: Cardinals

    /// The cardinal that starts at `start`: its value and the index after its last word.
    static func cardinal(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard start < words.count else { return nil }
        let first = words.key(at: start)
        if first == "-" || first == "−" || first == "+", words.isAttached(start + 1), !words.isAttached(start),
           let number = unsigned(words, from: start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true || words.key(at: start + 1) == "," {
            return (first == "+" ? number.value : -number.value, number.end)
        }
        if first == "-" || first == "−", !words.isAttached(start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true,
           words.word(at: start - 1).map(EntityWords.endsWithDigit) != true, let number = unsigned(words, from: start + 1) {
            return (-number.value, number.end)
        }
        if first == "minus" || first == "negativ", let number = unsigned(words, from: start + 1) { return (-number.value, number.end) }
        if first == "plus", let number = unsigned(words, from: start + 1) { return number }
        return unsigned(words, from: start)
    }

    /// A cardinal without a sign; with `suffixes` false, a letter after digits is left to the caller.
    static func unsigned(_ words: EntityWords, from start: Int, suffixes: Bool = true) -> (value: Double, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        if words.key(at: start) == ",", words.isAttached(start + 1), let next = words.word(at: start + 1), EntityWords.isDigits(next),
           !(words.isAttached(start) && words.word(at: start - 1).map(EntityWords.endsWithDigit) == true), let value = Double("0." + next) {
            return afterDigits(value, words, from: start + 2, suffixes: suffixes)
        }
        if let value = FrenchNumberGrammar.digits(first) { return afterDigits(value, words, from: start + 1, suffixes: suffixes) }
        return spelled(words, from: start)
    }

    private static func afterDigits(_ value: Double, _ words: EntityWords, from index: Int, suffixes: Bool) -> (value: Double, end: Int) {
        guard index < words.count else { return (value, index) }
        let next = words.key(at: index)
        if suffixes, words.isAttached(index), let multiplier = multipliers[next], !words.isAttached(index + 1) {
            return (value * multiplier, index + 1)
        }
        // "5 tausend", "2 millionen"
        if let word = words.word(at: index), let sequence = split(Substring(word)), sequence.count == 1, [.thousand, .scale].contains(sequence[0].kind) {
            return (value * Double(sequence[0].value), index + 1)
        }
        if next == "komma", value == value.rounded(), let decimals = words.word(at: index + 1), EntityWords.isDigits(decimals),
           let fraction = Double("0." + decimals) {
            return (value + fraction, index + 2)
        }
        return (value, index)
    }

    /// A number in words: the longest run of words made of number parts that reads as one
    /// (`ein und zwanzig tausend drei hundert elf`), then decimals after `komma`.
    private static func spelled(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        var sequence = [(value: Int, kind: PartKind)](), index = start
        var best: (value: Int, end: Int)?
        while index < words.count, index - start < 16, words.startsWithLetter(at: index), let word = words.word(at: index), let parts = split(Substring(word)) {
            sequence += parts
            index += 1
            if sequence.last?.kind != .and, let value = value(of: sequence) { best = (value, index) }
        }
        guard let best else { return nil }
        return tail(words, value: Double(best.value), end: best.end)
    }

    /// Decimals after `komma`: digit words one by one ("null komma null drei"), or a number.
    private static func tail(_ words: EntityWords, value: Double, end: Int) -> (value: Double, end: Int) {
        guard words.key(at: end) == "komma" else { return (value, end) }
        var digitsSaid = "", index = end + 1
        while words.key(at: index) == "null", index - end < 20 {
            digitsSaid += "0"
            index += 1
        }
        if let word = words.word(at: index), words.startsWithLetter(at: index), let parts = split(Substring(word)), let rest = self.value(of: parts), rest > 0 {
            digitsSaid += String(rest)
            index += 1
        }
        guard !digitsSaid.isEmpty, let fraction = Double("0." + digitsSaid) else { return (value, end) }
        return (value + fraction, index)
    }

    // MARK: Ordinals

    /// Endings of an ordinal after its stem ("vier-te-r", "vierundvierzig-ste").
    private static let ordinalEndings = ["ster", "sten", "stes", "stem", "ste", "ter", "ten", "tes", "tem", "te"]

    /// The ordinal that starts at `start`: "vierter", "4ter", "4.", "erste", "dritten", "siebte",
    /// "zwanzigste", "der vierundvierzigste".
    static func ordinal(_ words: EntityWords, from start: Int) -> (value: Int, end: Int)? {
        if ["der", "die", "das", "den", "dem", "des"].contains(words.key(at: start)), let said = ordinal(words, from: start + 1), words.startsWithLetter(at: start + 1) {
            return said
        }
        guard let word = words.word(at: start) else { return nil }
        if words.isDigits(at: start), let value = Int(word), words.isAttached(start + 1), let suffix = words.word(at: start + 1),
           ordinalEndings.contains(suffix), !words.isAttached(start + 2) {
            return (value, start + 2)
        }
        guard words.startsWithLetter(at: start), let value = ordinalValue(word) else { return nil }
        return (value, start + 1)
    }

    /// The value of an ordinal word ("vierter": 4), or `nil`.
    private static func ordinalValue(_ word: String) -> Int? {
        for ending in ordinalEndings where word.hasSuffix(ending) {
            let stem = word.dropLast(ending.count)
            switch stem {
            case "ers": return 1
            case "drit": return 3
            case "sieb", "sieben": return 7
            case "ach": return 8
            default: break
            }
            // "te" after a unit or teen, "ste" after a ten or more: "vierte", "zwanzigste".
            if let parts = split(stem), let value = value(of: parts), value > 0, (value >= 20) == ending.hasPrefix("s") { return value }
        }
        return nil
    }
}
