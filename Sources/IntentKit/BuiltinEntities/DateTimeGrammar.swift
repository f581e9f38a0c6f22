import Foundation

/// English dates and times relative to a reference date: "tomorrow at 7am", "next friday",
/// "june 13 2038", "the 13th of june", "2/7/2021", "in 2 days", "3 hours from now", "noon",
/// "7:30 in the evening". Every word must be understood, or the span does not resolve.
///
/// Weekdays: "friday" and "this friday" are the next Friday on or after the reference day;
/// "next friday" is the Friday a week after that. A date without a year is the next such date
/// on or after the reference day; a time alone that has passed today is tomorrow's. Numeric
/// dates are month/day/year, with a year of two digits in the century that puts it within 79
/// years before and 20 after the reference year.
enum DateTimeGrammar {
    private static let months: [Substring: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]
    /// Calendar weekday numbers (Sunday = 1).
    private static let weekdays: [Substring: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
    ]

    static func resolve(_ words: [Substring], reference: Date, calendar: Calendar) -> CalendarDateTime? {
        let words = joiningSlashes(words)
        let today = calendar.startOfDay(for: reference)
        var date: Date?
        var hour: Int?, minute: Int?
        var meridiem: Int?  // 0 am, 12 pm
        var index = 0
        func day(_ offset: Int) -> Date? { calendar.date(byAdding: .day, value: offset, to: today) }
        while index < words.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            switch word {
            case "today", "now":
                date = date ?? today
                index += 1
            case "tonight":
                date = today
                if hour == nil { hour = 20 }
                meridiem = 12
                index += 1
            case "tomorrow":
                date = day(1)
                index += 1
            case "yesterday":
                date = day(-1)
                index += 1
            case "day" where next == "after" && index + 2 < words.count && words[index + 2] == "tomorrow":
                date = day(2)
                index += 3
            case "noon", "midday":
                (hour, minute, meridiem) = (12, 0, nil)
                index += 1
            case "midnight":
                (hour, minute, meridiem) = (0, 0, nil)
                index += 1
            case "morning":
                meridiem = 0
                index += 1
            case "afternoon", "evening", "night":
                meridiem = 12
                index += 1
            case "am", "a.m", "a.m.":
                meridiem = 0
                index += 1
            case "pm", "p.m", "p.m.":
                meridiem = 12
                index += 1
            case "this", "coming", "upcoming" where next.flatMap({ weekdays[$0] }) != nil:
                index += 1
            case "next" where next.flatMap({ weekdays[$0] }) != nil:
                date = upcoming(weekdays[next!]!, from: today, calendar: calendar).flatMap { calendar.date(byAdding: .day, value: 7, to: $0) }
                index += 2
            case "next" where next == "week" || next == "month" || next == "year":
                let component: Calendar.Component = next == "week" ? .weekOfYear : next == "month" ? .month : .year
                date = calendar.date(byAdding: component, value: 1, to: today)
                index += 2
            case "o'clock", "oclock", "o", "clock", "sharp", "and", "from":
                index += 1
            default:
                if let weekday = weekdays[word] {
                    date = upcoming(weekday, from: today, calendar: calendar)
                    index += 1
                } else if let month = months[word] {
                    // "june 13", "june 13th", "june 13 2038", "june 2038"
                    var dayOfMonth = 1, year: Int?
                    index += 1
                    if index < words.count, let value = dayNumber(words[index]) {
                        dayOfMonth = value
                        index += 1
                    }
                    if index < words.count, let value = Int(words[index]), value >= 1000 {
                        year = value
                        index += 1
                    }
                    date = calendarDate(year: year, month: month, day: dayOfMonth, onOrAfter: today, calendar: calendar)
                } else if let value = dayNumber(word), next.flatMap({ months[$0] }) != nil {
                    // "13 june", "13th june 2038"
                    let month = months[next!]!
                    index += 2
                    var year: Int?
                    if index < words.count, let value = Int(words[index]), value >= 1000 {
                        year = value
                        index += 1
                    }
                    date = calendarDate(year: year, month: month, day: value, onOrAfter: today, calendar: calendar)
                } else if let value = dayNumber(word), word.last?.isLetter == true, next == "of",
                          index + 2 < words.count, let month = months[words[index + 2]] {
                    // "the 13th of june"
                    index += 3
                    date = calendarDate(year: nil, month: month, day: value, onOrAfter: today, calendar: calendar)
                } else if let slashed = numericDate(word, referenceYear: calendar.component(.year, from: today)) {
                    date = calendarDate(year: slashed.year, month: slashed.month, day: slashed.day, onOrAfter: today, calendar: calendar)
                    index += 1
                } else if let time = clockTime(word) {
                    (hour, minute) = (time.hour, time.minute)
                    if let suffix = time.meridiem { meridiem = suffix }
                    index += 1
                } else if let number = NumberGrammar.cardinal(words, from: index) {
                    let after = index + number.count
                    let unit = after < words.count ? words[after] : nil
                    if let unit, let seconds = DurationGrammar.secondsPerUnit[unit] {
                        // "in 2 days", "3 hours from now"
                        guard let target = calendar.date(byAdding: .second, value: Int(number.value * seconds), to: reference) else { return nil }
                        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: target)
                        date = calendar.startOfDay(for: target)
                        if seconds < 86_400 { (hour, minute) = (parts.hour, parts.minute) }
                        index = after + 1
                        if index < words.count, words[index] == "from", index + 1 < words.count, words[index + 1] == "now" { index += 2 }
                    } else if number.value >= 0, number.value <= 24, number.value == number.value.rounded() {
                        // "7", "seven thirty", "eighteen"
                        hour = Int(number.value)
                        minute = 0
                        index = after
                        if let minutes = NumberGrammar.cardinal(words, from: index), minutes.value < 60, hour! <= 12 || minutes.count == 1 {
                            minute = Int(minutes.value)
                            index += minutes.count
                        }
                    } else {
                        return nil
                    }
                } else {
                    return nil
                }
            }
        }
        if var value = hour, let meridiem {
            if meridiem == 12 && value < 12 { value += 12 }
            if meridiem == 0 && value == 12 { value = 0 }
            hour = value
        }
        guard date != nil || hour != nil else { return nil }
        var resolved = date ?? today
        if date == nil, let hour, let todayAtThatTime = calendar.date(bySettingHour: hour, minute: minute ?? 0, second: 0, of: today),
           todayAtThatTime < reference {
            // A time alone that has passed today means tomorrow.
            resolved = calendar.date(byAdding: .day, value: 1, to: today) ?? today
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: resolved)
        guard let year = parts.year, let month = parts.month, let dayOfMonth = parts.day else { return nil }
        return CalendarDateTime(year: year, month: month, day: dayOfMonth, hour: hour, minute: hour == nil ? nil : (minute ?? 0))
    }

    /// The first day on or after `day` that falls on `weekday`.
    private static func upcoming(_ weekday: Int, from day: Date, calendar: Calendar) -> Date? {
        let current = calendar.component(.weekday, from: day)
        return calendar.date(byAdding: .day, value: (weekday - current + 7) % 7, to: day)
    }

    /// `month`/`day` of `year`, or of the first year in which it falls on or after `reference`.
    private static func calendarDate(year: Int?, month: Int, day: Int, onOrAfter reference: Date, calendar: Calendar) -> Date? {
        guard (1...31).contains(day) else { return nil }
        if let year { return calendar.date(from: DateComponents(year: year, month: month, day: day)) }
        let thisYear = calendar.component(.year, from: reference)
        guard let candidate = calendar.date(from: DateComponents(year: thisYear, month: month, day: day)) else { return nil }
        return candidate >= reference ? candidate : calendar.date(from: DateComponents(year: thisYear + 1, month: month, day: day))
    }

    /// "13", "13th", "1st", "thirteenth" as a day of the month.
    private static func dayNumber(_ word: Substring) -> Int? {
        if let value = Int(word), (1...31).contains(value) { return value }
        if let ordinal = NumberGrammar.ordinal([word], from: 0), (1...31).contains(ordinal.value) { return ordinal.value }
        return nil
    }

    /// The tokenizer splits "2/7/2021" at its slashes; numeric dates are read whole.
    private static func joiningSlashes(_ words: [Substring]) -> [Substring] {
        var joined = [Substring]()
        var index = 0
        while index < words.count {
            var word = String(words[index])
            while index + 2 < words.count, words[index + 1] == "/", Int(words[index + 2]) != nil, Int(word.split(separator: "/").last ?? "") != nil {
                word += "/" + words[index + 2]
                index += 2
            }
            joined.append(Substring(word))
            index += 1
        }
        return joined
    }

    /// "2/7/2021", "2/7/21" or "2/7" (month/day[/year]). A year of two digits is the one that
    /// ends so within 79 years before and 20 after `referenceYear` (in 2026, "74" is 1974 and
    /// "45" is 2045), the sliding window of spreadsheets and date libraries; a date without a
    /// year is the next one on or after the reference day, as "june 13" is.
    private static func numericDate(_ word: Substring, referenceYear: Int) -> (year: Int?, month: Int, day: Int)? {
        let parts = word.split(separator: "/")
        guard parts.count == 2 || parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var year: Int?
        if parts.count == 3 {
            guard let written = Int(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return nil }
            year = written
            if parts[2].count == 2 {
                let century = referenceYear / 100 * 100
                year = century + written > referenceYear + 20 ? century - 100 + written : century + written
            }
        }
        return (year, month, day)
    }

    /// "7am", "7:30", "19:00", "7:30pm", "7pm".
    private static func clockTime(_ word: Substring) -> (hour: Int, minute: Int, meridiem: Int?)? {
        var text = word
        var meridiem: Int?
        if text.hasSuffix("am") { meridiem = 0; text = text.dropLast(2) } else if text.hasSuffix("pm") { meridiem = 12; text = text.dropLast(2) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 2, let hour = Int(parts[0]), (0...24).contains(hour) else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, (0..<60).contains(minute), parts.count == 2 || meridiem != nil else { return nil }
        return (hour, minute, meridiem)
    }
}
