import Foundation

/// English dates and times over ``EntityWords``, as a prefix grammar resolved against a
/// reference moment: each reads the longest date-time that starts at a word.
///
/// What it reads, part by part, in any order and joined by "at", "on", "of", "in the" or a comma:
/// - days: "today", "tomorrow", "yesterday", "tonight", "the day after tomorrow", "now", "right
///   now"; weekdays and their abbreviations ("friday", "fri", "this friday", "next friday",
///   "last friday", "wednesday next week"); dates ("june 13", "june 13th 2038", "13 june",
///   "the 13th of june", "Monday, Feb 18", "Tuesday the 19th", "the 20th of next month", "the
///   20th", "2/15", "2/7/2021", "2026-11-22"); ordinal weekdays ("the first tuesday of last month",
///   "the last friday of march"); "next week", "last month", "this year" (their first day);
///   holidays ("christmas eve", "thanksgiving", "easter 2027", see ``Holiday``);
/// - times: "7am", "7 p.m.", "7:30", "19:00", "9:01:10 AM", "noon", "midnight", "7 o'clock",
///   "at 7", "half past seven", "quarter to eight", "ten past five", "seven thirty p.m.",
///   "8h00", with a time zone ("8h00 GMT", "3pm PST"); parts of the day ("in the evening",
///   "tomorrow morning") that settle am or pm;
/// - relative moments: "in 2 days", "in a couple hours", "7 days ago", "3 hours from now", "15
///   minutes from 1pm", "2 days after christmas", "a week before friday".
///
/// Conventions (Duckling's): a weekday is the next one after today ("tuesday" said on a
/// Tuesday is next week's), and so are "this" and "next" weekday; "wednesday next week" is the
/// Wednesday of the week after this one (weeks start on Monday); a date without a year is the
/// next one on or after today; numeric dates are month/day[/year], a two-digit year the one
/// within 79 years before and 20 after the reference year; a time without a day is its next
/// occurrence (today, or tomorrow when it has passed); an hour from 1 to 12 without am or pm is
/// the next of its two occurrences ("3:30" said at 4 am is 15:30), or the morning one on a day
/// that is not today.
enum DateTimeGrammar {
    /// The reference moment, in the time zone dates resolve in.
    struct Context {
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

    /// The longest date-time that starts at `start`, and the index after it.
    /// `depth` counts the relative moments this one is the anchor of ("2 days after 3 days
    /// before christmas"): two at most, so a chain of them costs no more than three parses.
    static func parse(_ words: EntityWords, from start: Int, context: Context, depth: Int = 0) -> (value: CalendarDateTime, end: Int)? {
        var reading = Reading()
        var index = start, end = start
        var components = 0
        while index < words.count, components < 8 {
            // Words that join parts, or open the first: kept only when a part follows. A part
            // may itself begin with one ("on the 20th"): the furthest start that reads wins.
            var furthest = index
            while let word = words.word(at: furthest), joiners.contains(word) || (word == "," && furthest > start), furthest - index < 3 {
                furthest += 1
            }
            var found: (reading: Reading, end: Int)?
            for position in stride(from: furthest, through: index, by: -1) {
                found = component(words, from: position, context: context, reading: reading, depth: depth)
                if found != nil { break }
            }
            guard let part = found else { break }
            reading = part.reading
            index = part.end
            end = part.end
            components += 1
        }
        guard end > start, let value = reading.resolve(context) else { return nil }
        return (value, end)
    }

    private static let joiners: Set<Substring> = ["at", "on", "of", "in", "the", "this"]

    /// The words a date or time may start with (numbers, ordinals and durations aside).
    static let firstWords: Set<Substring> = Set(months.keys).union(weekdays.keys).union(joiners).union(hourWords.keys).union(Holiday.firstWords)
        .union(["today", "tonight", "tomorrow", "tmrw", "tmr", "yesterday", "now", "right", "just", "day", "next", "last", "this", "coming",
                "upcoming", "past", "previous", "noon", "midday", "midnight", "quarter", "half", "within", "morning", "afternoon", "evening", "night"])

