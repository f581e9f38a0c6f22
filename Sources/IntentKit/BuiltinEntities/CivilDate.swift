/// Days on the proleptic Gregorian calendar counted from 1970-01-01, and back: the date
/// grammar's arithmetic, without a `Calendar` call per step (Hinnant, "chrono-Compatible
/// Low-Level Date Algorithms", days_from_civil and civil_from_days).
enum CivilDate {
    /// The day number of `year`-`month`-`day` (1970-01-01 is 0).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of day number `days`.
    static func date(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The weekday of day number `days`: 1 Sunday … 7 Saturday, as `Calendar` numbers them.
    static func weekday(_ days: Int) -> Int {
        ((days + 4) % 7 + 7) % 7 + 1
    }

    /// The number of days of `month` in `year`.
    static func length(year: Int, month: Int) -> Int {
        let next = month == 12 ? days(year: year + 1, month: 1, day: 1) : days(year: year, month: month + 1, day: 1)
        return next - days(year: year, month: month, day: 1)
    }

    /// The `n`th `weekday` (1 Sunday … 7 Saturday) of `month`, counted from its first day (a
    /// fifth may fall in the next month: callers that allow one check).
    static func nth(_ n: Int, weekday: Int, month: Int, year: Int) -> Int {
        let first = days(year: year, month: month, day: 1)
        return first + (weekday - self.weekday(first) + 7) % 7 + 7 * (n - 1)
    }

    /// The last `weekday` of `month`.
    static func last(weekday: Int, month: Int, year: Int) -> Int {
        let last = days(year: year, month: month, day: length(year: year, month: month))
        return last - (self.weekday(last) - weekday + 7) % 7
    }

    /// The month `step` months after `month` of `year` (before it when negative).
    static func month(_ month: Int, of year: Int, adding step: Int) -> (year: Int, month: Int) {
        let count = year * 12 + month - 1 + step
        let (quotient, remainder) = count.quotientAndRemainder(dividingBy: 12)
        return remainder < 0 ? (quotient - 1, remainder + 13) : (quotient, remainder + 1)
    }

    /// The day number and the second of that day of `moment`, seconds from the start of day 0.
    static func split(_ moment: Int) -> (day: Int, second: Int) {
        let day = moment >= 0 ? moment / 86_400 : (moment - 86_399) / 86_400
        return (day, moment - day * 86_400)
    }

    /// Whether `year`-`month`-`day` exists.
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= length(year: year, month: month)
    }
}
