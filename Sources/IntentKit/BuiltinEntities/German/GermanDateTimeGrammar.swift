/// German dates and times over ``EntityWords`` (diacritics folded: "März" is read as `marz`),
/// resolved against a reference moment as the English grammar's are (``DateTimeGrammar``: its
/// reading of parts, its arithmetic and its conventions), each the longest date-time that starts
/// at a word.
///
/// What it reads, part by part, joined by `am`, `um`, `im`, `an`, `der`, `des` or a comma:
/// - days: `heute`, `morgen`, `gestern`, `übermorgen`, `vorgestern`, `jetzt`, `gerade eben`,
///   `sofort`; weekdays and their abbreviations with a point (`Montag`, `Mo.`), with `nächsten`,
///   `kommenden` or `diesen` (the next one), `übernächsten`, `letzten`, `der nächsten Woche`,
///   `dieser Woche`, `der letzten Woche`; dates (`1 März`, `erster März`, `15. Februar`, `15te
///   Februar`, `am 15ten`, `15.2.`, `31.10.1974`, `14 April 2015`, `April 14 2015`, `Montag Feb
///   18`); months (`Oktober 2014`, `im Juni`, `nächsten März`); `diese Woche`, `letzten Monat`,
///   `nächstes Jahr`, `dieses Quartal`, `drittes Quartal`; `erster Dienstag im Oktober`,
///   `letzter Tag im Oktober`, `erste Woche im Oktober`; holidays (``holidays``);
/// - times: `um 3`, `3 Uhr`, `15 Uhr 20`, `15:30`, `14h`, `viertel nach 3`, `zwanzig nach 3`,
///   `halb 4` (half past three), `viertel vor 12`, `15 Minuten vor 12`, with `morgens`,
///   `vormittags`, `nachmittags`, `abends`, `nachts` or `am Nachmittag`, `in der Früh`; parts of
///   the day (`heute Abend`, `Montag morgens`, `am Vormittag`, `morgen Mittag`); approximations
///   inside (`um ungefähr 15 Uhr`);
/// - relative moments: `in 2 Minuten`, `in einer halben Stunde`, `vor drei Wochen`; stretches:
///   `nächsten 3 Tage`, `letzte 2 Wochen`, `vergangenen zwei Monaten`; `dieses Wochenende`;
///   seasons (`diesen Sommer`, `Winter 2014`); `binnen 2 Wochen`, `innerhalb von 3 Tagen` (from
///   now until then); `zweiter Montag nach Ostern`, `die vierte Woche nach Weihnachten`;
/// - intervals: `13. - 15. Juli`, `13 bis 15 Juli`, `8 Aug - 12 Aug`, `9:30 - 11:00`, `von 9:30
///   bis 11:00`, `zwischen 9:30 und 11:00`, `kurz vor Mittag`; open ones: `nach 14 Uhr`, `bis 11
///   Uhr`, `ab Montag`, `seit Montag`, `vor Donnerstag`, `bis zum Ende des Monats`; both ends
///   said open: `nach 9:30 aber vor 11:00`.
///
/// An hour from 1 to 12 without `morgens` or `nachmittags` is the next of its two occurrences, as
/// in English; written with a colon, a time is on the 24-hour clock.
enum GermanDateTimeGrammar {
    typealias Context = DateTimeContext
    typealias Value = DateTimeValue

    static let firstWords: WordSet = WordSet(months.keys).union(weekdays.keys).union(holidays.firstWords).union(seasons.keys).union(partWords.keys)
        .union(["jetzt", "gerade", "sofort", "heute", "morgen", "gestern", "ubermorgen", "vorgestern", "woche", "monat", "jahr", "quartal",
                "wochenende", "nachsten", "nachste", "nachstes", "kommenden", "kommende", "letzten", "letzte", "letztes", "vergangenen",
                "ubernachsten", "diesen", "diese", "dieses", "diesem", "vorige", "vorherige", "um", "viertel", "halb", "dreiviertel", "zwischen",
                "von", "bis", "nach", "ab", "seit", "vor", "erster", "erste", "zweiter", "dritter", "letzter", "mittag", "binnen", "innerhalb", "kurz",
                "fruhen", "fruhe", "fruher", "spaten", "spate", "spater"])
        .union(weekdayAbbreviations.keys)
    static let innerWords: WordSet = ["uhr", "h", "und", "minuten", "minute", "fruh", "eben"]
    static let leadWords: WordSet = ["am", "im", "in", "an", "der", "die", "das", "den", "dem", "des", "zum", "zur", "gegen", "bei", "beim"]

    private struct State {
        var reading = DateTimeGrammar.Reading()
        var approximate = false
    }

    static func parse(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        var best = moment(words, from: start, context: context)
        func consider(_ candidate: (value: Value, end: Int, approximate: Bool)?) {
            if let candidate, candidate.end >= (best?.end ?? start + 1) { best = candidate }
        }
        consider(openInterval(words, from: start, context: context, state: State()))
        consider(interval(words, from: start, context: context, state: State()))
        consider(within(words, from: start, context: context))
        consider(shortly(words, from: start, context: context))
        if let day = momentState(words, from: start, context: context, initial: State(), times: false), day.state.reading.hour == nil,
           day.state.reading.instant == nil, day.state.reading.span == nil, day.state.reading.day != nil {
            var index = day.end
            while ["aber", ",", "am", "um"].contains(words.key(at: index)) { index += 1 }
            consider(openInterval(words, from: index, context: context, state: day.state))
            consider(interval(words, from: index, context: context, state: day.state))
        }
        // "In drei Stunden ab sofort", "in zwei Tagen von jetzt an": from now, as said already.
        if let found = best, !found.value.isInterval {
            let after = found.end
            if words.key(at: after) == "ab", ["sofort", "jetzt", "heute"].contains(words.key(at: after + 1)) {
                best?.end = after + 2
            } else if words.key(at: after) == "von", ["jetzt", "heute"].contains(words.key(at: after + 1)), words.key(at: after + 2) == "an" {
                best?.end = after + 3
            }
        }
        return best
    }

    // MARK: Moments

    private static func moment(_ words: EntityWords, from start: Int, context: Context, initial: State = State()) -> (value: Value, end: Int, approximate: Bool)? {
        guard let read = momentState(words, from: start, context: context, initial: initial), let value = read.state.reading.resolve(context) else { return nil }
        return (value, read.end, read.state.approximate)
    }

