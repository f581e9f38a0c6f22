/// The resolved value of a slot: what an app acts on, as opposed to the words that said it.
public enum SlotValue: Hashable, Sendable {
    /// A vocabulary value, by its canonical identifier ("nest egg" → `NestEgg`).
    case custom(String)
    /// A number: "eighty five", "1,000", "8.5".
    case number(Double)
    /// An ordinal: "third", "21st".
    case ordinal(Int)
    /// A percentage, in percent: "20%", "twenty percent" → 20.
    case percentage(Double)
    /// An amount with its ISO 4217 currency code: "85 bucks" → 85 USD, "€12.50" → 12.5 EUR.
    case amountOfMoney(Double, currency: String)
    /// A duration in seconds: "10 minutes" → 600.
    case duration(seconds: Double)
    /// A moment with its grain ("friday", "at 7pm", "next month"), relative expressions
    /// resolved against a reference date.
    case dateTime(CalendarDateTime)
    /// A stretch of time, or an open one: "from 3 to 5pm", "tonight", "this weekend", "before
    /// 5pm". Its kind is `dateTime` too.
    case dateTimeInterval(DateTimeInterval)
    /// A temperature with its unit when said ("celsius", "fahrenheit"), else `nil`.
    case temperature(Double, unit: String?)
    /// A value said as an approximation: "about 3pm", "around 20 euros", "two hours or so".
    /// Its kind is the kind of the value it holds.
    indirect case approximate(SlotValue)

    /// The kind of value, as the built-in entity names it (`custom` for vocabulary values).
    public var kind: String {
        switch self {
        case .custom: return "custom"
        case .number: return BuiltinEntity.number.rawValue
        case .ordinal: return BuiltinEntity.ordinal.rawValue
        case .percentage: return BuiltinEntity.percentage.rawValue
        case .amountOfMoney: return BuiltinEntity.amountOfMoney.rawValue
        case .duration: return BuiltinEntity.duration.rawValue
        case .dateTime, .dateTimeInterval: return BuiltinEntity.dateTime.rawValue
        case .temperature: return BuiltinEntity.temperature.rawValue
        case .approximate(let value): return value.kind
        }
    }
}

extension SlotValue {
    /// The value for people, as `intentkit entities` prints it: `85 USD`, `600 s`, `#3`, `20 %`,
    /// `2026-11-23T19:30 (minute)`, `2026-11-22T18:00/2026-11-23T00:00 (hour)`, `-2 °C` (`-2°` when
    /// no scale was said), `about 20 EUR`, a vocabulary value's identifier.
    package var readableDescription: String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
        switch self {
        case .custom(let identifier): return identifier
        case .number(let value): return number(value)
        case .ordinal(let value): return "#\(value)"
        case .percentage(let value): return number(value) + " %"
        case .amountOfMoney(let amount, let currency): return number(amount) + " " + currency
        case .duration(let seconds): return number(seconds) + " s"
        case .dateTime(let dateTime): return "\(dateTime) (\(dateTime.grain.rawValue))"
        case .dateTimeInterval(let interval): return "\(interval) (\(interval.grain.rawValue))"
        case .temperature(let degrees, let unit):
            return number(degrees) + (unit.map { " °" + ($0 == "celsius" ? "C" : $0 == "fahrenheit" ? "F" : "K") } ?? "°")
        case .approximate(let value): return "about " + value.readableDescription
        }
    }
}
