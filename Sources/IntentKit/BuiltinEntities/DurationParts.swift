/// A duration's parts added together, as every language's duration grammar reads them ("1 hour
/// and 30 minutes", "3 days 4 hours", "une minute et trois secondes"): each part a count and a
/// unit, joined by nothing, a comma or the language's "and"; after hours or minutes, a bare
/// number from 10 to 59, or any written against the part ("1 hour thirty", "1h30", "une heure
/// vingt"), counts in the next smaller unit and ends the duration.
enum DurationParts {
    /// The unit a bare number after a part counts in: minutes after hours, seconds after minutes.
    static let nextSmaller: [Double: Double] = [3_600: 60, 60: 1]

    /// The parts from `start`: their total in seconds, the smallest unit said, and the index
    /// after the last. At most six parts ("1 year 2 months 3 weeks 4 days 5 hours 6 minutes"):
    /// extraction starts at every word, and unbounded runs would make it quadratic.
    /// - Parameters:
    ///   - and: the word that joins two parts.
    ///   - part: the part (count and unit) at an index, its seconds, unit and end.
    ///   - bareNumber: the number at an index that no unit follows, for the next smaller unit.
    static func read(
        _ words: EntityWords, from start: Int, and: WordKey, part: (Int) -> (seconds: Double, unit: Double, end: Int)?,
        bareNumber: (Int) -> (value: Double, end: Int)?
    ) -> (seconds: Double, smallestUnit: Double, end: Int)? {
        var index = start, total = 0.0, end = start
        var lastUnit: Double?, parts = 0, smallestUnit = Double.infinity
        while index < words.count && parts < 6 {
            let partStart = index
            if end > start {
                if words.key(at: index) == and || words.key(at: index) == "," { index += 1 }
                if let lastUnit, let smaller = nextSmaller[lastUnit], let number = bareNumber(index),
                   number.value >= 10 || words.isAttached(index), number.value < 60 {
                    total += number.value * smaller
                    smallestUnit = min(smallestUnit, smaller)
                    end = number.end
                    break
                }
            }
            guard let part = part(index) else {
                index = partStart
                break
            }
            total += part.seconds
            parts += 1
            lastUnit = part.unit
            smallestUnit = min(smallestUnit, part.unit)
            index = part.end
            end = part.end
        }
        return end > start ? (total, smallestUnit, end) : nil
    }
}
