import Foundation

/// English dates and times over ``EntityWords``, as a prefix grammar resolved against a
/// reference moment: each reads the longest date-time that starts at a word, an instant with
/// its grain or an interval.
///
/// What it reads, part by part, in any order and joined by "at", "on", "of", "in the" or a comma:
/// - days: "today", "tomorrow", "yesterday", "the day after tomorrow", "now", "right now";
///   weekdays and their abbreviations ("friday", "fri", "this friday", "next friday", "last
///   friday", "wednesday next week"); dates ("june 13", "june 13th 2038", "13 june", "the 13th
///   of june", "Monday, Feb 18", "Tuesday the 19th", "the 20th of next month", "the 20th",
///   "2/15", "2/7/2021", "2026-11-22"); ordinal weekdays ("the first tuesday of last month", "the
///   last friday of march"); "next week", "last month", "this year", "june 2027", "in june"
///   (a week, month or year grain); holidays ("christmas eve", "thanksgiving", "easter 2027", see
///   ``Holiday``);
/// - times: "7am", "7 p.m.", "7:30", "19:00", "9:01:10 AM", "noon", "midnight", "7 o'clock",
///   "at 7", "half past seven", "quarter to eight", "ten past five", "seven thirty p.m.",
///   "8h00", with a time zone ("8h00 GMT", "3pm PST"); parts of the day ("this evening",
///   "tomorrow morning", "tonight") that settle am or pm, or stand for their hours alone;
/// - relative moments: "in 2 days", "in a couple hours", "7 days ago", "3 hours from now", "15
///   minutes from 1pm", "2 days after christmas", "a week before friday";
/// - intervals: "from 3 to 5pm", "3-4pm", "between 9:30 and 11:00 on thursday", "july 13-15",
///   "from 13 to 15 july", "monday to friday", "this weekend", "the next 3 days", "the last 2
///   weeks", "within 2 weeks", "by 2pm" (from now); open ones: "before 5pm", "until friday",
///   "until 6", "through 2pm", "after 2pm", "after lunch", "since monday", "from tomorrow";
/// - stretches, quarters and weeks: "the end of the month", "EOD", "mid-june", "by the end of
///   the week", "q3", "the third quarter of 2027", "the week of october 5th", "the first week
///   of december", "the last weekend of october", "the day after christmas", "friday after
///   next", "this time tomorrow".
///
/// Conventions (Duckling's): a weekday is the next one after today ("tuesday" said on a
/// Tuesday is next week's), and so are "this" and "next" weekday; "wednesday next week" is the
/// Wednesday of the week after this one (weeks start on Monday); a date without a year is the
/// next one on or after today; numeric dates are month/day[/year], a two-digit year the one
/// within 79 years before and 20 after the reference year; a time without a day is its next
/// occurrence (today, or tomorrow when it has passed); an hour from 1 to 12 without am or pm is
/// the next of its two occurrences ("3:30" said at 4 am is 15:30), or the morning one on a day
/// that is not today. Grains: a time said to the hour ("7pm", "noon") has an hour grain, with
/// minutes a minute grain; "now" a second; a relative moment the grain under its unit ("in 10
/// minutes": a second, "in 2 hours": a minute, "in 2 days": an hour, "in a week": a day, "in 2
/// years": a month), the moment cut to it. Intervals end exclusive, at the end of their last
/// grain ("from 3 to 5pm" ends at 18:00); parts of the day are morning 4-12, afternoon 12-19,
/// evening and night 18-24, lunch 12-14; a weekend is Friday 18:00 to Monday 00:00; a stretch
/// ("the end of the month") is a third of its period; the weeks of a month are those whose
/// Monday falls in it.
enum DateTimeGrammar {
    typealias Context = DateTimeContext
    typealias Value = DateTimeValue

    /// Seconds in one grain up to a week (months and years have no fixed length).
    static func seconds(of grain: DateTimeGrain) -> Int {
        switch grain {
        case .second: return 1
        case .minute: return 60
        case .hour: return 3600
        case .day: return 86_400
        default: return 604_800
        }
    }

    /// `moment` moved by `count` grains: calendar months and years, fixed lengths below.
    static func adding(_ count: Int, _ grain: DateTimeGrain, to moment: Int) -> Int {
        guard grain >= .month else { return moment + count * seconds(of: grain) }
        let (day, second) = CivilDate.split(moment)
        let (year, month, dayOfMonth) = CivilDate.date(day)
        let months = count * (grain == .year ? 12 : grain == .quarter ? 3 : 1)
        let target = CivilDate.month(month, of: year, adding: months)
        let last = CivilDate.length(year: target.year, month: target.month)
        return CivilDate.days(year: target.year, month: target.month, day: min(dayOfMonth, last)) * 86_400 + second
    }

    /// The start of the `grain` that holds `moment` (weeks start on Monday).
    static func truncated(_ moment: Int, to grain: DateTimeGrain) -> Int {
        let (day, second) = CivilDate.split(moment)
        switch grain {
        case .second: return moment
        case .minute, .hour: return day * 86_400 + second / seconds(of: grain) * seconds(of: grain)
        case .day: return day * 86_400
        case .week: return monday(of: day) * 86_400
        case .month, .quarter, .year:
            let (year, month, _) = CivilDate.date(day)
            let first = grain == .year ? 1 : grain == .quarter ? (month - 1) / 3 * 3 + 1 : month
            return CivilDate.days(year: year, month: first, day: 1) * 86_400
        }
    }

    /// The longest date-time that starts at `start`, and the index after it: an interval ("from
    /// 3 to 5pm"), an open one ("before 5pm"), or a moment; the longest reading wins, an
    /// interval over an open one over a moment when they are as long.
    static func parse(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var best = moment(words, from: start, context: context)
        func consider(_ candidate: (value: Value, end: Int)?) {
            if let candidate, candidate.end >= (best?.end ?? start + 1) { best = candidate }
        }
        consider(openInterval(words, from: start, context: context))
        consider(interval(words, from: start, context: context))
        // "tomorrow before 11 am", "13th feb. 2013 until 11am": from the day's start to the time.
        if let day = best, !day.value.isInterval, day.value.grain == .day, let first = day.value.start,
           ["before", "until", "till"].contains(words.key(at: day.end)),
           let clock = time(words, from: day.end + 1, allowBare: true), clock.isSaid, clock.zoneShift == nil {
            let hour = clock.afternoon.map { clock.hour % 12 + ($0 ? 12 : 0) } ?? clock.hour
            best = (.interval(first, first + hour * 3600 + clock.minute * 60 + (clock.second ?? 0), clock.grain), clock.end)
        }
        return best
    }

    /// The longest moment (or interval said as one: "tonight", "this weekend", "the next 3
    /// days") that starts at `start`. `depth` counts the relative moments this one is the anchor
    /// of ("2 days after 3 days before christmas"): two at most, so a chain of them costs no
    /// more than three parses.
    static func moment(_ words: EntityWords, from start: Int, context: Context, depth: Int = 0) -> (value: Value, end: Int)? {
        // Only a top-level reading is kept: an anchor's is bounded by its depth.
        guard depth == 0 else { return readMoment(words, from: start, context: context, depth: depth) }
        return words.remembered(start, get: { $0.pointee.moment }, set: { $0.pointee.moment = $1 }) { readMoment(words, from: start, context: context, depth: 0) }
    }

