import Foundation
import Testing
@testable import IntentKit

/// Spanish built-in values through the extractor (`language: "es"`), family by family, against
/// Sunday 22 November 2026, 08:00 UTC: each text must come out as one entity covering all of it.
/// The phrases are written for IntentKit, not taken from a corpus.
@Suite("Spanish built-in values")
struct SpanishGrammarTests {
    private static let spanish = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "es-MX")

    private func expectWhole(_ cases: [(String, SlotValue)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (text, value) in cases {
            let matches = Self.spanish.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.value == value,
                    "\(text): \(matches.map { "\($0.kind) \($0.text) → \($0.value)" })", sourceLocation: sourceLocation)
        }
    }

    private func expectDates(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (text, expected) in cases {
            let matches = Self.spanish.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.kind == .dateTime,
                    "\(text): \(matches.map { "\($0.kind) \($0.text)" })", sourceLocation: sourceLocation)
            let value: String? = switch matches.first?.value {
            case .dateTime(let moment)?: moment.description
            case .dateTimeInterval(let interval)?: interval.description
            case .approximate(.dateTime(let moment))?: "~" + moment.description
            default: nil
            }
            #expect(value == expected, "\(text) → \(value ?? "nothing")", sourceLocation: sourceLocation)
        }
    }

    @Test func numbersInWordsAndDigits() {
        expectWhole([
            ("cero", .number(0)), ("quince", .number(15)), ("dieciocho", .number(18)), ("veintidós", .number(22)), ("treinta y cuatro", .number(34)),
            ("ciento uno", .number(101)), ("cien", .number(100)), ("quinientas doce", .number(512)), ("dos mil veintiséis", .number(2026)),
            ("cuatro millones", .number(4e6)), ("un millón trescientos mil", .number(1_300_000)), ("2,75", .number(2.75)),
            ("12.500", .number(12500)), ("menos ocho", .number(-8)), ("siete coma cinco", .number(7.5)), ("tres y medio", .number(3.5)),
            ("40k", .number(40000)),
        ])
    }

    @Test func ordinals() {
        expectWhole([
            ("primero", .ordinal(1)), ("segunda", .ordinal(2)), ("cuarto", .ordinal(4)), ("décimo", .ordinal(10)), ("2º", .ordinal(2)),
            ("5.ª", .ordinal(5)), ("vigésimo tercero", .ordinal(23)),
        ])
    }

    @Test func durationsPercentagesAndTemperatures() {
        expectWhole([
            ("veinte minutos", .duration(seconds: 1200)), ("durante tres días", .duration(seconds: 259_200)), ("media hora", .duration(seconds: 1800)),
            ("dos horas y cuarto", .duration(seconds: 8100)), ("un cuarto de hora", .duration(seconds: 900)), ("unos cuantos segundos", .approximate(.duration(seconds: 3))),
            ("doce por ciento", .percentage(12)), ("4,5 %", .percentage(4.5)), ("veinte grados", .temperature(20, unit: nil)),
            ("cinco grados bajo cero", .temperature(-5, unit: nil)), ("treinta grados centígrados", .temperature(30, unit: "celsius")),
        ])
    }

    @Test func amountsOfMoney() {
        expectWhole([
            ("veinte euros", .amountOfMoney(20, currency: "EUR")), ("cien pesos mexicanos", .amountOfMoney(100, currency: "MXN")),
            ("tres euros y veinte céntimos", .amountOfMoney(3.2, currency: "EUR")), ("dos millones de dólares", .amountOfMoney(2e6, currency: "USD")),
            ("un dólar", .amountOfMoney(1, currency: "USD")), ("50 libras esterlinas", .amountOfMoney(50, currency: "GBP")),
            ("unos treinta euros", .approximate(.amountOfMoney(30, currency: "EUR"))), ("veinte soles", .amountOfMoney(20, currency: "PEN")),
        ])
    }

    @Test func daysWeekdaysAndDates() {
        expectDates([
            ("hoy", "2026-11-22"), ("mañana", "2026-11-23"), ("pasado mañana", "2026-11-24"), ("anteayer", "2026-11-20"),
            ("el jueves", "2026-11-26"), ("el próximo domingo", "2026-11-29"), ("el martes de la semana que viene", "2026-11-24"),
            ("el sábado pasado", "2026-11-21"), ("el 5 de enero", "2027-01-05"), ("el doce de octubre de 2028", "2028-10-12"),
            ("el día 3", "2026-12-03"), ("4/7/2027", "2027-07-04"), ("el primero de mayo", "2027-05-01"), ("la semana que viene", "2026-11-23"),
            ("el mes pasado", "2026-10-01"), ("en abril", "2027-04-01"), ("el último viernes de enero", "2027-01-29"), ("nochebuena", "2026-12-24"),
        ])
    }

    @Test func timesAndPartsOfTheDay() {
        expectDates([
            ("a las nueve de la noche", "2026-11-22T21:00"), ("mañana a las 7 de la mañana", "2026-11-23T07:00"), ("a las 18:45", "2026-11-22T18:45"),
            ("las once menos cuarto", "2026-11-22T10:45"), ("el lunes a las cinco y media de la tarde", "2026-11-23T17:30"),
            ("mediodía", "2026-11-22T12:00"), ("hacia las 10", "~2026-11-22T10:00"), ("esta noche", "2026-11-22T18:00/2026-11-23T00:00"),
            ("el viernes por la mañana", "2026-11-27T04:00/2026-11-27T12:00"), ("mañana por la tarde", "2026-11-23T12:00/2026-11-23T19:00"),
        ])
    }

    @Test func relativeMomentsAndIntervals() {
        expectDates([
            ("dentro de diez minutos", "2026-11-22T08:10:00"), ("en tres días", "2026-11-25"), ("hace dos semanas", "2026-11-08"),
            ("los próximos 2 días", "2026-11-23/2026-11-25"), ("del 3 al 8 de febrero", "2027-02-03/2027-02-09"),
            ("entre las 4 y las 6 de la tarde", "2026-11-22T16:00/2026-11-22T19:00"), ("antes de las 9", "../2026-11-22T09:00"),
            ("a partir del lunes", "2026-11-23/.."), ("este fin de semana", "2026-11-20T18:00/2026-11-23T00:00"),
            ("a principios de marzo", "2027-03-01/2027-03-06"), ("este invierno", "2026-12-21/2027-03-21"),
        ])
    }

    @Test func familiesOfSeveralParts() {
        expectDates([
            // The next hour; the hour around a time; until a stretch ends.
            ("en la próxima hora", "2026-11-22T09:00"), ("poco antes del mediodía", "2026-11-22T11:00/2026-11-22T12:00"),
            ("poco después de las 3", "2026-11-22T15:00/2026-11-22T16:00"), ("hasta el final del mes", "../2026-12-01"),
            // Counted from a day (Easter 2027 is 28 March; Christmas 2026 a Friday).
            ("el segundo lunes después de pascua", "2027-04-05"), ("la primera semana después de navidad", "2026-12-28"),
            // A weekday with its date: the first year from this one on which they agree.
            ("domingo 1 de noviembre", "2026-11-01"), ("lunes 1 de marzo", "2027-03-01"),
        ])
    }

    @Test func countsAndDurationsAreNoDates() {
        for text in ["quiero 2 pizzas", "las 3 semanas", "dos horas y media", "tengo tres hijos"] {
            let dates = Self.spanish.extract(from: text, reference: ReferenceMoment.date).filter { $0.kind == .dateTime }
            #expect(dates.isEmpty, "\(text): \(dates.map(\.text))")
        }
    }
}
