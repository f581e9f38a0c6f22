import Foundation

/// A language's built-in entity grammars (``BuiltinLanguage``; English's in English/), each a
/// prefix grammar that reads the longest expression starting at a word, with the precision said
/// around it, applied either to a whole slot (``resolve(_:text:tokens:reference:calendar:language:)``)
/// or at every word of an utterance (``BuiltinEntityExtractor``).
enum BuiltinGrammar {
    /// The value of a slot made of `tokens` of `text`: the grammar must read all of its words
    /// but the words that frame it before ("in 10 minutes", "about 20 euros", "the 2nd");
    /// `nil` when it does not.
    static func resolve(_ entity: BuiltinEntity, text: TokenizedText, tokens: Range<Int>, reference: Date, calendar: Calendar,
                        language: BuiltinLanguage = .english) -> SlotValue? {
        let words = EntityWords(text, tokens: tokens)
        var start = 0
        if entity == .dateTime {
            // The date grammar reads its own openers ("at 7", "on friday", "in 2 days", "by 5pm").
            while start < words.count, language.fillers.contains(words.key(at: start)), !language.dateOpeners.contains(words.key(at: start)) { start += 1 }
            let context = DateTimeContext(reference: reference, calendar: calendar)
            var first = start
            while first < min(start + 2, words.count) {
                if let (reading, end) = parse(.dateTime, words, from: first, context: context, language: language), end == words.count { return reading.slotValue }
                first += 1
            }
            return nil
        }
        while start < words.count, language.fillers.contains(words.key(at: start)) { start += 1 }
        guard let (reading, end) = parse(entity, words, from: start, context: nil, language: language), end == words.count else { return nil }
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
        case dateTime(DateTimeValue)
        indirect case approximate(Reading)

        /// Whether a grammar read the value as an approximation ("le 2 mars vers 5h").
        var isApproximate: Bool {
            if case .approximate = self { return true }
            return false
        }

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
    static func parse(_ entity: BuiltinEntity, _ words: EntityWords, from start: Int, context: DateTimeContext?,
                      language: BuiltinLanguage = .english) -> (reading: Reading, end: Int)? {
        guard entity == .amountOfMoney || entity == .duration || entity == .dateTime else { return language.parse(entity, words, start, context) }
        var first = start, approximate = false
        // "at about 3pm": the date grammar's "at" before the word that says the precision.
        if entity == .dateTime, words.key(at: first) == language.precisionOpener, language.precisionWords[words.key(at: first + 1)] != nil { first += 1 }
        if let isApproximate = language.precisionWords[words.key(at: first)], !language.trailingPrecisionWords.contains(words.key(at: first)) {
            approximate = isApproximate
            first += 1
        }
        guard let found = language.parse(entity, words, first, context) else { return nil }
        var (reading, end) = found
        if let isApproximate = language.precisionWords[words.key(at: end)], !language.leadingPrecisionWords.contains(words.key(at: end)) {
            approximate = approximate || isApproximate
            end += 1
        } else if let phraseEnd = words.end(ofAny: language.approximatingPhrases, at: end) {
            approximate = true
            end = phraseEnd
        }
        if approximate, !reading.isApproximate { reading = .approximate(reading) }
        return (reading, end)
    }

}
