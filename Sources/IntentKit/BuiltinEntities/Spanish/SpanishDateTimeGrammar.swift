/// Spanish dates and times over ``EntityWords``, resolved against a reference moment as the
/// English grammar's are (``DateTimeGrammar``: its reading of parts, its arithmetic and its
/// conventions), each the longest date-time that starts at a word.
///
/// What it reads, part by part, joined by `a`, `el`, `de`, `del`, `en`, `por`, `este` or a comma:
/// - days: `hoy`, `mañana`, `ayer`, `pasado mañana`, `anteayer`, `la víspera`, `el día
///   siguiente`, `ahora`, `ahora mismo`; weekdays and their abbreviations (`lunes`, `mié.`), with
///   `próximo`, `que viene` (the next one), `de la semana que viene` (next week's), `de esta
///   semana`, `pasado`, `de la semana pasada`; dates (`el 1 de marzo`, `3 marzo 2015`, `el
///   primero de enero`, `el miércoles 13`, `el 16`, `el día 2`, `2/3`, `20-02-14`, `20.02.2014`,
///   `del año 2013`, `de dos mil diecisiete`); months (`marzo`, `en marzo 2014`, `el mes de
///   marzo`); `la semana que viene`, `el mes pasado`, `este año`; `la primera semana de
///   octubre`, `el tercer día de octubre`, `la semana del 7 de octubre`; holidays (``holidays``);
/// - times: `a las 5`, `las doce y cuarto`, `a las tres y media de la tarde`, `doce menos cinco`,
///   `las quince horas y treinta minutos`, `15:30`, `15.30`, `15h30`, `medianoche`, `las doce del
///   mediodía`, with `de la mañana`, `de la madrugada`, `de la tarde` or `de la noche`; parts of
///   the day (`esta noche`, `el lunes por la mañana`, `a primera hora de la mañana`, `a media
///   tarde`, `después de comer`); approximations inside (`el 2 de marzo hacia las 5h`);
/// - relative moments: `dentro de 2 horas`, `en una semana`, `dentro de un cuarto de hora`, `hace
///   tres meses`, `dos días después`; stretches: `los próximos 3 días`, `las 2 últimas semanas`;
///   `este fin de semana`, `el último fin de semana de septiembre`; `durante la semana`, `a
///   principios de semana`, `a finales de marzo`, `a fin de mes`, `la segunda quincena de abril`;
///   seasons (`este verano`, `el invierno 2014`);
/// - intervals: `del 10 de junio al 1 de julio`, `13-15 julio`, `entre el 13 y el 15 de julio`,
///   `de las 5 a las 7`, `el jueves entre las 9 y las 11`, `de 11 y media a una y media`; open
///   ones: `antes de las 4`, `hasta el viernes`, `después del 1 de noviembre`, `a partir de las
///   9:30 del jueves`, `desde el viernes a mediodía`, `el viernes de mediodía en adelante`.
///
/// An hour from 1 to 12 without `de la mañana` or `de la tarde` is the next of its two
/// occurrences, as in English. Said alone, `15 horas`, `15h`, `15:30` and `las 5` are times, `dos
/// horas` and `2h` durations, unless `a las`, `hacia`, a day or a part of the day makes them times.
enum SpanishDateTimeGrammar {
    typealias Context = DateTimeContext
    typealias Value = DateTimeValue

    /// The words a date or time may start with (numbers aside), each meaningful to it.
    static let firstWords: WordSet = WordSet(months.keys).union(weekdays.keys).union(holidays.firstWords).union(seasons.keys)
        .union(["ahora", "inmediatamente", "hoy", "ayer", "anteayer", "manana", "pasado", "vispera", "dia", "semana", "mes", "ano", "fin", "finde",
                "medianoche", "mediodia", "madrugada", "tarde", "noche", "velada", "principios", "principio", "inicio", "comienzo", "mitad", "medio",
                "media", "plena", "finales", "final", "ultima", "ultimo", "ultimos", "ultimas", "primera", "primer", "pronto", "proximo", "proxima",
                "proximos", "proximas", "primeras", "ultimas", "comer", "comida", "trabajo", "antes", "despues", "desde", "hasta", "entre", "dentro", "hace", "durante",
                "las", "primero", "segunda", "segundo", "quincena", "comienzo", "empezar", "acabar", "poco", "tercer", "tercera", "cuarto", "cuarta"])
    /// Words a date reads after its first, meaningful to it but starting none.
    static let innerWords: WordSet = WordSet(steps.keys).union(spanUnits.keys)
        .union(["h", "cuarto", "cuartos", "menos", "mismo", "momento", "preciso", "instante", "istante", "viene", "partir", "adelante", "punto",
                "horas", "hora", "siguiente", "anterior", "salir", "trabajar", "hora", "tarde"])
    /// Words that lead into a date without saying one.
    static let leadWords: WordSet = ["a", "el", "la", "los", "de", "del", "en", "al", "este", "esta", "estos", "por", "para", "sobre", "hacia", "eso", "alrededor"]

    private struct State {
        var reading = DateTimeGrammar.Reading()
        var approximate = false
    }