    /// What has been read so far.
    struct Reading {
        var day: Int?
        var hour: Int?, minute = 0, second: Int?
        /// `true` pm, `false` am, from "pm"/"am" or a part of the day.
        var afternoon: Bool?
        /// Whether the hour was said on a 12-hour clock without am or pm.
        var ambiguousHour = false
        /// A moment already exact ("in 2 hours", "now"), in seconds from the start of day 0.
        var instant: Int?
        /// Whether only the instant's day counts ("in 2 days", "7 days ago").
        var instantIsDay = false
        /// The hour a part of the day gives when no time is said ("tonight": 20).
        var defaultHour: Int?
        /// Seconds to subtract to read the time in the reference's time zone.
        var zoneShift = 0
        var hasDate: Bool { day != nil || instant != nil }
        var hasTime: Bool { hour != nil || instant != nil }

        func resolve(_ context: Context) -> CalendarDateTime? {
            if let instant {
                if instantIsDay {
                    let (year, month, day) = CivilDate.date(CivilDate.split(instant).day)
                    return CalendarDateTime(year: year, month: month, day: day)
                }
                return Self.dateTime(at: instant, withSecond: second != nil)
            }
            guard day != nil || hour != nil else { return nil }
            guard var hour = hour ?? defaultHour else {
                let (year, month, day) = CivilDate.date(day!)
                return CalendarDateTime(year: year, month: month, day: day)
            }
            var day = day
            if let afternoon {
                if afternoon && hour < 12 { hour += 12 }
                if !afternoon && hour == 12 { hour = 0 }
            } else if ambiguousHour && day == nil {
                // The next of the hour's two occurrences.
                let morning = hour % 12
                let seconds = minute * 60 + (second ?? 0)
                let nowOfDay = context.hour * 3600 + context.minute * 60 + context.second
                if morning * 3600 + seconds >= nowOfDay { hour = morning } else if (morning + 12) * 3600 + seconds >= nowOfDay { hour = morning + 12 } else { hour = morning; day = context.today + 1 }
            }
            var moment = (day ?? context.today) * 86_400 + hour * 3600 + minute * 60 + (second ?? 0) - zoneShift
            if day == nil && moment < context.now - context.second { moment += 86_400 }  // a time that has passed today: tomorrow's
            return Self.dateTime(at: moment, withSecond: second != nil)
        }

        /// The date and time of `moment` (seconds from the start of day 0), with its second
        /// when one was said.
        private static func dateTime(at moment: Int, withSecond: Bool) -> CalendarDateTime {
            let (day, seconds) = CivilDate.split(moment)
            let (year, month, dayOfMonth) = CivilDate.date(day)
            return CalendarDateTime(year: year, month: month, day: dayOfMonth, hour: seconds / 3600, minute: seconds % 3600 / 60,
                                    second: withSecond ? seconds % 60 : nil)
        }
    }

    // MARK: Parts

    /// One part that starts at `start`, added to `reading`; `nil` when none does or it clashes
    /// with what was read (a second day, a second time).
    private static func component(_ words: EntityWords, from start: Int, context: Context, reading: Reading, depth: Int) -> (reading: Reading, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        var reading = reading
        // Relative moments first: they start with a number or "in" and would read as times.
        if reading.instant == nil, !reading.hasDate, !reading.hasTime, let relative = relative(words, from: start, context: context, depth: depth) {
            reading.instant = relative.instant
            reading.second = relative.second
            reading.instantIsDay = relative.isDay
            return (reading, relative.end)
        }
        if !reading.hasDate, let day = dayPart(words, from: start, context: context) {
            reading.day = day.day
            if let hour = day.defaultHour { reading.defaultHour = hour; reading.afternoon = reading.afternoon ?? true }
            if day.isNow {
                reading.instant = context.now - context.second
                reading.day = nil
            }
            return (reading, day.end)
        }
        if !reading.hasTime, reading.instant == nil, let time = time(words, from: start, allowBare: word == "at" || words.word(at: start - 1) == "at" || reading.hasDate) {
            reading.hour = time.hour
            reading.minute = time.minute
            reading.second = time.second
            if let afternoon = time.afternoon { reading.afternoon = afternoon }
            reading.ambiguousHour = time.afternoon == nil && time.twelveHour
            reading.zoneShift = time.zoneShift.map { $0 - context.offset } ?? 0
            return (reading, time.end)
        }
        if reading.afternoon == nil, let part = partOfDay(words, from: start) {
            reading.afternoon = part.afternoon
            reading.ambiguousHour = false
            if !reading.hasDate && !reading.hasTime && part.today { reading.day = context.today }
            if reading.hour == nil { reading.defaultHour = part.defaultHour }
            return (reading, part.end)
        }
        return nil
    }

