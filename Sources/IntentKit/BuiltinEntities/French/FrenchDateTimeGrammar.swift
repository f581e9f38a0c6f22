/// French dates and times over ``EntityWords``, resolved against a reference moment as the
/// English grammar's are (``DateTimeGrammar``: its reading of parts, its arithmetic and its
/// conventions), each the longest date-time that starts at a word.
///
/// What it reads, part by part, joined by `à`, `le`, `de`, `du`, `en`, `dans`, `ce` or a comma:
/// - days: `aujourd'hui`, `demain`, `hier`, `après-demain`, `avant-hier`, `la veille`, `le
///   lendemain (du 13 février)`, `le jour suivant`, `maintenant`, `tout de suite`; weekdays
///   and their abbreviations (`lundi`, `lun.`), with `prochain` (the next one), `suivant`,
///   `d'après` or `de la semaine prochaine` (next week's), `cette semaine`, `dernier` or `de la
///   semaine dernière`, `en huit` and `en quinze` (the first one a week or two from today);
///   dates (`le 1er mars`, `2 mars 2015`, `lundi 18 février`, `mercredi 13`, `le 16`, `2/3`,
///   `20/02/14`, `20 02 2014`, `15.12.2016`, `2013-03-01`), years in words (`deux mille
///   dix-sept`); months (`mars`, `en mars 2014`, `au mois de mars`); `la semaine prochaine`,
///   `le mois dernier`, `cette année`; `la première semaine d'octobre`, `le dernier jour
///   d'octobre`, `la semaine du 7 octobre`; holidays (``holidays``);
/// - times: `15h`, `15h30`, `15:30`, `à 3 heures`, `quinze heures quinze`, `trois heures et
///   quart`, `onze heures trois quarts`, `midi moins cinq`, `minuit`, `15h passé de 15
///   minutes`, with `du matin`, `de l'après-midi` or `du soir`; parts of the day (`ce soir`,
///   `demain matin`, `lundi en fin d'après-midi`, `tôt le matin`, `à l'aube`, `après le
///   déjeuner`); approximations inside (`le 2 mars vers 5h`);
/// - relative moments: `dans 2 heures`, `dans un quart d'heure`, `il y a trois semaines`,
///   `deux jours plus tard`; stretches: `les 3 prochains jours`, `2 dernières minutes`, `d'ici 2
///   semaines`, `dans les 15 jours`; `ce week-end`, `le dernier week-end de septembre`; `en
///   semaine`, `en fin de semaine`, `début avril`, `fin du mois de mars`, `mi-décembre`, `la
///   deuxième quinzaine d'avril`, `en début d'année`; seasons (`cet été`, `l'hiver 2014`);
/// - intervals: `du 13 au 15 juillet`, `13-15 juillet`, `entre le 10 juin et le 1er juillet`,
///   `de 9h30 à 11h jeudi`, `entre midi et 2`, `11h30-1h30`; open ones: `avant 16h`, `jusqu'à
///   16h`, `après le 1er novembre`, `à partir de 9h30 jeudi`, `dès 8h`; `demain avant 16h`
///   (from the day's start).
///
/// French clocks run to 24: an hour from 1 to 12 without `du matin` or `du soir` is the next of
/// its two occurrences, as in English. Said alone, `15 heures`, `15h`, `2h15` and `onze heures
/// trois quarts` are times, `deux heures` and `2h` durations, unless `à`, `vers`, a day or a
/// part of the day makes them times; `environ 1h30` alone is a duration.
enum FrenchDateTimeGrammar {
    typealias Context = DateTimeContext
    typealias Value = DateTimeValue

    /// The words a date or time may start with (numbers aside), each meaningful to it.
    static let firstWords: WordSet = WordSet(months.keys).union(weekdays.keys).union(holidays.firstWords).union(seasons.keys)
        .union(["maintenant", "aujourd'hui", "hier", "demain", "veille", "lendemain", "jour", "semaine", "mois", "annee", "an", "week", "weekend",
                "midi", "minuit", "matin", "matinee", "mat", "soir", "soiree", "journee", "aprem", "aube", "aurore", "aurores", "lever", "coucher",
                "crepuscule", "tombee", "dejeuner", "nuit", "heure", "debut", "milieu", "mi", "fin", "tres", "tot", "premier", "premiere", "dernier",
                "derniere", "deuxieme", "prochain", "prochaine", "tout", "avant", "apres", "entre", "jusqu'", "depuis"])
    /// Words a date reads after its first, meaningful to it but starting none.
    static let innerWords: WordSet = WordSet(steps.keys).union(spanUnits.keys)
        .union(["h", "quart", "quarts", "demi", "demie", "moins", "suite", "moment", "ici", "partir", "importe", "quand", "quinzaine", "suit", "plus", "tard", "soleil", "travail"])
    /// Words that lead into a date without saying one.
    static let leadWords: WordSet = ["a", "le", "la", "les", "l'", "de", "du", "d'", "des", "en", "au", "aux", "dans", "ce", "cet", "cette", "pour", "il", "n'", "vers", "environ", "plutot", "autour", "alentours"]

    /// What has been read: the English grammar's reading, and whether a word inside said it
    /// is approximate.
    private struct State {
        var reading = DateTimeGrammar.Reading()
        var approximate = false
    }

    /// The longest date-time that starts at `start`, the index after it, and whether a word
    /// inside it made it approximate ("le 2 mars vers 5h"); the longest reading wins, an
    /// interval over a moment when they are as long.
    static func parse(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int, approximate: Bool)? {
        var best = moment(words, from: start, context: context)
        func consider(_ candidate: (value: Value, end: Int, approximate: Bool)?) {
            if let candidate, candidate.end >= (best?.end ?? start + 1) { best = candidate }
        }
        consider(openInterval(words, from: start, context: context, state: State()))
        consider(interval(words, from: start, context: context, state: State()))
        // A day before an interval or an open one: "jeudi de 9h à 11h", "demain avant 16h".
        if let day = momentState(words, from: start, context: context, initial: State(), times: false), day.state.reading.hour == nil,
           day.state.reading.instant == nil, day.state.reading.span == nil, day.state.reading.day != nil {
            var index = day.end
            // "jeudi, mais entre 9h30 et 11h", "jeudi par exemple de 9h à 11h"
            while ["mais", ",", "disons", "plutot"].contains(words.key(at: index)) { index += 1 }
            if words.key(at: index) == "par", words.key(at: index + 1) == "exemple" { index += 2 }
            consider(openInterval(words, from: index, context: context, state: day.state))
            consider(interval(words, from: index, context: context, state: day.state))
        }
        return best
    }

    // MARK: Moments

    /// The longest moment (or interval said as one: `ce soir`, `ce week-end`) at `start`.
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
    private static let joiners: WordSet = ["a", "le", "la", "les", "l'", "de", "du", "d'", "des", "en", "au", "aux", "dans", "ce", "cet", "cette", "pour", "par", "sur"]

