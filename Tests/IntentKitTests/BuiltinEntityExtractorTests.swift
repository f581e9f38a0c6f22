import Foundation
import Testing
@testable import IntentKit

/// The extractor on raw text, table by table: each example is a whole text that must come out
/// as exactly one entity of the expected kind covering all of it, with the expected value.
/// The examples are written for IntentKit; the kinds' conventions are docs/entities.md's.
@Suite("Built-in entity extraction")
struct BuiltinEntityExtractorTests {
    private static let calendar = ReferenceMoment.calendar
    private static let reference = ReferenceMoment.date
    private static let extractor = BuiltinEntityExtractor(calendar: calendar)

    private func extract(_ text: String) -> [BuiltinEntityMatch] {
        Self.extractor.extract(from: text, reference: Self.reference)
    }

    /// Whether `text` is exactly one match of `value`, covering all of it.
    private func expectWhole(_ text: String, _ value: SlotValue, sourceLocation: SourceLocation = #_sourceLocation) {
        let matches = extract(text)
        #expect(matches.count == 1, "\(text): \(matches.map { "\($0.text) → \($0.value)" })", sourceLocation: sourceLocation)
        guard let match = matches.first else { return }
        #expect(match.value == value, "\(text) → \(match.value)", sourceLocation: sourceLocation)
        #expect(match.text == text, "\(text): matched only '\(match.text)'", sourceLocation: sourceLocation)
        #expect(match.kind.rawValue == value.kind, sourceLocation: sourceLocation)
    }