    // MARK: Days

    static let months: [Substring: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]
    /// Calendar weekday numbers (Sunday = 1).
    static let weekdays: [Substring: Int] = [
        "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3, "wednesday": 4, "wed": 4, "weds": 4,
        "thursday": 5, "thu": 5, "thur": 5, "thurs": 5, "friday": 6, "fri": 6, "saturday": 7, "sat": 7,
        "sundays": 1, "mondays": 2, "tuesdays": 3, "wednesdays": 4, "thursdays": 5, "fridays": 6, "saturdays": 7,
    ]

    /// The first day after `day` that falls on `weekday` (a week later when `day` is one).
    private static func after(_ day: Int, weekday: Int) -> Int {
        day + ((weekday - CivilDate.weekday(day) + 6) % 7) + 1
    }

    /// The Monday of the week of `day`.
    private static func monday(of day: Int) -> Int {
        day - (CivilDate.weekday(day) + 5) % 7
    }

    /// A day: the day number, the hour a part of day gives, whether it means "now".
    private static func dayPart(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, defaultHour: Int?, isNow: Bool, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        let today = context.today
        switch word {
        case "today": return (today, nil, false, start + 1)
        case "tonight": return (today, 20, false, start + 1)
        case "tomorrow", "tmrw", "tmr": return (today + 1, nil, false, start + 1)
        case "yesterday": return (today - 1, nil, false, start + 1)
        case "now":
            return (today, nil, true, start + 1)
        case "right" where words.word(at: start + 1) == "now", "just" where words.word(at: start + 1) == "now":
            return (today, nil, true, start + 2)
        case "day" where words.word(at: start + 1) == "after" && words.word(at: start + 2) == "tomorrow":
            return (today + 2, nil, false, start + 3)
        case "day" where words.word(at: start + 1) == "before" && words.word(at: start + 2) == "yesterday":
            return (today - 2, nil, false, start + 3)
        default: break
        }
        if let holiday = Holiday.read(words, from: start, today: today) { return (holiday.day, nil, false, holiday.end) }
        if let ordinal = ordinalWeekday(words, from: start, context: context) { return (ordinal.day, nil, false, ordinal.end) }
        // "next week", "last month", "this year": the first day of it.
        if let modifier = words.word(at: start), ["next", "last", "this", "coming", "past", "previous"].contains(modifier),
           let unit = words.word(at: start + 1), ["week", "month", "year"].contains(unit) {
            let step = modifier == "next" || modifier == "coming" ? 1 : modifier == "this" ? 0 : -1
            let (year, month, _) = CivilDate.date(today)
            switch unit {
            case "week": return (monday(of: today) + 7 * step, nil, false, start + 2)
            case "month":
                let next = CivilDate.month(month, of: year, adding: step)
                return (CivilDate.days(year: next.year, month: next.month, day: 1), nil, false, start + 2)
            default: return (CivilDate.days(year: year + step, month: 1, day: 1), nil, false, start + 2)
            }
        }
        if let weekday = weekdayPart(words, from: start, context: context) { return (weekday.day, nil, false, weekday.end) }
        if let date = calendarDate(words, from: start, context: context) { return (date.day, nil, false, date.end) }
        return nil
    }