    /// One part at `start` added to `state`; `nil` when none reads there or it clashes with
    /// what was read.
    private static func component(_ words: EntityWords, from start: Int, context: Context, state: State, times: Bool) -> (state: State, end: Int)? {
        guard start < words.count else { return nil }
        var state = state
        let reading = state.reading
        let empty = !reading.hasDate && !reading.hasTime && reading.part == nil
        if empty, let relative = relative(words, from: start, context: context) {
            if relative.value.isInterval { state.reading.span = relative.value } else {
                state.reading.instant = relative.value.start
                state.reading.instantGrain = relative.value.grain
            }
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
        // A time, perhaps after a word that says it is approximate ("vers 5h").
        if times, reading.hour == nil, reading.span == nil, reading.instant == nil {
            var index = start, approximate = false
            for phrase in approximators where phrase.indices.allSatisfy({ words.key(at: start + $0) == phrase[$0] }) {
                index = start + phrase.count
                approximate = true
                break
            }
            let said = reading.hasDate || reading.part != nil || approximate || timeLeads.contains(words.key(at: index - 1))
            // "environ 1h30" alone is a duration; "vers 1h30", "à environ 3h", "environ 15h" are times.
            let countLike = empty && ["environ", "approximativement", "presque", "exactement"].contains(words.key(at: index - 1)) && words.key(at: index - 2) != "a"
            // "8 heures ce soir": a part of the day after it says the time too.
            if let time = time(words, from: index, allowBare: false),
               time.isSaid || said || partOfDay(words, from: time.end) != nil || partOfDay(words, from: time.end + 1) != nil,
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
                // "8 heures ce soir": the part settles the hour's half of the day.
                if state.reading.afternoon == nil { state.reading.afternoon = part.afternoon }
                state.reading.ambiguousHour = false
            }
            state.reading.partIsAnchored = part.stretched || partLeads.contains(words.key(at: start - 1))
            if !reading.hasDate, ["ce", "cet", "cette"].contains(words.key(at: start - 1)) { state.reading.day = context.today }
            // "le soir de noël", "le soir du nouvel an": the evening of the eve, when they are celebrated.
            if !reading.hasDate, part.from >= 18, ["de", "du"].contains(words.key(at: part.end)),
               let holiday = holidays.read(words, from: part.end + 1, today: context.today), isCelebratedOnTheEve(holiday.day) {
                state.reading.day = holiday.day - 1
                state.reading.partIsAnchored = true
                return (state, holiday.end)
            }
            return (state, part.end)
        }
        return nil
    }

    /// Words before a time that make a bare `3 heures` one.
    /// Not "de" nor "pour": "un minuteur de 2 heures", "une pause pour 1h" are durations.
    private static let timeLeads: WordSet = ["a", "vers", "environ", "des", "entre", "jusqu'", "avant", "apres", "partir"]
    /// Words that say the time after them is approximate.
    private static let approximators: [[WordKey]] = [["vers"], ["environ"], ["plutot", "vers"], ["autour", "de"], ["aux", "alentours", "de"], ["a", "environ"]]

    // MARK: Days

    /// Months by name and abbreviation.
    static let months: WordTable<Int> = [
        "janvier": 1, "janv": 1, "jan": 1, "fevrier": 2, "fevr": 2, "fev": 2, "mars": 3, "avril": 4, "avr": 4, "mai": 5, "juin": 6,
        "juillet": 7, "juil": 7, "aout": 8, "septembre": 9, "sept": 9, "sep": 9, "octobre": 10, "oct": 10, "novembre": 11, "nov": 11,
        "decembre": 12, "dec": 12,
    ]
    private static let monthAbbreviations: WordSet = ["janv", "jan", "fevr", "fev", "avr", "juil", "sept", "sep", "oct", "nov", "dec"]
    /// Calendar weekday numbers (Sunday = 1).
    static let weekdays: WordTable<Int> = [
        "dimanche": 1, "dim": 1, "lundi": 2, "lun": 2, "mardi": 3, "mercredi": 4, "mer": 4, "jeudi": 5, "jeu": 5, "vendredi": 6, "ven": 6,
        "samedi": 7, "sam": 7,
    ]

    /// Words after a unit or a weekday that say which one: `1` the next, `-1` the last, `0` this one.
    private static let steps: WordTable<Int> = [
        "prochain": 1, "prochaine": 1, "prochains": 1, "prochaines": 1, "suivant": 1, "suivante": 1, "suivants": 1, "suivantes": 1,
        "dernier": -1, "derniere": -1, "derniers": -1, "dernieres": -1, "passe": -1, "passee": -1, "passes": -1, "passees": -1,
        "precedent": -1, "precedente": -1, "precedents": -1, "precedentes": -1,
    ]
    private static let calendarUnits: WordTable<DateTimeGrain> = ["semaine": .week, "mois": .month, "annee": .year, "an": .year]

    /// The index after an abbreviation's attached full stop ("lun.", "sept."), or `index`.
    private static func skipStop(_ words: EntityWords, _ index: Int) -> Int {
        words.key(at: index) == "." && words.isAttached(index) ? index + 1 : index
    }

    /// A day at `start`: its number, its grain (a week, month or year for `la semaine
    /// prochaine`, `mars`), or now.
    private static func day(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, isNow: Bool, end: Int)? {
        let today = context.today
        let key = words.key(at: start)
        func next(_ step: Int) -> WordKey { words.key(at: start + step) }
        switch key {
        case "maintenant": return (today, .second, true, start + 1)
        case "tout" where next(1) == "de" && next(2) == "suite": return (today, .second, true, start + 3)
        case "en" where next(1) == "ce" && next(2) == "moment": return (today, .second, true, start + 3)
        case "aujourd'hui": return (today, .day, false, start + 1)
        case "ce" where next(1) == "jour": return (today, .day, false, start + 2)
        case "dans" where next(1) == "la" && next(2) == "journee": return (today, .day, false, start + 3)
        case "hier": return (today - 1, .day, false, start + 1)
        case "demain": return (today + 1, .day, false, start + 1)
        case "avant" where next(1) == "-" && next(2) == "hier": return (today - 2, .day, false, start + 3)
        case "avant" where next(1) == "hier": return (today - 2, .day, false, start + 2)
        case "apres" where next(1) == "-" && next(2) == "demain": return (today + 2, .day, false, start + 3)
        case "apres" where next(1) == "demain": return (today + 2, .day, false, start + 2)
        case "veille", "lendemain":
            // "la veille de noël", "le lendemain du 13 février": a day from another.
            let step = key == "veille" ? -1 : 1
            if ["de", "du", "d'"].contains(next(1)) {
                let anchorStart = next(1) == "du" ? start + 1 : start + 2
                if let anchor = dayOrDate(words, from: anchorStart, context: context) { return (anchor.day + step, .day, false, anchor.end) }
            }
            return (today + step, .day, false, start + 1)
        case "jour":
            switch next(1) {
            case "suivant": return (today + 1, .day, false, start + 2)
            case "precedent": return (today - 1, .day, false, start + 2)
            case "d'" where next(2) == "apres": return (today + 1, .day, false, start + 3)
            case "d'" where next(2) == "avant": return (today - 1, .day, false, start + 3)
            default: break
            }
        default: break
        }
        // "noël", "la prochaine fête du travail" (the next, as without the word).
        let holidayStart = ["prochain", "prochaine"].contains(key) ? start + 1 : start
        if let holiday = holidays.read(words, from: holidayStart, today: today) { return (holiday.day, .day, false, holiday.end) }
        // "la semaine prochaine", "le mois dernier", "l'année prochaine", "cette semaine", "dans la semaine".
        if let grain = calendarUnits[key] {
            var step: Int?, end = start + 1
            if let said = steps[next(1)] { (step, end) = (said, start + 2) } else if next(1) == "qui", next(2) == "suit" { (step, end) = (1, start + 3) } else if next(1) == "d'", next(2) == "apres" { (step, end) = (1, start + 3) } else if ["ce", "cet", "cette"].contains(words.key(at: start - 1)) || (words.key(at: start - 1) == "la" && words.key(at: start - 2) == "dans") {
                step = 0
            }
            if let step {
                return (DateTimeGrammar.adding(step, grain, to: DateTimeGrammar.truncated(today * 86_400, to: grain)) / 86_400, grain, false, end)
            }
        }
        if let ordinal = ordinalDay(words, from: start, context: context) { return (ordinal.day, ordinal.grain, false, ordinal.end) }
        if let weekday = weekday(words, from: start, context: context) { return (weekday.day, .day, false, weekday.end) }
        if let date = calendarDate(words, from: start, context: context) { return (date.day, date.grain, false, date.end) }
        return nil
    }

