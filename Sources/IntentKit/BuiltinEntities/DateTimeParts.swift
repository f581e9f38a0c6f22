/// What the French, Spanish and German date grammars compute alike once they have read their
/// words, on the English grammar's arithmetic (``DateTimeGrammar``): moments from now, runs of
/// units, weekends, seasons, stretches of a period, a date's next occurrence and the end of a
/// time range. Moments are seconds from the start of day 0 (``CivilDate``).
enum DateTimeParts {
    /// The moment a duration of `seconds` (its smallest unit `smallestUnit`) after now (`sign`
    /// 1) or before it (-1), cut to the grain under the unit counted in, as Duckling's French,
    /// Spanish and German read "dans 2 heures", "hace tres días", "in einem Jahr": a second for
    /// seconds and minutes, a minute for hours, a day for days to months, a month for years.
    static func fromNow(seconds: Double, smallestUnit: Double, sign: Int, context: DateTimeContext) -> DateTimeValue {
        let unit = DateTimeGrammar.grain(ofUnit: smallestUnit, dividing: seconds)
        let moment = DateTimeGrammar.shifted(context.now, by: Int(seconds), unit: unit, sign: sign)
        let grain: DateTimeGrain
        switch unit {
        case .year: grain = .month
        case .quarter, .month, .week, .day: grain = .day
        case .hour: grain = .minute
        case .minute, .second: grain = .second
        }
        return .instant(DateTimeGrammar.truncated(moment, to: grain), grain)
    }

    /// The next `count` whole units after the one under way (`step` > 0: "les 3 prochains
    /// jours"), or the last `count` before it ("2 últimas semanas"); weeks are counted in days.
    static func units(_ count: Int, _ unit: DateTimeGrain, step: Int, context: DateTimeContext) -> DateTimeValue {
        let current = DateTimeGrammar.truncated(context.now, to: unit)
        let grain = unit == .week ? DateTimeGrain.day : unit
        guard step > 0 else { return .interval(DateTimeGrammar.adding(-count, unit, to: current), current, grain) }
        let first = DateTimeGrammar.adding(1, unit, to: current)
        return .interval(first, DateTimeGrammar.adding(count, unit, to: first), grain)
    }

    /// The weekend that starts on day `friday`: Friday 18:00 to Monday 00:00.
    static func weekend(friday: Int) -> DateTimeValue {
        .interval(friday * 86_400 + 18 * 3600, (friday + 3) * 86_400, .hour)
    }

    /// The Friday of this week's weekend, or of next week's once this one has ended.
    static func thisWeekendsFriday(_ context: DateTimeContext) -> Int {
        let friday = DateTimeGrammar.monday(of: context.today) + 4
        return friday + 3 <= context.today ? friday + 7 : friday
    }

    /// The days of `season` (0 spring … 3 winter) that starts in `year`: its first and the day after its last.
    static func season(_ season: Int, of year: Int) -> (first: Int, end: Int) {
        let (first, next) = DateTimeGrammar.seasonDays[season]
        return (CivilDate.days(year: year, month: first.month, day: first.day),
                CivilDate.days(year: next.month < first.month ? year + 1 : year, month: next.month, day: next.day))
    }

    /// `season` said with "this" (`step` 0 or `nil`: the one under way or the next), "next" (1:
    /// the next to start) or "last" (-1: the last ended), as days.
    static func season(_ season: Int, step: Int?, context: DateTimeContext) -> DateTimeValue {
        let current = (context.year - 1...context.year + 1).map { Self.season(season, of: $0) }.first { $0.end > context.today }!
        let chosen: (first: Int, end: Int)
        switch step {
        case .some(1): chosen = current.first <= context.today ? Self.season(season, of: CivilDate.date(current.first).year + 1) : current
        case .some(-1): chosen = Self.season(season, of: CivilDate.date(current.first).year - 1)
        default: chosen = current
        }
        return .interval(chosen.first * 86_400, chosen.end * 86_400, .day)
    }

