import Foundation

/// Holidays the date grammar knows by name: the US federal holidays and the widely celebrated
/// fixed and computed days, Easter's and Orthodox Easter's, and those of the Hebrew, Islamic and
/// Chinese calendars (``HolidayCalendars``). A holiday without a year is its next occurrence on or after today;
/// with one ("easter 2027", "christmas 2030") that year's.
struct Holiday: Sendable {
    /// Names as normalised words ("valentine 's day" is how "Valentine's Day" tokenizes).
    let names: [String]
    /// The holiday's day number in `year`.
    let day: @Sendable (_ year: Int) -> Int

    static let all: [Holiday] = [
        Holiday(names: ["new year 's day", "new years day", "new year day", "new year 's", "new years"]) { CivilDate.days(year: $0, month: 1, day: 1) },
        Holiday(names: ["new year 's eve", "new years eve", "new year eve"]) { CivilDate.days(year: $0, month: 12, day: 31) },
        Holiday(names: ["martin luther king day", "martin luther king jr day", "martin luther king jr . day", "mlk day"]) { CivilDate.nth(3, weekday: 2, month: 1, year: $0) },
        Holiday(names: ["presidents day", "presidents ' day", "president 's day", "washington 's birthday"]) { CivilDate.nth(3, weekday: 2, month: 2, year: $0) },
        Holiday(names: ["memorial day"]) { CivilDate.last(weekday: 2, month: 5, year: $0) },
        Holiday(names: ["juneteenth"]) { CivilDate.days(year: $0, month: 6, day: 19) },
        Holiday(names: ["independence day", "fourth of july", "4th of july", "july fourth", "july 4th"]) { CivilDate.days(year: $0, month: 7, day: 4) },
        Holiday(names: ["labor day", "labour day"]) { CivilDate.nth(1, weekday: 2, month: 9, year: $0) },
        Holiday(names: ["columbus day", "indigenous peoples ' day", "indigenous peoples day"]) { CivilDate.nth(2, weekday: 2, month: 10, year: $0) },
        Holiday(names: ["veterans day", "veterans ' day", "veteran 's day"]) { CivilDate.days(year: $0, month: 11, day: 11) },
        Holiday(names: ["thanksgiving", "thanksgiving day"]) { CivilDate.nth(4, weekday: 5, month: 11, year: $0) },
        Holiday(names: ["black friday"]) { CivilDate.nth(4, weekday: 5, month: 11, year: $0) + 1 },
        Holiday(names: ["cyber monday"]) { CivilDate.nth(4, weekday: 5, month: 11, year: $0) + 4 },
        Holiday(names: ["christmas", "christmas day", "xmas", "xmas day"]) { CivilDate.days(year: $0, month: 12, day: 25) },
        Holiday(names: ["christmas eve", "xmas eve"]) { CivilDate.days(year: $0, month: 12, day: 24) },
        Holiday(names: ["boxing day"]) { CivilDate.days(year: $0, month: 12, day: 26) },
        Holiday(names: ["valentine 's day", "valentines day", "valentine day", "valentine 's", "valentines"]) { CivilDate.days(year: $0, month: 2, day: 14) },
        Holiday(names: ["st patrick 's day", "st . patrick 's day", "saint patrick 's day", "st patricks day", "st . patricks day", "saint patricks day", "st paddy 's day"]) { CivilDate.days(year: $0, month: 3, day: 17) },
        Holiday(names: ["april fools", "april fools ' day", "april fool 's day", "april fools day"]) { CivilDate.days(year: $0, month: 4, day: 1) },
        Holiday(names: ["earth day"]) { CivilDate.days(year: $0, month: 4, day: 22) },
        Holiday(names: ["ides of march"]) { CivilDate.days(year: $0, month: 3, day: 15) },
        Holiday(names: ["groundhog day"]) { CivilDate.days(year: $0, month: 2, day: 2) },
        Holiday(names: ["cinco de mayo"]) { CivilDate.days(year: $0, month: 5, day: 5) },
        Holiday(names: ["halloween"]) { CivilDate.days(year: $0, month: 10, day: 31) },
        Holiday(names: ["mother 's day", "mothers day", "mothers ' day", "mother day"]) { CivilDate.nth(2, weekday: 1, month: 5, year: $0) },
        Holiday(names: ["father 's day", "fathers day", "fathers ' day", "father day"]) { CivilDate.nth(3, weekday: 1, month: 6, year: $0) },
        Holiday(names: ["easter", "easter sunday", "easter day"]) { easter($0) },
        Holiday(names: ["easter monday"]) { easter($0) + 1 },
        Holiday(names: ["good friday"]) { easter($0) - 2 },
        Holiday(names: ["palm sunday"]) { easter($0) - 7 },
        Holiday(names: ["ash wednesday"]) { easter($0) - 46 },
        Holiday(names: ["mardi gras", "shrove tuesday", "fat tuesday", "pancake day"]) { easter($0) - 47 },
        Holiday(names: ["pentecost", "whit sunday", "whitsunday"]) { easter($0) + 49 },
        Holiday(names: ["whit monday", "whitmonday", "pentecost monday"]) { easter($0) + 50 },
        Holiday(names: ["maundy thursday", "holy thursday"]) { easter($0) - 3 },
        Holiday(names: ["holy saturday"]) { easter($0) - 1 },
        Holiday(names: ["ascension day", "ascension", "ascension thursday"]) { easter($0) + 39 },
        Holiday(names: ["trinity sunday"]) { easter($0) + 56 },
        Holiday(names: ["corpus christi"]) { easter($0) + 60 },
        Holiday(names: ["orthodox easter", "orthodox easter sunday", "greek easter"]) { HolidayCalendars.orthodoxEaster($0) },
        Holiday(names: ["orthodox good friday"]) { HolidayCalendars.orthodoxEaster($0) - 2 },
        Holiday(names: ["orthodox christmas"]) { CivilDate.days(year: $0, month: 1, day: 7) },
        Holiday(names: ["epiphany", "three kings day", "three kings ' day", "twelfth night"]) { CivilDate.days(year: $0, month: 1, day: 6) },
        Holiday(names: ["assumption day", "assumption of mary", "feast of the assumption"]) { CivilDate.days(year: $0, month: 8, day: 15) },
        Holiday(names: ["all saints day", "all saints ' day", "all saint 's day", "all hallows day"]) { CivilDate.days(year: $0, month: 11, day: 1) },
        Holiday(names: ["all souls day", "all souls ' day", "all soul 's day"]) { CivilDate.days(year: $0, month: 11, day: 2) },
        Holiday(names: ["day of the dead", "dia de los muertos", "día de los muertos"]) { CivilDate.days(year: $0, month: 11, day: 2) },
        // National days.
        Holiday(names: ["canada day"]) { CivilDate.days(year: $0, month: 7, day: 1) },
        Holiday(names: ["bastille day"]) { CivilDate.days(year: $0, month: 7, day: 14) },
        Holiday(names: ["australia day"]) { CivilDate.days(year: $0, month: 1, day: 26) },
        Holiday(names: ["anzac day"]) { CivilDate.days(year: $0, month: 4, day: 25) },
        Holiday(names: ["remembrance day", "armistice day", "poppy day"]) { CivilDate.days(year: $0, month: 11, day: 11) },
        Holiday(names: ["st george 's day", "st . george 's day", "saint george 's day", "st georges day"]) { CivilDate.days(year: $0, month: 4, day: 23) },
        Holiday(names: ["st andrew 's day", "st . andrew 's day", "saint andrew 's day", "st andrews day"]) { CivilDate.days(year: $0, month: 11, day: 30) },
        Holiday(names: ["st david 's day", "st . david 's day", "saint david 's day", "st davids day"]) { CivilDate.days(year: $0, month: 3, day: 1) },
        Holiday(names: ["guy fawkes night", "guy fawkes day", "bonfire night"]) { CivilDate.days(year: $0, month: 11, day: 5) },
        Holiday(names: ["victoria day"]) { CivilDate.last(weekday: 2, month: 5, year: $0) - (CivilDate.date(CivilDate.last(weekday: 2, month: 5, year: $0)).day > 24 ? 7 : 0) },
        Holiday(names: ["canadian thanksgiving", "thanksgiving in canada"]) { CivilDate.nth(2, weekday: 2, month: 10, year: $0) },
        Holiday(names: ["election day"]) { CivilDate.nth(1, weekday: 2, month: 11, year: $0) + 1 },
        Holiday(names: ["inauguration day"]) { CivilDate.days(year: $0, month: 1, day: 20) },
        Holiday(names: ["tax day"]) { CivilDate.days(year: $0, month: 4, day: 15) },
        Holiday(names: ["flag day"]) { CivilDate.days(year: $0, month: 6, day: 14) },
        Holiday(names: ["patriot day"]) { CivilDate.days(year: $0, month: 9, day: 11) },
        Holiday(names: ["grandparents day", "grandparents ' day", "national grandparents day"]) { CivilDate.nth(1, weekday: 2, month: 9, year: $0) + 6 },
        Holiday(names: ["arbor day"]) { CivilDate.last(weekday: 6, month: 4, year: $0) },
        Holiday(names: ["boss 's day", "bosses day", "boss day", "bosses ' day"]) { CivilDate.days(year: $0, month: 10, day: 16) },
        Holiday(names: ["national donut day", "donut day"]) { CivilDate.nth(1, weekday: 6, month: 6, year: $0) },
        Holiday(names: ["international women 's day", "women 's day", "womens day"]) { CivilDate.days(year: $0, month: 3, day: 8) },
        Holiday(names: ["may day"]) { CivilDate.days(year: $0, month: 5, day: 1) },
        Holiday(names: ["pi day"]) { CivilDate.days(year: $0, month: 3, day: 14) },
        Holiday(names: ["world environment day"]) { CivilDate.days(year: $0, month: 6, day: 5) },
        Holiday(names: ["kwanzaa"]) { CivilDate.days(year: $0, month: 12, day: 26) },
        // The Hebrew calendar's: each from its first full day (it begins at the sundown before).
        Holiday(names: ["rosh hashanah", "rosh hashana", "jewish new year"]) { HolidayCalendars.hebrew(month: 1, day: 1, in: $0) ?? 0 },
        Holiday(names: ["yom kippur"]) { HolidayCalendars.hebrew(month: 1, day: 10, in: $0) ?? 0 },
        Holiday(names: ["sukkot"]) { HolidayCalendars.hebrew(month: 1, day: 15, in: $0) ?? 0 },
        Holiday(names: ["simchat torah"]) { HolidayCalendars.hebrew(month: 1, day: 23, in: $0) ?? 0 },
        Holiday(names: ["hanukkah", "chanukah", "hanukah", "chanukkah"]) { HolidayCalendars.hebrew(month: 3, day: 25, in: $0) ?? 0 },
        Holiday(names: ["tu bishvat", "tu b'shvat", "tu b ' shvat"]) { HolidayCalendars.hebrew(month: 5, day: 15, in: $0) ?? 0 },
        Holiday(names: ["purim"]) { HolidayCalendars.hebrew(month: 6, day: 14, adar: true, in: $0) ?? 0 },
        Holiday(names: ["passover", "pesach"]) { HolidayCalendars.hebrew(month: 8, day: 15, in: $0) ?? 0 },
        Holiday(names: ["lag baomer", "lag b'omer", "lag b ' omer"]) { HolidayCalendars.hebrew(month: 9, day: 18, in: $0) ?? 0 },
        Holiday(names: ["shavuot", "shavuos"]) { HolidayCalendars.hebrew(month: 10, day: 6, in: $0) ?? 0 },
        Holiday(names: ["tisha b'av", "tisha b ' av", "tisha bav"]) { HolidayCalendars.hebrew(month: 12, day: 9, in: $0) ?? 0 },
        // The Islamic calendar's.
        Holiday(names: ["islamic new year", "hijri new year", "muharram"]) { HolidayCalendars.islamic(month: 1, day: 1, in: $0) ?? 0 },
        Holiday(names: ["ashura"]) { HolidayCalendars.islamic(month: 1, day: 10, in: $0) ?? 0 },
        Holiday(names: ["mawlid", "milad un nabi", "prophet 's birthday"]) { HolidayCalendars.islamic(month: 3, day: 12, in: $0) ?? 0 },
        Holiday(names: ["ramadan", "ramzan"]) { HolidayCalendars.islamic(month: 9, day: 1, in: $0) ?? 0 },
        Holiday(names: ["laylat al-qadr", "laylat al - qadr", "laylat al qadr", "night of power"]) { HolidayCalendars.islamic(month: 9, day: 27, in: $0) ?? 0 },
        Holiday(names: ["eid al-fitr", "eid al - fitr", "eid al fitr", "eid ul-fitr", "eid ul - fitr", "eid ul fitr", "eid"]) { HolidayCalendars.islamic(month: 10, day: 1, in: $0) ?? 0 },
        Holiday(names: ["eid al-adha", "eid al - adha", "eid al adha", "eid ul-adha", "eid ul - adha", "eid ul adha", "bakrid"]) { HolidayCalendars.islamic(month: 12, day: 10, in: $0) ?? 0 },
        // The Chinese calendar's.
        Holiday(names: ["chinese new year", "lunar new year", "spring festival"]) { HolidayCalendars.chinese(month: 1, day: 1, in: $0) ?? 0 },
        Holiday(names: ["lantern festival"]) { HolidayCalendars.chinese(month: 1, day: 15, in: $0) ?? 0 },
        Holiday(names: ["dragon boat festival"]) { HolidayCalendars.chinese(month: 5, day: 5, in: $0) ?? 0 },
        Holiday(names: ["mid-autumn festival", "mid - autumn festival", "mid autumn festival", "moon festival"]) { HolidayCalendars.chinese(month: 8, day: 15, in: $0) ?? 0 },
    ]

