import Foundation
import Testing
@testable import IntentKit

/// German built-in values through the extractor (`language: "de"`), family by family: each text
/// must come out as one entity covering all of it. The phrases are written for IntentKit, not
/// taken from a corpus.
@Suite("German built-in values")
struct GermanGrammarTests {
    private static let german = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "de-AT")

    private func expectWhole(_ cases: [(String, SlotValue)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (text, value) in cases {
            let matches = Self.german.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.value == value,
                    "\(text): \(matches.map { "\($0.kind) \($0.text) → \($0.value)" })", sourceLocation: sourceLocation)
        }
    }

    @Test func numbersWrittenAsOneWordOrInParts() {
        expectWhole([
            ("null", .number(0)), ("zwölf", .number(12)), ("neunzehn", .number(19)), ("siebenundvierzig", .number(47)),
            ("sieben und vierzig", .number(47)), ("dreihundertzwei", .number(302)), ("zweitausendsechsundzwanzig", .number(2026)),
            ("zwei tausend sechs und zwanzig", .number(2026)), ("neunundneunzigtausendneunhundertneunundneunzig", .number(99999)),
            ("drei Millionen vierhunderttausend", .number(3_400_000)), ("eine Milliarde", .number(1e9)), ("12.345,6", .number(12345.6)),
            ("minus acht", .number(-8)), ("vier komma fünf", .number(4.5)), ("7 tausend", .number(7000)), ("dreißig", .number(30)),
        ])
    }

    @Test func ordinals() {
        expectWhole([
            ("erste", .ordinal(1)), ("dritten", .ordinal(3)), ("siebte", .ordinal(7)), ("elfter", .ordinal(11)), ("zwanzigste", .ordinal(20)),
            ("einundzwanzigsten", .ordinal(21)), ("hundertste", .ordinal(100)), ("5te", .ordinal(5)),
        ])
    }

    @Test func durationsPercentagesAndTemperatures() {
        expectWhole([
            ("zwanzig Minuten", .duration(seconds: 1200)), ("für drei Tage", .duration(seconds: 259_200)), ("eine halbe Stunde", .duration(seconds: 1800)),
            ("anderthalb Stunden", .duration(seconds: 5400)), ("eine Viertelstunde", .duration(seconds: 900)),
            ("zwei Stunden und zehn Minuten", .duration(seconds: 7800)), ("zwölf Prozent", .percentage(12)), ("4,5 %", .percentage(4.5)),
            ("zwanzig Grad", .temperature(20, unit: nil)), ("fünf Grad unter null", .temperature(-5, unit: nil)),
            ("dreißig Grad Celsius", .temperature(30, unit: "celsius")),
        ])
    }

    @Test func amountsOfMoney() {
        expectWhole([
            ("zwanzig Euro", .amountOfMoney(20, currency: "EUR")), ("hundert Schweizer Franken", .amountOfMoney(100, currency: "CHF")),
            ("3 Euro 20 Cent", .amountOfMoney(3.2, currency: "EUR")), ("zwei Millionen Dollar", .amountOfMoney(2e6, currency: "USD")),
            ("einen Dollar", .amountOfMoney(1, currency: "USD")), ("50 britische Pfund", .amountOfMoney(50, currency: "GBP")),
            ("etwa dreißig Euro", .approximate(.amountOfMoney(30, currency: "EUR"))), ("zehn dänische Kronen", .amountOfMoney(10, currency: "DKK")),
            ("12 Pfd.", .amountOfMoney(12, currency: "GBP")),
        ])
    }

    @Test func wordsThatAreNoNumberStayText() {
        for text in ["Ich gehe nach Hause", "die Gäste kommen", "Monate", "der beste Film"] {
            let matches = Self.german.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.isEmpty, "\(text): \(matches.map(\.text))")
        }
    }
}

