import Foundation
import Testing
@testable import IntentKit

@Suite("Built-in entity grammars")
struct BuiltinGrammarTests {
    private static let calendar = ReferenceMoment.calendar
    private static let reference = ReferenceMoment.date

    private func resolve(_ entity: BuiltinEntity, _ text: String) -> SlotValue? {
        let tokens = Tokenizer().tokenize(text)
        return BuiltinGrammar.resolve(entity, text: tokens, tokens: 0..<tokens.count, reference: Self.reference, calendar: Self.calendar)
    }

    @Test(arguments: [
        ("85", 85.0), ("1,000", 1000), ("8.5", 8.5), ("eighty five", 85), ("one hundred and twenty", 120),
        ("two thousand five hundred", 2500), ("a hundred", 100), ("2 million", 2_000_000), ("nineteen hundred", 1900),
        ("Twelve", 12), ("zero", 0),
    ])
    func numbers(text: String, value: Double) {
        #expect(resolve(.number, text) == .number(value))
    }

    @Test(arguments: ["five five", "eighty twenty", "a", "banana", "twenty and"])
    func nonNumbersDoNotResolve(text: String) {
        #expect(resolve(.number, text) == nil)
    }

    @Test func ordinals() {
        #expect(resolve(.ordinal, "third") == .ordinal(3))
        #expect(resolve(.ordinal, "21st") == .ordinal(21))
        #expect(resolve(.ordinal, "twenty first") == .ordinal(21))
        #expect(resolve(.ordinal, "the 2nd") == .ordinal(2))
        #expect(resolve(.ordinal, "twenty") == nil)
    }

    @Test(arguments: [
        ("85 bucks", 85.0, "USD"), ("$12.50", 12.5, "USD"), ("$ 20", 20, "USD"), ("twenty euros", 20, "EUR"),
        ("€5", 5, "EUR"), ("12 dollars and 50 cents", 12.5, "USD"), ("50 cents", 0.5, "USD"),
        ("for 3 thousand pounds", 3000, "GBP"), ("five hundred yen", 500, "JPY"),
    ])
    func amountsOfMoney(text: String, amount: Double, currency: String) {
        #expect(resolve(.amountOfMoney, text) == .amountOfMoney(amount, currency: currency))
    }

    @Test func anApproximateAmountResolvesAsSuch() {
        #expect(resolve(.amountOfMoney, "about 3 thousand pounds") == .approximate(.amountOfMoney(3000, currency: "GBP")))
    }

    @Test func moneyNeedsACurrency() {
        #expect(resolve(.amountOfMoney, "85") == nil)
        #expect(resolve(.amountOfMoney, "$5 euros") == nil)
    }

    @Test func percentagesDurationsAndTemperatures() {
        #expect(resolve(.percentage, "20%") == .percentage(20))
        #expect(resolve(.percentage, "twenty percent") == .percentage(20))
        #expect(resolve(.percentage, "5 per cent") == .percentage(5))
        #expect(resolve(.duration, "in 10 minutes") == .duration(seconds: 600))
        #expect(resolve(.duration, "an hour") == .duration(seconds: 3600))
        #expect(resolve(.duration, "half an hour") == .duration(seconds: 1800))
        #expect(resolve(.duration, "1 hour and 30 minutes") == .duration(seconds: 5400))
        #expect(resolve(.duration, "two and a half hours") == .duration(seconds: 9000))
        #expect(resolve(.duration, "ten") == nil)
        #expect(resolve(.temperature, "72 degrees") == .temperature(72, unit: nil))
        #expect(resolve(.temperature, "minus 5 celsius") == .temperature(-5, unit: "celsius"))
        #expect(resolve(.temperature, "seventy degrees fahrenheit") == .temperature(70, unit: "fahrenheit"))
    }

    @Test(arguments: [
        ("tomorrow at 7am", "2026-11-23T07:00"), ("today", "2026-11-22"), ("tonight at 8", "2026-11-22T20:00"),
        // A weekday is the next one after today, "this" and "next" too (Duckling's convention).
        ("friday", "2026-11-27"), ("this friday", "2026-11-27"), ("next friday", "2026-11-27"), ("sunday", "2026-11-29"),
        ("june 13 2038", "2038-06-13"), ("june 13", "2027-06-13"), ("the 13th of june", "2027-06-13"),
        ("13 december", "2026-12-13"), ("2/7/2021", "2021-02-07"), ("in 2 days", "2026-11-24T08:00"),
        ("3 hours from now", "2026-11-22T11:00"), ("noon", "2026-11-22T12:00"), ("7:30 in the evening", "2026-11-22T19:30"),
        ("7am", "2026-11-23T07:00"), ("friday at 6:45 pm", "2026-11-27T18:45"), ("midnight", "2026-11-23T00:00"),
        ("the day after tomorrow", "2026-11-24"), ("eighteen oclock", "2026-11-22T18:00"),
        // Numeric dates without a year are the next such day; two-digit years slide with the
        // reference year (2026: 79 years back, 20 ahead).
        ("2/15", "2027-02-15"), ("12/25", "2026-12-25"), ("11/22", "2026-11-22"), ("4/25 at 4:00pm", "2027-04-25T16:00"),
        ("10/31/74", "1974-10-31"), ("10/31/46", "2046-10-31"), ("10/31/47", "1947-10-31"), ("1/2/03", "2003-01-02"),
    ])
    func datesAndTimes(text: String, expected: String) {
        guard case .dateTime(let value)? = resolve(.dateTime, text) else {
            Issue.record("\(text) did not resolve")
            return
        }
        #expect(value.description == expected, "\(text)")
    }

    @Test(arguments: ["banana", "june 45", "13/13/2020", "next banana", "2/7/202", "2/7/20211"])
    func nonDatesDoNotResolve(text: String) {
        #expect(resolve(.dateTime, text) == nil)
    }
}