    /// Whether `text` is exactly one match, covering all of it, whose value reads as `expected`
    /// (``SlotValue/readableDescription``).
    private func expectWhole(_ text: String, reading expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let matches = extract(text)
        #expect(matches.count == 1 && matches.first?.text == text, "\(text): \(matches.map { "\($0.text) → \($0.value.readableDescription)" })",
                sourceLocation: sourceLocation)
        #expect(matches.first?.value.readableDescription == expected, "\(text)", sourceLocation: sourceLocation)
    }

    // MARK: Cardinal numbers

    static let cardinals: [(String, Double)] = [
        // digits
        ("0", 0), ("7", 7), ("42", 42), ("85", 85), ("100", 100), ("1000", 1000), ("1,000", 1000), ("12,345", 12345),
        ("1,200,000", 1_200_000), ("8.5", 8.5), ("3.14159", 3.14159), ("0.5", 0.5), (".77", 0.77), ("0.001", 0.001),
        ("2026", 2026), ("007", 7), ("1,000,000.25", 1_000_000.25),
        // signs
        ("-504", -504), ("-1", -1), ("-0.5", -0.5), ("-.25", -0.25), ("minus 1,200,000", -1_200_000), ("minus five", -5),
        ("negative 3", -3), ("negative twelve", -12), ("minus 2.5", -2.5),
        // suffixes and scale words
        ("100k", 100_000), ("5k", 5000), ("2.5k", 2500), ("1.2M", 1_200_000), ("3M", 3_000_000), ("7bn", 7e9), ("2g", 2e9),
        ("2 million", 2_000_000), ("1.5 million", 1_500_000), ("3 billion", 3e9), ("4 thousand", 4000), ("2.5 thousand", 2500),
        ("5 lakh", 500_000), ("2 crore", 20_000_000), ("two dozen", 24), ("a dozen", 12), ("3 dozen", 36),
        // words: units, teens, tens
        ("zero", 0), ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8),
        ("nine", 9), ("ten", 10), ("eleven", 11), ("twelve", 12), ("thirteen", 13), ("fourteen", 14), ("fifteen", 15),
        ("sixteen", 16), ("seventeen", 17), ("eighteen", 18), ("nineteen", 19), ("twenty", 20), ("thirty", 30), ("forty", 40),
        ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90),
        // compounds
        ("twenty one", 21), ("twenty-one", 21), ("thirty-two", 32), ("forty five", 45), ("ninety-nine", 99), ("eighty five", 85),
        ("Twenty-Three", 23), ("FIFTY SIX", 56),
        // hundreds
        ("a hundred", 100), ("one hundred", 100), ("one hundred and twenty", 120), ("one hundred twenty", 120),
        ("two hundred five", 205), ("three hundred and six", 306), ("nine hundred ninety-nine", 999), ("nineteen hundred", 1900),
        ("a hundred and one", 101), ("seven hundred", 700),
        // hundreds said as two numbers
        ("one twenty two", 122), ("three fifty", 350), ("nine ninety nine", 999), ("two forty", 240),
        // thousands and more
        ("a thousand", 1000), ("one thousand", 1000), ("two thousand five hundred", 2500), ("twenty-one thousand eleven", 21011),
        ("ten thousand", 10000), ("one hundred thousand", 100_000), ("a million", 1_000_000), ("two million three hundred thousand", 2_300_000),
        ("five thousand and five", 5005), ("one million two hundred thirty four thousand five hundred sixty seven", 1_234_567),
        ("three billion", 3e9), ("a billion", 1e9), ("twelve thousand three hundred forty five", 12345),
        ("ninety nine thousand nine hundred ninety nine", 99999), ("one thousand one", 1001), ("a trillion", 1e12),
        // decimals and halves in words
        ("two point five", 2.5), ("three point one four", 3.14), ("zero point five", 0.5), ("one point zero five", 1.05),
        ("one and a half", 1.5), ("two and a half", 2.5), ("point 25", 0.25), ("point seven five", 0.75),
        // quantities
        ("a couple", 2), ("a pair", 2), ("a few", 3), ("single", 1), ("half a dozen", 6), ("half a thousand", 500),
        // a quantity counting the scales after it
        ("a couple hundred", 200), ("a few thousand", 3000), ("a couple of hundred", 200), ("a few dozen", 36),
        ("a couple hundred thousand", 200_000), ("a few million", 3e6),
        // a half more of a scale
        ("three and a half million", 3_500_000), ("two and a half thousand", 2500), ("a million and a half", 1_500_000),
        ("a dozen and a half", 18),
        // digits that repeat the words, as a cheque writes them
        ("thirty-two (32)", 32), ("nine hundred (900)", 900),
        // more compounds
        ("twenty-three", 23), ("twenty six", 26), ("twenty-eight", 28), ("thirty-three", 33), ("thirty six", 36),
        ("thirty-eight", 38), ("forty-three", 43), ("forty six", 46), ("forty-eight", 48), ("fifty-three", 53),
        ("fifty six", 56), ("fifty-eight", 58), ("sixty-three", 63), ("sixty six", 66), ("sixty-eight", 68),
        ("seventy-three", 73), ("seventy six", 76), ("seventy-eight", 78), ("eighty-three", 83), ("eighty six", 86),
        ("eighty-eight", 88), ("ninety-three", 93), ("ninety six", 96), ("ninety-eight", 98), ("two hundred and five", 205),
        ("four hundred and seven", 407), ("six hundred and nine", 609), ("eight hundred and eleven", 811),
    ]

    @Test func cardinalNumbers() {
        for (text, value) in Self.cardinals { expectWhole(text, .number(value)) }
    }

    // MARK: Ordinals

    static let ordinals: [(String, Int)] = [
        ("first", 1), ("second", 2), ("third", 3), ("fourth", 4), ("fifth", 5), ("sixth", 6), ("seventh", 7), ("eighth", 8),
        ("ninth", 9), ("tenth", 10), ("eleventh", 11), ("twelfth", 12), ("thirteenth", 13), ("nineteenth", 19), ("twentieth", 20),
        ("twenty-fifth", 25), ("twenty fifth", 25), ("thirty-first", 31), ("thirty first", 31), ("forty-second", 42),
        ("ninety-ninth", 99), ("hundredth", 100), ("one hundredth", 100), ("one hundred and first", 101), ("two thousandth", 2000),
        ("1st", 1), ("2nd", 2), ("3rd", 3), ("4th", 4), ("11th", 11), ("12th", 12), ("13th", 13), ("21st", 21), ("22nd", 22),
        ("23rd", 23), ("31st", 31), ("100th", 100), ("101st", 101), ("1000th", 1000), ("fiftieth", 50), ("sixtieth", 60),
        ("seventy-third", 73), ("eighty eighth", 88), ("thirtieth", 30), ("fortieth", 40),
        ("twenty-first", 21), ("twenty-second", 22), ("twenty-third", 23), ("twenty-seventh", 27),
        ("thirty-first", 31), ("thirty-second", 32), ("thirty-third", 33), ("thirty-seventh", 37),
        ("forty-first", 41), ("forty-second", 42), ("forty-third", 43), ("forty-seventh", 47),
        ("fifty-first", 51), ("fifty-second", 52), ("fifty-third", 53), ("fifty-seventh", 57),
        ("sixty-first", 61), ("sixty-second", 62), ("sixty-third", 63), ("sixty-seventh", 67),
        ("seventy-first", 71), ("seventy-second", 72), ("seventy-third", 73), ("seventy-seventh", 77),
        ("eighty-first", 81), ("eighty-second", 82), ("eighty-third", 83), ("eighty-seventh", 87),
        ("ninety-first", 91), ("ninety-second", 92), ("ninety-third", 93), ("ninety-seventh", 97),
    ]

    @Test func ordinalNumbers() {
        for (text, value) in Self.ordinals { expectWhole(text, .ordinal(value)) }
    }

    // MARK: Percentages

    static let percentages: [(String, Double)] = [
        ("20%", 20), ("20 %", 20), ("5.5%", 5.5), ("100%", 100), ("0.1%", 0.1), ("-3%", -3), ("twenty percent", 20),
        ("5 per cent", 5), ("fifty pct", 50), ("12 percent", 12), ("one hundred percent", 100), ("ninety-nine percent", 99),
        ("2.5 percent", 2.5), ("minus 4 percent", -4), ("a hundred percent", 100),
        ("50%", 50), ("99.9%", 99.9), ("0%", 0), ("75 percent", 75), ("thirty percent", 30), ("seven per cent", 7), ("1,000%", 1000),
        ("12.5 pct", 12.5), ("fifteen percent", 15), ("200 percent", 200),
    ]

    @Test func percentagesOfEveryForm() {
        for (text, value) in Self.percentages { expectWhole(text, .percentage(value)) }
    }

    // MARK: Money

    static let money: [(String, Double, String)] = [
        // symbols before and after
        ("$85", 85, "USD"), ("$ 85", 85, "USD"), ("$12.50", 12.5, "USD"), ("$1,200", 1200, "USD"), ("$5k", 5000, "USD"),
        ("$1.2m", 1_200_000, "USD"), ("10$", 10, "USD"), ("10 $", 10, "USD"), ("€5", 5, "EUR"), ("20€", 20, "EUR"),
        ("20 €", 20, "EUR"), ("€12.50", 12.5, "EUR"), ("£3", 3, "GBP"), ("£3.99", 3.99, "GBP"), ("¥500", 500, "JPY"),
        ("₹100", 100, "INR"), ("₽250", 250, "RUB"), ("₩1000", 1000, "KRW"), ("₺40", 40, "TRY"), ("₪30", 30, "ILS"),
        ("₱200", 200, "PHP"), ("฿100", 100, "THB"), ("₦500", 500, "NGN"), ("₴60", 60, "UAH"), ("₫20000", 20000, "VND"),
        ("us$ 40", 40, "USD"), ("C$20", 20, "CAD"), ("A$15", 15, "AUD"), ("NZ$30", 30, "NZD"), ("HK$100", 100, "HKD"),
        ("S$12", 12, "SGD"), ("R$50", 50, "BRL"),
        // codes before and after
        ("EUR 20", 20, "EUR"), ("USD3.14", 3.14, "USD"), ("USD 3.14", 3.14, "USD"), ("20 EUR", 20, "EUR"), ("20 usd", 20, "USD"),
        ("GBP 15", 15, "GBP"), ("15 gbp", 15, "GBP"), ("CHF 80", 80, "CHF"), ("80 chf", 80, "CHF"), ("JPY 1000", 1000, "JPY"),
        ("100 sek", 100, "SEK"), ("NOK 250", 250, "NOK"), ("DKK 75", 75, "DKK"), ("PLN 40", 40, "PLN"), ("CZK 300", 300, "CZK"),
        ("HUF 5000", 5000, "HUF"), ("ZAR 90", 90, "ZAR"), ("AED 20", 20, "AED"), ("SGD 14", 14, "SGD"), ("MXN 200", 200, "MXN"),
        ("BRL 35", 35, "BRL"), ("INR 900", 900, "INR"), ("CNY 88", 88, "CNY"), ("KRW 5000", 5000, "KRW"), ("Rs 500", 500, "INR"),
        ("Rs. 500", 500, "INR"), ("20 try", 20, "TRY"), ("12 cad", 12, "CAD"),
        // names
        ("20 dollars", 20, "USD"), ("a dollar", 1, "USD"), ("one dollar", 1, "USD"), ("twenty euros", 20, "EUR"), ("a euro", 1, "EUR"),
        ("3 yuan", 3, "CNY"), ("five hundred yen", 500, "JPY"), ("5 lakh rupees", 500_000, "INR"), ("10 pounds", 10, "GBP"),
        ("12 swiss francs", 12, "CHF"), ("30 canadian dollars", 30, "CAD"), ("forty australian dollars", 40, "AUD"),
        ("15 new zealand dollars", 15, "NZD"), ("100 hong kong dollars", 100, "HKD"), ("9 singapore dollars", 9, "SGD"),
        ("200 pesos", 200, "MXN"), ("500 chilean pesos", 500, "CLP"), ("80 reais", 80, "BRL"), ("300 rubles", 300, "RUB"),
        ("1000 won", 1000, "KRW"), ("50 kronor", 50, "SEK"), ("70 norwegian kroner", 70, "NOK"), ("60 danish kroner", 60, "DKK"),
        ("30 zloty", 30, "PLN"), ("500 forints", 500, "HUF"), ("25 lira", 25, "TRY"), ("40 shekels", 40, "ILS"),
        ("90 rand", 90, "ZAR"), ("20 dirhams", 20, "AED"), ("15 riyals", 15, "SAR"), ("3 dinars", 3, "KWD"),
        ("100 egyptian pounds", 100, "EGP"), ("2000 naira", 2000, "NGN"), ("500 shillings", 500, "KES"), ("100 baht", 100, "THB"),
        ("50000 dong", 50000, "VND"), ("100000 rupiah", 100_000, "IDR"), ("40 ringgit", 40, "MYR"), ("300 taka", 300, "BDT"),
        ("200 hryvnia", 200, "UAH"), ("5000 tenge", 5000, "KZT"), ("30 lari", 30, "GEL"), ("100 us dollars", 100, "USD"),
        ("10 pakistani rupees", 10, "PKR"), ("12 pounds sterling", 12, "GBP"), ("7 british pounds", 7, "GBP"),
        // slang
        ("85 bucks", 85, "USD"), ("a buck", 1, "USD"), ("ten bucks", 10, "USD"), ("a quid", 1, "GBP"), ("20 quid", 20, "GBP"),
        ("5 grand", 5000, "USD"), ("a grand", 1000, "USD"), ("two grand", 2000, "USD"),
        // cents
        ("20 dollars 43 cents", 20.43, "USD"), ("12 dollars and 50 cents", 12.5, "USD"), ("50 cents", 0.5, "USD"),
        ("10¢", 0.1, "USD"), ("99 cents", 0.99, "USD"), ("a penny", 0.01, "USD"), ("30 pence", 0.3, "GBP"), ("5 euros 20 cents", 5.2, "EUR"),
        ("one dollar and five cents", 1.05, "USD"),
        // amounts in words
        ("twenty-five dollars", 25, "USD"), ("one hundred and fifty euros", 150, "EUR"), ("three thousand pounds", 3000, "GBP"),
        ("two million dollars", 2_000_000, "USD"), ("$2 million", 2_000_000, "USD"), ("1.5 million euros", 1_500_000, "EUR"),
        ("$0.99", 0.99, "USD"), ("$1,000,000", 1_000_000, "USD"), ("€0.50", 0.5, "EUR"), ("£1,250.75", 1250.75, "GBP"), ("¥10,000", 10000, "JPY"),
        ("99.95 euros", 99.95, "EUR"), ("forty dollars", 40, "USD"), ("sixty-five pounds", 65, "GBP"), ("a thousand yen", 1000, "JPY"),
        ("twelve hundred dollars", 1200, "USD"), ("3.50 chf", 3.5, "CHF"), ("EUR 1,000", 1000, "EUR"), ("USD 2.5k", 2500, "USD"),
        ("15 aud", 15, "AUD"), ("250 inr", 250, "INR"), ("70 brl", 70, "BRL"), ("ZAR 120", 120, "ZAR"),
    ]

    @Test func amountsOfMoney() {
        for (text, amount, currency) in Self.money { expectWhole(text, .amountOfMoney(amount, currency: currency)) }
    }

    @Test func fortyCurrenciesAtLeastByNameSymbolOrCode() {
        #expect(Currency.all.count >= 40)
        #expect(Set(Self.money.map(\.2)).count >= 40)
        for currency in Currency.all {
            #expect(currency.code.count == 3 && currency.code == currency.code.uppercased())
            #expect(Currency.byName[currency.code.lowercased()] == currency.code, "\(currency.code) by its code")
        }
    }

    // MARK: Durations

    static let durations: [(String, Double)] = [
        ("10 minutes", 600), ("1 minute", 60), ("a minute", 60), ("an hour", 3600), ("one hour", 3600), ("2 hours", 7200),
        ("30 seconds", 30), ("a second", 1), ("3 days", 259_200), ("a day", 86_400), ("2 weeks", 1_209_600), ("a week", 604_800),
        ("a fortnight", 1_209_600), ("6 months", 15_552_000), ("a month", 2_592_000), ("a year", 31_536_000), ("2 years", 63_072_000),
        ("half an hour", 1800), ("half hour", 1800), ("half a day", 43_200), ("half a minute", 30), ("an hour and a half", 5400),
        ("1 hour and a half", 5400), ("two and a half hours", 9000), ("1.5 hours", 5400), ("0.5 hours", 1800), ("1/2 hour", 1800),
        ("a quarter of an hour", 900), ("quarter of an hour", 900), ("a quarter hour", 900), ("three quarters of an hour", 2700),
        ("1 hour thirty", 5400), ("1 hour 30", 5400), ("1h30", 5400), ("2h", 7200), ("2m", 120), ("30s", 30), ("3d", 259_200),
        ("1 hour and 30 minutes", 5400), ("2 hours 15 minutes", 8100), ("3 days 4 hours", 273_600), ("1 minute 30 seconds", 90),
        ("2 minutes and 10 seconds", 130), ("an hour and 20 minutes", 4800), ("1 day, 2 hours", 93_600), ("a couple of hours", 7200),
        ("a couple hours", 7200), ("a few minutes", 180), ("twenty minutes", 1200), ("forty-five minutes", 2700),
        ("ninety seconds", 90), ("5 mins", 300), ("10 min", 600), ("2 hrs", 7200), ("3 hr", 10_800), ("15 secs", 15),
        ("20 sec", 20), ("4 wks", 2_419_200), ("2 yrs", 63_072_000), ("1 year 6 months", 47_088_000), ("a minute and a half", 90),
        ("one hundred days", 8_640_000), ("24 hours", 86_400), ("48 hrs", 172_800), ("two dozen hours", 86_400),
        ("90 minutes", 5400), ("three hours", 10_800), ("ten seconds", 10), ("a half hour", 1800), ("15 min", 900), ("45 secs", 45),
        ("two weeks and three days", 1_468_800), ("1 week", 604_800), ("8 hours", 28_800), ("12 hours", 43_200), ("an hour and fifteen minutes", 4500),
        ("3 hours and 45 minutes", 13_500), ("5 minutes and 30 seconds", 330), ("one day", 86_400), ("seven days", 604_800),
        ("thirty seconds", 30), ("2 and a half minutes", 150), ("1.25 hours", 4500), ("0.5 days", 43_200), ("4h", 14_400), ("45m", 2700),
    ]

    @Test func durationsOfEveryForm() {
        for (text, seconds) in Self.durations { expectWhole(text, .duration(seconds: seconds)) }
    }

    // MARK: Temperatures

    static let temperatures: [(String, Double, String?)] = [
        ("72 degrees", 72, nil), ("72°", 72, nil), ("20°c", 20, "celsius"), ("20 °C", 20, "celsius"), ("20°C", 20, "celsius"),
        ("70°F", 70, "fahrenheit"), ("70 °f", 70, "fahrenheit"), ("-2°", -2, nil), ("-2 °C", -2, "celsius"), ("45 deg.", 45, nil),
        ("45 deg", 45, nil), ("minus 5 celsius", -5, "celsius"), ("negative 10 degrees", -10, nil),
        ("seventy degrees fahrenheit", 70, "fahrenheit"), ("2 degrees below zero", -2, nil), ("ten degrees below zero", -10, nil),
        ("5 degrees above zero", 5, nil), ("37 degrees celsius", 37, "celsius"), ("37.5 °C", 37.5, "celsius"),
        ("98.6 degrees fahrenheit", 98.6, "fahrenheit"), ("300 kelvin", 300, "kelvin"), ("0 degrees", 0, nil),
        ("a hundred degrees", 100, nil), ("twenty-one degrees", 21, nil), ("15 degrees centigrade", 15, "celsius"),
        ("one degree", 1, nil), ("80 fahrenheit", 80, "fahrenheit"), ("25 celsius", 25, "celsius"), ("-40°F", -40, "fahrenheit"),
        ("5 degrees c", 5, "celsius"), ("60 degrees f", 60, "fahrenheit"),
        ("100°C", 100, "celsius"), ("212 °F", 212, "fahrenheit"), ("-10 degrees celsius", -10, "celsius"), ("minus 40 degrees", -40, nil),
        ("18.5°", 18.5, nil), ("twenty degrees celsius", 20, "celsius"), ("thirty two fahrenheit", 32, "fahrenheit"), ("0°C", 0, "celsius"),
        ("15 degrees below zero", -15, nil), ("273 kelvin", 273, "kelvin"),
    ]

    @Test func temperaturesOfEveryForm() {
        for (text, value, unit) in Self.temperatures { expectWhole(text, .temperature(value, unit: unit)) }
    }

    // MARK: Dates and times (reference: Sunday 22 November 2026, 08:00 UTC)

    static let dateTimes: [(String, String)] = [
        // days
        ("today", "2026-11-22 (day)"), ("tomorrow", "2026-11-23 (day)"), ("yesterday", "2026-11-21 (day)"), ("tonight", "2026-11-22T18:00/2026-11-23T00:00 (hour)"),
        ("the day after tomorrow", "2026-11-24 (day)"), ("day after tomorrow", "2026-11-24 (day)"), ("the day before yesterday", "2026-11-20 (day)"),
        ("now", "2026-11-22T08:00:00 (second)"), ("right now", "2026-11-22T08:00:00 (second)"), ("just now", "2026-11-22T08:00:00 (second)"), ("tmrw", "2026-11-23 (day)"),
        // weekdays: the next one after today
        ("monday", "2026-11-23 (day)"), ("tuesday", "2026-11-24 (day)"), ("wednesday", "2026-11-25 (day)"), ("thursday", "2026-11-26 (day)"),
        ("friday", "2026-11-27 (day)"), ("saturday", "2026-11-28 (day)"), ("sunday", "2026-11-29 (day)"), ("mon", "2026-11-23 (day)"), ("tue", "2026-11-24 (day)"),
        ("tues", "2026-11-24 (day)"), ("wed", "2026-11-25 (day)"), ("thu", "2026-11-26 (day)"), ("thurs", "2026-11-26 (day)"), ("fri", "2026-11-27 (day)"),
        ("sat", "2026-11-28 (day)"), ("sun", "2026-11-29 (day)"), ("mon.", "2026-11-23 (day)"), ("this friday", "2026-11-27 (day)"), ("next friday", "2026-11-27 (day)"),
        ("coming monday", "2026-11-23 (day)"), ("last friday", "2026-11-20 (day)"), ("last sunday", "2026-11-15 (day)"), ("past tuesday", "2026-11-17 (day)"),
        ("wednesday next week", "2026-11-25 (day)"), ("friday this week", "2026-11-20 (day)"), ("monday last week", "2026-11-09 (day)"),
        ("Monday, Feb 18", "2030-02-18 (day)"), ("Tuesday the 19th", "2027-01-19 (day)"), ("tuesday 19th", "2027-01-19 (day)"), ("thursday the 26th", "2026-11-26 (day)"),
        ("on friday", "2026-11-27 (day)"), ("on monday", "2026-11-23 (day)"),
        // calendar dates
        ("june 13", "2027-06-13 (day)"), ("june 13th", "2027-06-13 (day)"), ("june 13 2038", "2038-06-13 (day)"), ("june 13th, 2038", "2038-06-13 (day)"),
        ("13 june", "2027-06-13 (day)"), ("13th june", "2027-06-13 (day)"), ("the 13th of june", "2027-06-13 (day)"), ("13th of june 2030", "2030-06-13 (day)"),
        ("december 25", "2026-12-25 (day)"), ("dec 25", "2026-12-25 (day)"), ("dec. 25", "2026-12-25 (day)"), ("november 22", "2026-11-22 (day)"),
        ("november 21", "2027-11-21 (day)"), ("march the 3rd", "2027-03-03 (day)"), ("march 3rd", "2027-03-03 (day)"), ("jan 1st", "2027-01-01 (day)"),
        ("sept 9", "2027-09-09 (day)"), ("february 29", "2028-02-29 (day)"), ("the first of december", "2026-12-01 (day)"),
        ("the twenty-first of december", "2026-12-21 (day)"), ("june 2027", "2027-06-01 (month)"), ("in june", "2027-06-01 (month)"),
        ("in november", "2026-11-01 (month)"), ("the 20th of next month", "2026-12-20 (day)"), ("the 5th of this month", "2026-11-05 (day)"),
        ("on the 30th", "2026-11-30 (day)"), ("on the 20th", "2026-12-20 (day)"), ("on the 1st", "2026-12-01 (day)"),
        // numeric dates
        ("2/7/2021", "2021-02-07 (day)"), ("2/15", "2027-02-15 (day)"), ("12/25", "2026-12-25 (day)"), ("11/22", "2026-11-22 (day)"), ("10/31/74", "1974-10-31 (day)"),
        ("10/31/46", "2046-10-31 (day)"), ("10/31/47", "1947-10-31 (day)"), ("1/2/03", "2003-01-02 (day)"), ("2026-12-01", "2026-12-01 (day)"),
        ("2030-01-15", "2030-01-15 (day)"), ("3/4", "2027-03-04 (day)"),
        // ordinal weekdays of a month
        ("first tuesday of last month", "2026-10-06 (day)"), ("the first tuesday of next month", "2026-12-01 (day)"),
        ("the last friday of march", "2027-03-26 (day)"), ("last friday of march", "2027-03-26 (day)"), ("the third monday in january", "2027-01-18 (day)"),
        ("2nd wednesday of next month", "2026-12-09 (day)"), ("the last day of october", "2027-10-31 (day)"),
        ("the first day of next month", "2026-12-01 (day)"), ("last day of february 2028", "2028-02-29 (day)"), ("the second sunday of may 2027", "2027-05-09 (day)"), ("the last monday of this month", "2026-11-30 (day)"),
        // weeks, months, years: their first day
        ("next week", "2026-11-23 (week)"), ("last week", "2026-11-09 (week)"), ("this week", "2026-11-16 (week)"), ("next month", "2026-12-01 (month)"),
        ("last month", "2026-10-01 (month)"), ("this month", "2026-11-01 (month)"), ("next year", "2027-01-01 (year)"), ("last year", "2025-01-01 (year)"),
        // times
        ("7am", "2026-11-23T07:00 (hour)"), ("7 am", "2026-11-23T07:00 (hour)"), ("7 a.m.", "2026-11-23T07:00 (hour)"), ("7pm", "2026-11-22T19:00 (hour)"),
        ("7 p.m.", "2026-11-22T19:00 (hour)"), ("7:30", "2026-11-22T19:30 (minute)"), ("7:30pm", "2026-11-22T19:30 (minute)"), ("7:30 pm", "2026-11-22T19:30 (minute)"),
        ("19:00", "2026-11-22T19:00 (minute)"), ("07:30", "2026-11-23T07:30 (minute)"), ("9:01:10 AM", "2026-11-22T09:01:10 (second)"), ("23:59:59", "2026-11-22T23:59:59 (second)"),
        ("noon", "2026-11-22T12:00 (hour)"), ("midday", "2026-11-22T12:00 (hour)"), ("midnight", "2026-11-23T00:00 (hour)"), ("7 o'clock", "2026-11-22T19:00 (hour)"),
        ("eighteen oclock", "2026-11-22T18:00 (hour)"), ("at 7", "2026-11-22T19:00 (hour)"), ("at 9", "2026-11-22T09:00 (hour)"), ("at 7:30", "2026-11-22T19:30 (minute)"),
        ("3:30", "2026-11-22T15:30 (minute)"), ("half past seven", "2026-11-22T19:30 (minute)"), ("quarter past five", "2026-11-22T17:15 (minute)"),
        ("quarter to eight", "2026-11-22T19:45 (minute)"), ("ten past five", "2026-11-22T17:10 (minute)"), ("20 to 6", "2026-11-22T17:40 (minute)"),
        ("seven thirty p.m.", "2026-11-22T19:30 (minute)"), ("seven thirty pm", "2026-11-22T19:30 (minute)"), ("nine fifteen am", "2026-11-22T09:15 (minute)"),
        ("8h00", "2026-11-22T08:00 (minute)"), ("at 8h30", "2026-11-22T08:30 (minute)"), ("8h00 GMT", "2026-11-22T08:00 (minute)"), ("3pm EST", "2026-11-22T20:00 (hour)"),
        ("noon UTC", "2026-11-22T12:00 (hour)"), ("10am PST", "2026-11-22T18:00 (hour)"), ("12pm", "2026-11-22T12:00 (hour)"), ("12am", "2026-11-23T00:00 (hour)"),
        // days with times
        ("tomorrow at 7am", "2026-11-23T07:00 (hour)"), ("tomorrow at 7", "2026-11-23T07:00 (hour)"), ("7am tomorrow", "2026-11-23T07:00 (hour)"),
        ("friday at 6:45 pm", "2026-11-27T18:45 (minute)"), ("next friday at 8:30 pm", "2026-11-27T20:30 (minute)"), ("tomorrow morning at 7", "2026-11-23T07:00 (hour)"),
        ("tomorrow evening at 7", "2026-11-23T19:00 (hour)"), ("7:30 in the evening", "2026-11-22T19:30 (minute)"), ("8 in the morning", "2026-11-22T08:00 (hour)"),
        ("on june 13th, 2038 at noon", "2038-06-13T12:00 (hour)"), ("4/25 at 4:00pm", "2027-04-25T16:00 (minute)"), ("monday at 9", "2026-11-23T09:00 (hour)"),
        ("today at 5pm", "2026-11-22T17:00 (hour)"), ("tonight at 11", "2026-11-22T23:00 (hour)"), ("december 24 at midnight", "2026-12-24T00:00 (hour)"),
        // relative moments
        ("in 2 days", "2026-11-24T08:00 (hour)"), ("in a week", "2026-11-29 (day)"), ("in 10 minutes", "2026-11-22T08:10:00 (second)"), ("in 2 hours", "2026-11-22T10:00 (minute)"),
        ("in a couple hours", "2026-11-22T10:00 (minute)"), ("in half an hour", "2026-11-22T08:30:00 (second)"), ("in an hour and a half", "2026-11-22T09:30:00 (second)"),
        ("3 hours from now", "2026-11-22T11:00 (minute)"), ("7 days ago", "2026-11-15T08:00 (hour)"), ("2 weeks ago", "2026-11-08 (day)"), ("an hour ago", "2026-11-22T07:00 (minute)"),
        ("5 minutes later", "2026-11-22T08:05:00 (second)"), ("15 minutes from 1pm", "2026-11-22T13:15 (minute)"), ("a week from tomorrow", "2026-11-30 (day)"),
        ("2 days after christmas", "2026-12-27 (day)"), ("3 days before new year's eve", "2026-12-28 (day)"), ("2 days from today", "2026-11-24 (day)"),
        ("within 3 days", "2026-11-22T08:00:00/2026-11-25T08:00:00 (second)"),
        ("in 3 weeks", "2026-12-13 (day)"), ("in 45 minutes", "2026-11-22T08:45:00 (second)"), ("10 minutes ago", "2026-11-22T07:50:00 (second)"), ("a day ago", "2026-11-21T08:00 (hour)"),
        ("tomorrow at noon", "2026-11-23T12:00 (hour)"), ("saturday at 10am", "2026-11-28T10:00 (hour)"), ("next monday at 9:15", "2026-11-23T09:15 (minute)"),
        ("july 4th at 9pm", "2027-07-04T21:00 (hour)"), ("jan 15, 2027", "2027-01-15 (day)"), ("the 1st of january", "2027-01-01 (day)"),
        ("april 30", "2027-04-30 (day)"), ("oct 31", "2027-10-31 (day)"), ("12/31", "2026-12-31 (day)"), ("at half past nine", "2026-11-22T09:30 (minute)"),
        ("on saturday", "2026-11-28 (day)"), ("8 tonight", "2026-11-22T20:00 (hour)"), ("eleven tonight", "2026-11-22T23:00 (hour)"),
        ("a quarter to noon", "2026-11-22T11:45 (minute)"), ("ten past noon", "2026-11-22T12:10 (minute)"),
        ("five to midnight", "2026-11-22T23:55 (minute)"), ("midnight tonight", "2026-11-23T00:00 (hour)"), ("tonight at midnight", "2026-11-23T00:00 (hour)"),
        ("monday at midnight", "2026-11-23T00:00 (hour)"), ("mid-day", "2026-11-22T12:00 (hour)"), ("at 0800", "2026-11-22T08:00 (minute)"),
        ("at 1530", "2026-11-22T15:30 (minute)"), ("the 15th at 3pm", "2026-12-15T15:00 (hour)"), ("the 30th at noon", "2026-11-30T12:00 (hour)"),
        // years said as such
        ("in 1954", "1954-01-01 (year)"), ("the year 2000", "2000-01-01 (year)"), ("in 2027", "2027-01-01 (year)"),
    ]

    @Test func datesAndTimesOfEveryForm() {
        for (text, expected) in Self.dateTimes {
            expectWhole(text, reading: expected)
            #expect(extract(text).first?.value.kind == "dateTime", "\(text)")
        }
    }

    // MARK: Intervals (reference: Sunday 22 November 2026, 08:00 UTC); ends are exclusive

    static let intervals: [(String, String)] = [
        // times to times: the end said covers its grain
        ("from 3 to 5pm", "2026-11-22T15:00/2026-11-22T18:00 (hour)"), ("3-5pm", "2026-11-22T15:00/2026-11-22T18:00 (hour)"),
        ("2pm - 4pm", "2026-11-22T14:00/2026-11-22T17:00 (hour)"), ("from 10am to 2pm", "2026-11-22T10:00/2026-11-22T15:00 (hour)"),
        ("11-1pm", "2026-11-22T11:00/2026-11-22T14:00 (hour)"), ("from 9 to 11", "2026-11-22T09:00/2026-11-22T12:00 (hour)"),
        ("between 6 and 8pm", "2026-11-22T18:00/2026-11-22T21:00 (hour)"), ("between 10:15 and 10:45", "2026-11-22T10:15/2026-11-22T10:46 (minute)"),
        ("8:30-9:30", "2026-11-22T08:30/2026-11-22T09:31 (minute)"), ("10:30 - 12:00", "2026-11-22T10:30/2026-11-22T12:01 (minute)"),
        ("4:45 to 6 pm", "2026-11-22T16:45/2026-11-22T19:00 (minute)"), ("from 7:30 until 9pm", "2026-11-22T19:30/2026-11-22T22:00 (minute)"),
        ("10pm to 2am", "2026-11-22T22:00/2026-11-23T03:00 (hour)"), ("from 9am till noon", "2026-11-22T09:00/2026-11-22T13:00 (hour)"),
        // with a day before or after
        ("tomorrow from 2 to 4pm", "2026-11-23T14:00/2026-11-23T17:00 (hour)"), ("friday 9-11am", "2026-11-27T09:00/2026-11-27T12:00 (hour)"),
        ("saturday from 10:00 to 11:30", "2026-11-28T10:00/2026-11-28T11:31 (minute)"), ("1pm-3pm on monday", "2026-11-23T13:00/2026-11-23T16:00 (hour)"),
        ("between 9 and 10am tomorrow", "2026-11-23T09:00/2026-11-23T11:00 (hour)"), ("from 6 to 7pm on december 3", "2026-12-03T18:00/2026-12-03T20:00 (hour)"),
        // days to days
        ("monday to wednesday", "2026-11-23/2026-11-26 (day)"), ("from friday to sunday", "2026-11-27/2026-11-30 (day)"),
        ("between tuesday and thursday", "2026-11-24/2026-11-27 (day)"), ("friday - monday", "2026-11-27/2026-12-01 (day)"),
        ("december 3-5", "2026-12-03/2026-12-06 (day)"), ("dec 20 to 24", "2026-12-20/2026-12-25 (day)"), ("march 1 through 7", "2027-03-01/2027-03-08 (day)"),
        ("from 10 to 12 january", "2027-01-10/2027-01-13 (day)"), ("2nd to 4th of february", "2027-02-02/2027-02-05 (day)"),
        ("june 1 - june 15", "2027-06-01/2027-06-16 (day)"), ("from tomorrow to friday", "2026-11-23/2026-11-28 (day)"),
        ("today to tuesday", "2026-11-22/2026-11-25 (day)"), ("from christmas eve to new year's day", "2026-12-24/2027-01-02 (day)"),
        // said as one thing
        ("this weekend", "2026-11-20T18:00/2026-11-23T00:00 (hour)"), ("the weekend", "2026-11-20T18:00/2026-11-23T00:00 (hour)"),
        ("next weekend", "2026-11-27T18:00/2026-11-30T00:00 (hour)"), ("last weekend", "2026-11-13T18:00/2026-11-16T00:00 (hour)"),
        ("this week-end", "2026-11-20T18:00/2026-11-23T00:00 (hour)"), ("tonight", "2026-11-22T18:00/2026-11-23T00:00 (hour)"),
        ("this evening", "2026-11-22T18:00/2026-11-23T00:00 (hour)"), ("this morning", "2026-11-22T04:00/2026-11-22T12:00 (hour)"),
        ("this afternoon", "2026-11-22T12:00/2026-11-22T19:00 (hour)"), ("tomorrow morning", "2026-11-23T04:00/2026-11-23T12:00 (hour)"),
        ("tomorrow night", "2026-11-23T18:00/2026-11-24T00:00 (hour)"), ("friday afternoon", "2026-11-27T12:00/2026-11-27T19:00 (hour)"),
        ("yesterday evening", "2026-11-21T18:00/2026-11-22T00:00 (hour)"), ("in the afternoon", "2026-11-22T12:00/2026-11-22T19:00 (hour)"),
        ("monday at lunch", "2026-11-23T12:00/2026-11-23T14:00 (hour)"), ("december 24 in the evening", "2026-12-24T18:00/2026-12-25T00:00 (hour)"),
        ("the next 3 days", "2026-11-23/2026-11-26 (day)"), ("next two weeks", "2026-11-23/2026-12-07 (week)"),
        ("the last 2 days", "2026-11-20/2026-11-22 (day)"), ("past 3 hours", "2026-11-22T05:00/2026-11-22T08:00 (hour)"),
        ("next 6 months", "2026-12-01/2027-06-01 (month)"), ("the last 2 years", "2024-01-01/2026-01-01 (year)"),
        ("next few days", "2026-11-23/2026-11-26 (day)"), ("the next 30 minutes", "2026-11-22T08:01/2026-11-22T08:31 (minute)"),
        ("within 2 hours", "2026-11-22T08:00:00/2026-11-22T10:00:00 (second)"), ("within a week", "2026-11-22T08:00:00/2026-11-29T00:00:00 (second)"),
        // open at one end: bounded by the moment said
        ("before 5pm", "../2026-11-22T17:00 (hour)"), ("until friday", "../2026-11-27 (day)"), ("till 6:30", "../2026-11-22T18:30 (minute)"),
        ("before christmas", "../2026-12-25 (day)"), ("until tomorrow at noon", "../2026-11-23T12:00 (hour)"), ("after 2pm", "2026-11-22T14:00/.. (hour)"),
        ("after friday", "2026-11-27/.. (day)"), ("since monday", "2026-11-23/.. (day)"), ("since yesterday", "2026-11-21/.. (day)"),
        ("from tomorrow", "2026-11-23/.. (day)"), ("after 9:45 am", "2026-11-22T09:45/.. (minute)"), ("after tonight", "2026-11-23T00:00/.. (hour)"),
        ("after this weekend", "2026-11-23T00:00/.. (hour)"), ("before next week", "../2026-11-23 (week)"),
        ("through 2pm", "../2026-11-22T14:00 (hour)"), ("thru monday", "../2026-11-23 (day)"),
        // "by": from now until then
        ("by 2pm", "2026-11-22T08:00:00/2026-11-22T14:00:00 (second)"), ("by 9:30", "2026-11-22T08:00:00/2026-11-22T09:30:00 (second)"), ("by friday", "2026-11-22T08:00:00/2026-11-27T00:00:00 (second)"),
        ("by tomorrow at noon", "2026-11-22T08:00:00/2026-11-23T12:00:00 (second)"),
        // the last night, decades, seasons, years as bounds
        ("last night", "2026-11-21T18:00/2026-11-22T00:00 (hour)"), ("the 80s", "1980-01-01/1990-01-01 (year)"),
        ("the 1990s", "1990-01-01/2000-01-01 (year)"), ("2020s", "2020-01-01/2030-01-01 (year)"), ("the '60s", "1960-01-01/1970-01-01 (year)"),
        ("this summer", "2027-06-21/2027-09-24 (day)"), ("this winter", "2026-12-21/2027-03-21 (day)"), ("next winter", "2026-12-21/2027-03-21 (day)"), ("next fall", "2027-09-23/2027-12-21 (day)"),
        ("this fall", "2026-09-23/2026-12-21 (day)"), ("last fall", "2025-09-23/2025-12-21 (day)"), ("next autumn", "2027-09-23/2027-12-21 (day)"),
        ("spring 2027", "2027-03-20/2027-06-21 (day)"), ("last summer", "2026-06-21/2026-09-24 (day)"),
        ("since 1990", "1990-01-01/.. (year)"), ("before 2030", "../2030-01-01 (year)"),
    ]

    @Test func intervalsAndOpenIntervals() {
        for (text, expected) in Self.intervals {
            expectWhole(text, reading: expected)
            if case .dateTimeInterval? = extract(text).first?.value {} else { Issue.record("\(text) is no interval") }
        }
    }

    @Test func grainsFollowWhatWasSaid() {
        let grains: [(String, DateTimeGrain)] = [
            ("9:01:10", .second), ("now", .second), ("in 5 minutes", .second), ("7:30", .minute), ("quarter past six", .minute),
            ("in 3 hours", .minute), ("7pm", .hour), ("noon", .hour), ("at 9", .hour), ("in 3 days", .hour), ("friday", .day),
            ("june 13", .day), ("in 2 weeks", .day), ("in 4 months", .day), ("this week", .week), ("next month", .month),
            ("in march", .month), ("march 2028", .month), ("in 3 years", .month), ("next year", .year), ("this quarter", .quarter),
        ]
        for (text, grain) in grains {
            guard case .dateTime(let value)? = extract(text).first?.value else {
                Issue.record("\(text) is no moment")
                continue
            }
            #expect(value.grain == grain, "\(text): \(value.grain)")
        }
    }

    // MARK: Stretches, quarters, weeks of a month (reference: Sunday 22 November 2026, 08:00 UTC)

    /// Each text with its value: a stretch is a third of its period (docs/entities.md).
    static let periods: [(String, String)] = [
        // stretches of a month: days 1-10, 11-20, 21 to the end
        ("the end of the month", "2026-11-21/2026-12-01 (day)"), ("end of month", "2026-11-21/2026-12-01 (day)"), ("EOM", "2026-11-21/2026-12-01 (day)"),
        ("the beginning of the month", "2026-11-01/2026-11-11 (day)"), ("the middle of the month", "2026-11-11/2026-11-21 (day)"),
        ("the start of next month", "2026-12-01/2026-12-11 (day)"), ("the end of next month", "2026-12-21/2027-01-01 (day)"),
        ("the end of february", "2027-02-21/2027-03-01 (day)"), ("beginning of march", "2027-03-01/2027-03-11 (day)"),
        ("early march", "2027-03-01/2027-03-11 (day)"), ("mid-june", "2027-06-11/2027-06-21 (day)"), ("mid june", "2027-06-11/2027-06-21 (day)"),
        ("late april", "2027-04-21/2027-05-01 (day)"), ("late last month", "2026-10-21/2026-11-01 (day)"), ("early next month", "2026-12-01/2026-12-11 (day)"),
        // of a week: Monday-Tuesday, Wednesday-Thursday, Friday-Sunday
        ("the end of the week", "2026-11-20/2026-11-23 (day)"), ("EOW", "2026-11-20/2026-11-23 (day)"),
        ("the beginning of next week", "2026-11-23/2026-11-25 (day)"), ("the middle of next week", "2026-11-25/2026-11-27 (day)"),
        ("late next week", "2026-11-27/2026-11-30 (day)"),
        // of a year: January-April, May-August, September-December; of a quarter: its months
        ("the end of the year", "2026-09-01/2027-01-01 (month)"), ("EOY", "2026-09-01/2027-01-01 (month)"),
        ("the beginning of next year", "2027-01-01/2027-05-01 (month)"), ("the middle of 2027", "2027-05-01/2027-09-01 (month)"),
        ("mid 2027", "2027-05-01/2027-09-01 (month)"), ("the end of 2025", "2025-09-01/2026-01-01 (month)"),
        ("early next year", "2027-01-01/2027-05-01 (month)"), ("the end of the quarter", "2026-12-01/2027-01-01 (month)"),
        ("the beginning of q1", "2027-01-01/2027-02-01 (month)"),
        // of a day: 4-12, 12-17, 17-24
        ("end of day", "2026-11-22T17:00/2026-11-23T00:00 (hour)"), ("EOD", "2026-11-22T17:00/2026-11-23T00:00 (hour)"),
        ("the end of the day", "2026-11-22T17:00/2026-11-23T00:00 (hour)"), ("the end of tomorrow", "2026-11-23T17:00/2026-11-24T00:00 (hour)"),
        ("the beginning of the day", "2026-11-22T04:00/2026-11-22T12:00 (hour)"),
        // deadlines: "by" and "until" the end of a stretch close where it ends
        ("by the end of the month", "2026-11-22T08:00:00/2026-12-01T00:00:00 (second)"), ("by EOD", "2026-11-22T08:00:00/2026-11-23T00:00:00 (second)"),
        ("by end of week", "2026-11-22T08:00:00/2026-11-23T00:00:00 (second)"), ("until the end of the year", "../2027-01-01 (month)"),
        ("after the end of the month", "2026-12-01/.. (day)"), ("before the end of next week", "../2026-11-30 (day)"),
        ("by the beginning of next month", "2026-11-22T08:00:00/2026-12-01T00:00:00 (second)"),
        // quarters: this year's, or next year's once it has ended
        ("q3", "2027-07-01 (quarter)"), ("Q4", "2026-10-01 (quarter)"), ("q1 2027", "2027-01-01 (quarter)"), ("Q2 2025", "2025-04-01 (quarter)"),
        ("q3 of 2028", "2028-07-01 (quarter)"), ("the third quarter", "2027-07-01 (quarter)"), ("the 4th quarter", "2026-10-01 (quarter)"),
        ("first quarter", "2027-01-01 (quarter)"), ("2nd qtr of 2027", "2027-04-01 (quarter)"), ("the fourth quarter of next year", "2027-10-01 (quarter)"),
        ("the first quarter of last year", "2025-01-01 (quarter)"), ("next qtr", "2027-01-01 (quarter)"), ("last quarter", "2026-07-01 (quarter)"),
        ("this qtr", "2026-10-01 (quarter)"),
        // weeks: the week of a day, the nth week of a month by its Mondays
        ("the week of december 9th", "2026-12-07 (week)"), ("the week of christmas", "2026-12-21 (week)"), ("week of jan 4", "2027-01-04 (week)"),
        ("the first week of december", "2026-12-07 (week)"), ("the second week of january", "2027-01-11 (week)"),
        ("the last week of december", "2026-12-28 (week)"), ("the third week of next month", "2026-12-21 (week)"),
        ("first week of march 2027", "2027-03-01 (week)"),
        // weekends of a month by their Saturdays
        ("the first weekend of december", "2026-12-04T18:00/2026-12-07T00:00 (hour)"), ("the last weekend of october", "2027-10-29T18:00/2027-11-01T00:00 (hour)"),
        ("the second weekend of january", "2027-01-08T18:00/2027-01-11T00:00 (hour)"),
        // a day from another
        ("the day after christmas", "2026-12-26 (day)"), ("the day before christmas", "2026-12-24 (day)"), ("the day after friday", "2026-11-28 (day)"),
        ("the day before new year's eve", "2026-12-30 (day)"), ("the day after thanksgiving", "2026-11-27 (day)"),
        ("the day after tomorrow", "2026-11-24 (day)"), ("the day before yesterday", "2026-11-20 (day)"), ("day before december 3rd", "2026-12-02 (day)"),
        ("friday after next", "2026-12-04 (day)"), ("the monday after next", "2026-11-30 (day)"),
        // the reference's time on another day
        ("this time tomorrow", "2026-11-23T08:00 (minute)"), ("same time next week", "2026-11-29T08:00 (minute)"),
        ("at the same time next year", "2027-11-22T08:00 (minute)"), ("this time yesterday", "2026-11-21T08:00 (minute)"),
        // a bare hour after a word that closes an interval; a part of the day after an opener
        ("until 6", "../2026-11-22T18:00 (hour)"), ("till 7 tomorrow", "../2026-11-23T07:00 (hour)"), ("before 10", "../2026-11-22T10:00 (hour)"),
        ("by 5", "2026-11-22T08:00:00/2026-11-22T17:00:00 (second)"), ("until 11 tonight", "../2026-11-22T23:00 (hour)"),
        ("after lunch", "2026-11-22T13:00/2026-11-22T17:00 (hour)"), ("before lunch", "../2026-11-22T12:00 (hour)"), ("until the evening", "../2026-11-22T18:00 (hour)"),
        ("since the morning", "2026-11-22T04:00/.. (hour)"),
    ]

    @Test func stretchesQuartersAndWeeksOfAMonth() {
        for (text, expected) in Self.periods {
            let matches = extract(text)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.kind == .dateTime,
                    "\(text): \(matches.map { "\($0.text) → \($0.value.readableDescription)" })")
            #expect(matches.first?.value.readableDescription == expected, "\(text)")
        }
    }

    // MARK: Holidays (reference: Sunday 22 November 2026)

    static let holidays: [(String, String)] = [
        ("christmas", "2026-12-25"), ("christmas day", "2026-12-25"), ("xmas", "2026-12-25"), ("christmas eve", "2026-12-24"),
        ("boxing day", "2026-12-26"), ("new year's eve", "2026-12-31"), ("new year's day", "2027-01-01"), ("new years day", "2027-01-01"),
        ("thanksgiving", "2026-11-26"), ("black friday", "2026-11-27"), ("cyber monday", "2026-11-30"), ("valentine's day", "2027-02-14"),
        ("valentines day", "2027-02-14"), ("halloween", "2027-10-31"), ("st patrick's day", "2027-03-17"), ("St. Patrick's Day", "2027-03-17"),
        ("easter", "2027-03-28"), ("easter 2027", "2027-03-28"), ("easter 2030", "2030-04-21"), ("good friday", "2027-03-26"),
        ("easter monday", "2027-03-29"), ("ash wednesday", "2027-02-10"), ("mardi gras", "2027-02-09"), ("mother's day", "2027-05-09"),
        ("mothers day", "2027-05-09"), ("father's day", "2027-06-20"), ("memorial day", "2027-05-31"), ("labor day", "2027-09-06"),
        ("independence day", "2027-07-04"), ("fourth of july", "2027-07-04"), ("juneteenth", "2027-06-19"), ("veterans day", "2027-11-11"),
        ("columbus day", "2027-10-11"), ("martin luther king day", "2027-01-18"), ("mlk day", "2027-01-18"), ("presidents day", "2027-02-15"),
        ("april fools day", "2027-04-01"), ("earth day", "2027-04-22"), ("groundhog day", "2027-02-02"), ("cinco de mayo", "2027-05-05"),
        ("christmas 2030", "2030-12-25"), ("thanksgiving 2027", "2027-11-25"), ("pentecost", "2027-05-16"), ("palm sunday", "2027-03-21"),
    ]

    @Test func holidaysByName() {
        for (text, expected) in Self.holidays {
            let matches = extract(text)
            #expect(matches.count == 1 && matches.first?.text == text, "\(text): \(matches.map(\.text))")
            if case .dateTime(let value)? = matches.first?.value { #expect(value.description == expected, "\(text)") }
        }
    }

    /// "next", "last" and their kin before a holiday's name: the first after the reference day,
    /// the last before it, each of a family whose words the holidays' tests above never say.
    @Test func theNextAndTheLastHoliday() {
        let said: [(String, String)] = [
            ("next thanksgiving", "2026-11-26"), ("last thanksgiving", "2025-11-27"), ("next halloween", "2027-10-31"),
            ("last halloween", "2026-10-31"), ("previous easter", "2026-04-05"), ("the following christmas eve", "2026-12-24"),
            ("last mother's day", "2026-05-10"), ("next hanukkah", "2026-12-05"), ("past new year's eve", "2025-12-31"),
        ]
        for (text, expected) in said {
            let matches = extract(text)
            #expect(matches.count == 1 && matches.first?.text == text, "\(text): \(matches.map(\.text))")
            if case .dateTime(let value)? = matches.first?.value { #expect(value.description == expected, "\(text)") }
        }
        // Said on the day itself: "next" is next year's, "last" last year's.
        let christmas = Self.calendar.date(from: DateComponents(year: 2026, month: 12, day: 25, hour: 9))!
        for (text, expected) in [("next christmas", "2027-12-25"), ("last christmas", "2025-12-25"), ("christmas", "2026-12-25")] {
            let matches = Self.extractor.extract(from: text, reference: christmas)
            if case .dateTime(let value)? = matches.first?.value { #expect(value.description == expected, "\(text)") } else { Issue.record("\(text): nothing") }
        }
    }

    /// "after next" after a calendar unit or a weekend: two of them on from the current one,
    /// as "friday after next" and "march after next" are the ones after the next.
    @Test func theUnitAfterNext() {
        for (text, expected) in [
            ("the week after next", "2026-11-30 (week)"), ("week after next", "2026-11-30 (week)"),
            ("the month after next", "2027-01-01 (month)"), ("the year after next", "2028-01-01 (year)"),
            ("the weekend after next", "2026-12-04T18:00/2026-12-07T00:00 (hour)"),
        ] {
            expectWhole(text, reading: expected)
        }
    }

    /// Holidays of other calendars and churches, against the dates their communities published
    /// for 2024 and 2025 (a year said, so the reference does not matter); and days fixed or
    /// counted in a month.
    @Test func holidaysOfOtherCalendarsFallOnTheirPublishedDays() {
        let published: [(String, String)] = [
            // The Hebrew calendar: the first full day (each begins at the sundown before); 5784 is a leap year (Purim in Adar II).
            ("passover 2024", "2024-04-23"), ("yom kippur 2024", "2024-10-12"), ("rosh hashanah 2024", "2024-10-03"),
            ("hanukkah 2024", "2024-12-26"), ("purim 2024", "2024-03-24"), ("purim 2025", "2025-03-14"), ("shavuot 2024", "2024-06-12"),
            // The Islamic calendar (Umm al-Qura).
            ("ramadan 2024", "2024-03-11"), ("eid al-fitr 2024", "2024-04-10"), ("eid al-adha 2024", "2024-06-16"),
            // The Chinese calendar.
            ("chinese new year 2024", "2024-02-10"), ("lunar new year 2025", "2025-01-29"), ("mid-autumn festival 2024", "2024-09-17"),
            // Orthodox Easter (the Julian computus), and Western Easter's moving feasts.
            ("orthodox easter 2024", "2024-05-05"), ("orthodox easter 2025", "2025-04-20"), ("ascension day 2024", "2024-05-09"),
            ("whit monday 2024", "2024-05-20"), ("corpus christi 2024", "2024-05-30"),
            // Counted in a month, and fixed.
            ("victoria day 2024", "2024-05-20"), ("victoria day 2025", "2025-05-19"), ("election day 2024", "2024-11-05"),
            ("all saints' day 2024", "2024-11-01"), ("bastille day 2025", "2025-07-14"), ("st george's day 2025", "2025-04-23"),
        ]
        for (text, expected) in published {
            let matches = extract(text)
            #expect(matches.count == 1 && matches.first?.text == text, "\(text): \(matches.map(\.text))")
            if case .dateTime(let value)? = matches.first?.value { #expect(value.description == expected, "\(text)") }
        }
    }

    @Test func easterFollowsTheGregorianComputus() {
        // Easter Sundays from published tables.
        for (year, month, day) in [(2000, 4, 23), (2008, 3, 23), (2011, 4, 24), (2019, 4, 21), (2024, 3, 31), (2025, 4, 20), (2038, 4, 25), (2285, 3, 22)] {
            #expect(CivilDate.date(Holiday.easter(year)) == (year, month, day), "\(year)")
        }
    }

    @Test func civilDaysRoundTripAndKnowTheirWeekday() {
        #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.weekday(CivilDate.days(year: 2026, month: 11, day: 22)) == 1)  // a Sunday
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = CivilDate.date(days)
            #expect(CivilDate.days(year: year, month: month, day: day) == days)
        }
    }

    @Test func aDatePrintedInTenFormatsParsesBackToItself() {
        let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        var generator = SeededGenerator(seed: 0xDA7E)
        for _ in 0..<200 {
            let days = CivilDate.days(year: 2026, month: 11, day: 22) + Int.random(in: 0..<3650, using: &generator)
            let (year, month, day) = CivilDate.date(days)
            let name = monthNames[month - 1], short = String(name.prefix(3))
            let suffix = [1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"][day] ?? "th"
            let formats = [
                "\(name) \(day) \(year)", "\(name) \(day), \(year)", "\(short) \(day) \(year)", "\(day) \(name) \(year)",
                "\(day)\(suffix) of \(name) \(year)", "the \(day)\(suffix) of \(name) \(year)", "\(month)/\(day)/\(year)",
                String(format: "%04d-%02d-%02d", year, month, day), "\(name) \(day)\(suffix), \(year)", "\(short). \(day)\(suffix) \(year)",
            ]
            let expected = CalendarDateTime(year: year, month: month, day: day)
            for text in formats {
                let matches = extract(text)
                #expect(matches.map(\.value) == [.dateTime(expected)] && matches.first?.text == text, "\(text): \(matches.map(\.text))")
            }
        }
    }

    // MARK: In sentences

    /// Sentences and the entities they hold, as `text → value` descriptions in order.
    static let sentences: [(String, [String])] = [
        ("send Buttercup 85 bucks on Unicorn Pay for rainbow polish", ["85 bucks → 85 USD"]),
        ("set a timer for 10 minutes", ["10 minutes → 600 s"]),
        ("a film released in 1954", ["in 1954 → 1954-01-01 (year)"]), ("play the 1954 hits", ["1954 → 1954"]),
        ("songs of the 80s for 30s", ["the 80s → 1980-01-01/1990-01-01 (year)", "30s → 30 s"]),
        ("songs from the 80s", ["the 80s → 1980-01-01/1990-01-01 (year)"]),
        ("a film from the year 1954", ["the year 1954 → 1954-01-01 (year)"]), ("since the 80s", ["since the 80s → 1980-01-01/.. (year)"]),
        ("it is 2 degrees below zero outside", ["2 degrees below zero → -2°"]),
        ("I owe you 20 dollars 43 cents and 3 beers", ["20 dollars 43 cents → 20.43 USD", "3 → 3"]),
        ("finish the 3rd chapter in 2 hours", ["3rd → #3", "in 2 hours → 2026-11-22T10:00 (minute)"]),
        ("raise the price by 5% to €12.50", ["5% → 5 %", "€12.50 → 12.5 EUR"]),
        ("covid-19 cases rose by twenty-one thousand eleven", ["19 → 19", "twenty-one thousand eleven → 21011"]),
        ("what is 2m in meters", ["2m → 120 s"]),
        ("split 100k between two people", ["100k → 100000", "two → 2"]),
        ("wire EUR 20 and USD3.14", ["EUR 20 → 20 EUR", "USD3.14 → 3.14 USD"]),
        ("bake at 180°c for half an hour", ["180°c → 180 °C", "half an hour → 1800 s"]),
        ("the second and the twenty-fifth", ["second → #2", "twenty-fifth → #25"]),
        ("remind me to call mom tomorrow at 7pm", ["tomorrow at 7pm → 2026-11-23T19:00 (hour)"]),
        ("book a table for four on friday at 8:30 pm", ["four → 4", "on friday at 8:30 pm → 2026-11-27T20:30 (minute)"]),
        ("set the thermostat to 21 degrees celsius", ["21 degrees celsius → 21 °C"]),
        ("transfer $250 to savings on the 1st", ["$250 → 250 USD", "on the 1st → 2026-12-01 (day)"]),
        ("play the 3rd track", ["3rd → #3"]),
        ("what was the weather 2 days ago", ["2 days ago → 2026-11-20T08:00 (hour)"]),
        ("run for 45 minutes at 6am", ["45 minutes → 2700 s", "at 6am → 2026-11-23T06:00 (hour)"]),
        ("tip 15% on 80 euros", ["15% → 15 %", "80 euros → 80 EUR"]),
        ("see you on christmas eve at noon", ["on christmas eve at noon → 2026-12-24T12:00 (hour)"]),
        ("movies playing close by at four o'clock", ["at four o'clock → 2026-11-22T16:00 (hour)"]),
        ("rate it 4 to 6 stars", ["4 → 4", "6 → 6"]),
        ("I paid 5 grand for 2 tickets", ["5 grand → 5000 USD", "2 → 2"]),
        ("pay the rent by the end of the month", ["by the end of the month → 2026-11-22T08:00:00/2026-12-01T00:00:00 (second)"]),
        ("wait until 6 people arrive", ["6 → 6"]), ("win by 2.5 points", ["2.5 → 2.5"]),
        ("what's the forecast for the week of christmas", ["the week of christmas → 2026-12-21 (week)"]),
        ("revenue for q3 2027 and the first week of january", ["q3 2027 → 2027-07-01 (quarter)", "the first week of january → 2027-01-04 (week)"]),
    ]

    @Test func entitiesInSentences() {
        for (text, expected) in Self.sentences {
            let found = extract(text).map { "\($0.text) → \($0.value.readableDescription)" }
            #expect(found == expected, "\(text)")
        }
    }


    // MARK: Nothing to find

    static let nothing: [String] = [
        "", "   ", "hello there", "play some jazz", "asdf qwerty", "the", "a", "and", "minus", "-", ".", "%", "$", "€",
        "degrees", "dollars", "percent", "k", "half", "quarter", "point", "and a half", "hundred", "thousand", "grand",
        "cents", "o'clock", "°", "covid-", "$-", "deg.", "per cent", "few", "try again", "won the game", "the real thing",
        "the night", "show the night riders", "morning", "good evening", "evening news", "from", "by the way", "between us",
        "winter is coming", "the fall of rome", "summer", "the year",
        "paris by night", "the end of the world", "start of the show", "early bird", "it is late", "the end", "mid", "q",
        "the point is", "match point", "half", "half of them",
    ]

    @Test func nonsenseAndLoneWordsFindNothing() {
        for text in Self.nothing {
            #expect(extract(text).isEmpty, "\(text): \(extract(text).map(\.text))")
        }
    }

    /// Words that belong to a name of several words ("new" of "new year's eve", "south" of
    /// "south african rand", "s" of "s$", "good" of "good friday") start nothing alone and let no
    /// lead word start before them, while the names they belong to still read whole; and marks
    /// other than a sign or a currency symbol start nothing.
    @Test func wordsOfLongerNamesStartNothingAlone() {
        for text in ["add hillary clinton s women s history month", "flights to new york", "the south side", "a good day at the beach",
                     "the black keys", "st vincent", "rock & roll", "a - b", "ratio : high", "a / b"] {
            #expect(extract(text).isEmpty, "\(text): \(extract(text).map(\.text))")
        }
        // Each token's bytes alone answer an utterance without digits, marks or meaningful words.
        let tokenizer = Tokenizer()
        for text in ["play the noise theology album", "café du monde"] {
            let tokens = tokenizer.tokenize(text)
            #expect(!BuiltinEntityExtractor.mayHoldExpression(tokens, tokens: 0..<tokens.count), "\(text)")
        }
        for text in ["book it for tomorrow", "twenty people", "at 5", "€ please", "s$ 5", "it's late"] {
            let tokens = tokenizer.tokenize(text)
            #expect(BuiltinEntityExtractor.mayHoldExpression(tokens, tokens: 0..<tokens.count), "\(text)")
        }
        let whole: [(String, String)] = [
            ("new year's eve", "2026-12-31 (day)"), ("good friday", "2027-03-26 (day)"), ("st patrick's day", "2027-03-17 (day)"),
            ("s$5", "5 SGD"), ("us$ 20", "20 USD"), ("5 south african rand", "5 ZAR"), ("20 hong kong dollars", "20 HKD"),
            ("-5", "-5"), (".5", "0.5"),
        ]
        for (text, expected) in whole {
            let found = extract(text).map { "\($0.text) → \($0.value.readableDescription)" }
            #expect(found == ["\(text) → \(expected)"], "\(text)")
        }
    }

    // MARK: Properties

    /// English words for 0 ≤ n < 10¹², written the way the grammar is meant to read them.
    static func words(_ n: Int) -> String {
        let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                     "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        func below1000(_ n: Int, hyphen: Bool, and: Bool) -> [String] {
            var parts = [String]()
            if n >= 100 { parts += [units[n / 100], "hundred"] }
            let rest = n % 100
            if rest > 0 {
                if n >= 100 && and { parts.append("and") }
                if rest < 20 {
                    parts.append(units[rest])
                } else if rest % 10 == 0 {
                    parts.append(tens[rest / 10])
                } else if hyphen {
                    parts.append(tens[rest / 10] + "-" + units[rest % 10])
                } else {
                    parts += [tens[rest / 10], units[rest % 10]]
                }
            }
            return parts
        }
        if n == 0 { return "zero" }
        var parts = [String]()
        var remainder = n
        let hyphen = n % 2 == 0, and = n % 3 == 0
        for (scale, name) in [(1_000_000_000, "billion"), (1_000_000, "million"), (1000, "thousand")] where remainder >= scale {
            parts += below1000(remainder / scale, hyphen: hyphen, and: and) + [name]
            remainder %= scale
        }
        if remainder > 0 { parts += below1000(remainder, hyphen: hyphen, and: and) }
        return parts.joined(separator: " ")
    }

    @Test func everyNumberWrittenOutInWordsParsesBackToItself() {
        var generator = SeededGenerator(seed: 0x5EED)
        var numbers = Array(0...1000) + [1001, 1010, 1100, 10_000, 100_000, 999_999, 1_000_000, 1_000_001, 999_999_999, 1_000_000_000]
        for _ in 0..<3000 { numbers.append(Int.random(in: 0...1_000_000_000, using: &generator)) }
        for magnitude in [10_000, 1_000_000, 100_000_000] {
            for _ in 0..<300 { numbers.append(Int.random(in: 0..<magnitude, using: &generator)) }
        }
        var failures = [String]()
        for n in numbers {
            let text = Self.words(n)
            let words = EntityWords(Tokenizer().tokenize(text), tokens: 0..<Tokenizer().tokenize(text).count)
            let parsed = NumberGrammar.cardinal(words, from: 0)
            if parsed?.value != Double(n) || parsed?.end != words.count { failures.append("\(text) → \(String(describing: parsed))") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(numbers.count): \(failures.prefix(5))")
    }

    @Test func digitsWithSeparatorsParseBackToThemselves() {
        var generator = SeededGenerator(seed: 0xD161)
        for _ in 0..<2000 {
            let n = Int.random(in: 0...1_000_000_000, using: &generator)
            var grouped = "", digits = Array(String(n))
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            expectWhole(String(n), .number(Double(n)))
            expectWhole(grouped, .number(Double(n)))
        }
    }

    // MARK: Bad input

    @Test func longInputEndsAndFindsWhatItHolds() {
        // 100,000 characters of repeated expressions and noise: every repetition found once.
        let unit = "pay 20 dollars 43 cents in 2 hours 15 minutes twenty-one thousand eleven asdf "
        let text = String(repeating: unit, count: 100_000 / unit.count + 1)
        let matches = Self.extractor.extract(from: text, reference: Self.reference)
        let repetitions = 100_000 / unit.count + 1
        #expect(matches.filter { $0.kind == .amountOfMoney }.count == repetitions)
        #expect(matches.filter { $0.kind == .number && $0.value == .number(21011) }.count == repetitions)
        #expect(matches.allSatisfy { !$0.text.isEmpty && $0.range.upperBound <= text.unicodeScalars.count })
    }

    @Test func aChainOfRelativeMomentsIsBounded() {
        // Each "1 day after" anchors on the rest: unbounded, 100,000 characters of them would
        // recurse 10,000 deep from every word.
        let text = String(repeating: "1 day after ", count: 8_000) + "christmas"
        let matches = Self.extractor.extract(from: text, reference: Self.reference)
        #expect(!matches.isEmpty && matches.allSatisfy { $0.text.count < 60 })
        let hundreds = Self.extractor.extract(from: String(repeating: "a hundred ", count: 10_000), reference: Self.reference)
        #expect(hundreds.count == 10_000 && hundreds.allSatisfy { $0.value == .number(100) })
        #expect(extract("2 days after 3 days before christmas").map(\.value) == [.dateTime(CalendarDateTime(year: 2026, month: 12, day: 24))])
        // "the day after" and "the week of" name no day after them that is one of them.
        for unit in ["the day after ", "the week of ", "the day after the week of "] {
            let chain = Self.extractor.extract(from: String(repeating: unit, count: 8_000) + "tomorrow", reference: Self.reference)
            #expect(!chain.isEmpty && chain.allSatisfy { $0.text.count < 60 }, "\(unit)")
        }
    }

    @Test func longRunsOfIntervalsAndOpenersStayBounded() {
        // Ranges, openers and connectors one after another: each start reads a bounded stretch.
        let ranges = String(repeating: "from 3 to 5pm ", count: 7_000)
        let found = Self.extractor.extract(from: ranges, reference: Self.reference)
        #expect(found.count == 7_000 && found.allSatisfy { $0.text == "from 3 to 5pm" })
        let openers = String(repeating: "before after until since from between ", count: 2_500) + "friday"
        let last = Self.extractor.extract(from: openers, reference: Self.reference)
        #expect(last.count == 1 && last.first.map { $0.text.count < 20 } == true, "\(last.map(\.text))")
        let dashes = Self.extractor.extract(from: String(repeating: "monday - ", count: 10_000), reference: Self.reference)
        #expect(!dashes.isEmpty && dashes.allSatisfy { $0.text.count <= "monday - monday".count })
    }

    @Test func hostileInputNeverCrashes() {
        let pieces = ["$", "€", "-", ".", ",", "/", "%", "°", "1", "22", "3.5", "1,2", "k", "m", "and", "a", "half", "hour", "dollars",
                      "minus", "point", "degrees", "below", "zero", "twenty", "-", "hundred", "thousand", "cents", "¢", "rs", "us", "🍕",
                      "é", "\u{301}", "ﬁ", "\u{200D}", " ", "  ", "\t", ":", "12:30", "am", "at", "in", "on", "the", "of",
                      "from", "to", "between", "before", "after", "weekend", "tonight", "next", "last", "3pm", "friday", "july", "13"]
        var generator = SeededGenerator(seed: 0xBAD)
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces.randomElement(using: &generator)!
                if Bool.random(using: &generator) { text += " " }
            }
            for match in Self.extractor.extract(from: text, reference: Self.reference) {
                #expect(match.range.lowerBound < match.range.upperBound && match.range.upperBound <= text.unicodeScalars.count, "\(text)")
            }
        }
    }

    @Test func hugeNumbersAndFarReferencesNeverTrap() {
        // Durations past any Int of seconds, and a reference no calendar reaches.
        #expect(extract("in 99999999999999999999999999 years").allSatisfy { $0.kind != .dateTime })
        #expect(extract("999999999999999999999999999999th").allSatisfy { $0.kind != .ordinal })
        for reference in [Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300), .distantFuture, .distantPast] {
            #expect(Self.extractor.extract(from: "tomorrow at 7pm or in 2 days", reference: reference).count == 2)
        }
    }

    @Test func aMatchEncodesAsDocumentedAndDecodesBack() throws {
        let match = try #require(extract("send 85 bucks").first)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(match), as: UTF8.self)
        #expect(json == #"{"end":13,"kind":"amountOfMoney","start":5,"text":"85 bucks","value":{"kind":"amountOfMoney","unit":"USD","value":85}}"#)
        #expect(try JSONDecoder().decode(BuiltinEntityMatch.self, from: Data(json.utf8)) == match)
    }

    @Test func aFractionIsANumberWhereItIsNoDate() {
        let numbers = BuiltinEntityExtractor(kinds: [.number], calendar: Self.calendar)
        for (text, value) in [("3/4", 0.75), ("1/2", 0.5), ("7/8", 0.875), ("1/4", 0.25), ("13/16", 0.8125)] {
            #expect(numbers.extract(from: text, reference: Self.reference).map(\.value) == [.number(value)], "\(text)")
        }
        // Among every kind, month/day wins a tie: "3/4" is the 4th of March.
        #expect(extract("3/4").map(\.value) == [.dateTime(CalendarDateTime(year: 2027, month: 3, day: 4))])
        #expect(extract("1/2 hour").map(\.value) == [.duration(seconds: 1800)])
    }

    @Test func onlyTheKindsAskedForAreFoundOrCompete() {
        let numbers = BuiltinEntityExtractor(kinds: [.number], calendar: Self.calendar)
        #expect(numbers.extract(from: "85 bucks in 2m", reference: Self.reference).map(\.value) == [.number(85), .number(2_000_000)])
    }

    // MARK: Families of forms (reference: Sunday 22 November 2026, 08:00 UTC)

    /// Approximations come back as such, exact values as plain values, for every kind that has them.
    @Test func approximationsAndExactValues() throws {
        let approximate: [(String, SlotValue)] = [
            ("about 3pm", .dateTime(CalendarDateTime(year: 2026, month: 11, day: 22, hour: 15, minute: 0, grain: .hour))),
            ("around 20 euros", .amountOfMoney(20, currency: "EUR")), ("roughly 40 minutes", .duration(seconds: 2400)),
            ("two hours or so", .duration(seconds: 7200)), ("noon approximately", .dateTime(CalendarDateTime(year: 2026, month: 11, day: 22, hour: 12, minute: 0, grain: .hour))),
            ("nearly $5", .amountOfMoney(5, currency: "USD")), ("approximately half an hour", .duration(seconds: 1800)),
        ]
        for (text, value) in approximate { expectWhole(text, .approximate(value)) }
        let exact: [(String, SlotValue)] = [
            ("exactly 3 AUD", .amountOfMoney(3, currency: "AUD")), ("precisely 2 hours", .duration(seconds: 7200)),
            ("6:15 pm sharp", .dateTime(CalendarDateTime(year: 2026, month: 11, day: 22, hour: 18, minute: 15, grain: .minute))),
        ]
        for (text, value) in exact { expectWhole(text, value) }
        // A number or a percentage has no precision: "about" is no part of it.
        #expect(extract("about 5").map(\.text) == ["5"])
        // The JSON of an approximation is its value's, with the precision.
        let json = String(decoding: try JSONEncoder().encode(SlotValue.approximate(.amountOfMoney(20, currency: "EUR"))), as: UTF8.self)
        #expect(json.contains("\"precision\":\"approximate\"") && json.contains("\"unit\":\"EUR\""))
        #expect(try JSONDecoder().decode(SlotValue.self, from: Data(json.utf8)) == .approximate(.amountOfMoney(20, currency: "EUR")))
    }

    /// Signs written apart or with a plus; a dash between two numbers is no sign.
    @Test func signsInEveryPosition() {
        expectWhole("+7", .number(7))
        expectWhole("+12.5%", .percentage(12.5))
        expectWhole("+40$", .amountOfMoney(40, currency: "USD"))
        expectWhole("- 4 degrees", .temperature(-4, unit: nil))
        expectWhole("+ 12 °C", .temperature(12, unit: "celsius"))
        expectWhole("- 3 c", .temperature(-3, unit: "celsius"))
        #expect(extract("3 - 5 degrees").map(\.value) == [.number(3), .temperature(5, unit: nil)])
        expectWhole("2 below zero", .temperature(-2, unit: nil))
        expectWhole("ten below zero", .temperature(-10, unit: nil))
    }

    /// Number words after the point are its digits, one word each or as one number; zero by its other names.
    @Test func decimalsInWordsAndZero() {
        expectWhole("four point twenty five", .number(4.25))
        expectWhole("nine point ninety-nine", .number(9.99))
        expectWhole("three point one four", .number(3.14))
        expectWhole("nought point five", .number(0.5))
        expectWhole("naught", .number(0))
        #expect(extract("two point").map(\.text) == ["two"])
        // A scale after the decimals, a point said between digits, tens and an ordinal unit in one word.
        expectWhole("two point two million", .number(2_200_000))
        expectWhole("one point five thousand", .number(1500))
        expectWhole("1 point 1", .number(1.1))
        expectWhole("3 point 14", .number(3.14))
        expectWhole("twentyfifth", .ordinal(25))
        expectWhole("ninetyninth", .ordinal(99))
        expectWhole("a couple of", .number(2))
    }

    /// Fractions of any unit in words, before or after it, and counts with "more" or "extra".
    @Test func fractionsOfAnyUnit() {
        let durations: [(String, Double)] = [
            ("two hours and a quarter", 8100), ("one and three quarters hours", 6300), ("a day and a half", 129_600),
            ("three-quarters of a day", 64_800), ("a quarter-hour", 900), ("a half-hour", 1800), ("1/2 h", 1800), ("3/4 h", 2700),
            ("5 extra minutes", 300), ("2 more days", 172_800), ("one and a quarter of an hour", 4500),
        ]
        for (text, seconds) in durations { expectWhole(text, .duration(seconds: seconds)) }
    }

    @Test func moreCurrencyNames() {
        let amounts: [(String, Double, String)] = [
            ("5 centimes", 0.05, "USD"), ("12US$", 12, "USD"), ("3 bitcoins", 3, "BTC"), ("RM42", 42, "MYR"), ("42 malaysian ringgits", 42, "MYR"),
            ("twenty crowns", 20, "NOK"), ("50 danish crowns", 50, "DKK"), ("2 hk dollars", 2, "HKD"), ("7 wons", 7, "KRW"),
            ("$20 and 43c", 20.43, "USD"), ("four euros ten centimes", 4.10, "EUR"),
        ]
        for (text, value, code) in amounts { expectWhole(text, .amountOfMoney(value, currency: code)) }
    }

    @Test func moreDateAndTimeForms() {
        let forms: [(String, String)] = [
            ("next june", "2027-06-01 (month)"), ("june after next", "2028-06-01 (month)"), ("last june", "2026-06-01 (month)"),
            ("31/12", "2026-12-31 (day)"), ("25/12/2027", "2027-12-25 (day)"), ("12.25.2027", "2027-12-25 (day)"), ("25.12.27", "2027-12-25 (day)"),
            ("Fri, Jul 18", "2031-07-18 (day)"), ("sunday the 22nd of november", "2026-11-22 (day)"),
            ("three days ago at 7pm", "2026-11-19T19:00 (hour)"), ("7pm three days ago", "2026-11-19T19:00 (hour)"),
            ("4:45p", "2026-11-22T16:45 (minute)"), ("9:10a", "2026-11-22T09:10 (minute)"), ("5 in the pm", "2026-11-22T17:00 (hour)"),
            ("1030 p.m.", "2026-11-22T22:30 (minute)"), ("half seven", "2026-11-22T19:30 (minute)"), ("at fourteen fifteen", "2026-11-22T14:15 (minute)"),
            ("the following month", "2026-12-01 (month)"), ("current year", "2026-01-01 (year)"), ("next yr", "2027-01-01 (year)"),
            ("in 1/2 hour", "2026-11-22T08:30:00 (second)"), ("4 years from today", "2030-11-01 (month)"), ("the 25th of december 26", "2026-12-25 (day)"),
            ("monday for 10am", "2026-11-23T10:00 (hour)"), ("9 tomorrow evening", "2026-11-23T21:00 (hour)"),
            ("7 friday morning", "2026-11-27T07:00 (hour)"), ("at the moment", "2026-11-22T08:00:00 (second)"),
        ]
        for (text, expected) in forms { expectWhole(text, reading: expected) }
        let intervals: [(String, String)] = [
            ("from 8a to 10a", "2026-11-22T08:00/2026-11-22T11:00 (hour)"), ("tomorrow before 3 pm", "2026-11-23T00:00/2026-11-23T15:00 (hour)"),
            ("christmas weekend", "2026-12-24T18:00/2026-12-28T00:00 (hour)"), ("memorial day weekend", "2027-05-28T18:00/2027-06-01T00:00 (hour)"),
            ("after lunch", "2026-11-22T13:00/2026-11-22T17:00 (hour)"), ("may 3 to june 5 2027", "2027-05-03/2027-06-06 (day)"),
            ("last 3 hrs", "2026-11-22T05:00/2026-11-22T08:00 (hour)"),
        ]
        for (text, expected) in intervals { expectWhole(text, reading: expected) }
    }

    /// Forms that look like the families above but are not: no time from a seat or a flat, no
    /// hour from a count of people, thousands stay thousands.
    @Test func lookalikesStayWhatTheyAre() {
        #expect(!extract("seat 9a please").contains { $0.kind == .dateTime })
        #expect(!extract("apartment 3a").contains { $0.kind == .dateTime })
        #expect(extract("friday for 2 people").map(\.text) == ["friday", "2"])
        #expect(extract("play one sunday morning").map(\.text) == ["one", "sunday morning"])
        expectWhole("100k", .number(100_000))
        #expect(extract("5 K").map(\.value) == [.number(5)])
    }
}