/// German dates and times, against Sunday 22 November 2026, 08:00 UTC.
@Suite("German dates and times")
struct GermanDateTimeGrammarTests {
    private static let german = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "de")

    @Test func familiesOfDatesAndTimes() {
        let cases: [(String, String)] = [
            ("heute", "2026-11-22"), ("morgen", "2026-11-23"), ("übermorgen", "2026-11-24"), ("vorgestern", "2026-11-20"),
            ("Dienstag", "2026-11-24"), ("nächsten Freitag", "2026-11-27"), ("letzten Mittwoch", "2026-11-18"),
            ("Donnerstag der nächsten Woche", "2026-11-26"), ("3. Dezember", "2026-12-03"), ("am 5ten", "2026-12-05"), ("24.12.", "2026-12-24"),
            ("7. März 2028", "2028-03-07"), ("nächste Woche", "2026-11-23"), ("letzten Monat", "2026-10-01"), ("Ostermontag", "2027-03-29"),
            ("erster Montag im Februar", "2027-02-01"), ("um 9 Uhr", "2026-11-22T09:00"), ("halb 8", "2026-11-22T19:30"),
            ("viertel nach 10", "2026-11-22T10:15"), ("viertel vor 9 abends", "2026-11-22T20:45"), ("morgen um 14:30", "2026-11-23T14:30"),
            ("in 20 Minuten", "2026-11-22T08:20:00"), ("vor drei Tagen", "2026-11-19"), ("heute Abend", "2026-11-22T18:00/2026-11-22T23:00"),
            ("von 9 bis 11 Uhr", "2026-11-22T09:00/2026-11-22T12:00"), ("3. bis 5. Januar", "2027-01-03/2027-01-06"), ("ab Montag", "2026-11-23/.."),
            ("bis 18 Uhr", "../2026-11-22T18:00"), ("nächsten 2 Tage", "2026-11-23/2026-11-25"),
        ]
        expectDates(cases)
    }

    @Test func familiesOfSeveralParts() {
        expectDates([
            // From now until a duration ends; the next hour or minute.
            ("binnen 3 Tagen", "2026-11-22T08:00:00/2026-11-25T00:00:00"), ("innerhalb von zehn Minuten", "2026-11-22T08:00:00/2026-11-22T08:10:00"),
            ("in der nächsten halben Stunde", "2026-11-22T08:00:00/2026-11-22T08:30:00"), ("in der nächsten Minute", "2026-11-22T08:01"),
            ("in zwei einhalb Stunden", "2026-11-22T10:30:00"), ("in fünf Minuten ab jetzt", "2026-11-22T08:05:00"),
            // Until the end of the period under way.
            ("bis zum Ende des Monats", "../2026-12-01"), ("bis zum Ende der Woche", "../2026-11-23"), ("bis zum Ende des Jahres", "../2027-01-01"),
            // Parts of the day by their hours, and the hour around a time.
            ("in den Abendstunden", "2026-11-22T18:00/2026-11-22T23:00"), ("in den frühen Nachmittagsstunden", "2026-11-22T13:00/2026-11-22T16:00"),
            ("kurz vor Mittag", "2026-11-22T11:00/2026-11-22T12:00"), ("kurz nach 3 Uhr", "2026-11-22T15:00/2026-11-22T16:00"),
            // Counted from a day; a month's week in one word.
            ("zweiter Montag nach Ostern", "2027-04-05"), ("zweiter Tag vor Heiligabend", "2026-12-22"), ("die dritte Woche nach Neujahr", "2027-01-18"),
            ("die zweite Augustwoche", "2027-08-09"), ("letzte Woche im Januar", "2027-01-25"),
            // A weekday with its date: the first year from this one on which they agree.
            ("Sonntag, 1. November", "2026-11-01"), ("Montag, der 1. März", "2027-03-01"),
            // The 24-hour clock with a colon, "morgen" after a time, a quarter into the hour, both ends open.
            ("3:30", "2026-11-23T03:30"), ("um 10 Uhr morgen", "2026-11-23T10:00"), ("viertel neun", "2026-11-22T08:15"),
            ("Montag nach 10 Uhr aber vor 12 Uhr", "2026-11-23T10:00/2026-11-23T12:00"),
        ])
    }

    private func expectDates(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (text, expected) in cases {
            let matches = Self.german.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.kind == .dateTime,
                    "\(text): \(matches.map { "\($0.kind) \($0.text)" })", sourceLocation: sourceLocation)
            let value: String? = switch matches.first?.value {
            case .dateTime(let moment)?: moment.description
            case .dateTimeInterval(let interval)?: interval.description
            default: nil
            }
            #expect(value == expected, "\(text) → \(value ?? "nothing")", sourceLocation: sourceLocation)
        }
    }
}