    private static func momentState(_ words: EntityWords, from start: Int, context: Context, initial: State, times: Bool = true) -> (state: State, end: Int)? {
        var state = initial
        var index = start, end = start, parts = 0
        while index < words.count, parts < 6 {
            var found: (state: State, end: Int)?
            var position = index
            while true {
                found = component(words, from: position, context: context, state: state, times: times)
                if found != nil || position - index >= 3 || !(joiners.contains(words.key(at: position)) || (words.key(at: position) == "," && position > start)) { break }
                position += 1
            }
            guard let part = found else { break }
            state = part.state
            index = part.end
            end = part.end
            parts += 1
        }
        return end > start ? (state, end) : nil
    }

    private static let joiners: WordSet = ["am", "um", "im", "an", "der", "die", "den", "dem", "des", "zum", "zu", "in", "diesem", "gegen"]

    private static func component(_ words: EntityWords, from start: Int, context: Context, state: State, times: Bool) -> (state: State, end: Int)? {
        guard start < words.count else { return nil }
        var state = state
        let reading = state.reading
        let empty = !reading.hasDate && !reading.hasTime && reading.part == nil
        if empty, let relative = relative(words, from: start, context: context) {
            state.reading.instant = relative.value.start
            state.reading.instantGrain = relative.value.grain
            // "in zirka einer halben Stunde", "in fast drei Wochen"
            state.approximate = ["ungefahr", "etwa", "zirka", "circa", "ca", "fast"].contains(words.key(at: start + 1))
            return (state, relative.end)
        }
        if empty, let span = span(words, from: start, context: context) {
            state.reading.span = span.value
            return (state, span.end)
        }
        if !reading.hasDate, let day = day(words, from: start, context: context), !day.isNow || reading.hour == nil {
            if day.isNow {
                state.reading.instant = context.now
                state.reading.instantGrain = .second
            } else {
                state.reading.day = day.day
                state.reading.dayGrain = day.grain
            }
            return (state, day.end)
        }
        if times, reading.hour == nil, reading.span == nil, reading.instant == nil {
            var index = start, approximate = false
            if ["ungefahr", "etwa", "circa", "ca", "zirka", "gegen"].contains(words.key(at: index)) { index += 1; approximate = words.key(at: start) != "gegen" }
            let said = reading.hasDate || reading.part != nil || approximate || ["um", "gegen", "ab", "bis", "nach", "seit", "von", "zwischen"].contains(words.key(at: index - 1))
            if let time = time(words, from: index, allowBare: said), time.isSaid || said {
                state.reading.hour = time.hour
                state.reading.minute = time.minute
                state.reading.timeGrain = time.grain
                if let afternoon = time.afternoon ?? reading.part.map({ $0.from >= 12 }) { state.reading.afternoon = afternoon }
                state.reading.ambiguousHour = state.reading.afternoon == nil && time.twelveHour
                state.approximate = state.approximate || approximate
                return (state, time.end)
            }
        }
        if reading.part == nil, reading.span == nil, reading.instant == nil, let part = partOfDay(words, from: start) {
            if let hour = part.hour {
                // "morgen Mittag": noon.
                guard reading.hour == nil else { return nil }
                state.reading.hour = hour
                state.reading.timeGrain = .hour
                state.reading.ambiguousHour = false
                return (state, part.end)
            }
            state.reading.part = (part.from, part.to)
            if reading.hour != nil {
                if state.reading.afternoon == nil { state.reading.afternoon = part.afternoon }
                state.reading.ambiguousHour = false
            }
            state.reading.partIsAnchored = part.anchored || ["am", "heute", "in", "im", "diesen", "diesem", "der", "bei", "beim"].contains(words.key(at: start - 1))
            if !reading.hasDate, ["heute", "diesen"].contains(words.key(at: start - 1)) { state.reading.day = context.today }
            return (state, part.end)
        }
        return nil
    }

    // MARK: Days

    static let months: WordTable<Int> = [
        "januar": 1, "jan": 1, "janner": 1, "februar": 2, "feb": 2, "marz": 3, "mar": 3, "april": 4, "apr": 4, "mai": 5, "juni": 6, "jun": 6,
        "juli": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9, "oktober": 10, "okt": 10, "november": 11, "nov": 11,
        "dezember": 12, "dez": 12,
    ]
    static let weekdays: WordTable<Int> = [
        "sonntag": 1, "montag": 2, "dienstag": 3, "mittwoch": 4, "donnerstag": 5, "freitag": 6, "samstag": 7, "sonnabend": 7,
    ]
    /// Abbreviations, read with their point ("Mo.", "Fr,") or before a date.
    private static let weekdayAbbreviations: WordTable<Int> = ["so": 1, "mo": 2, "di": 3, "mi": 4, "do": 5, "fr": 6, "sa": 7]

    private static let steps: WordTable<Int> = [
        "nachsten": 1, "nachste": 1, "nachstes": 1, "nachster": 1, "kommenden": 1, "kommende": 1, "kommendes": 1, "letzten": -1, "letzte": -1,
        "letztes": -1, "letzter": -1, "vergangenen": -1, "vergangene": -1, "vergangenes": -1, "vorige": -1, "vorigen": -1, "voriges": -1,
        "vorherige": -1, "vorherigen": -1, "diese": 0, "diesen": 0, "dieses": 0, "diesem": 0, "dieser": 0,
    ]
    private static let calendarUnits: WordTable<DateTimeGrain> = ["woche": .week, "monat": .month, "quartal": .quarter, "jahr": .year]