    /// "friday", "fri.", "this friday", "next friday", "last friday", "wednesday next week",
    /// "Monday, Feb 18" (the date wins), "Tuesday the 19th" (the next 19th that is a Tuesday).
    private static func weekdayPart(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        var modifier: Substring?
        if let word = words.word(at: index), ["this", "next", "last", "coming", "upcoming", "past", "previous"].contains(word) {
            modifier = word
            index += 1
        }
        guard let word = words.word(at: index), let weekday = weekdays[word] else { return nil }
        index += 1
        if words.word(at: index) == ".", words.isAttached(index), word.count <= 4 { index += 1 }
        let today = context.today
        var day = after(today, weekday: weekday)
        switch modifier {
        case "last", "past", "previous":
            // The one before today.
            day -= 7
            if day >= today { day -= 7 }
        default: break
        }
        // "wednesday next week", "friday this week", "monday last week"
        if modifier == nil, let which = words.word(at: index), ["next", "this", "last"].contains(which), words.word(at: index + 1) == "week" {
            let week = monday(of: today) + (which == "next" ? 7 : which == "last" ? -7 : 0)
            return (week + (weekday + 5) % 7, index + 2)
        }
        var after = index
        if words.word(at: after) == "," { after += 1 }
        // "Tuesday the 19th", "tuesday 19th": the next such day of the month on that weekday
        // (unless a month follows: "tuesday the 19th of may").
        var dayIndex = after
        if words.word(at: dayIndex) == "the" { dayIndex += 1 }
        if let number = dayOfMonth(words, at: dayIndex, ordinalOnly: true),
           !(words.word(at: number.end) == "of" || words.word(at: number.end).map { months[$0] != nil } == true) {
            let (year, month, _) = CivilDate.date(today)
            for step in 0..<28 {
                let (y, m) = CivilDate.month(month, of: year, adding: step)
                guard CivilDate.isValid(year: y, month: m, day: number.value) else { continue }
                let candidate = CivilDate.days(year: y, month: m, day: number.value)
                if candidate >= today && CivilDate.weekday(candidate) == weekday { return (candidate, number.end) }
            }
        }
        // "Monday, Feb 18", "monday february 18th": the date says which.
        if let date = calendarDate(words, from: after, context: context) { return (date.day, date.end) }
        return (day, index)
    }

    /// "the first tuesday of last month", "last friday of march", "the third monday in january 2027",
    /// "2nd wednesday of next month".
    private static func ordinalWeekday(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        if words.word(at: index) == "the" { index += 1 }
        var position: Int
        if words.word(at: index) == "last" {
            position = -1
            index += 1
        } else if let ordinal = NumberGrammar.ordinal(words, from: index), (1...5).contains(ordinal.value) {
            position = ordinal.value
            index = ordinal.end
        } else {
            return nil
        }
        guard let word = words.word(at: index), let weekday = weekdays[word], let of = words.word(at: index + 1), of == "of" || of == "in" else { return nil }
        index += 2
        let (thisYear, thisMonth, _) = CivilDate.date(context.today)
        var year = thisYear, month: Int
        if let modifier = words.word(at: index), ["next", "last", "this"].contains(modifier), words.word(at: index + 1) == "month" {
            (year, month) = CivilDate.month(thisMonth, of: thisYear, adding: modifier == "next" ? 1 : modifier == "last" ? -1 : 0)
            index += 2
        } else if let named = words.word(at: index).flatMap({ months[$0] }) {
            month = named
            index += 1
            if let written = words.word(at: index).flatMap({ Int($0) }), written >= 1000, written <= 9999 {
                year = written
                index += 1
            } else if CivilDate.days(year: year, month: month, day: CivilDate.length(year: year, month: month)) < context.today {
                year += 1
            }
        } else {
            return nil
        }
        if position == -1 { return (CivilDate.last(weekday: weekday, month: month, year: year), index) }
        let day = CivilDate.nth(position, weekday: weekday, month: month, year: year)
        guard day < CivilDate.days(year: year, month: month, day: 1) + CivilDate.length(year: year, month: month) else { return nil }
        return (day, index)
    }

