/// Percentages over ``EntityWords``: a number with `%`, `percent`, `per cent` or `pct` (`20%`,
/// `twenty percent`, `5 per cent`, `202 p.c.`, `-3.5 %`), in percent.
enum PercentageGrammar {
    /// The percentage that starts at `start` and the index after it.
    static func percentage(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard let number = NumberGrammar.cardinal(words, from: start) else { return nil }
        switch words.key(at: number.end) {
        case "%", "percent", "pct", "percents": return (number.value, number.end + 1)
        case "per" where words.key(at: number.end + 1) == "cent": return (number.value, number.end + 2)
        // "202 p.c."
        case "p" where words.key(at: number.end + 1) == "." && words.key(at: number.end + 2) == "c" && words.isAttached(number.end + 2):
            return (number.value, words.key(at: number.end + 3) == "." && words.isAttached(number.end + 3) ? number.end + 4 : number.end + 3)
        default: return nil
        }
    }
}
