/// Percentages over ``EntityWords``: a number and a phrase that says per hundred (`20%`,
/// `twenty percent`, `5 per cent`, `202 p.c.`, `-3.5 %`; `quinze pour cent`, `0,3%`), in
/// percent. The reading is every language's; a language gives its numbers and its phrases.
struct PercentageGrammar: Sendable {
    /// The language's cardinal numbers.
    let cardinal: @Sendable (EntityWords, Int) -> (value: Double, end: Int)?
    /// The phrases after a number, longest first where one begins another.
    let marks: [[WordKey]]

    /// The percentage that starts at `start` and the index after it.
    func percentage(_ words: EntityWords, from start: Int) -> (value: Double, end: Int)? {
        guard let number = cardinal(words, start), let end = words.end(ofAny: marks, at: number.end) else { return nil }
        return (number.value, end)
    }
}