    /// "june 13", "june 13th, 2038", "13 june", "the 13th of june", "march the 3rd", "june 2027",
    /// "in june", "the 20th of next month", "the 20th", "2/15", "2/7/21", "2026-11-22".
    private static func calendarDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        let today = context.today
        var index = start
        if let numeric = numericDate(words, from: start, context: context) { return numeric }
        let hasThe = words.word(at: index) == "the"
        if hasThe { index += 1 }
        // A month first: "june 13", "june the 13th", "june 13 2038", "june 2027".
        if let word = words.word(at: index), let month = months[word], !hasThe {
            index += 1
            if words.word(at: index) == ".", words.isAttached(index) { index += 1 }
            var dayIndex = index
            if words.word(at: dayIndex) == "the" { dayIndex += 1 }
            if let day = dayOfMonth(words, at: dayIndex, ordinalOnly: false) {
                index = day.end
                let year = self.year(words, at: index)
                return date(year: year?.value, month: month, day: day.value, today: today).map { ($0, year?.end ?? index) }
            }
            // A month alone only with a year, or after "in", "of", "next", "this", "last".
            if let year = self.year(words, at: index) {
                return (CivilDate.days(year: year.value, month: month, day: 1), year.end)
            }
            guard let before = words.word(at: start - 1), ["in", "of", "next", "this", "last", "until", "since", "by"].contains(before),
                  word != "may" || before == "in" || before == "of" else { return nil }
            return date(year: nil, month: month, day: 1, today: today, wholeMonth: true).map { ($0, index) }
        }
        // A day first: "13 june", "13th of june", "the 13th of june 2038", "the 20th of next month", "the 20th".
        guard let day = dayOfMonth(words, at: index, ordinalOnly: hasThe) else { return nil }
        index = day.end
        var after = index
        if words.word(at: after) == "of" { after += 1 }
        if let word = words.word(at: after), let month = months[word] {
            after += 1
            if words.word(at: after) == ".", words.isAttached(after) { after += 1 }
            let year = self.year(words, at: after)
            return date(year: year?.value, month: month, day: day.value, today: today).map { ($0, year?.end ?? after) }
        }
        if words.word(at: index) == "of", let modifier = words.word(at: index + 1), ["next", "this", "last"].contains(modifier),
           words.word(at: index + 2) == "month" {
            let (year, month, _) = CivilDate.date(today)
            let target = CivilDate.month(month, of: year, adding: modifier == "next" ? 1 : modifier == "last" ? -1 : 0)
            guard CivilDate.isValid(year: target.year, month: target.month, day: day.value) else { return nil }
            return (CivilDate.days(year: target.year, month: target.month, day: day.value), index + 3)
        }
        // "on the 20th": this month's if it is still to come, else next month's. Without "on"
        // (or "by", "until", …) "the 3rd" is as likely an ordinal ("the 3rd chapter").
        guard hasThe, let before = words.word(at: start - 1), ["on", "by", "until", "till", "since", "before", "after", "for"].contains(before) else { return nil }
        let (year, month, dayOfMonth) = CivilDate.date(today)
        for step in (day.value < dayOfMonth ? 1 : 0)..<(day.value < dayOfMonth ? 4 : 3) {
            let (y, m) = CivilDate.month(month, of: year, adding: step)
            if CivilDate.isValid(year: y, month: m, day: day.value) { return (CivilDate.days(year: y, month: m, day: day.value), index) }
        }
        return nil
    }

    /// `month`/`day` of `year`, or of the first year in which it falls on or after today (the
    /// month, with `wholeMonth`, when it has not ended).
    private static func date(year: Int?, month: Int, day: Int, today: Int, wholeMonth: Bool = false) -> Int? {
        if let year {
            guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
            return CivilDate.days(year: year, month: month, day: day)
        }
        let thisYear = CivilDate.date(today).year
        for year in thisYear...(thisYear + 8) where CivilDate.isValid(year: year, month: month, day: day) {
            let candidate = CivilDate.days(year: year, month: month, day: day)
            let end = wholeMonth ? candidate + CivilDate.length(year: year, month: month) - 1 : candidate
            if end >= today { return candidate }
        }
        return nil
    }

    /// A day of the month: "13", "13th", "thirteenth", "twenty-first" (ordinals only with `ordinalOnly`).
    private static func dayOfMonth(_ words: EntityWords, at index: Int, ordinalOnly: Bool) -> (value: Int, end: Int)? {
        if let ordinal = NumberGrammar.ordinal(words, from: index), (1...31).contains(ordinal.value) { return ordinal }
        guard !ordinalOnly, let word = words.word(at: index), word.count <= 2, let value = Int(word), (1...31).contains(value),
              !(words.word(at: index + 1) == ":" ) else { return nil }
        // "june 13 at" yes; "june 13:30" no (the tokenizer keeps 13:30 whole, so this is a plain 13).
        return (value, index + 1)
    }