    /// The longest date-time that starts at `start`, the index after it, and whether a word
    /// inside it made it approximate; the longest reading wins, an interval over a moment when
    /// they are as long.
    static func parse(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        var best = moment(words, from: start, context: context)
        func consider(_ candidate: (value: Value, end: Int, approximate: Bool)?) {
            if let candidate, candidate.end >= (best?.end ?? start + 1) { best = candidate }
        }
        consider(openInterval(words, from: start, context: context, state: State()))
        consider(interval(words, from: start, context: context, state: State()))
        consider(nextUnitOrShortly(words, from: start, context: context))
        // A day before an interval or an open one: "el jueves entre las 9 y las 11", "mañana antes de las 4".
        if let day = momentState(words, from: start, context: context, initial: State(), times: false), day.state.reading.hour == nil,
           day.state.reading.instant == nil, day.state.reading.span == nil, day.state.reading.day != nil {
            var index = day.end
            while ["pero", ","].contains(words.key(at: index)) { index += 1 }
            consider(openInterval(words, from: index, context: context, state: day.state))
            consider(interval(words, from: index, context: context, state: day.state))
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

    /// Words that join the parts of a moment, kept only when a part follows.
    private static let joiners: WordSet = ["a", "el", "la", "los", "de", "del", "en", "al", "este", "esta", "por", "para", "durante"]

    private static func component(_ words: EntityWords, from start: Int, context: Context, state: State, times: Bool) -> (state: State, end: Int)? {
        guard start < words.count else { return nil }
        var state = state
        let reading = state.reading
        let empty = !reading.hasDate && !reading.hasTime && reading.part == nil
        if empty, let relative = relative(words, from: start, context: context) {
            state.reading.instant = relative.value.start
            state.reading.instantGrain = relative.value.grain
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
            for phrase in approximators where phrase.indices.allSatisfy({ words.key(at: start + $0) == phrase[$0] }) {
                index = start + phrase.count
                approximate = true
                break
            }
            let said = reading.hasDate || reading.part != nil || approximate || timeLeads.contains(words.key(at: index - 1))
            // "sobre una hora y media" alone is a duration; "sobre las 5" a time.
            let countLike = empty && ["aproximadamente", "casi", "unos", "unas", "sobre"].contains(words.key(at: index - 1))
                && !["las", "la"].contains(words.key(at: index))
            if let time = time(words, from: index, allowBare: said), time.isSaid || said || partOfDay(words, from: time.end) != nil || partOfDay(words, from: time.end + 1) != nil,
               !countLike || time.hour > 12 {
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
            state.reading.part = (part.from, part.to)
            if reading.hour != nil {
                if state.reading.afternoon == nil { state.reading.afternoon = part.afternoon }
                state.reading.ambiguousHour = false
            }
            state.reading.partIsAnchored = part.stretched || partLeads.contains(words.key(at: start - 1))
            if !reading.hasDate, ["este", "esta"].contains(words.key(at: start - 1)) { state.reading.day = context.today }
            return (state, part.end)
        }
        return nil
    }

    /// Words before a number that make it an hour: "a las 5", "las 5", "hacia las 5".
    private static let timeLeads: WordSet = ["las", "la", "hacia", "sobre", "desde", "hasta", "antes", "despues"]
    /// Words that say the time after them is approximate.
    private static let approximators: [[WordKey]] = [["hacia"], ["sobre"], ["alrededor", "de"], ["a", "eso", "de"]]

    // MARK: Days

    static let months: WordTable<Int> = [
        "enero": 1, "ene": 1, "febrero": 2, "feb": 2, "marzo": 3, "mar": 3, "abril": 4, "abr": 4, "mayo": 5, "may": 5, "junio": 6, "jun": 6,
        "julio": 7, "jul": 7, "agosto": 8, "ago": 8, "septiembre": 9, "setiembre": 9, "sep": 9, "sept": 9, "octubre": 10, "oct": 10,
        "noviembre": 11, "nov": 11, "diciembre": 12, "dic": 12,
    ]
    private static let monthAbbreviations: WordSet = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "sept", "oct", "nov", "dic"]
    /// Calendar weekday numbers (Sunday = 1).
    static let weekdays: WordTable<Int> = [
        "domingo": 1, "dom": 1, "lunes": 2, "lun": 2, "martes": 3, "miercoles": 4, "mie": 4, "jueves": 5, "jue": 5, "viernes": 6, "vie": 6,
        "sabado": 7, "sab": 7,
    ]

    /// Words beside a unit or a weekday that say which one: `1` the next, `-1` the last.
    private static let steps: WordTable<Int> = [
        "proximo": 1, "proxima": 1, "proximos": 1, "proximas": 1, "siguiente": 1, "siguientes": 1, "pasado": -1, "pasada": -1, "pasados": -1,
        "pasadas": -1, "ultimo": -1, "ultima": -1, "ultimos": -1, "ultimas": -1, "anterior": -1, "anteriores": -1,
    ]
    private static let calendarUnits: WordTable<DateTimeGrain> = ["semana": .week, "mes": .month, "ano": .year]

    private static func skipStop(_ words: EntityWords, _ index: Int) -> Int {
        words.key(at: index) == "." && words.isAttached(index) ? index + 1 : index
    }

    /// The index after "que viene" at `index`, or `nil`.
    private static func comingEnd(_ words: EntityWords, at index: Int) -> Int? {
        words.key(at: index) == "que" && words.key(at: index + 1) == "viene" ? index + 2 : nil
    }

    private static func day(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, isNow: Bool, end: Int)? {
        let today = context.today
        let key = words.key(at: start)
        func next(_ step: Int) -> WordKey { words.key(at: start + step) }
        switch key {
        case "ahora": return (today, .second, true, next(1) == "mismo" ? start + 2 : start + 1)
        case "inmediatamente": return (today, .second, true, start + 1)
        case "en" where next(1) == "este" && next(2) == "momento": return (today, .second, true, start + 3)
        case "en" where next(1) == "este" && next(2) == "preciso" && ["momento", "instante", "istante"].contains(next(3)): return (today, .second, true, start + 4)
        case "hoy": return (today, .day, false, start + 1)
        case "ayer": return (today - 1, .day, false, start + 1)
        case "anteayer": return (today - 2, .day, false, start + 1)
        case "antes" where next(1) == "de" && next(2) == "ayer": return (today - 2, .day, false, start + 3)
        case "pasado" where next(1) == "manana": return (today + 2, .day, false, start + 2)
        // "mañana" is tomorrow, "la mañana" the morning.
        case "manana" where !["la", "esta"].contains(words.key(at: start - 1)): return (today + 1, .day, false, start + 1)
        case "vispera": return (today - 1, .day, false, start + 1)
        case "dia":
            switch next(1) {
            case "siguiente", "despues": return (today + 1, .day, false, start + 2)
            case "anterior": return (today - 1, .day, false, start + 2)
            case "de" where next(2) == "despues": return (today + 1, .day, false, start + 3)
            case "de" where next(2) == "antes": return (today - 1, .day, false, start + 3)
            default: break
            }
        default: break
        }
        let holidayStart = ["proximo", "proxima"].contains(key) ? start + 1 : start
        if let holiday = holidays.read(words, from: holidayStart, today: today) { return (holiday.day, .day, false, holiday.end) }
        // "la semana que viene", "la próxima semana", "el mes pasado", "este año".
        var unitIndex = start, step: Int?
        if let said = steps[key], calendarUnits[next(1)] != nil { (step, unitIndex) = (said, start + 1) }
        if let grain = calendarUnits[words.key(at: unitIndex)] {
            var end = unitIndex + 1
            if step == nil {
                if let said = steps[words.key(at: end)] { (step, end) = (said, end + 1) } else if let coming = comingEnd(words, at: end) { (step, end) = (1, coming) } else if ["este", "esta"].contains(words.key(at: start - 1)) { step = 0 }
            }
            if let step {
                return (DateTimeGrammar.adding(step, grain, to: DateTimeGrammar.truncated(today * 86_400, to: grain)) / 86_400, grain, false, end)
            }
        }
        if let ordinal = ordinalDay(words, from: start, context: context) { return (ordinal.day, ordinal.grain, false, ordinal.end) }
        if let counted = countedFrom(words, from: start, context: context) { return (counted.day, counted.grain, false, counted.end) }
        if let weekday = weekday(words, from: start, context: context) { return (weekday.day, .day, false, weekday.end) }
        if let date = calendarDate(words, from: start, context: context) { return (date.day, date.grain, false, date.end) }
        return nil
    }

    /// "el segundo lunes después de Pascua", "la tercera semana después de Navidad", "el segundo
    /// día antes de Nochebuena": the `n`-th weekday, week (by its Monday) or day after or before the day said.
    private static func countedFrom(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        var index = start
        if ["el", "la"].contains(words.key(at: index)) { index += 1 }
        guard words.startsWithLetter(at: index), let number = SpanishNumberGrammar.ordinal(words, from: index), (1...52).contains(number.value),
              ["despues", "antes"].contains(words.key(at: number.end + 1)), ["de", "del"].contains(words.key(at: number.end + 2)) else { return nil }
        let kind = words.key(at: number.end), sign = words.key(at: number.end + 1) == "despues" ? 1 : -1
        // "del" is "de el": the article stays for the day after it.
        let anchorStart = words.key(at: number.end + 2) == "del" ? number.end + 2 : number.end + 3
        guard let anchor = day(words, from: anchorStart, context: context), !anchor.isNow, anchor.grain == .day else { return nil }
        guard let unit = weekdays[kind].map(DateTimeParts.CountedUnit.weekday) ?? (kind == "dia" ? .day : kind == "semana" ? .week : nil) else { return nil }
        let counted = DateTimeParts.counted(number.value, unit, from: anchor.day, sign: sign)
        return (counted.day, counted.grain, anchor.end)
    }

    private static func dayOrDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        if ["el", "del", "la"].contains(words.key(at: index)) { index += 1 }
        guard let found = day(words, from: index, context: context), !found.isNow, found.grain == .day else { return nil }
        return (found.day, found.end)
    }

    /// "lunes", "el próximo lunes", "el lunes que viene", "el martes de la semana que viene",
    /// "el lunes de esta semana", "el domingo pasado", "el domingo de la semana pasada"; "el
    /// lunes 18 de febrero" and "el miércoles 13" as dates.
    private static func weekday(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        let today = context.today
        var index = start, plainNext = false
        if ["proximo", "proxima"].contains(words.key(at: index)) { plainNext = true; index += 1 }
        guard let weekday = weekdays[words.key(at: index)] else { return nil }
        index = skipStop(words, index + 1)
        // "domingo 10 de febrero": the date says which; without a year, the first from this
        // year's on which it falls on that weekday, as in English.
        if !plainNext, let date = calendarDate(words, from: index, context: context, weekday: weekday) {
            guard date.grain == .day, CivilDate.weekday(date.day) != weekday else { return (date.day, date.end) }
            guard !(index..<date.end).contains(where: { words.isDigits(at: $0) && words[$0].utf8.count == 4 }) else { return nil }
            return DateTimeParts.date(date.day, on: weekday, context: context).map { ($0, date.end) }
        }
        let offset = (weekday + 5) % 7  // Monday 0 … Sunday 6
        let monday = DateTimeGrammar.monday(of: today)
        if plainNext { return (DateTimeGrammar.after(today, weekday: weekday), index) }
        func key(_ step: Int) -> WordKey { words.key(at: index + step) }
        // "de la semana que viene", "de la próxima semana", "de esta semana", "de la semana pasada"
        if key(0) == "de" {
            var weekIndex = index + 1
            if key(1) == "esta", key(2) == "semana" { return (monday + offset, index + 3) }
            if words.key(at: weekIndex) == "la" { weekIndex += 1 }
            var step: Int?
            if let said = steps[words.key(at: weekIndex)], words.key(at: weekIndex + 1) == "semana" { return (monday + 7 * said + offset, weekIndex + 2) }
            if words.key(at: weekIndex) == "semana" {
                var end = weekIndex + 1
                if let said = steps[words.key(at: end)] { (step, end) = (said, end + 1) } else if let coming = comingEnd(words, at: end) { (step, end) = (1, coming) }
                if let step { return (monday + 7 * step + offset, end) }
            }
        }
        switch key(0) {
        case "proximo", "proxima": return (DateTimeGrammar.after(today, weekday: weekday), index + 1)
        case "que" where key(1) == "viene": return (DateTimeGrammar.after(today, weekday: weekday), index + 2)
        case "pasado", "pasada", "ultimo", "anterior":
            return (today - 1 - (CivilDate.weekday(today) - weekday + 6) % 7, index + 1)
        default: break
        }
        return (DateTimeGrammar.after(today, weekday: weekday), index)
    }

    /// A day of the month: digits from 1 to 31, `primero`, or a number in words.
    private static func dayOfMonth(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        if words.key(at: index) == "primero" || words.key(at: index) == "primo" { return (1, index + 1) }
        if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count <= 2, let value = Int(word), (1...31).contains(value) {
            return (value, index + 1)
        }
        guard words.startsWithLetter(at: index), let number = SpanishNumberGrammar.cardinal(words, from: index), number.value == number.value.rounded(),
              (1...31).contains(number.value) else { return nil }
        return (Int(number.value), number.end)
    }

    /// A year after a date or month: "2015", "de 2015", "del 2015", "del año 2015", "de dos mil diecisiete".
    private static func year(_ words: EntityWords, at start: Int) -> (value: Int, end: Int)? {
        var index = start
        if ["de", "del"].contains(words.key(at: index)) { index += 1 }
        if words.key(at: index) == "ano" { index += 1 }
        if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count == 4, let value = Int(word) { return (value, index + 1) }
        guard words.startsWithLetter(at: index), let number = SpanishNumberGrammar.cardinal(words, from: index), number.value == number.value.rounded(),
              (1000...2999).contains(number.value) else { return nil }
        return (Int(number.value), number.end)
    }

    private static func date(year: Int?, month: Int, day: Int, context: Context, weekday: Int? = nil) -> Int? {
        DateTimeParts.date(year: year, month: month, day: day, context: context, weekday: weekday)
    }

    /// Words after a bare day of the month ("el 16") that let it stand as a date.
    private static let dayFollowers: WordSet = ["a", "hacia", "sobre", "al", "y", "-", "hasta", "por", "en", "el", "la", ",", "de", "despues", "antes", "desde"]

    /// "el 2 de marzo", "1 de marzo de 2013", "3 marzo 2015", "el primero de enero", "2/3",
    /// "20-02-14", "20.02.2014", "el 16", "el día 2", "marzo", "marzo 2014", "el mes de marzo".
    private static func calendarDate(_ words: EntityWords, from start: Int, context: Context, weekday: Int? = nil) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        if let numeric = numericDate(words, from: start, context: context) { return (numeric.day, .day, numeric.end) }
        var dayStart = start
        if words.key(at: start) == "dia" { dayStart += 1 }
        if let day = dayOfMonth(words, at: dayStart) {
            var index = day.end
            let monthIndex = words.key(at: index) == "de" ? index + 1 : index
            if let month = months[words.key(at: monthIndex)] {
                index = skipStop(words, monthIndex + 1)
                var year: Int?
                if let said = self.year(words, at: index) { (year, index) = (said.value, said.end) }
                guard let found = date(year: year, month: month, day: day.value, context: context) else { return nil }
                return (found, .day, index)
            }
            // "el 16", "el día 2", "el miércoles 13": the next such day of the month.
            let lead = words.key(at: start - 1)
            guard weekday != nil || dayStart > start || ["el", "del", "al"].contains(lead), index >= words.count || dayFollowers.contains(words.key(at: index)) else { return nil }
            let (year, month, _) = CivilDate.date(context.today)
            for step in 0..<(weekday == nil ? 2 : 24) {
                let target = CivilDate.month(month, of: year, adding: step)
                guard let found = date(year: target.year, month: target.month, day: day.value, context: context), found >= context.today else { continue }
                if let weekday, CivilDate.weekday(found) != weekday { continue }
                return (found, .day, index)
            }
            return nil
        }
        // "marzo", "marzo 2014", "el mes de marzo"
        var index = start
        if words.key(at: index) == "mes", words.key(at: index + 1) == "de" { index += 2 }
        guard let month = months[words.key(at: index)] else { return nil }
        let abbreviated = monthAbbreviations.contains(words.key(at: index))
        index = skipStop(words, index + 1)
        if let said = year(words, at: index) { return (CivilDate.days(year: said.value, month: month, day: 1), .month, said.end) }
        if abbreviated { return nil }
        let (year, thisMonth, _) = CivilDate.date(context.today)
        return (CivilDate.days(year: month >= thisMonth ? year : year + 1, month: month, day: 1), .month, index)
    }