    /// The English names' table.
    static let english = Table(all)

    /// The first words of the holidays' names.
    static var firstWords: [String] { english.firstWords }

    /// Every name, as the words ``EntityWords`` cuts it into.
    static var nameWords: [[String]] { english.nameWords }

    /// The holiday named at `start` in English (and the year after it, if any): its day, and the
    /// index after; `step` as ``Table/read(_:from:today:step:)`` takes it.
    static func read(_ words: EntityWords, from start: Int, today: Int, step: Int = 0) -> (day: Int, end: Int)? {
        english.read(words, from: start, today: today, step: step)
    }

    /// A language's holidays by the words of their names.
    struct Table: Sendable {
        /// Every name with its holiday, as the words ``EntityWords`` cuts it into ("'s" is "'"
        /// and "s"; a name writes an elision apart: "jour de l' an").
        let names: [(words: [String], holiday: Holiday)]
        /// First word → (names as words, holiday), longest names first.
        private let index: WordTable<[(words: [WordKey], holiday: Holiday)]>

        init(_ holidays: [Holiday]) {
            names = holidays.flatMap { holiday in
                holiday.names.map { (words: $0.replacingOccurrences(of: "'s", with: "' s").split(separator: " ").map(String.init), holiday: holiday) }
            }
            var index = [String: [(words: [WordKey], holiday: Holiday)]]()
            for (words, holiday) in names { index[words[0], default: []].append((words.map(WordKey.init), holiday)) }
            self.index = WordTable(index.mapValues { $0.sorted { $0.words.count > $1.words.count } })
        }

