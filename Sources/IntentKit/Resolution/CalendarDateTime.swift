/// A moment on the proleptic Gregorian calendar, in the reference date's time zone, with the
/// grain it was said to: "friday" is a day, "at 7pm" an hour, "7:30" a minute, "next month" a
/// month (its first day).
public struct CalendarDateTime: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    /// `nil` when the grain is a day or coarser.
    public var hour: Int?
    public var minute: Int?
    /// `nil` unless the grain is a second ("9:01:10", "in 10 minutes").
    public var second: Int?
    /// How precisely the moment was said: the value stands for the whole `grain` that starts at it.
    public var grain: DateTimeGrain

    /// A date and optional time; without `grain`, the finest field given decides it (a second,
    /// a minute when an hour is given, else a day).
    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil, grain: DateTimeGrain? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.grain = grain ?? (second != nil ? .second : hour != nil ? .minute : .day)
    }

    /// ISO 8601 to the grain: `2026-11-23` (a day or coarser), `2026-11-23T19:30` (an hour or a
    /// minute), `2026-11-23T09:01:10` (a second).
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
