import Foundation

/// Deterministic English grammars for the built-in entities, applied to a slot's normalised
/// tokens (lowercased, diacritics folded). Filler words around the expression ("in 10 minutes",
/// "about 20 euros", "at 7pm") are skipped; a span that does not parse resolves to `nil`.
enum BuiltinGrammar {
    static func resolve(_ entity: BuiltinEntity, words: [Substring], reference: Date, calendar: Calendar) -> SlotValue? {
        let words = words.filter { !fillers.contains($0) }
        guard !words.isEmpty else { return nil }
        switch entity {
        case .number:
            guard let number = NumberGrammar.cardinal(words, from: 0), number.count == words.count else { return nil }
            return .number(number.value)
        case .ordinal:
            guard let ordinal = NumberGrammar.ordinal(words, from: 0), ordinal.count == words.count else { return nil }
            return .ordinal(ordinal.value)
        case .percentage:
            return percentage(words)
        case .amountOfMoney:
            return amountOfMoney(words)
        case .duration:
            return duration(words).map { .duration(seconds: $0) }
        case .temperature:
            return temperature(words)
        case .dateTime:
            return DateTimeGrammar.resolve(words, reference: reference, calendar: calendar).map { .dateTime($0) }
        }
    }

    /// Words that frame an expression without changing its value.
    private static let fillers: Set<Substring> = ["in", "for", "about", "around", "approximately", "roughly", "of", "at", "on", "by", "the"]

    // MARK: Percentages

    private static func percentage(_ words: [Substring]) -> SlotValue? {
        if words.count == 1, words[0].hasSuffix("%"), let value = NumberGrammar.digits(words[0].dropLast()) { return .percentage(value) }
        guard let number = NumberGrammar.cardinal(words, from: 0) else { return nil }
        let rest = words[number.count...]
        guard rest.elementsEqual(["percent"]) || rest.elementsEqual(["per", "cent"]) || rest.elementsEqual(["%"]) else { return nil }
        return .percentage(number.value)
    }

    // MARK: Money

    private static let currencySymbols: [Character: String] = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"]
    private static let currencyWords: [Substring: String] = [
        "dollar": "USD", "dollars": "USD", "buck": "USD", "bucks": "USD", "usd": "USD",
        "euro": "EUR", "euros": "EUR", "eur": "EUR",
        "pound": "GBP", "pounds": "GBP", "quid": "GBP", "gbp": "GBP",
        "yen": "JPY", "jpy": "JPY", "rupee": "INR", "rupees": "INR", "inr": "INR",
        "franc": "CHF", "francs": "CHF", "chf": "CHF",
    ]
    private static let centWords: Set<Substring> = ["cent", "cents", "pence", "penny", "pennies"]

    /// "$85", "$12.50", "85 bucks", "twenty euros", "12 dollars and 50 cents", "€ 20", "50 cents".
    private static func amountOfMoney(_ words: [Substring]) -> SlotValue? {
        var index = 0
        var currency: String?
        var amount: Double?
        // A leading symbol, attached ("$85") or alone ("$ 85").
        if let first = words[0].first, let code = currencySymbols[first] {
            currency = code
            let rest = words[0].dropFirst()
            if rest.isEmpty {
                index = 1
            } else if let value = NumberGrammar.digits(rest) {
                amount = value
                index = 1
            } else {
                return nil
            }
        }
        if amount == nil {
            guard let number = NumberGrammar.cardinal(words, from: index) else { return nil }
            amount = number.value
            index += number.count
        }
        if index < words.count, let code = currencyWords[words[index]] {
            guard currency == nil || currency == code else { return nil }
            currency = code
            index += 1
        } else if index < words.count, centWords.contains(words[index]), currency == nil {
            return index + 1 == words.count ? .amountOfMoney(amount! / 100, currency: "USD") : nil
        }
        // "… and 50 cents"
        if index < words.count, words[index] == "and", let cents = NumberGrammar.cardinal(words, from: index + 1),
           index + 1 + cents.count < words.count, centWords.contains(words[index + 1 + cents.count]) {
            amount! += cents.value / 100
            index += 2 + cents.count
        }
        guard index == words.count, let currency, let amount else { return nil }
        return .amountOfMoney(amount, currency: currency)
    }

    // MARK: Durations

    /// Seconds in one of each unit word (also read by ``DateTimeGrammar`` for "in 2 days").
    static let secondsPerUnit: [Substring: Double] = [
        "second": 1, "seconds": 1, "sec": 1, "secs": 1, "s": 1,
        "minute": 60, "minutes": 60, "min": 60, "mins": 60,
        "hour": 3_600, "hours": 3_600, "hr": 3_600, "hrs": 3_600, "h": 3_600,
        "day": 86_400, "days": 86_400, "week": 604_800, "weeks": 604_800,
        "month": 2_592_000, "months": 2_592_000, "year": 31_536_000, "years": 31_536_000,
    ]

    /// "10 minutes", "an hour", "half an hour", "1 hour and 30 minutes", "two and a half hours".
    static func duration(_ words: [Substring]) -> Double? {
        var index = 0, total = 0.0, parts = 0
        while index < words.count {
            if words[index] == "and" && parts > 0 { index += 1; continue }
            var count: Double
            if words[index] == "half", index + 2 < words.count, words[index + 1] == "an" || words[index + 1] == "a" {
                count = 0.5
                index += 2
            } else if words[index] == "a" || words[index] == "an", index + 1 < words.count, secondsPerUnit[words[index + 1]] != nil {
                count = 1
                index += 1
            } else if let number = NumberGrammar.cardinal(words, from: index) {
                count = number.value
                index += number.count
                // "two and a half hours"
                if index + 2 < words.count, words[index] == "and", words[index + 1] == "a", words[index + 2] == "half" {
                    count += 0.5
                    index += 3
                }
            } else if let unit = secondsPerUnit[words[index]] {
                total += unit  // "hour" alone: one
                index += 1
                parts += 1
                continue
            } else {
                return nil
            }
            guard index < words.count, let unit = secondsPerUnit[words[index]] else { return nil }
            total += count * unit
            index += 1
            parts += 1
        }
        return parts > 0 ? total : nil
    }

    // MARK: Temperatures

    /// "72 degrees", "20°c", "minus 5 celsius", "seventy fahrenheit".
    private static func temperature(_ words: [Substring]) -> SlotValue? {
        var index = 0, sign = 1.0
        if words[0] == "minus" || words[0] == "negative" {
            sign = -1
            index = 1
        }
        guard let number = NumberGrammar.cardinal(words, from: index) else { return nil }
        index += number.count
        var unit: String?
        while index < words.count {
            switch words[index] {
            case "degree", "degrees", "°": break
            case "celsius", "centigrade", "c", "°c": unit = "celsius"
            case "fahrenheit", "f", "°f": unit = "fahrenheit"
            default: return nil
            }
            index += 1
        }
        return .temperature(sign * number.value, unit: unit)
    }
}
