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
    /// A calendar date and optional time, relative expressions resolved against a reference date.
    case dateTime(CalendarDateTime)
    /// A temperature with its unit when said ("celsius", "fahrenheit"), else `nil`.
    case temperature(Double, unit: String?)

    /// The kind of value, as the built-in entity names it (`custom` for vocabulary values).
    public var kind: String {
        switch self {
        case .custom: return "custom"
        case .number: return BuiltinEntity.number.rawValue
        case .ordinal: return BuiltinEntity.ordinal.rawValue
        case .percentage: return BuiltinEntity.percentage.rawValue
        case .amountOfMoney: return BuiltinEntity.amountOfMoney.rawValue
        case .duration: return BuiltinEntity.duration.rawValue
        case .dateTime: return BuiltinEntity.dateTime.rawValue
        case .temperature: return BuiltinEntity.temperature.rawValue
        }
    }
}

extension SlotValue {
    /// The value for people, as `intentkit entities` prints it: `85 USD`, `600 s`, `#3`, `20 %`,
    /// `2026-11-23T19:30`, `-2 °C` (`-2°` when no scale was said), a vocabulary value's identifier.
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
        case .dateTime(let dateTime): return dateTime.description
        case .temperature(let degrees, let unit):
            return number(degrees) + (unit.map { " °" + ($0 == "celsius" ? "C" : $0 == "fahrenheit" ? "F" : "K") } ?? "°")
        }
    }
}

/// A date on the proleptic Gregorian calendar with an optional time of day, in the reference
/// date's time zone.
public struct CalendarDateTime: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    /// `nil` when only a date was said.
    public var hour: Int?
    public var minute: Int?
    /// `nil` unless seconds were said ("9:01:10").
    public var second: Int?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// ISO 8601: `2026-11-23`, `2026-11-23T19:30` or, with seconds, `2026-11-23T09:01:10`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        if let hour { text += "T\(pad(hour, 2)):\(pad(minute ?? 0, 2))" + (second.map { ":" + pad($0, 2) } ?? "") }
        return text
    }
}
