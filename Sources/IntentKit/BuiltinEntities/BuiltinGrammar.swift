import Foundation

/// The built-in entity grammars, each a prefix grammar that reads the longest expression
/// starting at a word (``NumberGrammar``, ``MoneyGrammar``, ``DurationGrammar``,
/// ``TemperatureGrammar``, ``PercentageGrammar``, ``DateTimeGrammar``), applied either to a
/// whole slot (``resolve(_:text:tokens:reference:calendar:)``) or at every word of an utterance
/// (``BuiltinEntityExtractor``).
enum BuiltinGrammar {
    /// The value of a slot made of `tokens` of `text`: the grammar must read all of its words
    /// but the words that frame it before ("in 10 minutes", "about 20 euros", "the 2nd");
    /// `nil` when it does not.
    static func resolve(_ entity: BuiltinEntity, text: TokenizedText, tokens: Range<Int>, reference: Date, calendar: Calendar) -> SlotValue? {
        let words = EntityWords(text, tokens: tokens)
        var start = 0
        if entity == .dateTime {
            // The date grammar reads its own openers ("at 7", "on friday", "in 2 days", "by 5pm").
            while start < words.count, fillers.contains(words[start]), !["at", "on", "in", "the", "by"].contains(words[start]) { start += 1 }
            let context = DateTimeGrammar.Context(reference: reference, calendar: calendar)
            var first = start
            while first < min(start + 2, words.count) {
                if let (reading, end) = parse(.dateTime, words, from: first, context: context), end == words.count { return reading.slotValue }
                first += 1
            }
            return nil
        }
        while start < words.count, fillers.contains(words[start]) { start += 1 }
        guard let (reading, end) = parse(entity, words, from: start, context: nil), end == words.count else { return nil }
        return reading.slotValue
    }

    /// What a grammar read, before it becomes a ``SlotValue``: a date as seconds, not yet as
    /// calendar fields. A few words, where a slot value of an interval is two hundred bytes:
    /// candidates that lose to a longer one are never converted.
    enum Reading {
        case number(Double)
        case ordinal(Int)
        case percentage(Double)
        case amountOfMoney(Double, currency: String)
        case duration(seconds: Double)
        case temperature(Double, unit: String?)
        case dateTime(DateTimeGrammar.Value)
        indirect case approximate(Reading)

        var slotValue: SlotValue {
            switch self {
            case .approximate(let reading): return .approximate(reading.slotValue)
            case .number(let value): return .number(value)
            case .ordinal(let value): return .ordinal(value)
            case .percentage(let value): return .percentage(value)
            case .amountOfMoney(let value, let currency): return .amountOfMoney(value, currency: currency)
            case .duration(let seconds): return .duration(seconds: seconds)
            case .temperature(let value, let unit): return .temperature(value, unit: unit)
            case .dateTime(let value): return value.slotValue
            }
        }
    }

    /// The longest expression of `entity` that starts at `start`, and the index after it; a
    /// date needs the reference moment's `context`. An amount, a duration or a date-time may be
    /// said as an approximation ("about 3pm", "around 20 euros", "two hours or so", "3pm
    /// approximately") or as exact ("exactly 3 AUD", "6:15 pm sharp"), as Duckling reads them.
    static func parse(_ entity: BuiltinEntity, _ words: EntityWords, from start: Int, context: DateTimeGrammar.Context?) -> (reading: Reading, end: Int)? {
        guard entity == .amountOfMoney || entity == .duration || entity == .dateTime else { return exact(entity, words, from: start, context: context) }
        var first = start, approximate = false
        // "at about 3pm": the date grammar's "at" before the word that says the precision.
        if entity == .dateTime, words.key(at: first) == "at", precisionWords[words.key(at: first + 1)] != nil { first += 1 }
        if let isApproximate = precisionWords[words.key(at: first)], !trailingOnly.contains(words.key(at: first)) {
            approximate = isApproximate
            first += 1
        }
        guard let found = exact(entity, words, from: first, context: context) else { return nil }
        var (reading, end) = found
        if let isApproximate = precisionWords[words.key(at: end)], !leadingOnly.contains(words.key(at: end)) {
            approximate = approximate || isApproximate
            end += 1
        } else if words.key(at: end) == "or", words.key(at: end + 1) == "so" {
            approximate = true
            end += 2
        }
        if approximate { reading = .approximate(reading) }
        return (reading, end)
    }

    /// Words that say how precise a value is: `true` an approximation, `false` an exact value.
    private static let precisionWords: WordTable<Bool> = WordTable([
        "about": true, "around": true, "approximately": true, "approx": true, "roughly": true, "almost": true, "nearly": true,
        "circa": true, "ish": true, "exactly": false, "precisely": false, "sharp": false,
    ])
    /// Of ``precisionWords``, those said before a value only ("about 3pm", never "3pm about"), and after only.
    private static let leadingOnly: WordSet = ["about", "around", "almost", "nearly", "circa", "exactly"]
    private static let trailingOnly: WordSet = ["sharp", "ish"]

    /// The longest expression of `entity` that starts at `start`, its precision aside.
    private static func exact(_ entity: BuiltinEntity, _ words: EntityWords, from start: Int, context: DateTimeGrammar.Context?) -> (reading: Reading, end: Int)? {
        switch entity {
        case .number:
            return NumberGrammar.cardinal(words, from: start).map { (.number($0.value), $0.end) }
        case .ordinal:
            return NumberGrammar.ordinal(words, from: start).map { (.ordinal($0.value), $0.end) }
        case .percentage:
            return PercentageGrammar.percentage(words, from: start).map { (.percentage($0.value), $0.end) }
        case .amountOfMoney:
            return MoneyGrammar.amount(words, from: start).map { (.amountOfMoney($0.value, currency: $0.currency), $0.end) }
        case .duration:
            return DurationGrammar.duration(words, from: start).map { (.duration(seconds: $0.seconds), $0.end) }
        case .temperature:
            return TemperatureGrammar.temperature(words, from: start).map { (.temperature($0.value, unit: $0.unit), $0.end) }
        case .dateTime:
            return context.flatMap { DateTimeGrammar.parse(words, from: start, context: $0) }.map { (.dateTime($0.value), $0.end) }
        }
    }

    /// Words that frame an expression without changing its value.
    static let fillers: WordSet = ["in", "for", "during", "of", "at", "on", "by", "the"]
}
