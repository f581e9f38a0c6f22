/// Temperatures over ``EntityWords``: a number, signed or not, with degrees or a scale (`72
/// degrees`, `20°c`, `-2°`, `45 deg.`, `minus 5 celsius`, `70 degrees fahrenheit`, `300
/// kelvin`; `trente deux degrés celsius`, `moins cinq degrés fahrenheit`), and a phrase for a
/// negative one (`2 degrees below zero`, `3 degrés sous zéro`). A bare number is not a
/// temperature. The unit is `celsius`, `fahrenheit` or `kelvin` when said, else `nil`. The
/// reading is every language's; a language gives its numbers and its words.
struct TemperatureGrammar: Sendable {
    /// The language's cardinal numbers, signs in words included ("minus 5", "moins 5").
    let cardinal: @Sendable (EntityWords, Int) -> (value: Double, end: Int)?
    /// Words for degrees ("degrees", "degrés", "°").
    let degrees: WordSet
    /// Scale names and letters, to the unit's name.
    let scales: WordTable<String>
    /// Phrases after a number that make it negative ("below zero"), and that say it is not ("above zero").
    let belowZero: [[WordKey]]
    let aboveZero: [[WordKey]]

    private static let signs: WordTable<Double> = ["-": -1, "−": -1, "+": 1]

    /// The scales by the names and letters English and French share.
    static let scaleNames: WordTable<String> = [
        "celsius": "celsius", "centigrade": "celsius", "c": "celsius", "fahrenheit": "fahrenheit", "f": "fahrenheit",
        "kelvin": "kelvin", "k": "kelvin",
    ]

    /// The temperature that starts at `start`: degrees, unit, and the index after it.
    func temperature(_ words: EntityWords, from start: Int, signed: Bool = false) -> (value: Double, unit: String?, end: Int)? {
        // A sign apart from the number ("- 2 degrees", "+ 3°"): a temperature's, not a dash's
        // between two numbers ("3 - 5 degrees").
        if let sign = Self.signs[words.key(at: start)], !words.isAttached(start + 1), words.word(at: start + 1).map(EntityWords.startsWithDigit) == true,
           words.word(at: start - 1).map(EntityWords.endsWithDigit) != true,
           let unsigned = temperature(words, from: start + 1, signed: true) {
            return (sign * unsigned.value, unsigned.unit, unsigned.end)
        }
        guard let number = cardinal(words, start) else { return nil }
        var index = number.end
        var sawDegrees = false
        var unit: String?
        if degrees.contains(words.key(at: index)) {
            let word = words[index]
            sawDegrees = true
            index += 1
            // "45 deg."
            if word.hasPrefix("deg"), words.key(at: index) == ".", words.isAttached(index) { index += 1 }
        }
        if let scale = scales[words.key(at: index)] {
            // A letter scale ("c", "f", "k") only after degrees, against the number ("20c"), after a
            // sign apart ("- 27 c"), or as a capital C or F ("168 F"; a capital K is as often thousands).
            if words[index].utf8.count > 1 || sawDegrees || words.isAttached(index) || (signed && scale != "kelvin")
                || (words.isCapitalized(index) && scale != "kelvin") {
                unit = scale
                index += 1
            }
        }
        // "2 below zero": a temperature without degrees.
        if !sawDegrees, unit == nil, let end = words.end(ofAny: belowZero, at: index) {
            return (-abs(number.value), nil, end)
        }
        guard sawDegrees || unit != nil else { return nil }
        var value = number.value
        if let end = words.end(ofAny: belowZero, at: index) {
            value = -abs(value)
            index = end
        } else if let end = words.end(ofAny: aboveZero, at: index) {
            index = end
        }
        return (value, unit, index)
    }

}