    private static func day(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, isNow: Bool, end: Int)? {
        let today = context.today
        let key = words.key(at: start)
        func next(_ step: Int) -> WordKey { words.key(at: start + step) }
        switch key {
        case "jetzt": return (today, .second, true, start + 1)
        case "genau" where next(1) == "jetzt": return (today, .second, true, start + 2)
        case "gerade" where next(1) == "eben" || next(1) == "jetzt": return (today, .second, true, start + 2)
        case "sofort": return (today, .second, true, start + 1)
        case "heute": return (today, .day, false, start + 1)
        case "gestern": return (today - 1, .day, false, start + 1)
        case "vorgestern": return (today - 2, .day, false, start + 1)
        case "ubermorgen": return (today + 2, .day, false, start + 1)
        // "morgen" is tomorrow; "am Morgen", "des Morgens" the morning.
        case "morgen" where !["am", "des", "den", "der", "dem"].contains(words.key(at: start - 1)): return (today + 1, .day, false, start + 1)
        default: break
        }
        if let holiday = holidays.read(words, from: start, today: today) { return (holiday.day, .day, false, holiday.end) }
        // "letzte Woche im September" before "letzte Woche"; "dritter Dienstag nach Weihnachten".
        if let ordinal = ordinalDay(words, from: start, context: context) { return (ordinal.day, ordinal.grain, false, ordinal.end) }
        if let counted = countedFrom(words, from: start, context: context) { return (counted.day, counted.grain, false, counted.end) }
        // "nächste Woche", "letzten Monat", "dieses Jahr", "diesem Monat"; "drittes Quartal 2018".
        if let step = steps[key], let grain = calendarUnits[next(1)] {
            return (DateTimeGrammar.adding(step, grain, to: DateTimeGrammar.truncated(today * 86_400, to: grain)) / 86_400, grain, false, start + 2)
        }
        if let ordinal = GermanNumberGrammar.ordinal(words, from: start), (1...4).contains(ordinal.value), words.key(at: ordinal.end) == "quartal" {
            var year = context.year, end = ordinal.end + 1
            if let said = self.year(words, at: end) { (year, end) = (said.value, said.end) }
            return (CivilDate.days(year: year, month: ordinal.value * 3 - 2, day: 1), .quarter, false, end)
        }
        // "nächsten März": the next March; "übernächsten März" the one after.
        if let step = steps[key], step != 0, let month = months[next(1)] {
            let (year, thisMonth, _) = CivilDate.date(today)
            let target = step > 0 ? (month > thisMonth ? year : year + 1) : (month < thisMonth ? year : year - 1)
            return (CivilDate.days(year: target, month: month, day: 1), .month, false, start + 2)
        }
        if key == "ubernachsten" || key == "ubernachste", let month = months[next(1)] {
            let (year, thisMonth, _) = CivilDate.date(today)
            return (CivilDate.days(year: (month > thisMonth ? year : year + 1) + 1, month: month, day: 1), .month, false, start + 2)
        }
        if let weekday = weekday(words, from: start, context: context) { return (weekday.day, .day, false, weekday.end) }
        if let date = calendarDate(words, from: start, context: context) { return (date.day, date.grain, false, date.end) }
        return nil
    }

    /// A weekday said at `index` ("Montag", "Mo.", "Fr,"), its number and the index after it.
    private static func weekdayWord(_ words: EntityWords, at index: Int) -> (weekday: Int, end: Int)? {
        if let weekday = weekdays[words.key(at: index)] { return (weekday, index + 1) }
        guard let weekday = weekdayAbbreviations[words.key(at: index)], [".", ","].contains(words.key(at: index + 1)), words.isAttached(index + 1) else { return nil }
        return (weekday, index + 2)
    }

    /// "Montag", "nächsten Dienstag" (the next), "übernächsten Freitag", "letzten Sonntag",
    /// "Mittwoch der nächsten Woche", "Mittwoch nächste Woche", "Montag dieser Woche", "Sonntag
    /// der letzten Woche", "Freitag nach dem nächsten"; "Montag Feb 18", "Fr, 18. Juli 2014" as dates.
    private static func weekday(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        let today = context.today
        var index = start, step: Int?
        if let said = steps[words.key(at: index)] { step = said; index += 1 } else if ["ubernachsten", "ubernachste"].contains(words.key(at: index)) { step = 2; index += 1 }
        guard let found = weekdayWord(words, at: index) else { return nil }
        let weekday = found.weekday
        index = found.end
        if words.key(at: index) == ",", words.isAttached(index) { index += 1 }
        let next = DateTimeGrammar.after(today, weekday: weekday)
        switch step {
        case 1?, 0?: return (next, index)
        case 2?: return (next + 7, index)
        case .some(-1): return (today - 1 - (CivilDate.weekday(today) - weekday + 6) % 7, index)
        default: break
        }
        // "Sonntag Feb 10", "Freitag, der 12. Mai": the date says which; without a year, the first
        // from this year's on which it falls on that weekday, as in English.
        let dateStart = ["der", "den"].contains(words.key(at: index)) ? index + 1 : index
        if let date = calendarDate(words, from: dateStart, context: context, weekday: weekday) {
            guard date.grain == .day, CivilDate.weekday(date.day) != weekday else { return (date.day, date.end) }
            let yearSaid = (dateStart..<date.end).contains { words.isDigits(at: $0) && words[$0].utf8.count == 4 || words[$0].filter { $0 == "." }.count == 2 }
            guard !yearSaid else { return nil }
            return DateTimeParts.date(date.day, on: weekday, context: context).map { ($0, date.end) }
        }
        let offset = (weekday + 5) % 7
        let monday = DateTimeGrammar.monday(of: today)
        // "der nächsten Woche", "nächste Woche", "dieser Woche", "der letzten Woche", "letzte Woche"
        var weekIndex = index
        if words.key(at: weekIndex) == "der" { weekIndex += 1 }
        if let said = steps[words.key(at: weekIndex)], words.key(at: weekIndex + 1) == "woche" { return (monday + 7 * said + offset, weekIndex + 2) }
        if words.key(at: index) == "nach", words.key(at: index + 1) == "dem", ["nachsten", "kommenden"].contains(words.key(at: index + 2)) {
            return (next + 7, index + 3)
        }
        return (next, index)
    }

    private static func dayOfMonth(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        // "15.", "15te", "15ten", "erster", "1"
        if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count <= 2, let value = Int(word), (1...31).contains(value) {
            if words.key(at: index + 1) == ".", words.isAttached(index + 1) { return (value, index + 2) }
            if ["te", "ten", "ter", "tes"].contains(words.key(at: index + 1)), words.isAttached(index + 1) { return (value, index + 2) }
            return (value, index + 1)
        }
        if let ordinal = GermanNumberGrammar.ordinal(words, from: index), (1...31).contains(ordinal.value), words.startsWithLetter(at: index) { return ordinal }
        return nil
    }