    private static func readMoment(_ words: EntityWords, from start: Int, context: Context, depth: Int) -> (value: Value, end: Int)? {
        var reading = Reading()
        var index = start, end = start
        var components = 0
        while index < words.count, components < 8 {
            // Words that join parts, or open the first: kept only when a part follows. A part
            // may itself begin with one ("on the 20th"): the furthest start that reads wins.
            var furthest = index
            while furthest < words.count, joiners.contains(words.key(at: furthest)) || (words.key(at: furthest) == "," && furthest > start), furthest - index < 3 {
                furthest += 1
            }
            var found: (reading: Reading, end: Int)?
            // "in 1/2 hour": a moment from now, before "1/2" as a date.
            if words.key(at: index) == "in" || words.key(at: index) == "within" {
                found = component(words, from: index, context: context, reading: reading, depth: depth)
            }
            for position in stride(from: furthest, through: index, by: -1) where found == nil {
                found = component(words, from: position, context: context, reading: reading, depth: depth)
            }
            // "on saturday for 9am": a day, "for", and a time said with am, pm or minutes ("friday
            // for 2" is a count of people).
            if found == nil, reading.hasDate, !reading.hasTime, words.key(at: index) == "for",
               let part = component(words, from: index + 1, context: context, reading: reading, depth: depth), part.reading.hour != nil,
               part.reading.afternoon != nil || part.reading.timeGrain != .hour {
                found = part
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

    private static let joiners: WordSet = ["at", "on", "of", "in", "the", "this"]

    /// The words a date or time may start with (numbers, ordinals and durations aside).
    static let firstWords: WordSet = ownFirstWords.union(Holiday.firstWords).union(phrases.map { $0[0] })

    /// Words that start a date only before certain others ("beginning of", "late march", "q3"),
    /// as pairs: the extractor starts at them only when the second follows.
    static let phrases: [[String]] = {
        var pairs = [["beginning", "of"], ["start", "of"], ["middle", "of"], ["same", "time"]] + (1...4).map { ["q", String($0)] }
        for first in ["early", "late"] {
            for second in monthNames + ["next", "this", "last", "tomorrow", "today"] { pairs.append([first, second]) }
        }
        return pairs
    }()

    private static let monthNames = ["january", "jan", "february", "feb", "march", "mar", "april", "apr", "may", "june", "jun", "july",
                                     "jul", "august", "aug", "september", "sep", "sept", "october", "oct", "november", "nov", "december", "dec"]

    /// ``firstWords`` but the holidays'.
    static let ownFirstWords: WordSet = WordSet(months.keys).union(weekdays.keys).union(joiners).union(hourWords.keys)
        .union(openers.keys).union(seasons.keys).union(["from", "by", "between", "weekend", "week", "lunch", "lunchtime"])
        .union(["today", "tonight", "tomorrow", "tmrw", "tmr", "yesterday", "now", "right", "just", "day", "next", "last", "this", "coming",
                "upcoming", "past", "previous", "noon", "midday", "mid", "midnight", "quarter", "half", "within", "morning", "afternoon", "evening", "night",
                "end", "eod", "eom", "eow", "eoy", "moment"])

    /// What has been read so far.
    struct Reading {
        var day: Int?
        /// The grain of `day` when no time is said: a day, or the week, month or year it starts.
        var dayGrain = DateTimeGrain.day
        var hour: Int?, minute = 0, second: Int?
        /// An hour for "7pm", a minute for "7:30", a second for "9:01:10".
        var timeGrain = DateTimeGrain.hour
        /// `true` pm, `false` am, from "pm"/"am" or a part of the day.
        var afternoon: Bool?
        /// Whether the hour was said on a 12-hour clock without am or pm.
        var ambiguousHour = false
        /// A moment already exact ("in 2 hours", "now"), in seconds from the start of day 0, and its grain.
        var instant: Int?
        var instantGrain = DateTimeGrain.second
        /// An interval already resolved ("this weekend", "the next 3 days").
        var span: Value?
        /// The hours of a part of the day ("this evening": 18 to 24), and whether something
        /// other than the part itself said it is a time ("this", "in the", a day): "evening"
        /// alone is no date.
        var part: (from: Int, to: Int)?
        var partIsAnchored = false
        /// Seconds to subtract to read the time in the reference's time zone.
        var zoneShift = 0
        /// The day of a moment a number of days or more from now ("two days ago"): a time said
        /// with it replaces its time of day ("two days ago at 6:15").
        var relativeDay: Int?
        var hasDate: Bool { day != nil || instant != nil || span != nil }
        var hasTime: Bool { hour != nil || instant != nil || span != nil }

        func resolve(_ context: Context) -> Value? {
            if let span { return span }
            if let instant { return .instant(instant, instantGrain) }
            guard var hour else {
                if let part {
                    guard day != nil || partIsAnchored else { return nil }
                    var day = self.day ?? context.today
                    // "in the morning" said in the evening: tomorrow's.
                    if self.day == nil && context.now >= day * 86_400 + part.to * 3600 { day += 1 }
                    return .interval(day * 86_400 + part.from * 3600, day * 86_400 + part.to * 3600, .hour)
                }
                return day.map { .instant($0 * 86_400, dayGrain) }
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
            // Midnight (or 12 am) of an evening ("midnight tonight", "tonight at 12am") ends it: the next day's 00:00.
            if let part, part.to == 24, hour == 0 { day = (day ?? context.today) + 1 }
            var moment = (day ?? context.today) * 86_400 + hour * 3600 + minute * 60 + (second ?? 0) - zoneShift
            if day == nil && moment < context.now - context.second { moment += 86_400 }  // a time that has passed today: tomorrow's
            return .instant(moment, timeGrain)
        }
    }

    // MARK: Parts

    /// One part that starts at `start`, added to `reading`; `nil` when none does or it clashes
    /// with what was read (a second day, a second time).
    private static func component(_ words: EntityWords, from start: Int, context: Context, reading: Reading, depth: Int) -> (reading: Reading, end: Int)? {
        guard start < words.count else { return nil }
        var reading = reading
        // Relative moments first: they start with a number or "in" and would read as times.
        if !reading.hasDate, reading.span == nil, reading.instant == nil, let relative = relative(words, from: start, context: context, depth: depth) {
            let day = relative.value.grain >= .hour ? relative.value.start.map { CivilDate.split($0).day } : nil
            if !reading.hasTime, reading.part == nil {
                if relative.value.isInterval { reading.span = relative.value } else {
                    reading.instant = relative.value.start
                    reading.instantGrain = relative.value.grain
                    reading.relativeDay = day
                }
                return (reading, relative.end)
            }
            // "quarter past six in the morning two days ago": the time on that day.
            if let day, !relative.value.isInterval, reading.hour != nil {
                reading.day = day
                return (reading, relative.end)
            }
        }
        if !reading.hasDate, !reading.hasTime, reading.part == nil, let same = sameTime(words, from: start, context: context) {
            reading.instant = same.moment
            reading.instantGrain = .minute
            return (reading, same.end)
        }
        if !reading.hasDate, !reading.hasTime, reading.part == nil, let span = span(words, from: start, context: context) {
            reading.span = span.value
            return (reading, span.end)
        }
        if !reading.hasDate, let day = dayPart(words, from: start, context: context) {
            reading.day = day.day
            reading.dayGrain = day.grain
            if let part = day.part { reading.part = part; reading.afternoon = reading.afternoon ?? true }
            if day.isNow {
                reading.instant = context.now
                reading.instantGrain = .second
                reading.day = nil
            }
            return (reading, day.end)
        }
        let afterAt = words.key(at: start) == "at" || words.key(at: start - 1) == "at"
        // "until 6", "before 10": a bare hour after a word that closes an interval, unless a
        // word follows that makes it a count ("until 6 people").
        let afterCloser = !afterAt && !reading.hasDate && bareHourLeads.contains(words.key(at: start - 1))
        if reading.hour == nil, reading.span == nil, reading.instant == nil || reading.relativeDay != nil,
           let time = time(words, from: start, allowBare: afterAt || reading.hasDate || afterCloser),
           !afterCloser || time.isSaid || bareHourEnds(words, at: time.end) {
            return (adding(time, to: reading, context: context), time.end)
        }
        if reading.part == nil, reading.instant == nil, reading.span == nil, let part = partOfDay(words, from: start) {
            return (adding(part, at: start, to: reading, words, context: context), part.end)
        }
        return nil
    }

    /// `reading` with the time of day `time` (on the day a relative moment read before it named).
    private static func adding(_ time: Clock, to reading: Reading, context: Context) -> Reading {
        var reading = reading
        if let day = reading.relativeDay {
            reading.day = day
            reading.instant = nil
            reading.relativeDay = nil
        }
        reading.hour = time.hour
        reading.minute = time.minute
        reading.second = time.second
        reading.timeGrain = time.grain
        if let afternoon = time.afternoon { reading.afternoon = afternoon }
        reading.ambiguousHour = time.afternoon == nil && time.twelveHour
        reading.zoneShift = time.zoneShift.map { $0 - context.offset } ?? 0
        return reading
    }

    /// `reading` with the part of the day `part` read at `start`.
    private static func adding(
        _ part: (afternoon: Bool, from: Int, to: Int, end: Int), at start: Int, to reading: Reading, _ words: EntityWords, context: Context
    ) -> Reading {
        var reading = reading
        if reading.afternoon == nil { reading.afternoon = part.afternoon }
        reading.ambiguousHour = false
        reading.part = (part.from, part.to)
        // "this evening", "at night", "in the morning" say a time; "the night" alone is as likely a title.
        // So do the words of an open interval: "after lunch", "until the evening".
        switch words.key(at: start - 1) {
        case "this", "at", "after", "before", "until", "till", "since": reading.partIsAnchored = true
        case "the":
            switch words.key(at: start - 2) {
            case "in", "at", "during", "for", "after", "before", "until", "till", "since", "by": reading.partIsAnchored = true
            default: reading.partIsAnchored = false
            }
        default: break
        }
        if !reading.hasDate && !reading.hasTime && words.key(at: start - 1) == "this" { reading.day = context.today }
        return reading
    }
    // MARK: Days

    static let months = WordTable<Int>(monthNames.map { name in
        (name, ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].firstIndex { name.hasPrefix($0) }! + 1)
    })
    /// Calendar weekday numbers (Sunday = 1).
    static let weekdays: WordTable<Int> = [
        "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3, "wednesday": 4, "wed": 4, "weds": 4,
        "thursday": 5, "thu": 5, "thur": 5, "thurs": 5, "friday": 6, "fri": 6, "saturday": 7, "sat": 7,
        "sundays": 1, "mondays": 2, "tuesdays": 3, "wednesdays": 4, "thursdays": 5, "fridays": 6, "saturdays": 7,
    ]

    /// The first day after `day` that falls on `weekday` (a week later when `day` is one).
    static func after(_ day: Int, weekday: Int) -> Int {
        day + ((weekday - CivilDate.weekday(day) + 6) % 7) + 1
    }

    /// The Monday of the week of `day`.
    static func monday(of day: Int) -> Int {
        day - (CivilDate.weekday(day) + 5) % 7
    }

    /// A day: the day number, the hours of the part of the day it names ("tonight"), its grain
    /// (a week, month or year for "next week", "last month", "june 2027"), whether it means "now".
    private static func dayPart(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, part: (from: Int, to: Int)?, grain: DateTimeGrain, isNow: Bool, end: Int)? {
        words.remembered(start, get: { $0.pointee.dayPart }, set: { $0.pointee.dayPart = $1 }) { readDayPart(words, from: start, context: context) }
    }

    private static func readDayPart(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, part: (from: Int, to: Int)?, grain: DateTimeGrain, isNow: Bool, end: Int)? {
        guard start < words.count else { return nil }
        let today = context.today
        switch words.key(at: start) {
        case "today": return (today, nil, .day, false, start + 1)
        case "tonight": return (today, (18, 24), .day, false, start + 1)
        case "last" where words.key(at: start + 1) == "night": return (today - 1, (18, 24), .day, false, start + 2)
        case "tomorrow", "tmrw", "tmr": return (today + 1, nil, .day, false, start + 1)
        case "yesterday": return (today - 1, nil, .day, false, start + 1)
        case "now":
            return (today, nil, .second, true, start + 1)
        case "moment" where words.key(at: start - 1) == "the" && words.key(at: start - 2) == "at":
            return (today, nil, .second, true, start + 1)
        case "right" where words.key(at: start + 1) == "now", "just" where words.key(at: start + 1) == "now":
            return (today, nil, .second, true, start + 2)
        // "the day after tomorrow", "the day before christmas"; "the week of october 5th": the
        // week that holds the day. The day said is no other such phrase, so they do not nest.
        case "day" where words.key(at: start + 1) == "after" || words.key(at: start + 1) == "before",
             "week" where words.key(at: start + 1) == "of":
            let anchorKey = words.key(at: start + 2)
            guard anchorKey != "day", anchorKey != "week", let anchor = dayPart(words, from: start + 2, context: context),
                  anchor.part == nil, !anchor.isNow, anchor.grain == .day else { return nil }
            switch words.key(at: start + 1) {
            case "after": return (anchor.day + 1, nil, .day, false, anchor.end)
            case "before": return (anchor.day - 1, nil, .day, false, anchor.end)
            default: return (monday(of: anchor.day), nil, .week, false, anchor.end)
            }
        default: break
        }
        if let holiday = Holiday.read(words, from: start, today: today) { return (holiday.day, nil, .day, false, holiday.end) }
        // "next thanksgiving", "last christmas", "the previous easter": the first after today,
        // the last before it.
        if let step = Self.unitSteps[words.key(at: start)], step != 0, let holiday = Holiday.read(words, from: start + 1, today: today, step: step) {
            return (holiday.day, nil, .day, false, holiday.end)
        }
        if let quarter = quarter(words, from: start, context: context) { return (quarter.day, nil, .quarter, false, quarter.end) }
        if let ordinal = ordinalWeekday(words, from: start, context: context) {
            switch ordinal.counted {
            case .week: return (ordinal.day, nil, .week, false, ordinal.end)
            case .weekend: break  // an interval: see ``span(_:from:context:)``
            case .day, .weekday: return (ordinal.day, nil, .day, false, ordinal.end)
            }
        }
        // "next march": the first march after this month; "last march" the last before it.
        if let step = Self.unitSteps[words.key(at: start)], step != 0, let month = months[words.key(at: start + 1)], words.key(at: start + 1) != "may" {
            let (year, thisMonth, _) = CivilDate.date(today)
            let target = step > 0 ? (month > thisMonth ? year : year + 1) : (month < thisMonth ? year : year - 1)
            return (CivilDate.days(year: target, month: month, day: 1), nil, .month, false, start + 2)
        }
        // "march after next": a year after the next march.
        if let month = months[words.key(at: start)], words.key(at: start) != "may", words.key(at: start + 1) == "after", words.key(at: start + 2) == "next" {
            let (year, thisMonth, _) = CivilDate.date(today)
            return (CivilDate.days(year: (month > thisMonth ? year : year + 1) + 1, month: month, day: 1), nil, .month, false, start + 3)
        }
        // "the week after next", "the month after next": two of them on, as "friday after next" is.
        if let grain = Self.calendarUnits[words.key(at: start)], words.key(at: start + 1) == "after", words.key(at: start + 2) == "next" {
            return (adding(2, grain, to: truncated(today * 86_400, to: grain)) / 86_400, nil, grain, false, start + 3)
        }
        // "next week", "last month", "this year": the first day of it, with its grain.
        if let step = Self.unitSteps[words.key(at: start)], let grain = Self.calendarUnits[words.key(at: start + 1)] {
            return (adding(step, grain, to: truncated(today * 86_400, to: grain)) / 86_400, nil, grain, false, start + 2)
        }
        if let weekday = weekdayPart(words, from: start, context: context) { return (weekday.day, nil, .day, false, weekday.end) }
        if let date = calendarDate(words, from: start, context: context) { return (date.day, nil, date.grain, false, date.end) }
        return nil
    }

    /// The words before a calendar unit that name one of its kind, and which ("next week" is the
    /// week after this one; "the coming week", as Duckling has it, this one).
    private static let unitSteps: WordTable<Int> = [
        "next": 1, "following": 1, "coming": 0, "this": 0, "current": 0, "last": -1, "past": -1, "previous": -1,
    ]

    /// The units "next", "last" and "this" name a whole one of: "next week" is the week after this one.
    private static let calendarUnits: WordTable<DateTimeGrain> = [
        "week": .week, "month": .month, "quarter": .quarter, "qtr": .quarter, "year": .year, "yr": .year,
    ]

    /// "q3", "Q1 2027", "the third quarter", "3rd qtr of 2027", "the fourth quarter of next
    /// year": the quarter's first day; without a year, this year's, or next year's once it has ended.
    private static func quarter(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        let number: Int
        if words.key(at: index) == "q", words.isAttached(index + 1), let digit = words.word(at: index + 1), digit.utf8.count == 1,
           let value = Int(digit), (1...4).contains(value) {
            number = value
            index += 2
        } else {
            if words.key(at: index) == "the" { index += 1 }
            guard let ordinal = NumberGrammar.ordinal(words, from: index), (1...4).contains(ordinal.value),
                  words.key(at: ordinal.end) == "quarter" || words.key(at: ordinal.end) == "qtr" else { return nil }
            number = ordinal.value
            index = ordinal.end + 1
        }
        var year = context.year
        if let said = self.year(words, at: index) {
            (year, index) = (said.value, said.end)
        } else if words.key(at: index) == "of", let said = fourDigits(words.word(at: index + 1)), said >= 1000 {
            (year, index) = (said, index + 2)
        } else if words.key(at: index) == "of", let step = unitSteps[words.key(at: index + 1)], words.key(at: index + 2) == "year" {
            (year, index) = (year + step, index + 3)
        } else if CivilDate.days(year: year, month: number * 3, day: CivilDate.length(year: year, month: number * 3)) < context.today {
            year += 1
        }
        return (CivilDate.days(year: year, month: number * 3 - 2, day: 1), index)
    }

    /// "friday", "fri.", "this friday", "next friday", "last friday", "wednesday next week",
    /// "Monday, Feb 18" (the date wins), "Tuesday the 19th" (the next 19th that is a Tuesday).
    private static func weekdayPart(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        // Whether a modifier says the weekday before today ("last friday").
        var modifier: Bool?
        switch words.key(at: index) {
        case "this", "next", "coming", "upcoming": modifier = false
        case "last", "past", "previous": modifier = true
        default: break
        }
        if modifier != nil { index += 1 }
        guard let weekday = weekdays[words.key(at: index)] else { return nil }
        let abbreviated = words[index].utf8.count <= 4
        index += 1
        if words.key(at: index) == ".", words.isAttached(index), abbreviated { index += 1 }
        let today = context.today
        var day = after(today, weekday: weekday)
        if modifier == true {
            // The one before today.
            day -= 7
            if day >= today { day -= 7 }
        }
        // "friday after next": a week after the next one.
        if modifier == nil, words.key(at: index) == "after", words.key(at: index + 1) == "next" { return (day + 7, index + 2) }
        // "wednesday next week", "friday this week", "monday last week"
        if modifier == nil, let step = Self.weekSteps[words.key(at: index)], words.key(at: index + 1) == "week" {
            let week = monday(of: today) + 7 * step
            return (week + (weekday + 5) % 7, index + 2)
        }
        var after = index
        if words.key(at: after) == "," { after += 1 }
        // "Tuesday the 19th", "tuesday 19th": the next such day of the month on that weekday
        // (unless a month follows: "tuesday the 19th of may").
        var dayIndex = after
        if words.key(at: dayIndex) == "the" { dayIndex += 1 }
        if let number = dayOfMonth(words, at: dayIndex, ordinalOnly: true),
           !(words.key(at: number.end) == "of" || months[words.key(at: number.end)] != nil) {
            let (year, month, _) = CivilDate.date(today)
            for step in 0..<28 {
                let (y, m) = CivilDate.month(month, of: year, adding: step)
                guard CivilDate.isValid(year: y, month: m, day: number.value) else { continue }
                let candidate = CivilDate.days(year: y, month: m, day: number.value)
                if candidate >= today && CivilDate.weekday(candidate) == weekday { return (candidate, number.end) }
            }
        }
        // "Monday, Feb 18", "monday february 18th": the date says which; without a year, the
        // first from this year's on which it falls on that weekday ("Fri, Jul 18").
        if let date = calendarDate(words, from: after, context: context) {
            guard date.grain == .day, CivilDate.weekday(date.day) != weekday else { return (date.day, date.end) }
            let yearSaid = (after..<date.end).contains { words.isDigits(at: $0) && words[$0].utf8.count == 4 } || numericDate(words, from: after, context: context) != nil
            guard !yearSaid else { return nil }
            return DateTimeParts.date(date.day, on: weekday, context: context).map { ($0, date.end) }
        }
        return (day, index)
    }

    /// What an ordinal counts within a month: a weekday, its days, its weeks (by their Mondays)
    /// or its weekends (by their Saturdays).
    private enum MonthCount {
        case weekday(Int), day, week, weekend
    }

    /// "the first tuesday of last month", "last friday of march", "the third monday in january 2027",
    /// "2nd wednesday of next month", "the last day of october", "the first week of december" (the
    /// week of the month's first Monday), "the last weekend of october" (of its last Saturday).
    private static func ordinalWeekday(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, counted: MonthCount, end: Int)? {
        var index = start
        if words.key(at: index) == "the" { index += 1 }
        var position: Int
        if words.key(at: index) == "last" {
            position = -1
            index += 1
        } else if let ordinal = NumberGrammar.ordinal(words, from: index), (1...5).contains(ordinal.value) {
            position = ordinal.value
            index = ordinal.end
        } else {
            return nil
        }
        let counted: MonthCount
        switch words.key(at: index) {
        case "day": counted = .day
        case "week": counted = .week
        case "weekend": counted = .weekend
        default:
            guard let weekday = weekdays[words.key(at: index)] else { return nil }
            counted = .weekday(weekday)
        }
        guard words.key(at: index + 1) == "of" || words.key(at: index + 1) == "in" else { return nil }
        index += 2
        let (thisYear, thisMonth, _) = CivilDate.date(context.today)
        var year = thisYear, month: Int
        if let step = Self.weekSteps[words.key(at: index)], words.key(at: index + 1) == "month" {
            (year, month) = CivilDate.month(thisMonth, of: thisYear, adding: step)
            index += 2
        } else if let named = months[words.key(at: index)] {
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
        let weekday: Int
        switch counted {
        case .day:
            let first = CivilDate.days(year: year, month: month, day: 1), length = CivilDate.length(year: year, month: month)
            return (position == -1 ? first + length - 1 : first + position - 1, counted, index)
        case .week: weekday = 2
        case .weekend: weekday = 7
        case .weekday(let named): weekday = named
        }
        if position == -1 { return (CivilDate.last(weekday: weekday, month: month, year: year), counted, index) }
        let day = CivilDate.nth(position, weekday: weekday, month: month, year: year)
        guard day < CivilDate.days(year: year, month: month, day: 1) + CivilDate.length(year: year, month: month) else { return nil }
        return (day, counted, index)
    }

    /// "june 13", "june 13th, 2038", "13 june", "the 13th of june", "march the 3rd", "june 2027",
    /// "in june", "the 20th of next month", "the 20th", "2/15", "2/7/21", "2026-11-22".
    private static func calendarDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        let today = context.today
        var index = start
        if let numeric = numericDate(words, from: start, context: context) { return (numeric.day, .day, numeric.end) }
        let hasThe = words.key(at: index) == "the"
        if hasThe { index += 1 }
        // A month first: "june 13", "june the 13th", "june 13 2038", "june 2027".
        if let month = months[words.key(at: index)], !hasThe {
            let isMay = words.key(at: index) == "may"
            index += 1
            if words.key(at: index) == ".", words.isAttached(index) { index += 1 }
            var dayIndex = index
            if words.key(at: dayIndex) == "the" { dayIndex += 1 }
            if let day = dayOfMonth(words, at: dayIndex, ordinalOnly: false) {
                index = day.end
                let year = self.year(words, at: index)
                return date(year: year?.value, month: month, day: day.value, today: today).map { ($0, .day, year?.end ?? index) }
            }
            // A month alone only with a year, or after "in", "of", "next", "this", "last".
            if let year = self.year(words, at: index) {
                return (CivilDate.days(year: year.value, month: month, day: 1), .month, year.end)
            }
            switch words.key(at: start - 1) {
            case "in", "of": break
            case "next", "this", "last", "until", "since", "by", "early", "mid", "late": guard !isMay else { return nil }
            case "-" where words.key(at: start - 2) == "mid": break  // "mid-june"
            default: return nil
            }
            return date(year: nil, month: month, day: 1, today: today, wholeMonth: true).map { ($0, .month, index) }
        }
        // A day first: "13 june", "13th of june", "the 13th of june 2038", "the 20th of next month", "the 20th",
        // "on the 15".
        guard let day = dayOfMonth(words, at: index, ordinalOnly: hasThe && words.key(at: start - 1) != "on") else { return nil }
        index = day.end
        var after = index
        if words.key(at: after) == "of" { after += 1 }
        if let month = months[words.key(at: after)] {
            after += 1
            if words.key(at: after) == ".", words.isAttached(after) { after += 1 }
            var year = self.year(words, at: after)
            // "14th April 15": two digits that end the phrase after a day and its month are its year.
            if year == nil, words.isDigits(at: after), words[after].utf8.count == 2, let written = Int(words[after]),
               words.key(at: after - 1) != "at", after + 1 >= words.count || words.key(at: after + 1) == "," || words.key(at: after + 1) == "." {
                year = (twoDigitYear(written, reference: context.year), after + 1)
            }
            return date(year: year?.value, month: month, day: day.value, today: today).map { ($0, .day, year?.end ?? after) }
        }
        if words.key(at: index) == "of", let step = Self.weekSteps[words.key(at: index + 1)], words.key(at: index + 2) == "month" {
            let (year, month, _) = CivilDate.date(today)
            let target = CivilDate.month(month, of: year, adding: step)
            guard CivilDate.isValid(year: target.year, month: target.month, day: day.value) else { return nil }
            return (CivilDate.days(year: target.year, month: target.month, day: day.value), .day, index + 3)
        }
        // "on the 20th": this month's if it is still to come, else next month's. Without "on"
        // (or "by", "until", …) "the 3rd" is as likely an ordinal ("the 3rd chapter").
        // A time after it says it too: "the 15th at 3pm".
        let timeFollows = words.key(at: index) == "at" && time(words, from: index + 1, allowBare: true) != nil
        guard hasThe, timeFollows || dayOfMonthLeads.contains(words.key(at: start - 1)) else { return nil }
        let (year, month, dayOfMonth) = CivilDate.date(today)
        for step in (day.value < dayOfMonth ? 1 : 0)..<(day.value < dayOfMonth ? 4 : 3) {
            let (y, m) = CivilDate.month(month, of: year, adding: step)
            if CivilDate.isValid(year: y, month: m, day: day.value) { return (CivilDate.days(year: y, month: m, day: day.value), .day, index) }
        }
        return nil
    }

    /// "next", "this" and "last" before "week" or "month": the step from this one.
    private static let weekSteps: WordTable<Int> = ["next": 1, "this": 0, "last": -1]

    /// The words before "the 20th" that make it a day of the month.
    private static let dayOfMonthLeads: WordSet = ["on", "by", "until", "till", "since", "before", "after", "for"]

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
              !(words.key(at: index + 1) == ":" ) else { return nil }
        // "june 13 at" yes; "june 13:30" no (the tokenizer keeps 13:30 whole, so this is a plain 13).
        return (value, index + 1)
    }

    /// A year of four digits after an optional comma: ", 2038", "2038".
    private static func year(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        var index = index
        if words.key(at: index) == "," { index += 1 }
        guard let value = fourDigits(words.word(at: index)), value >= 1000 else { return nil }
        return (value, index + 1)
    }

    /// "2/15", "2/7/2021", "2/7/21" (month/day[/year]), "2026-11-22" (ISO 8601).
    private static func numericDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        // "12.15.2016", "12.15.16": month, day and year between points, one word.
        if let word = words.word(at: start), EntityWords.startsWithDigit(word), word.utf8.filter({ $0 == 0x2E }).count == 2 {
            let parts = word.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 2 || parts[2].count == 4,
                  var month = Int(parts[0]), var day = Int(parts[1]), let written = Int(parts[2]) else { return nil }
            if month > 12 && day <= 12 { (month, day) = (day, month) }
            let year = parts[2].count == 4 ? written : twoDigitYear(written, reference: context.year)
            return date(year: year, month: month, day: day, today: context.today).map { ($0, start + 1) }
        }
        guard words.isDigits(at: start), let first = words.word(at: start) else { return nil }
        // ISO: year-month-day, written together.
        if first.count == 4, words.key(at: start + 1) == "-", words.isAttached(start + 1), words.isAttached(start + 2),
           let month = words.word(at: start + 2).flatMap({ Int($0) }), words.key(at: start + 3) == "-", words.isAttached(start + 3),
           words.isAttached(start + 4), let day = words.word(at: start + 4).flatMap({ Int($0) }), let year = Int(first),
           CivilDate.isValid(year: year, month: month, day: day) {
            return (CivilDate.days(year: year, month: month, day: day), start + 5)
        }
        guard first.count <= 2, var month = Int(first), words.key(at: start + 1) == "/", words.isAttached(start + 1), words.isAttached(start + 2),
              let dayWord = words.word(at: start + 2), dayWord.count <= 2, var day = Int(dayWord) else { return nil }
        // "31/08": day first when the first number cannot be a month.
        if month > 12 && day <= 12 { (month, day) = (day, month) }
        var end = start + 3
        var year: Int?
        if words.key(at: end) == "/", words.isAttached(end), words.isAttached(end + 1), let yearWord = words.word(at: end + 1),
           yearWord.count == 2 || yearWord.count == 4, let written = Int(yearWord) {
            year = yearWord.count == 2 ? twoDigitYear(written, reference: context.year) : written
            end += 2
        }
        guard let value = date(year: year, month: month, day: day, today: context.today) else { return nil }
        return (value, end)
    }

    /// A two-digit year as the one within 79 years before and 20 after the reference year.
    static func twoDigitYear(_ written: Int, reference: Int) -> Int {
        let century = reference / 100 * 100
        return century + written > reference + 20 ? century - 100 + written : century + written
    }

    // MARK: Times

    /// A time of day as said: hour (0-23, or 1-12 with `twelveHour`), minute, second, am/pm if
    /// said, the zone's offset east of UTC if said, the grain, and the index after it.
    struct Clock {
        var hour: Int, minute: Int, second: Int?
        var afternoon: Bool?
        var twelveHour: Bool
        var zoneShift: Int?
        var grain: DateTimeGrain
        var end: Int

        /// Whether more than a bare hour was said: am or pm, minutes, a zone.
        var isSaid: Bool { afternoon != nil || grain != .hour || zoneShift != nil }
    }

    /// Time zones by abbreviation, in seconds east of UTC.
    private static let zones: WordTable<Int> = [
        "utc": 0, "gmt": 0, "z": 0, "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600, "mst": -7 * 3600,
        "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600, "akst": -9 * 3600, "hst": -10 * 3600, "bst": 3600, "cet": 3600,
        "cest": 7200, "eet": 7200, "eest": 3 * 3600, "ist": 19_800, "jst": 9 * 3600, "kst": 9 * 3600, "aest": 10 * 3600, "aedt": 11 * 3600,
    ]

    private static let minuteWords: WordTable<Int> = ["quarter": 15, "half": 30]

    /// A time of day: hour (0-23, or 1-12 with `twelveHour`), minute, second, am/pm if said, the
    /// zone's offset if said. A bare number is a time only with `allowBare` (after "at" or with a day).
    ///
    /// The forms are tried in turn; each of the helpers answers `nil` when its form is not what
    /// starts at `start`, and `.some(nil)` when it is but reads no time (the others are not tried).
    private static func time(_ words: EntityWords, from start: Int, allowBare: Bool, minutesBefore: Bool = true) -> Clock? {
        guard let word = words.word(at: start) else { return nil }
        let key = words.key(at: start)
        if let named = namedTime(words, key: key, at: start) { return named }
        if minutesBefore, let said = minutesPastOrTo(words, key: key, from: start) { return said }
        if let written = writtenTime(words, word: word, key: key, from: start, allowBare: allowBare) { return written }
        return hourAndMinutes(words, from: start, allowBare: allowBare)
    }

    /// "noon", "midday", "mid-day", "midnight".
    @inline(__always)
    private static func namedTime(_ words: EntityWords, key: WordKey, at start: Int) -> Clock? {
        switch key {
        case "noon", "midday":
            return Clock(hour: 12, minute: 0, second: nil, afternoon: nil, twelveHour: false, zoneShift: zone(words, at: start + 1)?.offset, grain: .hour, end: zone(words, at: start + 1)?.end ?? start + 1)
        case "midnight":
            return Clock(hour: 0, minute: 0, second: nil, afternoon: false, twelveHour: false, zoneShift: nil, grain: .hour, end: start + 1)
        case "mid" where words.key(at: start + 1) == "-" && words.key(at: start + 2) == "day":
            return Clock(hour: 12, minute: 0, second: nil, afternoon: nil, twelveHour: false, zoneShift: nil, grain: .hour, end: start + 3)
        default: return nil
        }
    }

    /// "half past seven", "quarter to eight", "ten past five", "20 to 6".
    @inline(__always)
    private static func minutesPastOrTo(_ words: EntityWords, key: WordKey, from start: Int) -> Clock?? {
        let aQuarter = key == "a" && words.key(at: start + 1) == "quarter" ? (15, start + 2) : nil
        guard let minutes = aQuarter ?? minuteWords[key].map({ ($0, start + 1) }) ?? NumberGrammar.cardinal(words, from: start).flatMap({
            $0.value >= 1 && $0.value < 60 && $0.value == $0.value.rounded() ? (Int($0.value), $0.end) : nil
        }) else { return nil }
        var at = minutes.1
        let unitSaid = words.key(at: at) == "minutes" || words.key(at: at) == "minute"
        if unitSaid { at += 1 }
        // "20 to 6", "10 past 5": minutes in fives unless "minutes" is said ("3 to 5" is no time).
        // "a quarter to noon", "ten past midnight": the half of the day is said.
        let named: Bool? = words.key(at: at + 1) == "noon" ? true : words.key(at: at + 1) == "midnight" ? false : nil
        let relation = words.key(at: at)
        guard relation == "past" || relation == "to" || relation == "after" || relation == "before",
              unitSaid || minutes.0 % 5 == 0, let target = named != nil ? (value: 12, end: at + 2) : hourNumber(words, at: at + 1) else { return nil }
        let past = relation == "past" || relation == "after"
        var h = target.value % 12, m = minutes.0
        if !past { h = (h + 11) % 12; m = 60 - m }
        guard target.value <= 12 else { return .some(nil) }
        let suffix = named == nil ? meridiem(words, at: target.end) : nil
        let afternoon = named.map { past ? $0 : !$0 } ?? suffix?.afternoon
        return Clock(hour: h == 0 ? 12 : h, minute: m, second: nil, afternoon: afternoon, twelveHour: true, zoneShift: nil, grain: .minute, end: suffix?.end ?? target.end)
    }

    /// Times written as one word or two: "7:30", "19:00", "9:01:10", "8h00", "at 0800",
    /// "330 pm", and "half three" (half past, as said in Britain).
    @inline(__always)
    private static func writtenTime(_ words: EntityWords, word: String, key: WordKey, from start: Int, allowBare: Bool) -> Clock?? {
        if !words.startsWithLetter(at: start), word.utf8.contains(0x3A) {  // ":"
            let parts = word.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0 != nil }), let h = parts[0], let m = parts[1],
                  (0...24).contains(h), (0...59).contains(m), word.split(separator: ":")[1].count == 2 else { return .some(nil) }
            var second: Int?
            if parts.count == 3 {
                guard let s = parts[2], (0...59).contains(s) else { return .some(nil) }
                second = s
            }
            let twelveHour = h >= 1 && h <= 12 && !word.hasPrefix("0")
            return finish(hour: h, minute: m, second: second, twelveHour: twelveHour, grain: second == nil ? .minute : .second, words, at: start + 1)
        }
        // "8h00", "at 8h30", "8h30 CET": a time; "1h30" alone is a duration.
        if let h = words.isDigits(at: start) ? Int(word) : nil, word.count <= 2, words.key(at: start + 1) == "h", words.isAttached(start + 1),
           let m = words.word(at: start + 2).flatMap({ $0.count == 2 ? Int($0) : nil }), words.isAttached(start + 2), h <= 24, m < 60,
           m == 0 || allowBare || zone(words, at: start + 3) != nil {
            return finish(hour: h, minute: m, second: nil, twelveHour: false, grain: .minute, words, at: start + 3)
        }
        // "at 0800", "at 1530": four digits on a 24-hour clock, after "at" only ("1530" alone is a number).
        if word.utf8.count == 4, words.key(at: start - 1) == "at", words.isDigits(at: start), let digits = Int(word), digits / 100 <= 23, digits % 100 <= 59 {
            return finish(hour: digits / 100, minute: digits % 100, second: nil, twelveHour: false, grain: .minute, words, at: start + 1)
        }
        // "330 pm", "1030 a.m.": hours and minutes in one number, with am or pm.
        if words.isDigits(at: start), word.utf8.count == 3 || word.utf8.count == 4, let digits = Int(word), (1...12).contains(digits / 100),
           digits % 100 < 60, meridiem(words, at: start + 1) != nil {
            return finish(hour: digits / 100, minute: digits % 100, second: nil, twelveHour: true, grain: .minute, words, at: start + 1)
        }
        if key == "half", let target = hourNumber(words, at: start + 1), (1...12).contains(target.value),
           meridiem(words, at: target.end) != nil || bareHourEnds(words, at: target.end) {
            return finish(hour: target.value, minute: 30, second: nil, twelveHour: true, grain: .minute, words, at: target.end)
        }
        return nil
    }

    /// A number of hours, spelled or in digits, then minutes: "7", "seven thirty", "7 30",
    /// "seven oh five", "7 o'clock".
    @inline(__always)
    private static func hourAndMinutes(_ words: EntityWords, from start: Int, allowBare: Bool) -> Clock? {
        guard let number = hourNumber(words, at: start) else { return nil }
        let hour = number.value
        var index = number.end, minute = 0, explicit = false, minutesSaid = false
        // "at thirteen thirty": a 24-hour hour takes its minutes after "at" only.
        if hour <= 12 || allowBare, let minutes = spelledMinutes(words, at: index) {
            minute = minutes.value
            index = minutes.end
            minutesSaid = true
        }
        if words.key(at: index) == "o'clock" || words.key(at: index) == "oclock" {
            index += 1
            explicit = true
        } else if words.key(at: index) == "o", words.key(at: index + 1) == "clock" {
            index += 2
            explicit = true
        }
        let suffix = meridiem(words, at: index)
        // "seven thirty" alone could be a number ("one twenty two" is 122): a time with am/pm,
        // o'clock, a part of the day ("8 in the morning", "7 this evening"), "at" or a day only.
        // "9 tomorrow evening", "7 friday night": an hour in digits before a day and a part of it
        // (not "one sunday morning", a title as often as a time).
        let dayAndPartFollow = words.isDigits(at: start) && (["today", "tomorrow", "tmrw", "yesterday"].contains(words.word(at: index) ?? "")
            || weekdays[words.key(at: index)] != nil) && partOfDay(words, from: index + 1) != nil
        guard hour <= 24, suffix != nil || explicit || allowBare || partOfDayFollows(words, at: index) || dayAndPartFollow else { return nil }
        if suffix != nil && (hour == 0 || hour > 12) { return nil }
        return finish(hour: hour, minute: minute, second: nil, twelveHour: hour >= 1 && hour <= 12, grain: minutesSaid ? .minute : .hour, words, at: index)
    }

    /// Whether a part of the day follows at `index`, alone or after "in the", "this" or "at", or "tonight".
    private static func partOfDayFollows(_ words: EntityWords, at index: Int) -> Bool {
        var at = index
        switch words.key(at: index) {
        case "in" where words.key(at: index + 1) == "the": at += 2
        case "this", "at": at += 1
        case "tonight": return true
        default: break
        }
        return partOfDay(words, from: at) != nil
    }

    /// A time's am/pm and zone after its digits.
    private static func finish(hour: Int, minute: Int, second: Int?, twelveHour: Bool, grain: DateTimeGrain, _ words: EntityWords, at index: Int) -> Clock? {
        var end = index
        var afternoon: Bool?
        if let suffix = meridiem(words, at: end) {
            guard hour >= 1 && hour <= 12 else { return nil }
            afternoon = suffix.afternoon
            end = suffix.end
        }
        let zone = zone(words, at: end)
        return Clock(hour: hour == 24 ? 0 : hour, minute: minute, second: second, afternoon: afternoon, twelveHour: twelveHour && afternoon == nil, zoneShift: zone?.offset, grain: grain, end: zone?.end ?? end)
    }

    /// "am", "pm", "a.m.", "p.m", "a m", "in the am"; "a" or "p" against the minutes ("3:15p")
    /// or against an hour after "from", "to", "at" ("from 9a to 11a").
    private static func meridiem(_ words: EntityWords, at index: Int) -> (afternoon: Bool, end: Int)? {
        let word = words.key(at: index)
        if word == "am" || word == "pm" { return (word == "pm", index + 1) }
        if word == "in", words.key(at: index + 1) == "the", ["am", "pm", "a", "p"].contains(words.key(at: index + 2)) {
            return meridiem(words, at: index + 2)
        }
        guard word == "a" || word == "p" else { return nil }
        var at = index + 1
        if words.key(at: at) != "." && words.key(at: at) != "m", words.isAttached(index), let before = words.word(at: index - 1),
           EntityWords.endsWithDigit(before), !words.isAttached(at) || !words.startsWithLetter(at: at),
           before.utf8.contains(0x3A) || ["from", "to", "at", "-", "till", "until"].contains(words.word(at: index - 2) ?? "") {
            return (word == "p", at)
        }
        if words.key(at: at) == "." { at += 1 }
        guard words.key(at: at) == "m", at > index + 1 || words.isAttached(at) || words.word(at: index - 1).map(EntityWords.endsWithDigit) == true else { return nil }
        at += 1
        if words.key(at: at) == ".", words.isAttached(at) { at += 1 }
        return (word == "p", at)
    }

    private static func zone(_ words: EntityWords, at index: Int) -> (offset: Int, end: Int)? {
        guard let offset = zones[words.key(at: index)] else { return nil }
        return (offset, index + 1)
    }

    /// Hours in words, one word each: "seven thirty" is an hour and its minutes, not 730.
    private static let hourWords: WordTable<Int> = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20,
    ]

    /// An hour, 0-24: digits alone or a number word.
    private static func hourNumber(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        if words.isDigits(at: index), word.utf8.count <= 2, let value = Int(word), value <= 24 { return (value, index + 1) }
        guard let value = hourWords[words.key(at: index)] else { return nil }
        return (value, index + 1)
    }

    /// Minutes said after an hour: "thirty", "thirty five", "oh five", "05", "45".
    private static func spelledMinutes(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        guard let word = words.word(at: index) else { return nil }
        if words.key(at: index) == "oh" || words.key(at: index) == "o", let digit = hourWords[words.key(at: index + 1)], digit >= 1, digit <= 9 {
            return (digit, index + 2)
        }
        if words.isDigits(at: index) {
            guard word.count == 2, let value = Int(word), value < 60 else { return nil }
            return (value, index + 1)
        }
        guard let number = NumberGrammar.cardinal(words, from: index), number.value >= 10, number.value < 60, number.value == number.value.rounded() else { return nil }
        return (Int(number.value), number.end)
    }

    /// "morning", "this evening", "in the afternoon", "at night", "lunch": whether it is after
    /// noon, and its hours ("tonight" is read as a day).
    private static func partOfDay(_ words: EntityWords, from start: Int) -> (afternoon: Bool, from: Int, to: Int, end: Int)? {
        switch words.key(at: start) {
        case "morning": return (false, 4, 12, start + 1)
        case "afternoon", "afternon": return (true, 12, 19, start + 1)
        case "evening", "night": return (true, 18, 24, start + 1)
        case "lunch", "lunchtime": return (true, 12, 14, start + 1)
        default: return nil
        }
    }

    // MARK: Intervals

    /// Words that close an open interval before a moment ("before 5pm", "until friday",
    /// "through 2pm") or open one after it ("after 2pm", "since monday"): `true` for after.
    static let openers: WordTable<Bool> = WordTable(
        ["before", "until", "till", "til", "untill", "through", "thru", "after", "since"].map { ($0, $0 == "after" || $0 == "since") })
    /// The words of a stretch that an open interval closes at the end of: "by the end of the month".
    private static let endWords: WordSet = ["end", "eod", "eow", "eom", "eoy"]

    /// Words after which a bare hour is a time: "until 6", "before 10", "by 5".
    private static let bareHourLeads: WordSet = ["until", "till", "til", "untill", "before", "by"]

    /// Whether a bare hour read after one of ``bareHourLeads`` ends there: at the end of the
    /// text, before a mark that ends a phrase, or before a word of a date ("until 6 tomorrow"),
    /// and not before other words ("until 6 people") or a decimal point ("by 2.5").
    private static func bareHourEnds(_ words: EntityWords, at index: Int) -> Bool {
        guard index < words.count else { return true }
        let key = words.key(at: index)
        if words.startsWithLetter(at: index) { return ownFirstWords.contains(key) || key == "and" || key == "or" }
        switch key {
        case ",", ";", "!", "?", ")": return true
        case ".": return !words.isAttached(index + 1)
        default: return false
        }
    }

    /// Words between an interval's two ends.
    private static let connectors: WordSet = ["-", "–", "to", "till", "til", "until", "untill", "thru", "through"]

    /// "before 5pm", "until friday", "after 2pm", "since monday", "from tomorrow": an interval
    /// open at one end, bounded by the moment said; "by 2pm" runs from now until then (after an interval said, by its end: "after
    /// this weekend").
    private static func openInterval(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        let word = words.key(at: start)
        guard let after = word == "from" || word == "by" ? true : openers[word] else { return nil }
        // "close by at four": "by" then a joiner is a place, not a deadline.
        if word == "by" {
            switch words.key(at: start + 1) {
            case "at", "on", "in": return nil
            default: break
            }
        }
        // "after lunch": 13:00 to 17:00, as Duckling has it (tomorrow's once it has passed).
        if word == "after", words.key(at: start + 1) == "lunch" || words.key(at: start + 1) == "lunchtime" {
            let day = context.now >= context.today * 86_400 + 17 * 3600 ? context.today + 1 : context.today
            return (.interval(day * 86_400 + 13 * 3600, day * 86_400 + 17 * 3600, .hour), start + 2)
        }
        guard let bound = moment(words, from: start + 1, context: context) else { return nil }
        let value = bound.value
        // "songs from the 80s", "a film from the year 1954": where it comes from, not since when.
        if word == "from" && value.grain >= .year { return nil }
        // "by the end of the month", "until EOD": until the stretch ends.
        let closesAtEnd = value.isInterval && endWords.contains(words.key(at: words.key(at: start + 1) == "the" ? start + 2 : start + 1))
        // "by 2pm", "by friday": from now until then.
        if word == "by" {
            guard let end = closesAtEnd ? value.end : value.start, end > context.now else { return nil }
            return (.interval(context.now, end, .second), bound.end)
        }
        // "after this weekend" starts at its end; "from the 80s", "since this morning" at its start.
        if after { return (.interval(value.isInterval && word == "after" ? value.end : value.start, nil, value.grain), bound.end) }
        guard let end = closesAtEnd ? value.end : value.start else { return nil }
        return (.interval(nil, end, value.grain), bound.end)
    }

    /// The index after a connector at `index` ("-", "to", "until", "through"; "and" after "between").
    private static func connector(_ words: EntityWords, at index: Int, between: Bool) -> Int? {
        let word = words.key(at: index)
        if between ? word == "and" || word == "-" : connectors.contains(word) { return index + 1 }
        return nil
    }

    /// An interval between two times or two days: "from 3 to 5pm", "3-4pm", "between 9:30 and
    /// 11:00 on thursday", "thursday from 9:30 to 11:00", "july 13-15", "from 13 to 15 july",
    /// "aug 8 - aug 12", "monday to friday". The end is exclusive: the end said, plus its grain.
    private static func interval(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        // A day first: "thursday from 9:30 to 11:00", "tomorrow 1pm-2pm".
        if let day = dayPart(words, from: start, context: context), day.part == nil, !day.isNow, day.grain == .day {
            let after = words.key(at: day.end) == "," ? day.end + 1 : day.end
            if let times = timeRange(words, from: after, context: context, day: day.day, needsContext: false) { return times }
        }
        let times = timeRange(words, from: start, context: context, day: nil, needsContext: true)
        guard let dates = dateRange(words, from: start, context: context) else { return times }
        return dates.end > (times?.end ?? start) ? dates : times
    }

    /// "[from|between] T1 - T2 [on D]" with a day `day` already read, or one after.
    private static func timeRange(_ words: EntityWords, from start: Int, context: Context, day: Int?, needsContext: Bool) -> (value: Value, end: Int)? {
        var index = start
        let opener = words.key(at: index)
        let between = opener == "between"
        if opener == "from" || between { index += 1 }
        guard let first = time(words, from: index, allowBare: true, minutesBefore: false),
              let afterConnector = connector(words, at: first.end, between: between),
              let second = time(words, from: afterConnector, allowBare: true) else { return nil }
        // Two bare numbers ("3 to 5") are a time range only after "from", "between" or a day, and
        // "ten to five" is a time, not a range.
        let bare = !first.isSaid && !second.isSaid
        if bare && (needsContext && index == start) { return nil }
        if index == start, !first.isSaid, words.key(at: first.end) == "to" { return nil }
        var end = second.end
        // A day after: "9:30 - 11:00 on thursday".
        var day = day
        if day == nil {
            var at = end
            if words.key(at: at) == "on" || words.key(at: at) == "," { at += 1 }
            if let after = dayPart(words, from: at, context: context), after.part == nil, !after.isNow, after.grain == .day {
                day = after.day
                end = after.end
            }
        }
        if bare && needsContext && day == nil && index == start { return nil }
        // am or pm said once holds for both ("3-4pm"), unless it would put the start after the end ("11-1pm").
        var firstAfternoon = first.afternoon
        if firstAfternoon == nil, let pm = second.afternoon, first.twelveHour {
            let sameHalf = (first.hour % 12 + (pm ? 12 : 0)) * 60 + first.minute
            firstAfternoon = sameHalf <= (second.hour % 12 + (pm ? 12 : 0)) * 60 + second.minute ? pm : !pm
        }
        var reading = Reading()
        reading.day = day
        reading.hour = first.hour
        reading.minute = first.minute
        reading.second = first.second
        reading.timeGrain = first.grain
        reading.afternoon = firstAfternoon
        reading.ambiguousHour = firstAfternoon == nil && first.twelveHour
        reading.zoneShift = (first.zoneShift ?? second.zoneShift).map { $0 - context.offset } ?? 0
        guard let from = reading.resolve(context)?.start else { return nil }
        // The end: the first of its readings at or after the start.
        let offset = second.minute * 60 + (second.second ?? 0) - reading.zoneShift
        var hours = [second.hour]
        if let pm = second.afternoon { hours = [second.hour % 12 + (pm ? 12 : 0)] } else if second.twelveHour { hours = [second.hour % 12, second.hour % 12 + 12] }
        let startDay = CivilDate.split(from + reading.zoneShift).day
        guard let to = ([startDay, startDay + 1].lazy.flatMap { day in hours.map { day * 86_400 + $0 * 3600 + offset } }.first { $0 > from }) else { return nil }
        let grain = min(first.grain, second.grain)
        return (.interval(from, to + seconds(of: second.grain), grain), end)
    }

    /// "[from|between] D1 - D2": "monday to friday", "aug 8 - aug 12", "july 13-15", "from 13 to 15 july".
    private static func dateRange(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var index = start
        let opener = words.key(at: index)
        let between = opener == "between"
        if opener == "from" || between { index += 1 }
        // "13 to 15 july", "13th - 15th of july": the month said once, after both days.
        if let firstDay = dayOfMonth(words, at: index, ordinalOnly: false), let afterConnector = connector(words, at: firstDay.end, between: between),
           let last = calendarDate(words, from: afterConnector, context: context), last.grain == .day {
            let (year, month, _) = CivilDate.date(last.day)
            guard CivilDate.isValid(year: year, month: month, day: firstDay.value) else { return nil }
            let first = CivilDate.days(year: year, month: month, day: firstDay.value)
            guard first <= last.day else { return nil }
            return (.interval(first * 86_400, (last.day + 1) * 86_400, .day), last.end)
        }
        guard let first = dayPart(words, from: index, context: context), first.part == nil, !first.isNow,
              let afterConnector = connector(words, at: first.end, between: between) else { return nil }
        // "july 13-15": the second day of the first one's month.
        if first.grain == .day, let day = dayOfMonth(words, at: afterConnector, ordinalOnly: false),
           calendarDate(words, from: afterConnector, context: context) == nil {
            let (year, month, dayOfMonth) = CivilDate.date(first.day)
            guard day.value > dayOfMonth, CivilDate.isValid(year: year, month: month, day: day.value) else { return nil }
            return (.interval(first.day * 86_400, (CivilDate.days(year: year, month: month, day: day.value) + 1) * 86_400, .day), day.end)
        }
        guard let last = dayPart(words, from: afterConnector, context: context), last.part == nil, !last.isNow else { return nil }
        var firstDay = first.day
        let firstYearSaid = (index..<first.end).contains { words.isDigits(at: $0) && words[$0].utf8.count == 4 }
        if first.grain == .day, last.grain == .day, !firstYearSaid, (afterConnector..<last.end).contains(where: { words.isDigits(at: $0) && words[$0].utf8.count == 4 }) {
            let (month, day) = { let date = CivilDate.date(first.day); return (date.month, date.day) }()
            let year = CivilDate.date(last.day).year
            if CivilDate.isValid(year: year, month: month, day: day) { firstDay = CivilDate.days(year: year, month: month, day: day) }
        }
        var lastDay = last.day
        // "friday to monday": the Monday after.
        if lastDay < firstDay && lastDay > firstDay - 7 { lastDay += 7 }
        guard lastDay >= firstDay else { return nil }
        let end = last.grain == .day ? (lastDay + 1) * 86_400 : adding(1, last.grain, to: lastDay * 86_400)
        return (.interval(firstDay * 86_400, end, min(first.grain, last.grain)), last.end)
    }

    /// An interval said as one thing: "this weekend", "next weekend", "last weekend", "the next
    /// 3 days", "the past 2 weeks", "next few hours".
    private static func span(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        if let period = namedPeriod(words, from: start, context: context) { return period }
        // "labor day weekend": the weekend a holiday makes long, from Friday 18:00 (Thursday's
        // before a Friday) to the day after it (Monday 00:00 after a weekend one).
        if let holiday = Holiday.read(words, from: start, today: context.today), let end = weekendWord(words, at: holiday.end) {
            let first: Int, last: Int
            switch CivilDate.weekday(holiday.day) {
            case 2: (first, last) = (holiday.day - 3, holiday.day)  // Monday
            case 6: (first, last) = (holiday.day - 1, holiday.day + 2)  // Friday
            case 7: (first, last) = (holiday.day - 1, holiday.day + 1)  // Saturday
            case 1: (first, last) = (holiday.day - 2, holiday.day)  // Sunday
            default: return nil
            }
            return (.interval(first * 86_400 + 18 * 3600, (last + 1) * 86_400, .hour), end)
        }
        if let stretch = periodStretch(words, from: start, context: context) { return stretch }
        if let ordinal = ordinalWeekday(words, from: start, context: context), case .weekend = ordinal.counted {
            let friday = ordinal.day - 1
            return (.interval(friday * 86_400 + 18 * 3600, (friday + 3) * 86_400, .hour), ordinal.end)
        }
        var index = start
        if words.key(at: index) == "the" { index += 1 }
        var modifier: WordKey? = words.key(at: index)
        switch modifier {
        case "this", "next", "last", "past", "coming", "previous":
            index += 1
            if modifier == "this", words.key(at: index) == "past" { modifier = "past"; index += 1 }
        default:
            modifier = nil
        }
        // A weekend: Friday 18:00 to Monday 00:00, this one while it lasts.
        if var weekendEnd = weekendWord(words, at: index) {
            guard modifier != nil || words.key(at: start) == "the" || words.key(at: start - 1) == "this" else { return nil }
            var friday = monday(of: context.today) + 4
            switch modifier {
            case "next", "coming": friday += 7
            case "last", "past", "previous": friday -= 7
            default:
                // "the weekend after next": the one after next weekend.
                if words.key(at: weekendEnd) == "after", words.key(at: weekendEnd + 1) == "next" {
                    friday += 14
                    weekendEnd += 2
                }
            }
            return (.interval(friday * 86_400 + 18 * 3600, (friday + 3) * 86_400, .hour), weekendEnd)
        }
        // "the next 3 days": from the next whole unit; "the last 2 weeks": up to this one.
        guard let modifier, modifier != "this" else { return nil }
        let count: Int, unitIndex: Int
        if words.key(at: index) == "few" || words.key(at: index) == "couple" {
            count = words.key(at: index) == "few" ? 3 : 2
            unitIndex = words.key(at: index + 1) == "of" ? index + 2 : index + 1
        } else if let number = NumberGrammar.cardinal(words, from: index), number.value >= 1, number.value <= 1000, number.value == number.value.rounded() {
            count = Int(number.value)
            unitIndex = number.end
        } else {
            return nil
        }
        guard let unit = spanUnits[words.key(at: unitIndex)] else { return nil }
        let current = truncated(context.now, to: unit)
        if modifier == "next" || modifier == "coming" {
            let first = adding(1, unit, to: current)
            return (.interval(first, adding(count, unit, to: first), unit), unitIndex + 1)
        }
        return (.interval(adding(-count, unit, to: current), current, unit), unitIndex + 1)
    }

    /// The index after "weekend", "week end" or "week-end" at `index`.
    private static func weekendWord(_ words: EntityWords, at index: Int) -> Int? {
        if words.key(at: index) == "weekend" { return index + 1 }
        guard words.key(at: index) == "week" else { return nil }
        if words.key(at: index + 1) == "end" { return index + 2 }
        if words.key(at: index + 1) == "-", words.key(at: index + 2) == "end" { return index + 3 }
        return nil
    }

    /// A year, a decade or a season said by name: "in 1954", "the year 2000", "since 1990"
    /// (a bare "1954" stays a number), "the 80s", "the 1990s", "2020s", "this summer", "next
    /// winter", "last fall", "spring 2027".
    private static func namedPeriod(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        let firstKey = words.key(at: start)
        func startOf(_ year: Int) -> Int { CivilDate.days(year: year, month: 1, day: 1) * 86_400 }
        // "the year 2000", "in 1954"
        if firstKey == "the", words.key(at: start + 1) == "year", let year = fourDigits(words.word(at: start + 2)), (1000...2999).contains(year) {
            return (.instant(startOf(year), .year), start + 3)
        }
        if let year = fourDigits(first), (1900...2100).contains(year), !(words.key(at: start + 1) == "s" && words.isAttached(start + 1)),
           yearLeads.contains(words.key(at: start - 1)) {
            return (.instant(startOf(year), .year), start + 1)
        }
        // Decades: "1990s", "2020s", "the 80s", "the '80s"
        var index = start
        let hasThe = firstKey == "the"
        if hasThe { index += 1 }
        if hasThe, words.key(at: index) == "'" { index += 1 }
        if let digits = words.word(at: index), EntityWords.isDigits(digits), digits.hasSuffix("0"), words.key(at: index + 1) == "s", words.isAttached(index + 1),
           let value = Int(digits) {
            let year: Int? = digits.utf8.count == 4 && (1000...2990).contains(value) ? value : hasThe && digits.utf8.count == 2 ? (value >= 20 ? 1900 : 2000) + value : nil
            if let year {
                return (.interval(startOf(year), startOf(year + 10), .year), index + 2)
            }
        }
        // Seasons: with "this", "next", "last" or "in"/"during" before, or a year after.
        index = start
        var modifier: WordKey? = firstKey
        switch firstKey {
        case "this", "current", "next", "last", "coming", "past": index += 1
        default: modifier = nil
        }
        guard let season = seasons[words.key(at: index)] else { return nil }
        let today = context.today, thisYear = CivilDate.date(today).year
        // The season of `year` as days: from its first day to the next season's.
        func days(_ year: Int) -> (first: Int, end: Int) {
            let (first, next) = seasonDays[season]
            return (CivilDate.days(year: year, month: first.month, day: first.day),
                    CivilDate.days(year: next.month < first.month ? year + 1 : year, month: next.month, day: next.day))
        }
        let chosen: (first: Int, end: Int), end: Int
        if let year = fourDigits(words.word(at: index + 1)), modifier == nil {
            chosen = days(year)
            end = index + 2
        } else {
            guard modifier != nil || words.key(at: start - 1) == "in" || words.key(at: start - 1) == "during" else { return nil }
            // "this summer": the one under way or the next; "next summer": the next to start (the
            // one after this one while it lasts); "last summer": the last one ended.
            let current = (thisYear - 1...thisYear + 1).map(days).first { $0.end > today }!
            switch modifier {
            case "next", "coming": chosen = current.first <= today ? days(CivilDate.date(current.first).year + 1) : current
            case "last", "past": chosen = days(CivilDate.date(current.first).year - 1)
            default: chosen = current
            }
            end = index + 1
        }
        return (.interval(chosen.first * 86_400, chosen.end * 86_400, .day), end)
    }

    /// The words before a bare year that make it one: "in 1954", "since 1990", "before 2030".
    private static let yearLeads: WordSet = ["in", "since", "before", "after", "until", "till", "by"]

    /// The first day of each season and the day after its last (northern, astronomical, as
    /// Duckling has them: summer ends on 23 September, fall starts on it), in the order of the year.
    static let seasonDays: [(first: (month: Int, day: Int), end: (month: Int, day: Int))] = [
        ((3, 20), (6, 21)), ((6, 21), (9, 24)), ((9, 23), (12, 21)), ((12, 21), (3, 21)),
    ]
    /// Each season's name → its index in ``seasonStarts``.
    private static let seasons: WordTable<Int> = ["spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3]

    /// The value of a word of four digits.
    private static func fourDigits(_ word: String?) -> Int? {
        guard let word, word.utf8.count == 4, EntityWords.isDigits(word) else { return nil }
        return Int(word)
    }

    private static let spanUnits: WordTable<DateTimeGrain> = [
        "seconds": .second, "second": .second, "minutes": .minute, "minute": .minute, "mins": .minute, "hours": .hour, "hour": .hour,
        "days": .day, "day": .day, "weeks": .week, "week": .week, "months": .month, "month": .month, "years": .year, "year": .year,
        "secs": .second, "sec": .second, "min": .minute, "hrs": .hour, "hr": .hour, "wks": .week, "wk": .week, "yrs": .year, "yr": .year,
    ]

    // MARK: Stretches of a period

    /// The first, middle or last stretch of a period.
    enum Stretch {
        case beginning, middle, end
    }

    /// "the beginning of", "the middle of", "the end of".
    private static let stretchNouns: WordTable<Stretch> = ["beginning": .beginning, "start": .beginning, "middle": .middle, "end": .end]
    /// "early june", "mid-june", "late june".
    private static let stretchAdjectives: WordTable<Stretch> = ["early": .beginning, "mid": .middle, "late": .end]
    /// "EOD" (the end of today), "EOW", "EOM", "EOY".
    private static let endAbbreviations: WordTable<DateTimeGrain> = ["eod": .day, "eow": .week, "eom": .month, "eoy": .year]

    /// "the end of the month", "the beginning of next week", "the middle of march", "end of
    /// day", "EOD", "early june", "mid-2027", "late next year": a stretch of a day, week,
    /// month, quarter or year (see ``stretch(_:of:_:)``).
    private static func periodStretch(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var index = start
        if words.key(at: index) == "the" { index += 1 }
        let key = words.key(at: index)
        if let grain = endAbbreviations[key] {
            return (stretch(.end, of: truncated(context.now, to: grain), grain), index + 1)
        }
        let part: Stretch, unitsAlone: Bool
        if let noun = stretchNouns[key], words.key(at: index + 1) == "of" {
            (part, unitsAlone) = (noun, true)
            index += 2
        } else if let adjective = stretchAdjectives[key], index == start {
            // "mid day" is noon, not a stretch: a unit alone follows only "of".
            (part, unitsAlone) = (adjective, false)
            index += 1
            if words.key(at: index) == "-", words.isAttached(index) { index += 1 }
        } else {
            return nil
        }
        var periodStart = index
        if unitsAlone, words.key(at: periodStart) == "the" { periodStart += 1 }
        // "the month", "day": the one under way.
        if unitsAlone, let unit = words.key(at: periodStart) == "day" ? .day : calendarUnits[words.key(at: periodStart)] {
            return (stretch(part, of: truncated(context.now, to: unit), unit), periodStart + 1)
        }
        if let year = fourDigits(words.word(at: index)), (1000...2999).contains(year) {
            return (stretch(part, of: CivilDate.days(year: year, month: 1, day: 1) * 86_400, .year), index + 1)
        }
        guard let period = dayPart(words, from: index, context: context), period.part == nil, !period.isNow else { return nil }
        return (stretch(part, of: period.day * 86_400, period.grain), period.end)
    }

    /// The `part` of the period of `grain` that starts at `first` (seconds from day 0), in
    /// thirds: a day's morning (4-12), afternoon (12-17) or evening (17-24); a week's Monday and
    /// Tuesday, Wednesday and Thursday, or Friday to Sunday; a month's days 1-10, 11-20 or 21
    /// to its end; a quarter's first, second or third month; a year's January to April, May to
    /// August, or September to December.
    static func stretch(_ part: Stretch, of first: Int, _ grain: DateTimeGrain) -> Value {
        let third = part == .beginning ? 0 : part == .middle ? 1 : 2
        switch grain {
        case .second, .minute, .hour, .day:
            let day = CivilDate.split(first).day * 86_400
            let hours = [4, 12, 17, 24]
            return .interval(day + hours[third] * 3600, day + hours[third + 1] * 3600, .hour)
        case .week:
            let days = [0, 2, 4, 7]
            return .interval(first + days[third] * 86_400, first + days[third + 1] * 86_400, .day)
        case .month:
            let bounds = [first, first + 10 * 86_400, first + 20 * 86_400, adding(1, .month, to: first)]
            return .interval(bounds[third], bounds[third + 1], .day)
        case .quarter:
            return .interval(adding(third, .month, to: first), adding(third + 1, .month, to: first), .month)
        case .year:
            return .interval(adding(4 * third, .month, to: first), adding(4 * third + 4, .month, to: first), .month)
        }
    }

    /// "this time tomorrow", "same time next week", "this time last year": the reference's
    /// time of day on another day, or the reference a calendar unit away, to the minute.
    private static func sameTime(_ words: EntityWords, from start: Int, context: Context) -> (moment: Int, end: Int)? {
        var index = start
        if words.key(at: index) == "the" { index += 1 }
        guard words.key(at: index) == "this" || words.key(at: index) == "same", words.key(at: index + 1) == "time" else { return nil }
        index += 2
        let now = truncated(context.now, to: .minute)
        if let step = unitSteps[words.key(at: index)], step != 0, let unit = calendarUnits[words.key(at: index + 1)] {
            return (adding(step, unit, to: now), index + 2)
        }
        guard let day = dayPart(words, from: index, context: context), day.part == nil, !day.isNow, day.grain == .day else { return nil }
        return (now + (day.day - context.today) * 86_400, day.end)
    }

    // MARK: Relative moments

    /// The grain a unit of `seconds` is counted in (a week for 604,800), from the largest that divides them.
    static func grain(ofUnit seconds: Double, dividing total: Double) -> DateTimeGrain {
        let units: [(Double, DateTimeGrain)] = [(31_536_000, .year), (2_592_000, .month), (604_800, .week), (86_400, .day), (3600, .hour), (60, .minute)]
        for (unit, grain) in units where unit <= seconds && total.truncatingRemainder(dividingBy: unit) == 0 { return grain }
        return .second
    }

    /// The grain just under `grain`: what "in 2 days" (an hour) or "in 10 minutes" (a second) is said to.
    private static func finer(_ grain: DateTimeGrain) -> DateTimeGrain {
        switch grain {
        case .year: return .month
        case .quarter, .month, .week: return .day
        case .day: return .hour
        case .hour: return .minute
        case .minute, .second: return .second
        }
    }

    /// `moment` moved by a duration of `seconds` counted in `unit` (calendar months and years).
    static func shifted(_ moment: Int, by seconds: Int, unit: DateTimeGrain, sign: Int) -> Int {
        switch unit {
        case .year: return adding(sign * seconds / 31_536_000, .year, to: moment)
        case .month: return adding(sign * seconds / 2_592_000, .month, to: moment)
        default: return moment + sign * seconds
        }
    }

    /// "in 2 days", "in a couple hours", "7 days ago", "3 hours from now", "2 weeks later", "15
    /// minutes from 1pm", "2 days after christmas", "a week before friday", "within 2 weeks"
    /// (from now until then): the moment, cut to its grain.
    private static func relative(_ words: EntityWords, from start: Int, context: Context, depth: Int) -> (value: Value, end: Int)? {
        let opener = words.key(at: start)
        let opensWithIn = opener == "in" || opener == "within"
        let from = opensWithIn ? start + 1 : start
        // Beyond ten thousand years from now is no date anyone means (and no Int holds 1e300 seconds).
        guard let duration = DurationGrammar.duration(words, from: from), duration.seconds > 0, duration.seconds < 3e11 else { return nil }
        let now = context.now
        let seconds = Int(duration.seconds.rounded())
        let unit = grain(ofUnit: duration.smallestUnit, dividing: duration.seconds)
        // From now, the moment is cut to the grain under the unit ("in 2 days" keeps the hour).
        func fromNow(_ sign: Int) -> Value {
            .instant(truncated(shifted(now, by: seconds, unit: unit, sign: sign), to: finer(unit)), finer(unit))
        }
        if opener == "within" {
            return (.interval(now, truncated(shifted(now, by: seconds, unit: unit, sign: 1), to: finer(unit)), .second), duration.end)
        }
        if opensWithIn { return (fromNow(1), duration.end) }
        let next = words.key(at: duration.end)
        switch next {
        case "ago": return (fromNow(-1), duration.end + 1)
        case "later", "hence": return (fromNow(1), duration.end + 1)
        case "from" where words.key(at: duration.end + 1) == "now":
            return (fromNow(1), duration.end + 2)
        case "from" where words.key(at: duration.end + 1) == "today":
            // "2 days from today": from now, to the day at least ("3 years from today": a month).
            let grain = max(finer(unit), .day)
            return (.instant(truncated(shifted(now, by: seconds, unit: unit, sign: 1), to: grain), grain), duration.end + 2)
        case "from", "after", "before":
            // From a moment said: its grain, or the unit's when finer ("15 minutes from 1pm").
            guard depth < 2, let anchor = moment(words, from: duration.end + 1, context: context, depth: depth + 1),
                  let base = anchor.value.start else { return nil }
            let grain = min(anchor.value.grain, unit)
            return (.instant(truncated(shifted(base, by: seconds, unit: unit, sign: next == "before" ? -1 : 1), to: grain), grain), anchor.end)
        default: return nil
        }
    }
}