    /// "2/3", "01/03/13", "01-03-2013", "20.02.2014" (day first, month then year).
    private static func numericDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        if first.contains("."), EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), let written = Int(parts[2]), parts[2].count == 2 || parts[2].count == 4 else { return nil }
            let year = parts[2].count == 2 ? DateTimeGrammar.twoDigitYear(written, reference: context.year) : written
            return date(year: year, month: month, day: day, context: context).map { ($0, start + 1) }
        }
        guard words.isDigits(at: start), let value = Int(first), first.utf8.count <= 2, (1...31).contains(value) else { return nil }
        let separator = words.key(at: start + 1)
        guard separator == "/" || separator == "-", words.isAttached(start + 1), words.isAttached(start + 2), words.isDigits(at: start + 2),
              let monthWord = words.word(at: start + 2), monthWord.utf8.count <= 2, let month = Int(monthWord), (1...12).contains(month) else { return nil }
        var index = start + 3
        var year: Int?
        if words.key(at: index) == separator, words.isAttached(index), words.isDigits(at: index + 1), let word = words.word(at: index + 1),
           word.utf8.count == 2 || word.utf8.count == 4, let said = Int(word) {
            year = word.utf8.count == 2 ? DateTimeGrammar.twoDigitYear(said, reference: context.year) : said
            index += 2
        }
        // "13-15 julio" is an interval.
        if separator == "-", year == nil, months[words.key(at: index)] != nil || words.key(at: index) == "de" { return nil }
        return date(year: year, month: month, day: value, context: context).map { ($0, index) }
    }

    /// "el tercer día de octubre", "la primera semana de octubre de 2014", "el último día de
    /// octubre", "el primer lunes de marzo", "la semana del 7 de octubre".
    private static func ordinalDay(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        if words.key(at: start) == "semana", words.key(at: start + 1) == "del", let anchor = dayOrDate(words, from: start + 2, context: context) {
            return (DateTimeGrammar.monday(of: anchor.day + 1), .week, anchor.end)
        }
        let last = ["ultimo", "ultima"].contains(words.key(at: start))
        let said: (value: Int, end: Int)? = last ? (0, start + 1) : SpanishNumberGrammar.ordinal(words, from: start)
        guard let number = said, ["de", "del"].contains(words.key(at: number.end + 1)) else { return nil }
        let kind = words.key(at: number.end)
        guard kind == "dia" || kind == "semana" || weekdays[kind] != nil, let month = monthOf(words, from: number.end + 1, context: context) else { return nil }
        let length = CivilDate.length(year: month.year, month: month.month)
        let first = CivilDate.days(year: month.year, month: month.month, day: 1)
        if let weekday = weekdays[kind] {
            let day = last ? CivilDate.last(weekday: weekday, month: month.month, year: month.year) : CivilDate.nth(number.value, weekday: weekday, month: month.month, year: month.year)
            guard CivilDate.date(day).month == month.month else { return nil }
            return (day, .day, month.end)
        }
        if kind == "dia" {
            let day = last ? length : number.value
            guard (1...length).contains(day) else { return nil }
            return (first + day - 1, .day, month.end)
        }
        let firstMonday = DateTimeGrammar.after(first - 1, weekday: 2)
        let lastMonday = DateTimeGrammar.monday(of: first + length) - 7
        let monday = last ? lastMonday : firstMonday + 7 * (number.value - 1)
        guard monday <= lastMonday else { return nil }
        return (monday, .week, month.end)
    }

    /// A month after "de" or "del (mes de)", with its year or without (the next from this month on).
    private static func monthOf(_ words: EntityWords, from start: Int, context: Context) -> (year: Int, month: Int, end: Int)? {
        var index = start
        if ["de", "del"].contains(words.key(at: index)) { index += 1 }
        if words.key(at: index) == "mes", words.key(at: index + 1) == "de" { index += 2 }
        guard let month = months[words.key(at: index)] else { return nil }
        index = skipStop(words, index + 1)
        if let year = year(words, at: index) { return (year.value, month, year.end) }
        let (year, thisMonth, _) = CivilDate.date(context.today)
        return (month >= thisMonth ? year : year + 1, month, index)
    }

    /// Holidays by their Spanish names; a holiday without a year is its next occurrence.
    static let holidays = Holiday.Table([
        Holiday(names: ["navidad", "dia de navidad"]) { CivilDate.days(year: $0, month: 12, day: 25) },
        Holiday(names: ["nochebuena"]) { CivilDate.days(year: $0, month: 12, day: 24) },
        Holiday(names: ["nochevieja", "noche vieja"]) { CivilDate.days(year: $0, month: 12, day: 31) },
        Holiday(names: ["ano nuevo", "dia de ano nuevo"]) { CivilDate.days(year: $0, month: 1, day: 1) },
        Holiday(names: ["reyes", "dia de reyes", "epifania"]) { CivilDate.days(year: $0, month: 1, day: 6) },
        Holiday(names: ["san valentin", "dia de san valentin", "dia de los enamorados"]) { CivilDate.days(year: $0, month: 2, day: 14) },
        Holiday(names: ["dia del trabajo", "dia del trabajador", "dia de los trabajadores"]) { CivilDate.days(year: $0, month: 5, day: 1) },
        Holiday(names: ["dia de la hispanidad", "hispanidad"]) { CivilDate.days(year: $0, month: 10, day: 12) },
        Holiday(names: ["halloween"]) { CivilDate.days(year: $0, month: 10, day: 31) },
        Holiday(names: ["todos los santos", "dia de todos los santos"]) { CivilDate.days(year: $0, month: 11, day: 1) },
        Holiday(names: ["dia de muertos", "dia de los muertos", "dia de los difuntos"]) { CivilDate.days(year: $0, month: 11, day: 2) },
        Holiday(names: ["dia de la constitucion"]) { CivilDate.days(year: $0, month: 12, day: 6) },
        Holiday(names: ["inmaculada", "dia de la inmaculada"]) { CivilDate.days(year: $0, month: 12, day: 8) },
        Holiday(names: ["pascua", "domingo de pascua", "domingo de resurreccion"]) { Holiday.easter($0) },
        Holiday(names: ["lunes de pascua"]) { Holiday.easter($0) + 1 },
        Holiday(names: ["viernes santo"]) { Holiday.easter($0) - 2 },
        Holiday(names: ["jueves santo"]) { Holiday.easter($0) - 3 },
        Holiday(names: ["domingo de ramos"]) { Holiday.easter($0) - 7 },
        Holiday(names: ["miercoles de ceniza"]) { Holiday.easter($0) - 46 },
        Holiday(names: ["pentecostes"]) { Holiday.easter($0) + 49 },
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

    /// A time of day at `start`: "medianoche", "15:30", "15.30", "15h30", "las doce y cuarto",
    /// "quince horas", "doce menos cinco"; `allowBare` reads an hour alone ("a las 5").
    private static func time(_ words: EntityWords, from start: Int, allowBare: Bool) -> Clock? {
        var index = start
        // "las 5", "la una": the article says an hour.
        let article = ["las", "la"].contains(words.key(at: index))
        if article { index += 1 }
        guard let first = words.word(at: index) else { return nil }
        let key = words.key(at: index)
        if key == "medianoche" { return finish(Clock(hour: 0, minute: 0, afternoon: nil, twelveHour: false, grain: .hour, end: index + 1, isSaid: true), words) }
        if key == "mediodia", !article { return finish(Clock(hour: 12, minute: 0, afternoon: nil, twelveHour: false, grain: .hour, end: index + 1, isSaid: true), words) }
        // "15:30"; "15.30" after "las" or on the hour ("15.00"), else a decimal.
        for mark in [":", "."] where first.contains(mark) && EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: Character(mark), omittingEmptySubsequences: false)
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].utf8.count == 2, (0...23).contains(hour), (0...59).contains(minute),
                  mark == ":" || article || allowBare || minute == 0 else { return nil }
            return finish(Clock(hour: hour, minute: minute, afternoon: nil, twelveHour: (1...12).contains(hour), grain: .minute, end: index + 1, isSaid: true), words)
        }
        guard var number = SpanishNumberGrammar.unsigned(words, from: index, suffixes: false) else { return nil }
        // "doce y media" is 12.5 as a number, half past twelve as a time: the minutes are read below.
        if number.value - number.value.rounded(.down) == 0.5, words.key(at: number.end - 2) == "y" {
            number = (number.value.rounded(.down), number.end - 2)
        }
        guard number.value == number.value.rounded(), (0...24).contains(number.value) else { return nil }
        let hour = Int(number.value) % 24
        var clock = Clock(hour: hour, minute: 0, afternoon: nil, twelveHour: (1...12).contains(hour), grain: .hour, end: number.end, isSaid: article)
        let unit = words.key(at: number.end)
        if unit == "h" {
            clock.end = number.end + 1
            clock.isSaid = clock.isSaid || hour > 12 || hour == 0
            if words.isDigits(at: clock.end), words.isAttached(clock.end), let word = words.word(at: clock.end), word.utf8.count == 2, let minute = Int(word), minute < 60 {
                clock.minute = minute
                clock.grain = .minute
                clock.end += 1
                clock.isSaid = true
                return finish(clock, words)
            }
        } else if unit == "hora" || unit == "horas" {
            clock.end = number.end + 1
            clock.isSaid = clock.isSaid || hour > 12 || hour == 0
        } else if !allowBare && !article {
            // "doce menos cinco", "once y cuarto", "8 de la tarde": minutes or the half of the day said after a bare hour make it a time.
            let halfFollows = unit == "de" && words.key(at: number.end + 1) == "la" && halves[words.key(at: number.end + 2)] != nil
                || unit == "del" && words.key(at: number.end + 1) == "mediodia"
            guard halfFollows || minutes(words, at: number.end)?.saysTime == true else { return nil }
        } else if article, SpanishDurationGrammar.secondsPerUnit[unit] != nil {
            // "las 3 semanas": a count.
            return nil
        }
        if let minutes = minutes(words, at: clock.end, afterUnit: clock.end > number.end) {
            clock.minute = minutes.value
            clock.grain = .minute
            clock.end = minutes.end
            clock.isSaid = clock.isSaid || minutes.saysTime
            if minutes.value < 0 {
                clock.hour = (clock.hour + 23) % 24
                clock.minute += 60
            }
        }
        return finish(clock, words)
    }

    /// The minutes after an hour: "y cuarto", "y media", "y cincuenta y cinco (minutos)", "y
    /// treinta minutos", "menos cinco", "menos cuarto" (negative), "30" after "horas"; whether
    /// they make the words a time rather than a duration.
    private static func minutes(_ words: EntityWords, at index: Int, afterUnit: Bool = false) -> (value: Int, end: Int, saysTime: Bool)? {
        func count(at index: Int) -> (value: Int, end: Int)? {
            guard let number = SpanishNumberGrammar.unsigned(words, from: index, suffixes: false), number.value == number.value.rounded(),
                  (0...59).contains(number.value) else { return nil }
            // Not the day of a date or the count of a duration that follows ("15h 2 de marzo").
            if months[words.key(at: number.end)] != nil || ["hora", "horas", "h", "de"].contains(words.key(at: number.end)) { return nil }
            var end = number.end
            if ["minuto", "minutos", "min"].contains(words.key(at: end)) { end += 1 }
            return (Int(number.value), end)
        }
        switch words.key(at: index) {
        case "y":
            switch words.key(at: index + 1) {
            // "dos horas y media" is as much a duration as a time; "doce y cuarto" a time.
            case "cuarto": return (15, index + 2, !afterUnit)
            // "y media" (the hour's half); "tres y medio" is a number.
            case "media": return (30, index + 2, !afterUnit)
            default:
                guard let said = count(at: index + 1) else { return nil }
                return (said.value, said.end, true)
            }
        case "menos":
            if words.key(at: index + 1) == "cuarto" { return (-15, index + 2, true) }
            guard let said = count(at: index + 1), said.value > 0, said.value <= 30 else { return nil }
            return (-said.value, said.end, true)
        default:
            guard !words.isAttached(index), words.key(at: index - 1) == "horas" || words.key(at: index - 1) == "hora" || words.key(at: index - 1) == "h",
                  let said = count(at: index) else { return nil }
            return (said.value, said.end, false)
        }
    }

    /// The clock with the half of the day said after it: "de la mañana", "de la madrugada", "de
    /// la tarde", "de la noche", "del mediodía"; "en punto" (exactly).
    private static func finish(_ clock: Clock, _ words: EntityWords) -> Clock {
        var clock = clock
        var index = clock.end
        func key(_ step: Int) -> WordKey { words.key(at: index + step) }
        var afternoon: Bool?
        if key(0) == "de", key(1) == "la", let half = halves[key(2)] {
            afternoon = half
            index += 3
        } else if key(0) == "del", key(1) == "mediodia" {
            afternoon = true
            index += 2
        }
        if let afternoon, clock.hour <= 12 {
            // "las doce de la noche" is midnight; "las doce del mediodía" noon.
            if clock.hour == 12 { clock.hour = afternoon && key(-1) != "noche" ? 12 : 0 } else { clock.afternoon = afternoon }
            if clock.hour == 0 || clock.hour == 12 { clock.afternoon = nil; clock.twelveHour = false }
            clock.end = index
            clock.isSaid = true
        }
        if words.key(at: clock.end) == "en", words.key(at: clock.end + 1) == "punto" { clock.end += 2 }
        return clock
    }
    private static let halves: WordTable<Bool> = ["manana": false, "madrugada": false, "tarde": true, "noche": true]

    // MARK: Parts of the day

    private struct PartOfDay {
        var from: Int, to: Int, afternoon: Bool
        var stretches: [Int: (from: Int, to: Int)]
    }
    private static let morning = PartOfDay(from: 4, to: 12, afternoon: false, stretches: [0: (4, 9), 1: (9, 11), 2: (10, 12)])
    /// "La tarde" runs from lunch into the evening: its beginning is the early afternoon, its end the early evening.
    private static let afternoonPart = PartOfDay(from: 12, to: 19, afternoon: true, stretches: [0: (12, 15), 1: (15, 17), 2: (17, 21)])
    private static let night = PartOfDay(from: 18, to: 24, afternoon: true, stretches: [0: (18, 21), 2: (21, 24)])
    private static let daytime = PartOfDay(from: 6, to: 21, afternoon: false, stretches: [0: (6, 10), 1: (11, 16), 2: (17, 21)])

    private static let partLeads: WordSet = ["la", "el", "esta", "este", "por", "en", "a", "de", "del", "durante", "despues", "antes", "al"]
    /// "principio", "media", "final" and the like: the stretch of a period they name.
    private static let stretchWords: WordTable<Int> = [
        "principio": 0, "principios": 0, "inicio": 0, "comienzo": 0, "mitad": 1, "medio": 1, "media": 1, "plena": 1, "pleno": 1, "final": 2,
        "finales": 2, "fin": 2, "empezar": 0, "acabar": 2,
    ]

    /// The part of the day at `start`: "mañana", "tarde", "noche", "madrugada", "a primera hora
    /// de la mañana", "pronto por la noche", "a última hora de la noche", "a media tarde", "en
    /// mitad del día", "al final del día", "después de comer", "a la hora de comer", "después
    /// del trabajo".
    private static func partOfDay(_ words: EntityWords, from start: Int) -> (from: Int, to: Int, afternoon: Bool, stretched: Bool, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        func part(at index: Int) -> (part: PartOfDay, end: Int)? {
            var at = index
            if ["la", "el", "del", "de"].contains(key(at)) { at += 1 }
            if key(at) == "la" { at += 1 }
            switch key(at) {
            case "manana" where ["la", "esta"].contains(key(at - 1)): return (morning, at + 1)
            case "tarde": return (afternoonPart, at + 1)
            case "noche", "velada": return (night, at + 1)
            case "madrugada": return (PartOfDay(from: 0, to: 6, afternoon: false, stretches: [:]), at + 1)
            case "dia": return (daytime, at + 1)
            default: return nil
            }
        }
        // "a primera hora de la mañana", "a última hora de la noche", "a primera hora" (of the day)
        if ["primera", "ultima"].contains(key(start)), key(start + 1) == "hora" {
            let stretch = key(start) == "primera" ? 0 : 2
            // "a primera hora de la mañana", "a primera hora por la mañana"
            if ["de", "del", "por"].contains(key(start + 2)), let found = part(at: start + 3) {
                guard let hours = found.part.stretches[stretch] else { return nil }
                return (hours.from, hours.to, found.part.afternoon, true, found.end)
            }
            let hours = daytime.stretches[stretch]!
            return (hours.from, hours.to, false, true, start + 2)
        }
        // "a media tarde", "en plena tarde", "a mitad del día", "al final de la tarde", "al inicio del día"
        if let stretch = stretchWords[key(start)] {
            if let found = part(at: start + 1), let hours = found.part.stretches[stretch] {
                return (hours.from, hours.to, found.part.afternoon, true, found.end)
            }
        }
        // "en las últimas horas de la tarde", "en las primeras horas de la mañana"
        if key(start) == "las", ["primeras", "ultimas"].contains(key(start + 1)) { return partOfDay(words, from: start + 1) }
        if ["primeras", "ultimas"].contains(key(start)), key(start + 1) == "horas", ["de", "del"].contains(key(start + 2)), let found = part(at: start + 3),
           let hours = found.part.stretches[key(start) == "primeras" ? 0 : 2] {
            return (hours.from, hours.to, found.part.afternoon, true, found.end)
        }
        // "pronto por la mañana", "tarde por la noche"
        if ["pronto", "tarde"].contains(key(start)), key(start + 1) == "por", let found = part(at: start + 2),
           let hours = found.part.stretches[key(start) == "pronto" ? 0 : 2] {
            return (hours.from, hours.to, found.part.afternoon, true, found.end)
        }
        if let found = part(at: start), key(start) != "de" && key(start) != "del" {
            // "por la mañana a primera hora", "por la noche pronto"
            if key(found.end) == "a", ["primera", "ultima"].contains(key(found.end + 1)), key(found.end + 2) == "hora",
               let hours = found.part.stretches[key(found.end + 1) == "primera" ? 0 : 2] {
                return (hours.from, hours.to, found.part.afternoon, true, found.end + 3)
            }
            if key(found.end) == "pronto", let hours = found.part.stretches[0] { return (hours.from, hours.to, found.part.afternoon, true, found.end + 1) }
            guard found.part.from != 6 else { return nil }
            return (found.part.from, found.part.to, found.part.afternoon, false, found.end)
        }
        // Meals and work: "después de (la hora de) comer", "antes de comer", "a la hora de comer",
        // "durante la comida", "después del trabajo", "al salir de trabajar".
        func meal(at index: Int) -> Int? {
            var at = index
            if key(at) == "la", key(at + 1) == "hora", key(at + 2) == "de" { at += 3 }
            if key(at) == "comer" { return at + 1 }
            if key(at) == "la", key(at + 1) == "comida" { return at + 2 }
            return nil
        }
        switch key(start) {
        case "despues", "antes":
            if key(start) == "despues", key(start + 1) == "del", key(start + 2) == "trabajo" { return (17, 21, true, true, start + 3) }
            guard key(start + 1) == "de", let end = meal(at: start + 2) else { return nil }
            return key(start) == "despues" ? (13, 17, true, true, end) : (10, 12, false, true, end)
        case "hora" where key(start + 1) == "de" && key(start + 2) == "comer": return (12, 14, true, true, start + 3)
        case "comida" where key(start - 1) == "la": return (12, 14, true, true, start + 1)
        case "salir" where key(start + 1) == "de" && ["trabajar", "trabajo"].contains(key(start + 2)): return (17, 21, true, true, start + 3)
        default: return nil
        }
    }

    // MARK: Relative moments and stretches

    /// "dentro de 2 horas", "en una semana", "dentro de un cuarto de hora", "hace tres meses",
    /// "dos días después", "en los próximos quince días": the moment, cut to its grain.
    private static func relative(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var sign = 1, from = start
        switch key(start) {
        case "dentro" where key(start + 1) == "de": from = start + 2
        case "en" where key(start + 1) == "los" && ["proximos", "siguientes"].contains(key(start + 2)): from = start + 3
        case "en": from = start + 1
        case "hace": (sign, from) = (-1, start + 1)
        default: break
        }
        guard !["durante", "por", "todo", "toda"].contains(key(from)),
              let duration = SpanishDurationGrammar.duration(words, from: from), !duration.approximate, duration.seconds > 0, duration.seconds < 3e11 else { return nil }
        var end = duration.end
        if from == start {
            if key(end) == "mas", key(end + 1) == "tarde" { end += 2 } else if key(end) == "despues" { end += 1 } else { return nil }
        }
        return (DateTimeParts.fromNow(seconds: duration.seconds, smallestUnit: duration.smallestUnit, sign: sign, context: context), end)
    }

    /// "en la próxima hora", "en el próximo minuto": the next such unit; "poco antes del
    /// mediodía", "poco después de las 3": the hour before or after the time said.
    private static func nextUnitOrShortly(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        if key(start) == "en", ["la", "el"].contains(key(start + 1)), ["proxima", "proximo", "siguiente"].contains(key(start + 2)),
           let unit = ["hora": DateTimeGrain.hour, "minuto": .minute][key(start + 3)] {
            return (.instant(DateTimeGrammar.adding(1, unit, to: DateTimeGrammar.truncated(context.now, to: unit)), unit), start + 4, false)
        }
        guard key(start) == "poco", ["antes", "despues"].contains(key(start + 1)), ["de", "del"].contains(key(start + 2)) else { return nil }
        let boundStart = key(start + 2) == "del" ? start + 2 : start + 3
        guard let bound = moment(words, from: boundStart, context: context), !bound.value.isInterval, bound.value.grain <= .hour,
              let at = bound.value.start else { return nil }
        let before = key(start + 1) == "antes"
        return (.interval(before ? at - 3_600 : at, before ? at : at + 3_600, .hour), bound.end, false)
    }

    private static let spanUnits: WordTable<DateTimeGrain> = [
        "segundo": .second, "segundos": .second, "minuto": .minute, "minutos": .minute, "hora": .hour, "horas": .hour, "dia": .day, "dias": .day,
        "semana": .week, "semanas": .week, "mes": .month, "meses": .month, "ano": .year, "anos": .year,
    ]

    /// "los próximos 3 días", "las 3 próximas horas", "2 últimos segundos", "las 2 pasadas
    /// semanas"; weekends; "durante la semana"; stretches of a week, month or year; "la primera
    /// quincena de abril"; seasons.
    private static func span(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index = start
        if ["los", "las"].contains(key(index)) { index += 1 }
        var step = steps[key(index)]
        if step != nil { index += 1 }
        if let number = SpanishNumberGrammar.unsigned(words, from: index, suffixes: false), number.value >= 1, number.value <= 1000, number.value == number.value.rounded() {
            var end = number.end
            if step == nil, let said = steps[key(end)] { step = said; end += 1 }
            if let step, let unit = spanUnits[key(end)] {
                let count = Int(number.value)
                return (DateTimeParts.units(count, unit, step: step, context: context), end + 1)
            }
        }
        if let weekend = weekend(words, from: start, context: context) { return weekend }
        // "durante la semana": Monday to Friday of this week.
        if key(start) == "semana", key(start - 1) == "la", key(start - 2) == "durante" {
            let monday = DateTimeGrammar.monday(of: context.today)
            return (.interval(monday * 86_400, (monday + 5) * 86_400, .day), start + 1)
        }
        if let stretch = periodStretch(words, from: start, context: context) { return stretch }
        if let ordinal = SpanishNumberGrammar.ordinal(words, from: start), (1...2).contains(ordinal.value), key(ordinal.end) == "quincena",
           let month = monthOf(words, from: ordinal.end + 1, context: context) {
            let first = CivilDate.days(year: month.year, month: month.month, day: 1)
            let bounds = [first, first + 14, first + CivilDate.length(year: month.year, month: month.month)]
            return (.interval(bounds[ordinal.value - 1] * 86_400, bounds[ordinal.value] * 86_400, .day), month.end)
        }
        return season(words, from: start, context: context)
    }

    /// "este fin de semana", "este finde", "el próximo fin de semana" (this one, as Duckling
    /// reads it), "el primer fin de semana de septiembre", "el último finde de septiembre".
    private static func weekend(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func weekendWord(_ index: Int) -> Int? {
            if words.key(at: index) == "finde" { return index + 1 }
            guard words.key(at: index) == "fin" else { return nil }
            if words.key(at: index + 1) == "de", words.key(at: index + 2) == "semana" { return index + 3 }
            return words.key(at: index - 1) == "este" ? index + 1 : nil
        }
        func interval(_ friday: Int) -> Value { DateTimeParts.weekend(friday: friday) }
        var index = start
        if steps[words.key(at: index)] == 1 { index += 1 }
        if let end = weekendWord(index), index > start || ["este", "el"].contains(words.key(at: start - 1)) {
            var friday = DateTimeGrammar.monday(of: context.today) + 4
            if friday + 3 <= context.today { friday += 7 }
            return (interval(friday), end)
        }
        let last = ["ultimo", "ultima"].contains(words.key(at: start))
        let number: (value: Int, end: Int)? = last ? (0, start + 1) : SpanishNumberGrammar.ordinal(words, from: start)
        guard let number, let end = weekendWord(number.end), let month = monthOf(words, from: end, context: context) else { return nil }
        let friday = last ? CivilDate.last(weekday: 6, month: month.month, year: month.year) : CivilDate.nth(number.value, weekday: 6, month: month.month, year: month.year)
        guard CivilDate.date(friday).month == month.month else { return nil }
        return (interval(friday), month.end)
    }

    /// "a principios de abril", "a finales del mes de marzo", "a fin de mes", "a mitad de
    /// semana", "a media semana", "a finales de la semana", "a principios de año": a month's first
    /// five days, its 10th to 19th, or its last seven; a week's Monday and Tuesday, Wednesday
    /// and Thursday, or Thursday to Sunday; a year's January and February, May to August, or
    /// October to December (the French grammar's stretches).
    private static func periodStretch(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        guard let stretch = stretchWords[key(start)] else { return nil }
        var index = start + 1
        if ["de", "del"].contains(key(index)) { index += 1 }
        if ["la", "el", "esta", "este"].contains(key(index)) { index += 1 }
        let period: (first: Int, grain: DateTimeGrain, end: Int)
        if let month = monthOf(words, from: index, context: context) {
            period = (CivilDate.days(year: month.year, month: month.month, day: 1), .month, month.end)
        } else if let grain = calendarUnits[key(index)] {
            var end = index + 1, step = 0
            if let said = steps[key(end)] { (step, end) = (said, end + 1) }
            period = (DateTimeGrammar.adding(step, grain, to: DateTimeGrammar.truncated(context.now, to: grain)) / 86_400, grain, end)
        } else {
            return nil
        }
        let first = period.first
        return (DateTimeParts.stretch(stretch, of: first, period.grain), period.end)
    }

    private static let seasons: WordTable<Int> = ["primavera": 0, "verano": 1, "otono": 2, "invierno": 3]

    /// "este verano", "el verano que viene", "el invierno pasado", "verano 2014", "en invierno".
    private static func season(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        guard let season = seasons[words.key(at: start)] else { return nil }
        func days(_ year: Int) -> (first: Int, end: Int) { DateTimeParts.season(season, of: year) }
        let chosen: (first: Int, end: Int), end: Int
        if let year = year(words, at: start + 1), year.value >= 1000 {
            (chosen, end) = (days(year.value), year.end)
        } else {
            let step = steps[words.key(at: start + 1)] ?? (comingEnd(words, at: start + 1) != nil ? 1 : nil)
            guard ["este", "el", "en", "durante"].contains(words.key(at: start - 1)) || step != nil else { return nil }
            let current = (context.year - 1...context.year + 1).map(days).first { $0.end > context.today }!
            switch step {
            case 1: (chosen, end) = (current.first <= context.today ? days(CivilDate.date(current.first).year + 1) : current, comingEnd(words, at: start + 1) ?? start + 2)
            case -1: (chosen, end) = (days(CivilDate.date(current.first).year - 1), start + 2)
            default: (chosen, end) = (current, start + 1)
            }
        }
        return (.interval(chosen.first * 86_400, chosen.end * 86_400, .day), end)
    }

    // MARK: Intervals

    /// "antes de las 4", "hasta el viernes", "después del 1 de noviembre", "a partir de las 9:30",
    /// "desde el viernes a mediodía", "el viernes de mediodía en adelante".
    private static func openInterval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index = start
        var after: Bool?
        switch key(index) {
        case "antes" where key(index + 1) == "de" && key(index + 2) == "ayer": return nil  // the day before yesterday
        case "antes" where ["de", "del"].contains(key(index + 1)): (after, index) = (false, key(index + 1) == "del" ? index + 1 : index + 2)
        case "hasta": (after, index) = (false, index + 1)
        case "despues" where ["de", "del"].contains(key(index + 1)): (after, index) = (true, key(index + 1) == "del" ? index + 1 : index + 2)
        case "desde": (after, index) = (true, index + 1)
        case "a" where key(index + 1) == "partir" && ["de", "del"].contains(key(index + 2)): (after, index) = (true, key(index + 2) == "del" ? index + 2 : index + 3)
        case "de":
            // "de mediodía en adelante"
            index += 1
        default: return nil
        }
        // "después de comer", "antes de comer" are parts of the day.
        if partOfDay(words, from: start) != nil, state.reading.day == nil { return nil }
        guard let bound = moment(words, from: index, context: context, initial: state) else { return nil }
        var end = bound.end
        if after == nil {
            guard key(end) == "en", key(end + 1) == "adelante" else { return nil }
            after = true
            end += 2
        } else if after == true, key(end) == "en", key(end + 1) == "adelante" {
            end += 2
        }
        // "hasta el final del mes", "hasta fin de año": until the stretch said ends.
        if after == false, key(start) == "hasta", bound.value.isInterval, [index, index + 1].contains(where: { ["final", "fin", "finales"].contains(key($0)) }),
           let until = bound.value.end {
            return (.interval(nil, until, .day), end, bound.approximate)
        }
        guard let first = bound.value.start, !bound.value.isInterval, let after else { return nil }
        if !after, let day = state.reading.day, state.reading.part == nil {
            return (.interval(day * 86_400, first, bound.value.grain), end, bound.approximate)
        }
        return (after ? .interval(first, nil, bound.value.grain) : .interval(nil, first, bound.value.grain), end, bound.approximate)
    }

    /// "del 10 de junio al 1 de julio", "13-15 julio", "entre el 13 y el 15 de julio", "de las 5 a
    /// las 7", "entre las 5 y las 7", "de 5 a siete", "de 11 y media a una y media".
    private static func interval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index = start
        let between = key(index) == "entre"
        let opened = between || key(index) == "de" || key(index) == "desde"
        if between || ["del", "de", "desde"].contains(key(index)) { index += 1 }
        if let range = timeRange(words, from: index, between: between, opened: opened, context: context, state: state) { return range }
        guard state.reading.day == nil else { return nil }
        if between, key(index) == "el" { index += 1 }
        return dateRange(words, from: index, between: between, context: context)
    }

    private static func connector(_ words: EntityWords, at index: Int, between: Bool) -> Int? {
        let key = words.key(at: index)
        if between { return key == "y" ? index + 1 : nil }
        switch key {
        case "-", "–", "al", "a": return index + 1
        case "hasta": return words.key(at: index + 1) == "el" ? index + 2 : index + 1
        default: return nil
        }
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
        if let afternoon = first.afternoon ?? second.afternoon.flatMap({ $0 && first.hour < 12 && first.hour <= second.hour ? true : nil }) {
            reading.afternoon = afternoon
        }
        reading.ambiguousHour = reading.afternoon == nil && first.twelveHour
        guard let from = reading.resolve(context)?.start else { return nil }
        let grain = min(first.grain, second.grain)
        // "11h30-1h30": a second hour from 1 to 12 is the next one after the first.
        return (DateTimeParts.timeRange(from: from, hour: second.hour, minute: second.minute, afternoon: second.afternoon, twelveHour: second.twelveHour,
                                        grain: grain), end, false)
    }

    private static func dateRange(_ words: EntityWords, from start: Int, between: Bool, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        func second(after closer: Int) -> (day: Int, grain: DateTimeGrain, end: Int)? {
            var index = closer
            if ["el", "del"].contains(words.key(at: index)) { index += 1 }
            guard let found = day(words, from: index, context: context), !found.isNow, found.grain == .day || found.grain == .month else { return nil }
            return (found.day, found.grain, found.end)
        }
        func range(_ first: Int, _ second: (day: Int, grain: DateTimeGrain, end: Int)) -> (value: Value, end: Int, approximate: Bool)? {
            let last = second.grain == .month ? DateTimeGrammar.adding(1, .month, to: second.day * 86_400) / 86_400 : second.day + 1
            return first < last ? (.interval(first * 86_400, last * 86_400, .day), second.end, false) : nil
        }
        var index = start
        let weekday = weekdays[words.key(at: index)]
        if weekday != nil { index = skipStop(words, index + 1) }
        if let bare = dayOfMonth(words, at: index), let closer = connector(words, at: bare.end, between: between),
           let last = second(after: closer), last.grain == .day {
            let (year, month, _) = CivilDate.date(last.day)
            guard CivilDate.isValid(year: year, month: month, day: bare.value) else { return nil }
            let first = CivilDate.days(year: year, month: month, day: bare.value)
            if let weekday, CivilDate.weekday(first) != weekday { return nil }
            return range(first, last)
        }
        guard let first = day(words, from: start, context: context), !first.isNow, first.grain == .day || first.grain == .month,
              let closer = connector(words, at: first.end, between: between), let last = second(after: closer), last.grain == first.grain else { return nil }
        var firstDay = first.day
        if months[words.key(at: first.end - 1)] != nil || words.key(at: first.end - 1) == "." {
            let (_, month, dayOfMonth) = CivilDate.date(firstDay)
            var year = CivilDate.date(last.day).year
            if CivilDate.isValid(year: year, month: month, day: dayOfMonth), CivilDate.days(year: year, month: month, day: dayOfMonth) > last.day { year -= 1 }
            guard CivilDate.isValid(year: year, month: month, day: dayOfMonth) else { return nil }
            firstDay = CivilDate.days(year: year, month: month, day: dayOfMonth)
        }
        return range(firstDay, last)
    }
}