    private static func year(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        guard words.isDigits(at: index), let word = words.word(at: index), word.utf8.count == 4 || word.utf8.count == 2, let value = Int(word) else { return nil }
        return (word.utf8.count == 2 ? 2000 + value : value, index + 1)
    }

    private static func date(year: Int?, month: Int, day: Int, context: Context) -> Int? {
        if let year { return CivilDate.isValid(year: year, month: month, day: day) ? CivilDate.days(year: year, month: month, day: day) : nil }
        for candidate in context.year...(context.year + 4) where CivilDate.isValid(year: candidate, month: month, day: day) {
            let found = CivilDate.days(year: candidate, month: month, day: day)
            if found >= context.today { return found }
        }
        return nil
    }

    /// "15. Februar", "1 März", "erster März", "14 April 2015", "April 14 2015", "Feb 18", "15.2.",
    /// "31.10.1974", "am 15ten", "Oktober 2014", "im Juni".
    private static func calendarDate(_ words: EntityWords, from start: Int, context: Context, weekday: Int? = nil) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        // "15.2.", "31.10.1974", "10.12.": one word with points, and perhaps a point after it.
        if let first = words.word(at: start), first.contains("."), EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            if parts.count == 2, let day = parts[0], let month = parts[1], words.key(at: start + 1) == ".", words.isAttached(start + 1),
               let found = date(year: nil, month: month, day: day, context: context) {
                return (found, .day, start + 2)
            }
            if parts.count == 3, let day = parts[0], let month = parts[1], let written = parts[2] {
                let year = written < 100 ? DateTimeGrammar.twoDigitYear(written, reference: context.year) : written
                return date(year: year, month: month, day: day, context: context).map { ($0, .day, start + 1) }
            }
            return nil
        }
        if let day = dayOfMonth(words, at: start), let month = months[words.key(at: day.end)] {
            var index = day.end + 1
            if words.key(at: index) == ".", words.isAttached(index) { index += 1 }
            var year: Int?
            if let said = self.year(words, at: index) { (year, index) = (said.value, said.end) }
            return date(year: year, month: month, day: day.value, context: context).map { ($0, .day, index) }
        }
        // "April 14 2015", "Feb 18"
        if let month = months[words.key(at: start)] {
            var index = start + 1
            if words.key(at: index) == ".", words.isAttached(index) { index += 1 }
            if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count <= 2, let day = Int(word), (1...31).contains(day) {
                var end = index + 1, year: Int?
                if let said = self.year(words, at: end), words.word(at: end)?.utf8.count == 4 { (year, end) = (said.value, said.end) }
                return date(year: year, month: month, day: day, context: context).map { ($0, .day, end) }
            }
            if let said = year(words, at: index), words.word(at: index)?.utf8.count == 4 { return (CivilDate.days(year: said.value, month: month, day: 1), .month, said.end) }
            let (year, thisMonth, _) = CivilDate.date(context.today)
            return (CivilDate.days(year: month >= thisMonth ? year : year + 1, month: month, day: 1), .month, index)
        }
        // "am 15ten", "der 15.": a day of the month alone, after "am" or an article.
        if let day = dayOfMonth(words, at: start), day.end > start + 1 || !words.isDigits(at: start), ["am", "der", "den", "dem"].contains(words.key(at: start - 1)) || weekday != nil {
            let (year, month, _) = CivilDate.date(context.today)
            for step in 0..<(weekday == nil ? 2 : 24) {
                let target = CivilDate.month(month, of: year, adding: step)
                guard let found = date(year: target.year, month: target.month, day: day.value, context: context), found >= context.today else { continue }
                if let weekday, CivilDate.weekday(found) != weekday { continue }
                return (found, .day, day.end)
            }
        }
        return nil
    }

    /// "erster Dienstag im Oktober", "letzter Sonntag im März 2014", "dritter Tag im Oktober",
    /// "erste Woche im Oktober 2014", "letzter Tag im Oktober 2015", "den dritten Tag in Mai".
    private static func ordinalDay(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        let last = ["letzter", "letzte", "letzten"].contains(words.key(at: start))
        let said: (value: Int, end: Int)? = last ? (0, start + 1) : (words.startsWithLetter(at: start) ? GermanNumberGrammar.ordinal(words, from: start) : nil)
        guard let number = said else { return nil }
        var kind = words.key(at: number.end)
        let month: Int
        var end: Int
        if ["im", "in", "des"].contains(words.key(at: number.end + 1)), let said = months[words.key(at: number.end + 2)] {
            (month, end) = (said, number.end + 3)
        } else if let compound = monthWeek(words, at: number.end) {
            // "die dritte Juliwoche", "letzte Dezemberwoche"
            (kind, month, end) = ("woche", compound, number.end + 1)
        } else {
            return nil
        }
        var year = CivilDate.date(context.today).year
        if let said = self.year(words, at: end), words.word(at: end)?.utf8.count == 4 { (year, end) = (said.value, said.end) } else if month < CivilDate.date(context.today).month { year += 1 }
        let length = CivilDate.length(year: year, month: month)
        let first = CivilDate.days(year: year, month: month, day: 1)
        if let weekday = weekdays[kind] {
            let day = last ? CivilDate.last(weekday: weekday, month: month, year: year) : CivilDate.nth(number.value, weekday: weekday, month: month, year: year)
            guard CivilDate.date(day).month == month else { return nil }
            return (day, .day, end)
        }
        if kind == "tag" {
            let day = last ? length : number.value
            guard (1...length).contains(day) else { return nil }
            return (first + day - 1, .day, end)
        }
        guard kind == "woche" else { return nil }
        let firstMonday = DateTimeGrammar.after(first - 1, weekday: 2)
        let lastMonday = DateTimeGrammar.monday(of: first + length) - 7
        let monday = last ? lastMonday : firstMonday + 7 * (number.value - 1)
        guard monday <= lastMonday else { return nil }
        return (monday, .week, end)
    }

    /// The month of a week named by it in one word at `index` ("Juliwoche", "Märzwoche").
    private static func monthWeek(_ words: EntityWords, at index: Int) -> Int? {
        guard let word = words.word(at: index)?.lowercased(), word.hasSuffix("woche"), word.count > 5 else { return nil }
        let prefix = String(word.dropLast(5).map { $0 == "ä" ? "a" : $0 })
        return months[WordKey(prefix)]
    }

    /// "dritter Dienstag nach Weihnachten", "die vierte Woche nach Ostern", "zweiter Tag vor
    /// Silvester": the `n`-th weekday, week (by its Monday) or day after or before the day said.
    private static func countedFrom(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        guard words.startsWithLetter(at: start), let number = GermanNumberGrammar.ordinal(words, from: start), (1...52).contains(number.value) else { return nil }
        let kind = words.key(at: number.end)
        let sign: Int
        switch words.key(at: number.end + 1) {
        case "nach": sign = 1
        case "vor": sign = -1
        default: return nil
        }
        var index = number.end + 2
        if ["dem", "der", "den"].contains(words.key(at: index)) { index += 1 }
        guard let anchor = day(words, from: index, context: context), !anchor.isNow, anchor.grain == .day else { return nil }
        guard let unit = weekdays[kind].map(DateTimeParts.CountedUnit.weekday) ?? (kind == "tag" ? .day : kind == "woche" ? .week : nil) else { return nil }
        let counted = DateTimeParts.counted(number.value, unit, from: anchor.day, sign: sign)
        return (counted.day, counted.grain, anchor.end)
    }

    /// Holidays by their German names; a holiday without a year is its next occurrence.
    static let holidays = Holiday.Table([
        Holiday(names: ["weihnachten", "weihnachtstag", "erster weihnachtstag", "erster weihnachtsfeiertag"]) { CivilDate.days(year: $0, month: 12, day: 25) },
        Holiday(names: ["zweiter weihnachtstag", "zweiter weihnachtsfeiertag", "stephanstag"]) { CivilDate.days(year: $0, month: 12, day: 26) },
        Holiday(names: ["heiligabend", "heiliger abend", "heiligen abend"]) { CivilDate.days(year: $0, month: 12, day: 24) },
        Holiday(names: ["silvester"]) { CivilDate.days(year: $0, month: 12, day: 31) },
        Holiday(names: ["neujahr", "neujahrstag"]) { CivilDate.days(year: $0, month: 1, day: 1) },
        Holiday(names: ["heilige drei konige", "dreikonigstag"]) { CivilDate.days(year: $0, month: 1, day: 6) },
        Holiday(names: ["valentinstag"]) { CivilDate.days(year: $0, month: 2, day: 14) },
        Holiday(names: ["tag der arbeit", "maifeiertag"]) { CivilDate.days(year: $0, month: 5, day: 1) },
        Holiday(names: ["tag der deutschen einheit"]) { CivilDate.days(year: $0, month: 10, day: 3) },
        Holiday(names: ["reformationstag"]) { CivilDate.days(year: $0, month: 10, day: 31) },
        Holiday(names: ["halloween"]) { CivilDate.days(year: $0, month: 10, day: 31) },
        Holiday(names: ["allerheiligen"]) { CivilDate.days(year: $0, month: 11, day: 1) },
        Holiday(names: ["nikolaus", "nikolaustag"]) { CivilDate.days(year: $0, month: 12, day: 6) },
        Holiday(names: ["muttertag"]) { CivilDate.nth(2, weekday: 1, month: 5, year: $0) },
        Holiday(names: ["ostern", "ostersonntag"]) { Holiday.easter($0) },
        Holiday(names: ["ostermontag"]) { Holiday.easter($0) + 1 },
        Holiday(names: ["karfreitag"]) { Holiday.easter($0) - 2 },
        Holiday(names: ["aschermittwoch"]) { Holiday.easter($0) - 46 },
        Holiday(names: ["christi himmelfahrt", "himmelfahrt"]) { Holiday.easter($0) + 39 },
        Holiday(names: ["pfingsten", "pfingstsonntag"]) { Holiday.easter($0) + 49 },
        Holiday(names: ["pfingstmontag"]) { Holiday.easter($0) + 50 },
    ])

    // MARK: Times

    private struct Clock {
        var hour: Int, minute: Int
        var afternoon: Bool?
        var twelveHour: Bool
        var grain: DateTimeGrain
        var end: Int
        var isSaid: Bool
    }

    /// A time of day: "15:30", "15 Uhr", "3 Uhr 15", "14h", "viertel nach 3", "zwanzig nach
    /// drei", "halb 4", "viertel vor 12", "dreiviertel eins", "15 Minuten vor 12"; `allowBare`
    /// reads an hour alone ("um 3").
    private static func time(_ words: EntityWords, from start: Int, allowBare: Bool) -> Clock? {
        guard let first = words.word(at: start) else { return nil }
        let key = words.key(at: start)
        if first.contains(":"), EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].utf8.count == 2, (0...24).contains(hour), (0...59).contains(minute) else { return nil }
            var end = start + 1
            if words.key(at: end) == "h" || words.key(at: end) == "uhr" { end += 1 }
            // Written with a colon, a time is on the 24-hour clock: "3:30" is 03:30.
            return finish(Clock(hour: hour % 24, minute: minute, afternoon: nil, twelveHour: false, grain: .minute, end: end, isSaid: true), words)
        }
        // "viertel nach 3", "zwanzig nach drei", "viertel vor 12", "halb 4" (3:30), "dreiviertel eins" (12:45):
        // minutes from the hour said after them.
        var offset: Int?, index = start
        func direction(at at: Int) -> Int? { words.key(at: at) == "nach" ? 1 : words.key(at: at) == "vor" ? -1 : nil }
        switch key {
        case "viertel":
            // "viertel acht": a quarter into the hour before eight (7:15), as "dreiviertel acht" is 7:45.
            if let sign = direction(at: start + 1) { (offset, index) = (15 * sign, start + 2) } else { (offset, index) = (-45, start + 1) }
        case "halb": (offset, index) = (-30, start + 1)
        case "dreiviertel": (offset, index) = (-15, start + 1)
        default:
            if let number = GermanNumberGrammar.unsigned(words, from: start, suffixes: false), number.value == number.value.rounded(), (1...29).contains(number.value) {
                let at = ["minuten", "minute"].contains(words.key(at: number.end)) ? number.end + 1 : number.end
                if let sign = direction(at: at) { (offset, index) = (Int(number.value) * sign, at + 1) }
            }
        }
        if let offset {
            // "viertel vor Mittag", "halb Mitternacht": noon and midnight as hours.
            let named: (value: Double, end: Int)? = ["mittag": 12.0, "mitternacht": 24.0][words.key(at: index)].map { ($0, index + 1) }
            guard let hour = named ?? GermanNumberGrammar.unsigned(words, from: index, suffixes: false).map({ ($0.value, $0.end) }),
                  hour.value == hour.value.rounded(), (0...24).contains(hour.value) else { return nil }
            let total = ((Int(hour.value) % 24) * 60 + offset + 1440) % 1440
            var end = hour.end
            if words.key(at: end) == "uhr" { end += 1 }
            let value = total / 60
            return finish(Clock(hour: value, minute: total % 60, afternoon: nil, twelveHour: (1...12).contains(value) || value == 0, grain: .minute, end: end, isSaid: true), words)
        }
        guard let number = GermanNumberGrammar.unsigned(words, from: start, suffixes: false), number.value == number.value.rounded(), (0...24).contains(number.value) else { return nil }
        let hour = Int(number.value) % 24
        var clock = Clock(hour: hour, minute: 0, afternoon: nil, twelveHour: (1...12).contains(hour), grain: .hour, end: number.end, isSaid: false)
        let unit = words.key(at: number.end)
        if unit == "uhr" || (unit == "h" && words.isAttached(number.end)) {
            clock.end = number.end + 1
            clock.isSaid = true
            // "3 Uhr 15", "15 Uhr 20", "ein Uhr und vierundvierzig Minuten"
            var minuteIndex = clock.end
            if words.key(at: minuteIndex) == "und" { minuteIndex += 1 }
            if let minute = GermanNumberGrammar.unsigned(words, from: minuteIndex, suffixes: false), minute.value == minute.value.rounded(), (0...59).contains(minute.value),
               months[words.key(at: minute.end)] == nil, !["uhr", "h"].contains(words.key(at: minute.end)), minuteIndex == clock.end || words.key(at: minute.end) == "minuten" {
                clock.minute = Int(minute.value)
                clock.grain = .minute
                clock.end = ["minuten", "minute"].contains(words.key(at: minute.end)) ? minute.end + 1 : minute.end
            }
        } else if !allowBare {
            return nil
        }
        return finish(clock, words)
    }

    /// The half of the day said after a time: "morgens", "vormittags", "nachmittags", "abends",
    /// "nachts", "am Nachmittag", "am Abend", "in der Früh".
    private static func finish(_ clock: Clock, _ words: EntityWords) -> Clock {
        var clock = clock
        let index = clock.end
        var afternoon: Bool?, end = index
        // "10 Uhr morgen" is tomorrow at ten; "10 Uhr am Morgen", "10 Uhr morgens" the morning.
        if let half = halves[words.key(at: index)], words.key(at: index) != "morgen" {
            (afternoon, end) = (half, index + 1)
        } else if ["am", "des"].contains(words.key(at: index)), let half = halves[words.key(at: index + 1)] {
            (afternoon, end) = (half, index + 2)
        } else if words.key(at: index) == "in", words.key(at: index + 1) == "der", words.key(at: index + 2) == "fruh" {
            (afternoon, end) = (false, index + 3)
        }
        guard let afternoon, clock.hour <= 12 else { return clock }
        clock.afternoon = afternoon
        clock.end = end
        clock.isSaid = true
        return clock
    }
    private static let halves: WordTable<Bool> = [
        "morgens": false, "morgen": false, "vormittags": false, "vormittag": false, "fruh": false, "nachmittags": true, "nachmittag": true,
        "abends": true, "abend": true, "nachts": true, "nacht": true,
    ]

    // MARK: Parts of the day

    private static let partWords: WordTable<(Int, Int)> = [
        "morgen": (4, 10), "morgens": (4, 10), "fruh": (4, 9), "fruhmorgens": (4, 9), "vormittag": (7, 12), "vormittags": (7, 12),
        "nachmittag": (13, 19), "nachmittags": (13, 19), "spatnachmittag": (16, 19), "spatnachmittags": (16, 19), "abend": (18, 23),
        "abends": (18, 23), "morgengrauen": (4, 7), "tagesanbruch": (4, 7),
        // "in den Morgenstunden", "zu später Nachmittagsstunde": the part by its hours.
        "morgenstunden": (4, 10), "morgenstunde": (4, 10), "vormittagsstunden": (7, 12), "vormittagsstunde": (7, 12),
        "nachmittagsstunden": (13, 19), "nachmittagsstunde": (13, 19), "abendstunden": (18, 23), "abendstunde": (18, 23),
    ]

    /// The part of the day at `start` ("Abend", "morgens", "am Vormittag", "am späten
    /// Nachmittag", "am frühen Morgen", "im Morgengrauen"), or noon ("Mittag").
    private static func partOfDay(_ words: EntityWords, from start: Int) -> (from: Int, to: Int, afternoon: Bool, anchored: Bool, end: Int, hour: Int?)? {
        let key = words.key(at: start)
        if key == "mittag" { return (12, 12, true, true, start + 1, 12) }
        // "frühen Nachmittag", "späten Vormittag": the first and last stretch.
        if ["fruhen", "fruhe", "fruher", "spaten", "spate", "spater"].contains(key), let hours = partWords[words.key(at: start + 1)] {
            let early = ["fruhen", "fruhe", "fruher"].contains(key)
            let span = hours.1 - hours.0
            let bounds = early ? (hours.0, hours.0 + max(2, span / 2)) : (hours.1 - max(2, span / 2), hours.1)
            return (bounds.0, bounds.1, hours.0 >= 12, true, start + 2, nil)
        }
        if key == "morgen", !["am", "des", "den", "der", "dem"].contains(words.key(at: start - 1)) { return nil }
        guard let hours = partWords[key] else { return nil }
        // "morgens", "abends", "nachmittags": said alone, a time of day.
        // "morgens", "abends", "nachmittags" and the parts by their hours ("Abendstunden"): a time of day wherever said.
        let adverb = ["morgens", "vormittags", "nachmittags", "abends", "spatnachmittags", "fruhmorgens", "morgenstunden", "morgenstunde",
                      "vormittagsstunden", "vormittagsstunde", "nachmittagsstunden", "nachmittagsstunde", "abendstunden", "abendstunde"].contains(key)
        return (hours.0, hours.1, hours.0 >= 12, adverb, start + 1, nil)
    }

    // MARK: Relative moments and stretches

    /// "in 2 Minuten", "in einer halben Stunde", "in 2.5 Stunden", "vor drei Wochen": the moment, cut to its grain.
    private static func relative(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var sign = 1, from = start
        switch words.key(at: start) {
        case "in": from = start + 1
        case "vor": (sign, from) = (-1, start + 1)
        default: return nil
        }
        if ["ungefahr", "etwa", "zirka", "circa", "ca", "fast"].contains(words.key(at: from)) { from += 1 }
        guard let duration = GermanDurationGrammar.duration(words, from: from), !duration.approximate, duration.seconds > 0, duration.seconds < 3e11 else { return nil }
        return (DateTimeParts.fromNow(seconds: duration.seconds, smallestUnit: duration.smallestUnit, sign: sign, context: context), duration.end)
    }

    private static let spanUnits: WordTable<DateTimeGrain> = [
        "sekunde": .second, "sekunden": .second, "minute": .minute, "minuten": .minute, "stunde": .hour, "stunden": .hour, "tag": .day, "tage": .day,
        "tagen": .day, "woche": .week, "wochen": .week, "monat": .month, "monate": .month, "monaten": .month, "jahr": .year, "jahre": .year, "jahren": .year,
    ]

    /// "nächsten 3 Tage", "letzte 2 Sekunden", "vergangenen zwei Monaten", "kommenden paar Tagen";
    /// "dieses Wochenende"; seasons.
    private static func span(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var index = start
        if ["den", "die", "der"].contains(words.key(at: index)) { index += 1 }
        if let step = steps[words.key(at: index)], step != 0 {
            index += 1
            var count: Int?
            if words.key(at: index) == "paar" { count = 2; index += 1 } else if let number = GermanNumberGrammar.unsigned(words, from: index, suffixes: false),
                number.value >= 1, number.value <= 1000, number.value == number.value.rounded() {
                count = Int(number.value)
                index = number.end
            }
            if let count, let unit = spanUnits[words.key(at: index)] {
                return (DateTimeParts.units(count, unit, step: step, context: context), index + 1)
            }
        }
        // "dieses Wochenende", "nächstes Wochenende"
        if let step = steps[words.key(at: start)], words.key(at: start + 1) == "wochenende" {
            var friday = DateTimeGrammar.monday(of: context.today) + 4 + 7 * step
            if step == 0, friday + 3 <= context.today { friday += 7 }
            return (DateTimeParts.weekend(friday: friday), start + 2)
        }
        return season(words, from: start, context: context)
    }

    private static let seasons: WordTable<Int> = ["fruhling": 0, "fruhjahr": 0, "sommer": 1, "herbst": 2, "winter": 3]

    /// "diesen Sommer", "nächsten Winter", "Sommer 2014", "im Winter".
    private static func season(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        var index = start
        let step = steps[words.key(at: index)]
        if step != nil { index += 1 }
        guard let season = seasons[words.key(at: index)] else { return nil }
        func days(_ year: Int) -> (first: Int, end: Int) { DateTimeParts.season(season, of: year) }
        let chosen: (first: Int, end: Int), end: Int
        if let year = year(words, at: index + 1), words.word(at: index + 1)?.utf8.count == 4 {
            (chosen, end) = (days(year.value), year.end)
        } else {
            guard step != nil || ["im", "in"].contains(words.key(at: start - 1)) else { return nil }
            let current = (context.year - 1...context.year + 1).map(days).first { $0.end > context.today }!
            switch step {
            case 1?: chosen = current.first <= context.today ? days(CivilDate.date(current.first).year + 1) : current
            case .some(-1): chosen = days(CivilDate.date(current.first).year - 1)
            default: chosen = current
            }
            end = index + 1
        }
        return (.interval(chosen.first * 86_400, chosen.end * 86_400, .day), end)
    }

    // MARK: Intervals

    /// "binnen 2 Wochen", "innerhalb von drei Tagen", "in der nächsten eineinhalb Stunde": from now until the moment the duration ends (cut as ``relative(_:from:context:)``
    /// cuts it); "in der nächsten Stunde", "in der nächsten Minute": the next such unit.
    private static func within(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index: Int
        switch key(start) {
        case "binnen": index = start + 1
        case "innerhalb": index = key(start + 1) == "von" ? start + 2 : start + 1
        // "in den nächsten 3 Tagen" counts whole units, as "nächsten 3 Tage" does (``span(_:from:context:)``).
        case "in" where ["der", "den"].contains(key(start + 1)) && ["nachsten", "kommenden"].contains(key(start + 2))
            && span(words, from: start + 1, context: context) == nil: index = start + 3
        default: return nil
        }
        if key(start) == "in", let unit = ["stunde": DateTimeGrain.hour, "minute": .minute][key(index)] {
            let next = DateTimeGrammar.adding(1, unit, to: DateTimeGrammar.truncated(context.now, to: unit))
            return (.instant(next, unit), index + 1, false)
        }
        guard let duration = GermanDurationGrammar.duration(words, from: index), !duration.approximate, duration.seconds > 0, duration.seconds < 3e11,
              let until = DateTimeParts.fromNow(seconds: duration.seconds, smallestUnit: duration.smallestUnit, sign: 1, context: context).start else { return nil }
        return (.interval(context.now, until, .second), duration.end, false)
    }

    /// "kurz vor Mittag", "kurz nach 3 Uhr": the hour before or after the time said.
    private static func shortly(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        guard words.key(at: start) == "kurz", ["vor", "nach"].contains(words.key(at: start + 1)),
              let bound = moment(words, from: start + 2, context: context), !bound.value.isInterval, bound.value.grain <= .hour,
              let at = bound.value.start else { return nil }
        let before = words.key(at: start + 1) == "vor"
        return (.interval(before ? at - 3_600 : at, before ? at : at + 3_600, .hour), bound.end, false)
    }

    /// The period of "Ende des Tages", "Ende der Woche", "Ende des Monats", "Ende des Jahres" at
    /// `start` (the one under way) and the grain under it, for "bis zum Ende des Monats".
    private static func endOfPeriod(_ words: EntityWords, from start: Int, context: Context) -> (moment: Int, grain: DateTimeGrain, end: Int)? {
        guard words.key(at: start) == "ende", ["des", "der"].contains(words.key(at: start + 1)) else { return nil }
        let units: WordTable<(DateTimeGrain, DateTimeGrain)> = [
            "tages": (.day, .hour), "tag": (.day, .hour), "woche": (.week, .day), "monats": (.month, .day), "monat": (.month, .day),
            "jahres": (.year, .month), "jahr": (.year, .month),
        ]
        guard let (unit, grain) = units[words.key(at: start + 2)] else { return nil }
        return (DateTimeGrammar.adding(1, unit, to: DateTimeGrammar.truncated(context.now, to: unit)), grain, start + 3)
    }

    /// "nach 14 Uhr", "bis 11 Uhr", "ab Montag", "seit Montag", "vor Donnerstag", "bis Donnerstag"
    /// (through it).
    private static func openInterval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        var index = start
        let after: Bool
        switch words.key(at: index) {
        case "nach", "ab", "seit": (after, index) = (true, index + 1)
        case "bis", "vor": (after, index) = (false, index + 1)
        default: return nil
        }
        if ["zum", "zur", "dem", "den"].contains(words.key(at: index)) { index += 1 }
        if words.key(at: start) == "bis", state.reading.day == nil, let end = endOfPeriod(words, from: index, context: context) {
            return (.interval(nil, end.moment, end.grain), end.end, false)
        }
        guard let bound = moment(words, from: index, context: context, initial: state), let first = bound.value.start, !bound.value.isInterval else { return nil }
        // "vor 7 Tagen" is a moment ago, read as one.
        if words.key(at: start) == "vor", relative(words, from: start, context: context) != nil { return nil }
        var moment = first
        // "bis Donnerstag": through the day.
        if !after, words.key(at: start) == "bis", bound.value.grain >= .day { moment = DateTimeGrammar.adding(1, bound.value.grain, to: first) }
        if !after, let day = state.reading.day, state.reading.part == nil {
            return (.interval(day * 86_400, moment, bound.value.grain), bound.end, bound.approximate)
        }
        // "nach 9:30 aber vor 11:00", "ab Montag und bis Freitag": both ends said.
        if after, ["aber", "und"].contains(words.key(at: bound.end)), ["vor", "bis"].contains(words.key(at: bound.end + 1)),
           let close = openInterval(words, from: bound.end + 1, context: context, state: state), close.value.start == nil || close.value.start == state.reading.day.map({ $0 * 86_400 }),
           let until = close.value.end, until > moment {
            return (.interval(moment, until, min(bound.value.grain, close.value.grain)), close.end, bound.approximate || close.approximate)
        }
        return (after ? .interval(moment, nil, bound.value.grain) : .interval(nil, moment, bound.value.grain), bound.end, bound.approximate)
    }

    /// "13. - 15. Juli", "13 bis 15 Juli", "13 Juli - 15 Juli", "8 Aug - 12 Aug", "9:30 - 11:00",
    /// "von 9:30 bis 11:00", "zwischen 9:30 und 11:00", "von 9 bis 11".
    private static func interval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        var index = start
        let between = words.key(at: index) == "zwischen"
        let opened = between || words.key(at: index) == "von"
        if opened { index += 1 }
        if let range = timeRange(words, from: index, between: between, opened: opened, context: context, state: state) { return range }
        guard state.reading.day == nil else { return nil }
        return dateRange(words, from: index, between: between, context: context)
    }

    private static func connector(_ words: EntityWords, at index: Int, between: Bool) -> Int? {
        let key = words.key(at: index)
        if between { return key == "und" ? index + 1 : nil }
        return ["-", "–", "bis"].contains(key) ? index + 1 : nil
    }

    private static func timeRange(_ words: EntityWords, from start: Int, between: Bool, opened: Bool, context: Context,
                                  state: State) -> (value: Value, end: Int, approximate: Bool)? {
        guard let first = time(words, from: start, allowBare: opened), let closer = connector(words, at: first.end, between: between),
              let second = time(words, from: closer, allowBare: opened || first.isSaid), opened || first.isSaid || second.isSaid else { return nil }
        var reading = state.reading
        var end = second.end
        if reading.day == nil, let day = momentState(words, from: end, context: context, initial: State(), times: false), day.state.reading.day != nil,
           day.state.reading.hour == nil, day.state.reading.instant == nil, day.state.reading.span == nil {
            reading.day = day.state.reading.day
            end = day.end
        }
        reading.hour = first.hour
        reading.minute = first.minute
        reading.timeGrain = first.grain
        if let afternoon = first.afternoon ?? reading.part.map({ $0.from >= 12 }) { reading.afternoon = afternoon }
        reading.ambiguousHour = reading.afternoon == nil && first.twelveHour
        guard let from = reading.resolve(context)?.start else { return nil }
        let grain = min(first.grain, second.grain)
        // "11h30-1h30": a second hour from 1 to 12 is the next one after the first.
        return (DateTimeParts.timeRange(from: from, hour: second.hour, minute: second.minute, afternoon: second.afternoon, twelveHour: second.twelveHour,
                                        grain: grain), end, false)
    }

    private static func dateRange(_ words: EntityWords, from start: Int, between: Bool, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        guard let bare = dayOfMonth(words, at: start), let closer = connector(words, at: bare.end, between: between) ?? {
            // "13 Juli - 15 Juli": the first with its month.
            guard months[words.key(at: bare.end)] != nil else { return nil }
            return connector(words, at: bare.end + 1, between: between)
        }(), let last = day(words, from: closer, context: context), !last.isNow, last.grain == .day else { return nil }
        let (year, month, _) = CivilDate.date(last.day)
        let firstMonth = months[words.key(at: bare.end)] ?? month
        guard CivilDate.isValid(year: year, month: firstMonth, day: bare.value) else { return nil }
        let first = CivilDate.days(year: year, month: firstMonth, day: bare.value)
        guard first <= last.day else { return nil }
        return (.interval(first * 86_400, (last.day + 1) * 86_400, .day), last.end, false)
    }
}
