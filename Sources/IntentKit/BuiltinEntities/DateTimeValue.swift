import Foundation

// What a date grammar of any language reads and resolves against: the reference moment, and
// the moment or interval read, in seconds from the start of day 0 (``CivilDate``).

/// The reference moment, in the time zone dates resolve in.
struct DateTimeContext {
    /// The reference day, as a ``CivilDate`` day number.
    let today: Int
    let hour: Int, minute: Int, second: Int
    /// The time zone's offset from UTC at the reference moment, in seconds.
    let offset: Int

    /// The reference in `calendar`'s time zone, by the zone's offset alone (the grammar's
    /// days are Gregorian, whatever the calendar's identifier).
    init(reference: Date, calendar: Calendar) {
        offset = calendar.timeZone.secondsFromGMT(for: reference)
        // A reference beyond ±30 million years (or not finite) stands for 1970: no calendar reaches it.
        let since1970 = reference.timeIntervalSince1970
        let local = (since1970.isFinite && abs(since1970) < 1e15 ? Int(since1970.rounded(.down)) : 0) + offset
        let (days, seconds) = CivilDate.split(local)
        today = days
        hour = seconds / 3600
        minute = seconds % 3600 / 60
        second = seconds % 60
    }

    var year: Int { CivilDate.date(today).year }
    /// The reference moment in seconds from the start of day 0.
    var now: Int { today * 86_400 + hour * 3600 + minute * 60 + second }
}

/// A date-time read and resolved, in seconds from the start of day 0: an instant (`start`
/// alone) or an interval whose `end` is exclusive and either bound may be open.
struct DateTimeValue {
    var start: Int?
    var end: Int?
    var grain: DateTimeGrain
    var isInterval: Bool

    static func instant(_ moment: Int, _ grain: DateTimeGrain) -> DateTimeValue {
        DateTimeValue(start: moment, end: nil, grain: grain, isInterval: false)
    }

    static func interval(_ start: Int?, _ end: Int?, _ grain: DateTimeGrain) -> DateTimeValue {
        DateTimeValue(start: start, end: end, grain: grain, isInterval: true)
    }

    var slotValue: SlotValue {
        guard isInterval else { return .dateTime(DateTimeValue.dateTime(at: start!, grain: grain)) }
        return .dateTimeInterval(DateTimeInterval(start: start.map { DateTimeValue.dateTime(at: $0, grain: grain) },
                                                  end: end.map { DateTimeValue.dateTime(at: $0, grain: grain) }, grain: grain))
    }
}

extension DateTimeValue {
    /// The date and time of `moment` (seconds from the start of day 0) to `grain`.
    static func dateTime(at moment: Int, grain: DateTimeGrain) -> CalendarDateTime {
        let (day, seconds) = CivilDate.split(moment)
        let (year, month, dayOfMonth) = CivilDate.date(day)
        guard grain < .day else { return CalendarDateTime(year: year, month: month, day: dayOfMonth, grain: grain) }
        return CalendarDateTime(year: year, month: month, day: dayOfMonth, hour: seconds / 3600, minute: seconds % 3600 / 60,
                                second: grain == .second ? seconds % 60 : nil, grain: grain)
    }
}