        /// The first words of the holidays' names.
        var firstWords: [String] { index.keys }

        /// Every name, as the words ``EntityWords`` cuts it into.
        var nameWords: [[String]] { names.map(\.words) }

        /// The holiday named at `start` (and the year after it, if any): its day, and the index after.
        /// Without a year, `step` 0 is its next day from today on (today's included), 1 the first
        /// after today ("next christmas" said on Christmas Day is next year's), -1 the last before
        /// today ("last easter"), as Duckling reads `next <time>` and `last <time>`.
        func read(_ words: EntityWords, from start: Int, today: Int, step: Int = 0) -> (day: Int, end: Int)? {
            guard let candidates = index[words.key(at: start)] else { return nil }
            for (name, holiday) in candidates {
                // "'" may come out as its own word or with the clitic ("valentine" "'s").
                guard name.indices.allSatisfy({ words.key(at: start + $0) == name[$0] }) else { continue }
                var end = start + name.count
                if let word = words.word(at: end), word.count == 4, let year = Int(word), (1000...9999).contains(year) {
                    end += 1
                    return (holiday.day(year), end)
                }
                let thisYear = CivilDate.date(today).year
                let day = holiday.day(thisYear)
                switch step {
                case 0: return (day >= today ? day : holiday.day(thisYear + 1), end)
                case 1...: return (day > today ? day : holiday.day(thisYear + 1), end)
                default: return (day < today ? day : holiday.day(thisYear - 1), end)
                }
            }
            return nil
        }
    }

    /// Western Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
    static func easter(_ year: Int) -> Int {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate.days(year: year, month: month, day: day)
    }
}
