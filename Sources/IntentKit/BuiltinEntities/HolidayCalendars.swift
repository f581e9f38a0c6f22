import Foundation

/// The calendars that place the holidays the Gregorian one does not: the Hebrew, the Islamic
/// (Umm al-Qura, Saudi Arabia's, which announces most of the world's Eids) and the Chinese
/// calendars, through Foundation's (ICU's) conversions, and the Julian Easter of the Orthodox
/// churches. Each answers with a day number (``CivilDate``) in a given Gregorian year.
enum HolidayCalendars {
    private static let utc = TimeZone(identifier: "UTC")!
    private static let gregorian = calendar(.gregorian, utc)
    private static let hebrew = calendar(.hebrew, utc)
    private static let islamic = calendar(.islamicUmmAlQura, utc)
    /// The Chinese calendar's days begin at midnight in China (UTC+8).
    private static let chinaTime = TimeZone(secondsFromGMT: 8 * 3600)!
    private static let chinese = calendar(.chinese, chinaTime)
    private static let gregorianInChina = calendar(.gregorian, chinaTime)

    private static func calendar(_ identifier: Calendar.Identifier, _ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = zone
        return calendar
    }

    private static func day(of date: Date?, in calendar: Calendar = gregorian) -> Int? {
        guard let date else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return CivilDate.days(year: year, month: month, day: day)
    }

    /// The Hebrew date `month`/`day` that falls in Gregorian `year`. Months count from Tishri
    /// (1) as Foundation does: Heshvan 2, Kislev 3, Tevet 4, Shevat 5, Adar 6 (Adar I in a leap
    /// year), Adar II 7, Nisan 8, Iyar 9, Sivan 10, Tammuz 11, Av 12, Elul 13; `adar` asks for the
    /// Adar of Purim (Adar II in a leap year).
    static func hebrew(month: Int, day: Int, adar: Bool = false, in year: Int) -> Int? {
        // Tishri to Tevet fall in the autumn of the Hebrew year that starts in `year`.
        let hebrewYear = month <= 4 ? year + 3761 : year + 3760
        let leap = (7 * hebrewYear + 1) % 19 < 7
        let said = adar ? (leap ? 7 : 6) : month
        return Self.day(of: hebrew.date(from: DateComponents(year: hebrewYear, month: said, day: day)))
    }

    /// The first Islamic date `month`/`day` that falls in Gregorian `year` (an Islamic year is
    /// eleven days shorter: a date comes once a year, now and then twice).
    static func islamic(month: Int, day: Int, in year: Int) -> Int? {
        let approximate = Int((Double(year - 622) * 33 / 32).rounded())
        for islamicYear in (approximate - 1)...(approximate + 1) {
            if let found = Self.day(of: islamic.date(from: DateComponents(year: islamicYear, month: month, day: day))),
               CivilDate.date(found).year == year {
                return found
            }
        }
        return nil
    }

    /// The Chinese date `month`/`day` of the Chinese year that starts in Gregorian `year`.
    static func chinese(month: Int, day: Int, in year: Int) -> Int? {
        // The Chinese year under way in July is the one that began that winter.
        guard let july = gregorianInChina.date(from: DateComponents(year: year, month: 7, day: 1)) else { return nil }
        let current = chinese.dateComponents([.era, .year], from: july)
        var wanted = DateComponents(month: month, day: day)
        wanted.era = current.era
        wanted.year = current.year
        return Self.day(of: chinese.date(from: wanted), in: gregorianInChina)
    }

    /// Orthodox Easter Sunday in Gregorian `year`: the Julian computus (Meeus), moved to the
    /// Gregorian calendar by the centuries' difference between the two.
    static func orthodoxEaster(_ year: Int) -> Int {
        let a = year % 4, b = year % 7, c = year % 19
        let d = (19 * c + 15) % 30, e = (2 * a + 4 * b - d + 34) % 7
        let month = (d + e + 114) / 31, day = (d + e + 114) % 31 + 1
        let difference = year / 100 - year / 400 - 2
        return CivilDate.days(year: year, month: month, day: day) + difference
    }
}
