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