    /// The beginning (0), middle (1) or end (2) of the week, month or year starting on day
    /// `first`: a week's Monday and Tuesday, Wednesday and Thursday, or Thursday to Sunday; a
    /// month's first five days, its 10th to 19th, or its last seven; a year's January and
    /// February, May to August, or October to December (as Duckling's French and Spanish say
    /// "début avril", "mi-décembre", "a finales de semana").
    static func stretch(_ stretch: Int, of first: Int, _ grain: DateTimeGrain) -> DateTimeValue {
        let bounds: (Int, Int)
        switch grain {
        case .week: bounds = [(first, first + 2), (first + 2, first + 4), (first + 3, first + 7)][stretch]
        case .month:
            let (year, month, _) = CivilDate.date(first)
            let length = CivilDate.length(year: year, month: month)
            bounds = [(first, first + 5), (first + 9, first + 19), (first + length - 7, first + length)][stretch]
        default:
            let (year, _, _) = CivilDate.date(first)
            let months = [(1, 3), (5, 9), (10, 13)][stretch]
            bounds = (CivilDate.days(year: year, month: months.0, day: 1),
                      months.1 == 13 ? CivilDate.days(year: year + 1, month: 1, day: 1) : CivilDate.days(year: year, month: months.1, day: 1))
        }
        return .interval(bounds.0 * 86_400, bounds.1 * 86_400, .day)
    }

    /// The day of `day`/`month`/`year`, or without a year the next such date on or after today
    /// (with `weekday`, the next that falls on it, within 28 years); `nil` when none exists.
    static func date(year: Int?, month: Int, day: Int, context: DateTimeContext, weekday: Int? = nil) -> Int? {
        if let year { return CivilDate.isValid(year: year, month: month, day: day) ? CivilDate.days(year: year, month: month, day: day) : nil }
        for candidate in context.year..<(context.year + 28) where CivilDate.isValid(year: candidate, month: month, day: day) {
            let found = CivilDate.days(year: candidate, month: month, day: day)
            if found >= context.today, weekday.map({ CivilDate.weekday(found) == $0 }) ?? true { return found }
        }
        return nil
    }

    /// The date said with `weekday` ("Sunday, Feb 10") as `day`, read without a year: itself
    /// when it falls on that weekday, else the same day and month of the first year from this
    /// one on which it does (within 28 years); `nil` when none does.
    static func date(_ day: Int, on weekday: Int, context: DateTimeContext) -> Int? {
        guard CivilDate.weekday(day) != weekday else { return day }
        let (_, month, dayOfMonth) = CivilDate.date(day)
        for year in context.year..<(context.year + 28) where CivilDate.isValid(year: year, month: month, day: dayOfMonth) {
            let candidate = CivilDate.days(year: year, month: month, day: dayOfMonth)
            if CivilDate.weekday(candidate) == weekday { return candidate }
        }
        return nil
    }

    /// What an ordinal counts from a day: a weekday (1 Sunday … 7 Saturday), days, or weeks.
    enum CountedUnit { case weekday(Int), day, week }

    /// The `n`-th `unit` after (`sign` 1) or before (-1) day `anchor`, as "dritter Dienstag nach
    /// Weihnachten" and "la tercera semana después de Navidad" say it: a weekday's first is the
    /// first strictly after (or before) the anchor; a week is counted by its Monday from the
    /// anchor's week.
    static func counted(_ n: Int, _ unit: CountedUnit, from anchor: Int, sign: Int) -> (day: Int, grain: DateTimeGrain) {
        switch unit {
        case .weekday(let weekday):
            let first = sign > 0 ? DateTimeGrammar.after(anchor, weekday: weekday) : anchor - 1 - (CivilDate.weekday(anchor) - weekday + 6) % 7
            return (first + sign * 7 * (n - 1), .day)
        case .day: return (anchor + sign * n, .day)
        case .week: return (DateTimeGrammar.monday(of: anchor) + sign * 7 * n, .week)
        }
    }

    /// A time range from `from` (resolved) to `hour`:`minute` said after it, ending after its
    /// last grain: an hour from 1 to 12 without a half of the day that would come before the
    /// first is the afternoon's ("11h30-1h30"), and one still before it is the next day's.
    static func timeRange(from: Int, hour: Int, minute: Int, afternoon: Bool?, twelveHour: Bool, grain: DateTimeGrain) -> DateTimeValue {
        var hour = hour
        if afternoon == true, hour < 12 { hour += 12 }
        var to = CivilDate.split(from).day * 86_400 + hour * 3600 + minute * 60
        if to <= from, twelveHour, afternoon == nil { to += 12 * 3600 }
        if to <= from { to += 86_400 }
        return .interval(from, to + DateTimeGrammar.seconds(of: grain), grain)
    }
}