    /// A year of four digits after an optional comma: ", 2038", "2038".
    private static func year(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        var index = index
        if words.word(at: index) == "," { index += 1 }
        guard let word = words.word(at: index), word.count == 4, let value = Int(word), (1000...9999).contains(value) else { return nil }
        return (value, index + 1)
    }

    /// "2/15", "2/7/2021", "2/7/21" (month/day[/year]), "2026-11-22" (ISO 8601).
    private static func numericDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        guard let first = words.word(at: start), first.allSatisfy(\.isNumber) else { return nil }
        // ISO: year-month-day, written together.
        if first.count == 4, words.word(at: start + 1) == "-", words.isAttached(start + 1), words.isAttached(start + 2),
           let month = words.word(at: start + 2).flatMap({ Int($0) }), words.word(at: start + 3) == "-", words.isAttached(start + 3),
           words.isAttached(start + 4), let day = words.word(at: start + 4).flatMap({ Int($0) }), let year = Int(first),
           CivilDate.isValid(year: year, month: month, day: day) {
            return (CivilDate.days(year: year, month: month, day: day), start + 5)
        }
        guard first.count <= 2, let month = Int(first), words.word(at: start + 1) == "/", words.isAttached(start + 1), words.isAttached(start + 2),
              let dayWord = words.word(at: start + 2), dayWord.count <= 2, let day = Int(dayWord) else { return nil }
        var end = start + 3
        var year: Int?
        if words.word(at: end) == "/", words.isAttached(end), words.isAttached(end + 1), let yearWord = words.word(at: end + 1),
           yearWord.count == 2 || yearWord.count == 4, let written = Int(yearWord) {
            year = written
            if yearWord.count == 2 {
                let reference = context.year, century = reference / 100 * 100
                year = century + written > reference + 20 ? century - 100 + written : century + written
            }
            end += 2
        }
        guard let value = date(year: year, month: month, day: day, today: context.today) else { return nil }
        return (value, end)
    }

    // MARK: Times

    /// Time zones by abbreviation, in seconds east of UTC.
    private static let zones: [Substring: Int] = [
        "utc": 0, "gmt": 0, "z": 0, "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600, "mst": -7 * 3600,
        "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600, "akst": -9 * 3600, "hst": -10 * 3600, "bst": 3600, "cet": 3600,
        "cest": 7200, "eet": 7200, "eest": 3 * 3600, "ist": 19_800, "jst": 9 * 3600, "kst": 9 * 3600, "aest": 10 * 3600, "aedt": 11 * 3600,
    ]

    private static let minuteWords: [Substring: Int] = ["quarter": 15, "half": 30]

    /// A time of day: hour (0-23, or 1-12 with `twelveHour`), minute, second, am/pm if said, the
    /// zone's offset if said. A bare number is a time only with `allowBare` (after "at" or with a day).
    private static func time(_ words: EntityWords, from start: Int, allowBare: Bool) -> (hour: Int, minute: Int, second: Int?, afternoon: Bool?, twelveHour: Bool, zoneShift: Int?, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        var hour: Int, minute = 0, second: Int?, index: Int
        var explicit = false  // a form that is a time even without am/pm ("7:30", "noon", "7 o'clock")
        switch word {
        case "noon", "midday":
            return (12, 0, nil, nil, false, zone(words, at: start + 1)?.offset, zone(words, at: start + 1)?.end ?? start + 1)
        case "midnight":
            return (0, 0, nil, nil, false, nil, start + 1)
        default: break
        }
        // "half past seven", "quarter to eight", "ten past five", "20 to 6"
        if let minutes = minuteWords[word].map({ ($0, start + 1) }) ?? NumberGrammar.cardinal(words, from: start).flatMap({ $0.value >= 1 && $0.value < 60 && $0.value == $0.value.rounded() ? (Int($0.value), $0.end) : nil }) {
            var at = minutes.1
            if words.word(at: at) == "minutes" || words.word(at: at) == "minute" { at += 1 }
            if let relation = words.word(at: at), relation == "past" || relation == "to" || relation == "after" || relation == "before",
               let target = hourNumber(words, at: at + 1) {
                let past = relation == "past" || relation == "after"
                var h = target.value % 12, m = minutes.0
                if !past { h = (h + 11) % 12; m = 60 - m }
                guard target.value <= 12 else { return nil }
                let suffix = meridiem(words, at: target.end)
                return (h == 0 && !past && target.value != 12 ? 12 : (h == 0 ? 12 : h), m, nil, suffix?.afternoon, true, nil, suffix?.end ?? target.end)
            }
        }
        // "7:30", "19:00", "9:01:10", "8h00"
        if word.contains(":") {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }), let h = parts[0], let m = parts[1],
                  (0...24).contains(h), (0...59).contains(m), word.split(separator: ":")[1].count == 2 else { return nil }
            hour = h
            minute = m
            if parts.count == 3 {
                guard let s = parts[2], (0...59).contains(s) else { return nil }
                second = s
            }
            index = start + 1
            explicit = true
            let twelveHour = h >= 1 && h <= 12 && !word.hasPrefix("0")
            return finish(hour: hour, minute: minute, second: second, twelveHour: twelveHour, words, at: index)
        }
        // "8h00", "at 8h30", "8h30 CET": a time; "1h30" alone is a duration.
        if let h = word.allSatisfy(\.isNumber) ? Int(word) : nil, word.count <= 2, words.word(at: start + 1) == "h", words.isAttached(start + 1),
           let m = words.word(at: start + 2).flatMap({ $0.count == 2 ? Int($0) : nil }), words.isAttached(start + 2), h <= 24, m < 60,
           m == 0 || allowBare || zone(words, at: start + 3) != nil {
            return finish(hour: h, minute: m, second: nil, twelveHour: false, words, at: start + 3)
        }
        // A number of hours, spelled or in digits, then minutes: "7", "seven thirty", "7 30", "seven oh five"
        guard let number = hourNumber(words, at: start) else { return nil }
        hour = number.value
        index = number.end
        if hour <= 12, let minutes = spelledMinutes(words, at: index) {
            minute = minutes.value
            index = minutes.end
        }
        if let clock = words.word(at: index), clock == "o'clock" || clock == "oclock" {
            index += 1
            explicit = true
        } else if words.word(at: index) == "o", words.word(at: index + 1) == "clock" {
            index += 2
            explicit = true
        }
        let suffix = meridiem(words, at: index)
        // "8 in the morning", "7 this evening": a part of the day makes a number a time.
        var partOfDayFollows = partOfDay(words, from: index) != nil
        for opener in [["in", "the"], ["this"], ["at"]] where opener.indices.allSatisfy({ words.word(at: index + $0) == Substring(opener[$0]) }) {
            partOfDayFollows = partOfDayFollows || partOfDay(words, from: index + opener.count) != nil
        }
        // "seven thirty" alone could be a number ("one twenty two" is 122): a time with am/pm,
        // o'clock, a part of the day, "at" or a day only.
        guard hour <= 24, suffix != nil || explicit || allowBare || partOfDayFollows else { return nil }
        if suffix != nil && (hour == 0 || hour > 12) { return nil }
        return finish(hour: hour, minute: minute, second: second, twelveHour: hour >= 1 && hour <= 12, words, at: index)
    }

    /// A time's am/pm and zone after its digits.
    private static func finish(hour: Int, minute: Int, second: Int?, twelveHour: Bool, _ words: EntityWords, at index: Int) -> (hour: Int, minute: Int, second: Int?, afternoon: Bool?, twelveHour: Bool, zoneShift: Int?, end: Int)? {
        var end = index
        var afternoon: Bool?
        if let suffix = meridiem(words, at: end) {
            guard hour >= 1 && hour <= 12 else { return nil }
            afternoon = suffix.afternoon
            end = suffix.end
        }
        let zone = zone(words, at: end)
        return (hour == 24 ? 0 : hour, minute, second, afternoon, twelveHour && afternoon == nil, zone?.offset, zone?.end ?? end)
    }

    /// "am", "pm", "a.m.", "p.m", "a m".
    private static func meridiem(_ words: EntityWords, at index: Int) -> (afternoon: Bool, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        if word == "am" || word == "pm" { return (word == "pm", index + 1) }
        guard word == "a" || word == "p" else { return nil }
        var at = index + 1
        if words.word(at: at) == "." { at += 1 }
        guard words.word(at: at) == "m", at > index + 1 || words.isAttached(at) || words.word(at: index - 1)?.last?.isNumber == true else { return nil }
        at += 1
        if words.word(at: at) == ".", words.isAttached(at) { at += 1 }
        return (word == "p", at)
    }

    private static func zone(_ words: EntityWords, at index: Int) -> (offset: Int, end: Int)? {
        guard let word = words.word(at: index), let offset = zones[word] else { return nil }
        return (offset, index + 1)
    }

    /// Hours in words, one word each: "seven thirty" is an hour and its minutes, not 730.
    private static let hourWords: [Substring: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20,
    ]

    /// An hour, 0-24: digits alone or a number word.
    private static func hourNumber(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        if word.allSatisfy(\.isNumber), word.count <= 2, let value = Int(word), value <= 24 { return (value, index + 1) }
        guard let value = hourWords[word] else { return nil }
        return (value, index + 1)
    }

    /// Minutes said after an hour: "thirty", "thirty five", "oh five", "05", "45".
    private static func spelledMinutes(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        if word == "oh" || word == "o", let digit = words.word(at: index + 1).flatMap({ hourWords[$0] }), digit >= 1, digit <= 9 {
            return (digit, index + 2)
        }
        if word.allSatisfy(\.isNumber) {
            guard word.count == 2, let value = Int(word), value < 60 else { return nil }
            return (value, index + 1)
        }
        guard let number = NumberGrammar.cardinal(words, from: index), number.value >= 10, number.value < 60, number.value == number.value.rounded() else { return nil }
        return (Int(number.value), number.end)
    }

    /// "morning", "this evening", "in the afternoon", "at night", "tonight" handled as a day.
    private static func partOfDay(_ words: EntityWords, from start: Int) -> (afternoon: Bool, defaultHour: Int?, today: Bool, end: Int)? {
        guard let word = words.word(at: start) else { return nil }
        switch word {
        case "morning": return (false, nil, words.word(at: start - 1) == "this", start + 1)
        case "afternoon": return (true, nil, words.word(at: start - 1) == "this", start + 1)
        case "evening": return (true, nil, words.word(at: start - 1) == "this", start + 1)
        case "night": return (true, nil, false, start + 1)
        default: return nil
        }
    }

    // MARK: Relative moments

    /// "in 2 days", "in a couple hours", "7 days ago", "3 hours from now", "2 weeks later",
    /// "15 minutes from 1pm", "2 days after christmas", "a week before friday": the moment, and
    /// whether it has a time of day (a unit under a day).
    private static func relative(_ words: EntityWords, from start: Int, context: Context, depth: Int) -> (instant: Int, second: Int?, isDay: Bool, end: Int)? {
        let opensWithIn = words.word(at: start) == "in" || words.word(at: start) == "within"
        let from = opensWithIn ? start + 1 : start
        // Beyond ten thousand years from now is no date anyone means (and no Int holds 1e300 seconds).
        guard let duration = DurationGrammar.duration(words, from: from), duration.seconds > 0, duration.seconds < 3e11 else { return nil }
        let now = context.now
        let seconds = Int(duration.seconds.rounded())
        // Whole days give a day ("in 2 days"); shorter units, a time ("in 2 hours").
        let isDay = seconds % 86_400 == 0
        if opensWithIn { return (now + seconds, nil, isDay, duration.end) }
        let next = words.word(at: duration.end)
        switch next {
        case "ago": return (now - seconds, nil, isDay, duration.end + 1)
        case "later", "hence": return (now + seconds, nil, isDay, duration.end + 1)
        case "from" where words.word(at: duration.end + 1) == "now" || words.word(at: duration.end + 1) == "today":
            return (now + seconds, nil, isDay, duration.end + 2)
        case "from", "after", "before":
            let sign = next == "before" ? -1 : 1
            guard depth < 2, let anchor = parse(words, from: duration.end + 1, context: context, depth: depth + 1) else { return nil }
            let base = CivilDate.days(year: anchor.value.year, month: anchor.value.month, day: anchor.value.day) * 86_400
                + (anchor.value.hour ?? 0) * 3600 + (anchor.value.minute ?? 0) * 60 + (anchor.value.second ?? 0)
            return (base + sign * seconds, anchor.value.second, isDay && anchor.value.hour == nil, anchor.end)
        default: return nil
        }
    }
}