    /// A day or a date that another day is counted from ("le lendemain du 13 février").
    private static func dayOrDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        var index = start
        if ["le", "du", "la", "l'"].contains(words.key(at: index)) { index += 1 }
        guard let found = day(words, from: index, context: context), !found.isNow, found.grain == .day else { return nil }
        return (found.day, found.end)
    }

    /// "lundi", "lun.", "ce lundi" (the next one), "lundi prochain", "mardi suivant", "mardi
    /// d'après", "mardi (de) la semaine prochaine", "lundi cette semaine", "dimanche dernier",
    /// "dimanche de la semaine dernière", "lundi en huit", "mardi en quinze"; "lundi 18
    /// février" and "mercredi 13" (the next 13th that is a Wednesday) as dates.
    private static func weekday(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        guard let weekday = weekdays[words.key(at: start)] else { return nil }
        let today = context.today
        var index = skipStop(words, start + 1)
        if let date = calendarDate(words, from: index, context: context, weekday: weekday) { return (date.day, date.end) }
        let offset = (weekday + 5) % 7  // Monday 0 … Sunday 6
        let monday = DateTimeGrammar.monday(of: today)
        func key(_ step: Int) -> WordKey { words.key(at: index + step) }
        // "de la semaine prochaine", "la semaine dernière", "cette semaine"
        var weekIndex = index
        if key(0) == "de" { weekIndex += 1 }
        if words.key(at: weekIndex) == "la", words.key(at: weekIndex + 1) == "semaine" {
            let after = weekIndex + 2
            var step: Int?, end = after + 1
            if let said = steps[words.key(at: after)] { step = said } else if words.key(at: after) == "d'", words.key(at: after + 1) == "apres" { (step, end) = (1, after + 2) } else if words.key(at: after) == "qui", words.key(at: after + 1) == "suit" { (step, end) = (1, after + 2) }
            if let step { return (monday + 7 * step + offset, end) }
        }
        if key(0) == "cette", key(1) == "semaine" { return (monday + offset, index + 2) }
        switch key(0) {
        case "prochain", "prochaine": return (DateTimeGrammar.after(today, weekday: weekday), index + 1)
        case "suivant", "suivante": return (monday + 7 + offset, index + 1)
        case "d'" where key(1) == "apres": return (monday + 7 + offset, index + 2)
        case "dernier", "derniere", "passe", "passee", "precedent":
            return (today - 1 - (CivilDate.weekday(today) - weekday + 6) % 7, index + 1)
        case "en":
            // "lundi en huit": the first Monday a week from today; "en quinze", two weeks.
            let weeks: Int? = ["huit", "8"].contains(key(1)) ? 1 : ["quinze", "15"].contains(key(1)) ? 2 : nil
            if let weeks { return (DateTimeGrammar.after(today + 7 * weeks - 1, weekday: weekday), index + 2) }
        default: break
        }
        index = start + 1
        return (DateTimeGrammar.after(today, weekday: weekday), skipStop(words, index))
    }

    /// A day of the month: digits from 1 to 31 (`1er`), `premier`, or a number in words.
    private static func dayOfMonth(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        if words.key(at: index) == "premier" { return (1, index + 1) }
        if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count <= 2, let value = Int(word), (1...31).contains(value) {
            let end = words.key(at: index + 1) == "er" && words.isAttached(index + 1) ? index + 2 : index + 1
            return (value, end)
        }
        guard words.startsWithLetter(at: index), let number = FrenchNumberGrammar.cardinal(words, from: index), number.value == number.value.rounded(),
              (1...31).contains(number.value) else { return nil }
        return (Int(number.value), number.end)
    }

    /// A year: four digits, or a number in words from 1000 to 2999 ("deux mille dix-sept").
    private static func year(_ words: EntityWords, at index: Int) -> (value: Int, end: Int)? {
        if words.isDigits(at: index), let word = words.word(at: index), word.utf8.count == 4, let value = Int(word) { return (value, index + 1) }
        guard words.startsWithLetter(at: index), let number = FrenchNumberGrammar.cardinal(words, from: index), number.value == number.value.rounded(),
              (1000...2999).contains(number.value) else { return nil }
        return (Int(number.value), number.end)
    }

    private static func date(year: Int?, month: Int, day: Int, context: Context, weekday: Int? = nil) -> Int? {
        DateTimeParts.date(year: year, month: month, day: day, context: context, weekday: weekday)
    }

    /// Words after a bare day of the month ("le 16") that let it stand as a date.
    private static let dayFollowers: WordSet = ["a", "vers", "au", "et", "-", "jusqu'", "dans", "le", "la", ",", "matin", "soir", "apres", "avant", "plutot", "environ", "midi", "minuit", "des"]

    /// "le 2 mars", "1er mars 2013", "2 mars deux mille dix-sept", "2/3", "20/02/14", "20 02
    /// 2014", "15.12.2016", "2013-03-01", "le 16" (a day of the month alone after `le`, `du`,
    /// `au`), "mars", "mars 2014", "le mois de mars" (a month grain); with `weekday`, the date
    /// after a weekday's name ("mercredi 13").
    private static func calendarDate(_ words: EntityWords, from start: Int, context: Context, weekday: Int? = nil) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        if let numeric = numericDate(words, from: start, context: context) { return (numeric.day, .day, numeric.end) }
        if let day = dayOfMonth(words, at: start) {
            var index = day.end
            if let month = months[words.key(at: index)] {
                index = skipStop(words, index + 1)
                var year: Int?
                if let said = self.year(words, at: index) { (year, index) = (said.value, said.end) }
                // With its month, the date is what counts, whatever weekday was said with it.
                guard let found = date(year: year, month: month, day: day.value, context: context) else { return nil }
                return (found, .day, index)
            }
            // "le 16", "mercredi 13": the next such day of the month.
            let lead = words.key(at: start - 1)
            guard weekday != nil || ["le", "du", "au"].contains(lead), index >= words.count || dayFollowers.contains(words.key(at: index)) else { return nil }
            // "le premier", "le 1er" said alone are as likely the first of something as a date.
            if weekday == nil, index >= words.count, !words.isDigits(at: index - 1) { return nil }
            let (year, month, _) = CivilDate.date(context.today)
            for step in 0..<(weekday == nil ? 2 : 24) {
                let target = CivilDate.month(month, of: year, adding: step)
                guard let found = date(year: target.year, month: target.month, day: day.value, context: context), found >= context.today else { continue }
                if let weekday, CivilDate.weekday(found) != weekday { continue }
                return (found, .day, index)
            }
            return nil
        }
        // "mars", "mars 2014", "le mois de mars", "au mois d'avril"
        var index = start
        if words.key(at: index) == "mois", ["de", "d'"].contains(words.key(at: index + 1)) { index += 2 }
        guard let month = months[words.key(at: index)] else { return nil }
        // An abbreviation alone ("dec", "oct") is a month only with a year or after "en".
        let abbreviated = monthAbbreviations.contains(words.key(at: index))
        index = skipStop(words, index + 1)
        if let said = year(words, at: index) { return (CivilDate.days(year: said.value, month: month, day: 1), .month, said.end) }
        if abbreviated, words.key(at: start - 1) != "en" { return nil }
        let (year, thisMonth, _) = CivilDate.date(context.today)
        return (CivilDate.days(year: month >= thisMonth ? year : year + 1, month: month, day: 1), .month, index)
    }

    /// "2/3", "20/02/14", "2013-03-01", "15.12.2016", "20 02 2014" (day first, month then year).
    private static func numericDate(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, end: Int)? {
        guard let first = words.word(at: start) else { return nil }
        // "15.12.2016": one word.
        if first.contains("."), EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 3, first.split(separator: ".").count == 3 else { return nil }
            let year = parts[2] < 100 ? DateTimeGrammar.twoDigitYear(parts[2], reference: context.year) : parts[2]
            return date(year: year, month: parts[1], day: parts[0], context: context).map { ($0, start + 1) }
        }
        guard words.isDigits(at: start), let value = Int(first) else { return nil }
        // "2013-03-01"
        if first.utf8.count == 4, words.key(at: start + 1) == "-", words.isDigits(at: start + 2), words.key(at: start + 3) == "-", words.isDigits(at: start + 4),
           let month = Int(words[start + 2]), let day = Int(words[start + 4]) {
            return date(year: value, month: month, day: day, context: context).map { ($0, start + 5) }
        }
        guard first.utf8.count <= 2, (1...31).contains(value) else { return nil }
        let separator = words.key(at: start + 1)
        let spaced: Bool
        var index: Int
        if separator == "/" || separator == "-", words.isAttached(start + 1), words.isAttached(start + 2) {
            (spaced, index) = (false, start + 2)
        } else {
            // "20 02 2014", "17 2": only two-digit days, or after "le".
            guard first.utf8.count == 2 || words.key(at: start - 1) == "le", !words.isAttached(start + 1) else { return nil }
            (spaced, index) = (true, start + 1)
        }
        guard words.isDigits(at: index), let monthWord = words.word(at: index), monthWord.utf8.count <= 2, let month = Int(monthWord), (1...12).contains(month) else { return nil }
        index += 1
        var year: Int?
        let yearIndex = spaced ? index : index + 1
        if (spaced || (words.key(at: index) == separator && words.isAttached(index))), words.isDigits(at: yearIndex), let word = words.word(at: yearIndex),
           word.utf8.count == 2 || word.utf8.count == 4, !spaced || !words.isAttached(yearIndex), let said = Int(word) {
            year = word.utf8.count == 2 ? DateTimeGrammar.twoDigitYear(said, reference: context.year) : said
            index = yearIndex + 1
        }
        // "17 2" said alone is two numbers unless a date leads into it.
        if spaced, year == nil, words.key(at: start - 1) != "le", index < words.count, !dayFollowers.contains(words.key(at: index)) { return nil }
        guard let found = date(year: year, month: month, day: value, context: context) else { return nil }
        // "13-15 juillet" is an interval, not 13 March.
        if separator == "-", year == nil, months[words.key(at: index)] != nil { return nil }
        return (found, index)
    }

    /// "le 3ème jour d'octobre", "le premier lundi de mars", "la première semaine d'octobre 2014" (the first week whose
    /// days are all in it), "la dernière semaine de septembre", "le dernier jour d'octobre",
    /// "la semaine du 7 octobre" (the week it starts, a Sunday's the week after).
    private static func ordinalDay(_ words: EntityWords, from start: Int, context: Context) -> (day: Int, grain: DateTimeGrain, end: Int)? {
        if words.key(at: start) == "semaine", words.key(at: start + 1) == "du", let anchor = dayOrDate(words, from: start + 2, context: context) {
            return (DateTimeGrammar.monday(of: anchor.day + 1), .week, anchor.end)
        }
        let last = ["dernier", "derniere"].contains(words.key(at: start))
        var number: (value: Int, end: Int)?
        if last { number = (0, start + 1) } else { number = FrenchNumberGrammar.ordinal(words, from: start) }
        // "le premier lundi de mars", "le dernier vendredi du mois prochain" aside, "le 3e mardi d'avril 2027".
        if let number, let weekday = weekdays[words.key(at: number.end)], ["de", "d'"].contains(words.key(at: number.end + 1)),
           let month = monthOf(words, from: number.end + 2, context: context) {
            let day = last ? CivilDate.last(weekday: weekday, month: month.month, year: month.year)
                : CivilDate.nth(number.value, weekday: weekday, month: month.month, year: month.year)
            guard CivilDate.date(day).month == month.month else { return nil }
            return (day, .day, month.end)
        }
        guard let number, ["jour", "semaine"].contains(words.key(at: number.end)), ["de", "d'"].contains(words.key(at: number.end + 1)),
              let month = monthOf(words, from: number.end + 2, context: context) else { return nil }
        let length = CivilDate.length(year: month.year, month: month.month)
        let first = CivilDate.days(year: month.year, month: month.month, day: 1)
        if words.key(at: number.end) == "jour" {
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

    /// A month said by name with its year or without ("d'octobre 2014", "de septembre"): the
    /// next one from this month on.
    private static func monthOf(_ words: EntityWords, from start: Int, context: Context) -> (year: Int, month: Int, end: Int)? {
        guard let month = months[words.key(at: start)] else { return nil }
        let index = skipStop(words, start + 1)
        if let year = year(words, at: index) { return (year.value, month, year.end) }
        let (year, thisMonth, _) = CivilDate.date(context.today)
        return (month >= thisMonth ? year : year + 1, month, index)
    }

    /// Whether a holiday's evening is its eve's (le réveillon): Christmas and New Year's Day.
    private static func isCelebratedOnTheEve(_ day: Int) -> Bool {
        let (_, month, dayOfMonth) = CivilDate.date(day)
        return (month, dayOfMonth) == (12, 25) || (month, dayOfMonth) == (1, 1)
    }

    /// Holidays by their French names; a holiday without a year is its next occurrence.
    static let holidays = Holiday.Table([
        Holiday(names: ["noel", "jour de noel", "noël"]) { CivilDate.days(year: $0, month: 12, day: 25) },
        Holiday(names: ["veille de noel", "reveillon de noel"]) { CivilDate.days(year: $0, month: 12, day: 24) },
        Holiday(names: ["jour de l' an", "nouvel an", "jour du nouvel an"]) { CivilDate.days(year: $0, month: 1, day: 1) },
        Holiday(names: ["saint sylvestre", "saint - sylvestre", "st sylvestre", "reveillon de la saint sylvestre", "reveillon de la saint - sylvestre",
                        "reveillon du nouvel an"]) { CivilDate.days(year: $0, month: 12, day: 31) },
        Holiday(names: ["epiphanie", "jour des rois"]) { CivilDate.days(year: $0, month: 1, day: 6) },
        Holiday(names: ["chandeleur"]) { CivilDate.days(year: $0, month: 2, day: 2) },
        Holiday(names: ["saint valentin", "saint - valentin", "st valentin"]) { CivilDate.days(year: $0, month: 2, day: 14) },
        Holiday(names: ["fete du travail", "fete des travailleurs"]) { CivilDate.days(year: $0, month: 5, day: 1) },
        Holiday(names: ["victoire 1945", "armistice 1945", "fete de la victoire"]) { CivilDate.days(year: $0, month: 5, day: 8) },
        Holiday(names: ["fete nationale", "quatorze juillet"]) { CivilDate.days(year: $0, month: 7, day: 14) },
        Holiday(names: ["assomption"]) { CivilDate.days(year: $0, month: 8, day: 15) },
        Holiday(names: ["toussaint", "jour de la toussaint", "journee de la toussaint"]) { CivilDate.days(year: $0, month: 11, day: 1) },
        Holiday(names: ["jour des morts", "fete des morts"]) { CivilDate.days(year: $0, month: 11, day: 2) },
        Holiday(names: ["armistice", "jour de l' armistice"]) { CivilDate.days(year: $0, month: 11, day: 11) },
        Holiday(names: ["halloween"]) { CivilDate.days(year: $0, month: 10, day: 31) },
        Holiday(names: ["paques", "dimanche de paques", "jour de paques"]) { Holiday.easter($0) },
        Holiday(names: ["lundi de paques"]) { Holiday.easter($0) + 1 },
        Holiday(names: ["vendredi saint"]) { Holiday.easter($0) - 2 },
        Holiday(names: ["rameaux", "dimanche des rameaux"]) { Holiday.easter($0) - 7 },
        Holiday(names: ["mercredi des cendres"]) { Holiday.easter($0) - 46 },
        Holiday(names: ["mardi gras"]) { Holiday.easter($0) - 47 },
        Holiday(names: ["ascension", "jeudi de l' ascension"]) { Holiday.easter($0) + 39 },
        Holiday(names: ["pentecote", "dimanche de pentecote"]) { Holiday.easter($0) + 49 },
        Holiday(names: ["lundi de pentecote"]) { Holiday.easter($0) + 50 },
        // France's: the last Sunday of May (the Sunday after Pentecost when they meet); the third Sunday of June.
        Holiday(names: ["fete des meres"]) { year in
            let last = CivilDate.last(weekday: 1, month: 5, year: year)
            return last == Holiday.easter(year) + 49 ? last + 7 : last
        },
        Holiday(names: ["fete des peres"]) { CivilDate.nth(3, weekday: 1, month: 6, year: $0) },
    ])

    // MARK: Times

    private struct Clock {
        var hour: Int, minute: Int
        var afternoon: Bool?
        var twelveHour: Bool
        var grain: DateTimeGrain
        var end: Int
        /// Whether the words say a time of day whatever comes before ("15h", "15:30", "midi",
        /// "quinze heures", "onze heures trois quarts"), not a count of hours.
        var isSaid: Bool
    }

    /// A time of day at `start`; `allowBare` reads an hour without `h` or `heures` ("de 5 à 7").
    private static func time(_ words: EntityWords, from start: Int, allowBare: Bool) -> Clock? {
        guard let first = words.word(at: start) else { return nil }
        let key = words.key(at: start)
        if key == "midi" || key == "minuit" {
            var clock = Clock(hour: key == "midi" ? 12 : 0, minute: 0, afternoon: nil, twelveHour: false, grain: .hour, end: start + 1, isSaid: true)
            if let minutes = minutes(words, at: start + 1, afterUnit: true) {
                clock.minute = minutes.value
                clock.grain = .minute
                clock.end = minutes.end
                if minutes.value < 0 { clock.hour = (clock.hour + 23) % 24; clock.minute += 60 }
            }
            return clock
        }
        // "15:30", "9:01"
        if first.contains(":"), EntityWords.startsWithDigit(first) {
            let parts = first.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].utf8.count == 2, (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            return finish(Clock(hour: hour, minute: minute, afternoon: nil, twelveHour: (1...12).contains(hour), grain: .minute, end: start + 1, isSaid: true), words)
        }
        guard let number = FrenchNumberGrammar.unsigned(words, from: start, suffixes: false), number.value == number.value.rounded(),
              (0...24).contains(number.value) else { return nil }
        let hour = Int(number.value) % 24
        var clock = Clock(hour: hour, minute: 0, afternoon: nil, twelveHour: (1...12).contains(hour), grain: .hour, end: number.end, isSaid: false)
        let unit = words.key(at: number.end)
        if unit == "h" {
            // "15h" is a time, "2h" as likely a duration, "2h15" a time (as "2:15").
            clock.end = number.end + 1
            clock.isSaid = hour > 12 || hour == 0
            // "15h30", "15h00": the minutes against the h.
            if words.isDigits(at: clock.end), words.isAttached(clock.end), let word = words.word(at: clock.end), word.utf8.count == 2, let minute = Int(word), minute < 60 {
                clock.minute = minute
                clock.grain = .minute
                clock.end += 1
                clock.isSaid = true
                return finish(clock, words)
            }
        } else if unit == "heure" || unit == "heures" {
            clock.end = number.end + 1
            clock.isSaid = hour > 12 || number.value == 24
        } else if !allowBare {
            return nil
        } else {
            return finish(clock, words)
        }
        if let minutes = minutes(words, at: clock.end, afterUnit: true) {
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

    /// The minutes after an hour: "30", "trente", "quinze minutes", "et quart", "et demie",
    /// "et quinze minutes", "trois quarts", "passé de 15 minutes", "moins le quart", "moins cinq"
    /// (negative); whether they make the words a time rather than a duration.
    private static func minutes(_ words: EntityWords, at index: Int, afterUnit: Bool) -> (value: Int, end: Int, saysTime: Bool)? {
        func count(at index: Int) -> (value: Int, end: Int)? {
            guard let number = FrenchNumberGrammar.unsigned(words, from: index, suffixes: false), number.value == number.value.rounded(),
                  (0...59).contains(number.value) else { return nil }
            // Not the day or the count of a date or a duration that follows ("15h 2 mars", "1h 2 minutes" aside).
            if months[words.key(at: number.end)] != nil || ["heure", "heures", "h"].contains(words.key(at: number.end)) { return nil }
            var end = number.end
            if ["minute", "minutes", "min", "mn"].contains(words.key(at: end)) { end += 1 }
            return (Int(number.value), end)
        }
        switch words.key(at: index) {
        case "et":
            switch words.key(at: index + 1) {
            case "quart": return (15, index + 2, false)
            case "demi", "demie": return (30, index + 2, false)
            default:
                guard let said = count(at: index + 1), ["minute", "minutes", "min"].contains(words.key(at: said.end - 1)) else { return nil }
                return (said.value, said.end, false)
            }
        case "moins":
            if words.key(at: index + 1) == "le", words.key(at: index + 2) == "quart" { return (-15, index + 3, true) }
            if words.key(at: index + 1) == "quart" { return (-15, index + 2, true) }
            guard let said = count(at: index + 1), said.value > 0, said.value <= 30 else { return nil }
            return (-said.value, said.end, true)
        case "trois" where words.key(at: index + 1) == "quarts":
            return (45, index + 2, true)
        case "passe", "passee":
            guard words.key(at: index + 1) == "de", let said = count(at: index + 2) else { return nil }
            return (said.value, said.end, true)
        default:
            guard !words.isAttached(index), let said = count(at: index) else { return nil }
            return (said.value, said.end, false)
        }
    }

    /// The clock with the half of the day said after it: "du matin", "du mat", "de l'après-midi",
    /// "du soir", "dans la soirée".
    private static func finish(_ clock: Clock, _ words: EntityWords) -> Clock {
        var clock = clock
        let index = clock.end
        func key(_ step: Int) -> WordKey { words.key(at: index + step) }
        var afternoon: Bool?, end = index
        if key(0) == "du", key(1) == "matin" || key(1) == "mat" { (afternoon, end) = (false, index + 2) } else if key(0) == "du", key(1) == "soir" { (afternoon, end) = (true, index + 2) } else if key(0) == "de", key(1) == "l'", let part = afternoonWord(words, at: index + 2) { (afternoon, end) = (true, part) } else if key(0) == "dans", key(1) == "la", key(2) == "soiree" || key(2) == "matinee" {
            (afternoon, end) = (key(2) == "soiree", index + 3)
        } else if key(0) == "de", key(1) == "la", key(2) == "nuit" { (afternoon, end) = (clock.hour >= 6 && clock.hour < 12, index + 3) }
        guard let afternoon, clock.hour <= 12 else { return clock }
        clock.afternoon = afternoon
        clock.end = end
        clock.isSaid = true
        return clock
    }

    /// The index after "après-midi", "après midi" or "aprem" at `index`.
    private static func afternoonWord(_ words: EntityWords, at index: Int) -> Int? {
        switch words.key(at: index) {
        case "aprem", "aprems": return index + 1
        case "apres" where words.key(at: index + 1) == "-" && words.key(at: index + 2) == "midi": return index + 3
        case "apres" where words.key(at: index + 1) == "midi": return index + 2
        default: return nil
        }
    }

    // MARK: Parts of the day

    /// The hours of a part of the day, and of its beginning, middle and end.
    private struct PartOfDay {
        var from: Int, to: Int, afternoon: Bool
        var stretches: [Int: (from: Int, to: Int)]
    }
    private static let morning = PartOfDay(from: 4, to: 12, afternoon: false, stretches: [0: (4, 9), 1: (9, 11), 2: (10, 12)])
    private static let afternoonPart = PartOfDay(from: 12, to: 19, afternoon: true, stretches: [0: (12, 15), 1: (15, 17), 2: (17, 19)])
    private static let evening = PartOfDay(from: 18, to: 24, afternoon: true, stretches: [0: (18, 21), 1: (20, 22), 2: (21, 24)])
    /// The night is the evening's hours; its middle the small hours after it.
    private static let night = PartOfDay(from: 18, to: 24, afternoon: true, stretches: [1: (26, 28)])
    private static let daytime = PartOfDay(from: 6, to: 21, afternoon: false, stretches: [0: (6, 10), 1: (12, 16), 2: (17, 21)])

    /// Words that make a part of the day a time ("ce soir", "l'après-midi", "dans la matinée").
    private static let partLeads: WordSet = ["ce", "cet", "cette", "l'", "le", "la", "en", "dans", "au", "du", "de", "d'", "des", "pendant", "a", "apres", "avant", "vers", "tot"]
    /// "début", "milieu", "fin" (and "mi"): the stretch of a period they name.
    private static let stretchWords: WordTable<Int> = ["debut": 0, "milieu": 1, "mi": 1, "fin": 2]

    /// The part of the day at `start`: "matin", "matinée", "après-midi", "soir(ée)", "en début
    /// de matinée", "milieu de journée", "en fin d'après-midi", "tôt le matin", "le matin tôt",
    /// "à l'aube", "au lever du soleil", "au coucher du soleil", "à la tombée de la nuit",
    /// "pendant le déjeuner", "après (le) déjeuner", "avant déjeuner", "après le travail".
    private static func partOfDay(_ words: EntityWords, from start: Int) -> (from: Int, to: Int, afternoon: Bool, stretched: Bool, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        func part(at index: Int) -> (part: PartOfDay, end: Int)? {
            switch key(index) {
            case "matin", "matinee", "mat": return (morning, index + 1)
            case "soir", "soiree": return (evening, index + 1)
            case "nuit": return (night, index + 1)
            case "journee": return (daytime, index + 1)
            default: return afternoonWord(words, at: index).map { (afternoonPart, $0) }
            }
        }
        // "en début de matinée", "milieu de journée", "en fin d'après-midi", "lundi fin d'après-midi"
        if let stretch = stretchWords[key(start)], ["de", "d'"].contains(key(start + 1)),
           let found = part(at: start + 2) ?? (["la", "l'"].contains(key(start + 2)) ? part(at: start + 3) : nil), let hours = found.part.stretches[stretch] {
            return (hours.from, hours.to, found.part.afternoon, true, found.end)
        }
        // "très tôt le matin", "tôt le matin", "le matin (très) tôt"
        var index = start
        if key(index) == "tres" { index += 1 }
        if key(index) == "tot", key(index + 1) == "le", key(index + 2) == "matin" { return (4, 9, false, true, index + 3) }
        if let found = part(at: start) {
            if found.part.from == 4, key(found.end) == "tot" { return (4, 9, false, true, found.end + 1) }
            if found.part.from == 4, key(found.end) == "tres", key(found.end + 1) == "tot" { return (4, 9, false, true, found.end + 2) }
            // "dès le matin": the whole morning.
            return (found.part.from, found.part.to, found.part.afternoon, false, found.end)
        }
        switch key(start) {
        case "aube", "aurore", "aurores": return (4, 8, false, true, start + 1)
        case "lever" where key(start + 1) == "du" && key(start + 2) == "soleil": return (4, 8, false, true, start + 3)
        case "coucher" where key(start + 1) == "du" && key(start + 2) == "soleil": return (19, 22, true, true, start + 3)
        case "crepuscule": return (19, 22, true, true, start + 1)
        case "tombee" where key(start + 1) == "de" && key(start + 2) == "la" && key(start + 3) == "nuit": return (19, 22, true, true, start + 4)
        case "dejeuner" where ["le", "du", "pendant"].contains(key(start - 1)): return (12, 14, true, true, start + 1)
        case "apres", "avant":
            // "après (le) déjeuner", "avant (le) déjeuner", "après le travail"
            var next = start + 1
            if key(next) == "le" { next += 1 }
            if key(next) == "dejeuner" { return key(start) == "apres" ? (13, 17, true, true, next + 1) : (10, 12, false, true, next + 1) }
            if key(next) == "travail", key(start) == "apres" { return (17, 21, true, true, next + 1) }
            return nil
        case "heure" where key(start + 1) == "du" && key(start + 2) == "dejeuner": return (12, 14, true, true, start + 3)
        default: return nil
        }
    }

    // MARK: Relative moments and stretches

    /// "dans 2 heures", "dans un quart d'heure", "il y a trois semaines", "deux jours plus tard",
    /// "un jour après": the moment, cut to its grain (a second for seconds and minutes, a
    /// minute for hours, a day for days to months, a month for years); "d'ici 2 semaines",
    /// "dans les 15 jours": from today to that day.
    private static func relative(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var sign = 1, from = start, until = false
        switch key(start) {
        case "dans" where key(start + 1) == "les": (from, until) = (start + 2, true)
        case "dans": from = start + 1
        case "d'" where key(start + 1) == "ici": (from, until) = (start + 2, true)
        case "il" where key(start + 1) == "y" && key(start + 2) == "a": (sign, from) = (-1, start + 3)
        default: break
        }
        // A duration said as one ("pendant deux heures", "une durée de") is no moment.
        guard !["pendant", "durant", "pour", "sur"].contains(key(from)), !(key(from) == "une" && key(from + 1) == "duree"),
              let duration = FrenchDurationGrammar.duration(words, from: from), !duration.approximate, duration.seconds > 0, duration.seconds < 3e11 else { return nil }
        var end = duration.end
        if from == start {
            // "deux jours plus tard", "un jour après"
            if key(end) == "plus", key(end + 1) == "tard" { end += 2 } else if key(end) == "apres" { end += 1 } else { return nil }
        }
        let value = DateTimeParts.fromNow(seconds: duration.seconds, smallestUnit: duration.smallestUnit, sign: sign, context: context)
        if until, let moment = value.start {
            return (.interval(context.today * 86_400, (CivilDate.split(moment).day + 1) * 86_400, .day), end)
        }
        return (value, end)
    }

    private static let spanUnits: WordTable<DateTimeGrain> = [
        "seconde": .second, "secondes": .second, "minute": .minute, "minutes": .minute, "heure": .hour, "heures": .hour, "jour": .day, "jours": .day,
        "semaine": .week, "semaines": .week, "mois": .month, "an": .year, "ans": .year, "annee": .year, "annees": .year,
    ]

    /// "les 3 prochains jours", "3 heures suivantes", "2 dernières minutes", "2 semaines
    /// passées"; "ce week-end", "le premier week-end de septembre"; "en semaine", "en fin de
    /// semaine", "à la fin du mois", "début avril", "fin du mois de mars", "mi-décembre", "la
    /// deuxième quinzaine d'avril", "en début d'année"; seasons ("cet été", "l'hiver 2014").
    private static func span(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        // Stretches of a count of units from now.
        if let number = FrenchNumberGrammar.unsigned(words, from: start, suffixes: false), number.value >= 1, number.value <= 1000, number.value == number.value.rounded() {
            let count = Int(number.value)
            var step: Int?, unit: DateTimeGrain?, end = number.end
            if let said = steps[key(end)], let found = spanUnits[key(end + 1)] {
                (step, unit, end) = (said, found, end + 2)
            } else if let found = spanUnits[key(end)], let said = steps[key(end + 1)], key(end + 2) != "de" {
                // Not "15 heures passé de 30 minutes", a time.
                (step, unit, end) = (said, found, end + 2)
            }
            if let step, let unit {
                return (DateTimeParts.units(count, unit, step: step, context: context), end)
            }
        }
        if let weekend = weekend(words, from: start, context: context) { return weekend }
        // "en semaine": Monday to Friday of this week.
        if key(start) == "semaine", key(start - 1) == "en" {
            let monday = DateTimeGrammar.monday(of: context.today)
            return (.interval(monday * 86_400, (monday + 5) * 86_400, .day), start + 1)
        }
        if let stretch = periodStretch(words, from: start, context: context) { return stretch }
        // "la première quinzaine d'avril": the 1st to the 14th, the 15th to the end.
        if let ordinal = FrenchNumberGrammar.ordinal(words, from: start), (1...2).contains(ordinal.value), key(ordinal.end) == "quinzaine",
           ["de", "d'"].contains(key(ordinal.end + 1)), let month = monthOf(words, from: ordinal.end + 2, context: context) {
            let first = CivilDate.days(year: month.year, month: month.month, day: 1)
            let bounds = [first, first + 14, first + CivilDate.length(year: month.year, month: month.month)]
            return (.interval(bounds[ordinal.value - 1] * 86_400, bounds[ordinal.value] * 86_400, .day), month.end)
        }
        return season(words, from: start, context: context)
    }

    /// "ce week-end" (this one while it lasts), "le week-end prochain", "le premier week-end de
    /// septembre", "le dernier week-end de septembre": Friday 18:00 to Monday 00:00.
    private static func weekend(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func weekendWord(_ index: Int) -> Int? {
            if words.key(at: index) == "weekend" { return index + 1 }
            guard words.key(at: index) == "week" else { return nil }
            if words.key(at: index + 1) == "-", words.key(at: index + 2) == "end" { return index + 3 }
            return words.key(at: index + 1) == "end" ? index + 2 : nil
        }
        func interval(_ friday: Int) -> Value { DateTimeParts.weekend(friday: friday) }
        if let end = weekendWord(start) {
            var friday = DateTimeGrammar.monday(of: context.today) + 4
            if let step = steps[words.key(at: end)] { return (interval(friday + 7 * step), end + 1) }
            guard ["ce", "le", "du", "au"].contains(words.key(at: start - 1)) else { return nil }
            if friday + 3 <= context.today { friday += 7 }
            return (interval(friday), end)
        }
        let last = ["dernier"].contains(words.key(at: start))
        let number: (value: Int, end: Int)? = last ? (0, start + 1) : FrenchNumberGrammar.ordinal(words, from: start)
        guard let number, let end = weekendWord(number.end), ["de", "d'"].contains(words.key(at: end)), let month = monthOf(words, from: end + 1, context: context) else { return nil }
        let friday = last ? CivilDate.last(weekday: 6, month: month.month, year: month.year) : CivilDate.nth(number.value, weekday: 6, month: month.month, year: month.year)
        guard CivilDate.date(friday).month == month.month else { return nil }
        return (interval(friday), month.end)
    }

    /// "début avril", "fin du mois de mars", "mi-décembre", "à la fin du mois", "en fin de
    /// semaine", "en début d'année", "fin 2027": a month's first five days, its 10th to 19th,
    /// or its last seven; a week's Monday and Tuesday, Wednesday and Thursday, or Thursday to
    /// Sunday; a year's January and February, May to August, or October to December.
    private static func periodStretch(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        guard let stretch = stretchWords[key(start)] else { return nil }
        var index = start + 1
        // "mi-décembre", "fin de la semaine", "début d'année", "au début de cet été", "fin du mois", "début avril"
        if key(index) == "-", words.isAttached(index) {
            index += 1
        } else if ["de", "d'", "du"].contains(key(index)) {
            index += 1
            if ["la", "l'", "ce", "cet", "cette"].contains(key(index)) { index += 1 }
        } else if key(start) == "mi" {
            return nil
        }
        let period: (first: Int, grain: DateTimeGrain, end: Int)
        if key(index) == "mois", ["de", "d'"].contains(key(index + 1)), let month = monthOf(words, from: index + 2, context: context) {
            period = (CivilDate.days(year: month.year, month: month.month, day: 1), .month, month.end)
        } else if let month = monthOf(words, from: index, context: context) {
            period = (CivilDate.days(year: month.year, month: month.month, day: 1), .month, month.end)
        } else if let grain = calendarUnits[key(index)] {
            var end = index + 1, step = 0
            if let said = steps[key(end)] { (step, end) = (said, end + 1) }
            let first = DateTimeGrammar.adding(step, grain, to: DateTimeGrammar.truncated(context.now, to: grain)) / 86_400
            period = (first, grain, end)
        } else if let year = year(words, at: index), year.value >= 1000 {
            period = (CivilDate.days(year: year.value, month: 1, day: 1), .year, year.end)
        } else if let season = season(words, from: index, context: context), let first = season.value.start, let end = season.value.end {
            let third = (end - first) / 3 / 86_400 * 86_400
            return (.interval(first + third * stretch, stretch == 2 ? end : first + third * (stretch + 1), .day), season.end)
        } else {
            return nil
        }
        let first = period.first
        return (DateTimeParts.stretch(stretch, of: first, period.grain), period.end)
    }

    private static let seasons: WordTable<Int> = ["printemps": 0, "ete": 1, "automne": 2, "hiver": 3]

    /// "cet été" (the one under way or the next), "l'été prochain", "l'hiver dernier", "été
    /// 2014", "en automne": the season's days, as the English grammar counts them.
    private static func season(_ words: EntityWords, from start: Int, context: Context) -> (value: Value, end: Int)? {
        guard let season = seasons[words.key(at: start)] else { return nil }
        func days(_ year: Int) -> (first: Int, end: Int) { DateTimeParts.season(season, of: year) }
        let chosen: (first: Int, end: Int), end: Int
        if let year = year(words, at: start + 1), year.value >= 1000 {
            (chosen, end) = (days(year.value), year.end)
        } else {
            let lead = words.key(at: start - 1)
            guard ["cet", "ce", "l'", "en", "au", "pendant", "le"].contains(lead) || steps[words.key(at: start + 1)] != nil else { return nil }
            let thisYear = context.year
            let current = (thisYear - 1...thisYear + 1).map(days).first { $0.end > context.today }!
            switch steps[words.key(at: start + 1)] {
            case 1: (chosen, end) = (current.first <= context.today ? days(CivilDate.date(current.first).year + 1) : current, start + 2)
            case -1: (chosen, end) = (days(CivilDate.date(current.first).year - 1), start + 2)
            default: (chosen, end) = (current, start + 1)
            }
        }
        return (.interval(chosen.first * 86_400, chosen.end * 86_400, .day), end)
    }

    // MARK: Intervals

    /// "avant 16h", "jusqu'à 16h", "après le 1er novembre", "à partir du 8 mars", "dès 8h",
    /// "depuis lundi": open intervals; after a day read in `state`, "demain avant 16h" runs
    /// from the day's start, "jeudi après 9h30" from the time on that day.
    private static func openInterval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index = start
        if key(index) == "n'", key(index + 1) == "importe", key(index + 2) == "quand" { index += 3 }
        let after: Bool
        switch key(index) {
        case "avant": (after, index) = (false, index + 1)
        case "jusqu'": (after, index) = (false, index + 1)
        case "apres", "depuis", "des": (after, index) = (true, index + 1)
        case "a" where key(index + 1) == "partir" && ["de", "du", "d'"].contains(key(index + 2)):
            (after, index) = (true, key(index + 2) == "du" ? index + 2 : index + 3)
        default: return nil
        }
        // "avant déjeuner", "après le travail" are parts of the day.
        if partOfDay(words, from: start) != nil, state.reading.day == nil { return nil }
        guard let bound = moment(words, from: index, context: context, initial: state) else { return nil }
        // "jusqu'au", "jusqu'à la": the words themselves leave nothing but the bound.
        guard let first = bound.value.start, !bound.value.isInterval else { return nil }
        if !after, let day = state.reading.day, state.reading.part == nil {
            return (.interval(day * 86_400, first, bound.value.grain), bound.end, bound.approximate)
        }
        return (after ? .interval(first, nil, bound.value.grain) : .interval(nil, first, bound.value.grain), bound.end, bound.approximate)
    }

    /// "du 13 au 15 juillet", "13-15 juillet", "13 juillet - 15 juillet", "entre le 13 et le 18",
    /// "du samedi 13 au dimanche 15 juillet", "entre février et mars 2023", "de 9h30 à 11h jeudi",
    /// "entre midi et 2", "11h30-1h30", "de 5 à 7": from the first to the end of the last grain.
    private static func interval(_ words: EntityWords, from start: Int, context: Context, state: State) -> (value: Value, end: Int, approximate: Bool)? {
        func key(_ index: Int) -> WordKey { words.key(at: index) }
        var index = start
        let between = key(index) == "entre"
        if between || ["du", "de", "d'"].contains(key(index)) { index += 1 }
        // "de 5 à 7", "entre midi et 2": bare hours ("du 13 au 18" is days).
        let opened = between || key(start) == "de"
        if between, key(index) == "le" { index += 1 }
        if let range = timeRange(words, from: index, between: between, opened: opened, context: context, state: state) { return range }
        guard state.reading.day == nil else { return nil }
        return dateRange(words, from: index, between: between, context: context)
    }

    /// The index after the word that closes an interval's first part at `index`.
    private static func connector(_ words: EntityWords, at index: Int, between: Bool) -> Int? {
        let key = words.key(at: index)
        if between { return key == "et" ? index + 1 : nil }
        switch key {
        case "-", "–", "au", "a": return index + 1
        case "jusqu'": return ["a", "au"].contains(words.key(at: index + 1)) ? index + 2 : nil
        default: return nil
        }
    }

    private static func timeRange(_ words: EntityWords, from start: Int, between: Bool, opened: Bool, context: Context,
                                  state: State) -> (value: Value, end: Int, approximate: Bool)? {
        guard let first = time(words, from: start, allowBare: opened), let closer = connector(words, at: first.end, between: between),
              let second = time(words, from: closer, allowBare: opened || first.isSaid) else { return nil }
        guard opened || first.isSaid || second.isSaid else { return nil }
        var reading = state.reading
        var end = second.end
        // A day after the interval: "de 9h30 à 11h jeudi".
        if reading.day == nil, let day = momentState(words, from: end, context: context, initial: State()), day.state.reading.day != nil,
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
        // The second part: a day or a month.
        func second(after closer: Int) -> (day: Int, grain: DateTimeGrain, end: Int)? {
            var index = closer
            if ["le", "du"].contains(words.key(at: index)) { index += 1 }
            guard let found = day(words, from: index, context: context), !found.isNow, found.grain == .day || found.grain == .month else { return nil }
            return (found.day, found.grain, found.end)
        }
        func range(_ first: Int, _ second: (day: Int, grain: DateTimeGrain, end: Int)) -> (value: Value, end: Int, approximate: Bool)? {
            let last = second.grain == .month ? DateTimeGrammar.adding(1, .month, to: second.day * 86_400) / 86_400 : second.day + 1
            return first < last ? (.interval(first * 86_400, last * 86_400, .day), second.end, false) : nil
        }
        // A day of the month (perhaps after its weekday) whose month and year the second part
        // says: "du 13 au 15 juillet", "du samedi 13 au dimanche 15 juillet".
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
        // A whole date or month: "10 juin au 1er juillet", "entre février et mars 2023"; said
        // without its year, in the second's year (the one before when it would come after it).
        guard let first = day(words, from: start, context: context), !first.isNow, first.grain == .day || first.grain == .month,
              let closer = connector(words, at: first.end, between: between), let last = second(after: closer), last.grain == first.grain else { return nil }
        var firstDay = first.day
        // A date or month that ends with its month's name said no year.
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
