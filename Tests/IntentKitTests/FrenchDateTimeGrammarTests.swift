import Foundation
import Testing
@testable import IntentKit

/// French dates and times through the extractor (`language: "fr"`), family by family, against
/// Sunday 22 November 2026, 08:00 UTC: each text must come out as one date covering all of it,
/// its value written as ``CalendarDateTime`` and ``DateTimeInterval`` print it. The phrases are
/// written for IntentKit, not taken from a corpus.
@Suite("French dates and times")
struct FrenchDateTimeGrammarTests {
    private static let french = BuiltinEntityExtractor(calendar: ReferenceMoment.calendar, language: "fr")

    private func expectDates(_ cases: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (text, expected) in cases {
            let matches = Self.french.extract(from: text, reference: ReferenceMoment.date)
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

    @Test func daysSaidByName() {
        expectDates([
            ("aujourd'hui", "2026-11-22"), ("demain", "2026-11-23"), ("après-demain", "2026-11-24"), ("hier", "2026-11-21"),
            ("avant-hier", "2026-11-20"), ("le lendemain", "2026-11-23"), ("la veille de noël", "2026-12-24"),
            ("le lendemain du 3 mars", "2027-03-04"),
        ])
    }

    @Test func weekdaysAndTheirWeeks() {
        // Today is a Sunday: "dimanche" is next week's, "dimanche dernier" last week's.
        expectDates([
            ("lundi", "2026-11-23"), ("dimanche", "2026-11-29"), ("mer.", "2026-11-25"), ("mercredi prochain", "2026-11-25"),
            ("dimanche dernier", "2026-11-15"), ("jeudi de la semaine prochaine", "2026-11-26"), ("mardi cette semaine", "2026-11-17"),
            ("vendredi en huit", "2026-12-04"), ("samedi en quinze", "2026-12-12"), ("samedi de la semaine dernière", "2026-11-14"),
        ])
    }

    @Test func datesInWordsAndDigits() {
        expectDates([
            ("le 3 décembre", "2026-12-03"), ("le 1er janvier 2030", "2030-01-01"), ("premier mai", "2027-05-01"),
            ("le vingt-huit février", "2027-02-28"), ("le 5/1", "2027-01-05"), ("le 25/12/2028", "2028-12-25"),
            ("25/12/28", "2028-12-25"), ("2027-02-14", "2027-02-14"), ("3.4.2027", "2027-04-03"), ("le 10", "2026-12-10"),
            ("jeudi 10", "2026-12-10"), ("mardi 8 juin", "2027-06-08"), ("le 4 juillet deux mille vingt-neuf", "2029-07-04"),
            ("le premier lundi de mars", "2027-03-01"), ("le dernier vendredi d'avril", "2027-04-30"),
            ("le dernier jour de février 2028", "2028-02-29"),
        ])
    }

    @Test func weeksMonthsAndYears() {
        expectDates([
            ("la semaine prochaine", "2026-11-23"), ("cette semaine", "2026-11-16"), ("le mois dernier", "2026-10-01"),
            ("l'année prochaine", "2027-01-01"), ("en janvier", "2027-01-01"), ("avril 2031", "2031-04-01"),
            ("au mois d'août", "2027-08-01"), ("la deuxième semaine de janvier 2027", "2027-01-11"),
        ])
    }

    @Test func timesOfDay() {
        // An hour from 1 to 12 without a half of the day is its next occurrence: "à 7h45" at 08:00 is this evening's.
        expectDates([
            ("à 16 heures", "2026-11-22T16:00"), ("17h", "2026-11-22T17:00"), ("18:20", "2026-11-22T18:20"), ("à 7h45", "2026-11-22T19:45"),
            ("demain à 7h45", "2026-11-23T07:45"), ("mardi à 14 h 30", "2026-11-24T14:30"), ("midi moins le quart", "2026-11-22T11:45"),
            ("à midi vingt", "2026-11-22T12:20"), ("minuit", "2026-11-23T00:00"),
            ("trois heures et demie de l'après-midi", "2026-11-22T15:30"), ("8h du soir", "2026-11-22T20:00"),
            ("à dix heures moins cinq", "2026-11-22T09:55"), ("vingt et une heures", "2026-11-22T21:00"),
            ("lundi vers 9h", "~2026-11-23T09:00"), ("à 6 heures ce soir", "2026-11-22T18:00"),
        ])
    }

    @Test func partsOfTheDay() {
        expectDates([
            ("demain soir", "2026-11-23T18:00/2026-11-24T00:00"), ("cet après-midi", "2026-11-22T12:00/2026-11-22T19:00"),
            ("jeudi matin", "2026-11-26T04:00/2026-11-26T12:00"), ("vendredi en fin de matinée", "2026-11-27T10:00/2026-11-27T12:00"),
            ("mardi en début de soirée", "2026-11-24T18:00/2026-11-24T21:00"),
        ])
    }

    @Test func momentsFromNow() {
        expectDates([
            ("dans 3 jours", "2026-11-25"), ("dans une heure", "2026-11-22T09:00"), ("dans vingt minutes", "2026-11-22T08:20:00"),
            ("dans un quart d'heure", "2026-11-22T08:15:00"), ("il y a deux semaines", "2026-11-08"), ("dans 2 mois", "2027-01-22"),
            ("trois jours plus tard", "2026-11-25"),
        ])
    }

    @Test func intervalsAndStretches() {
        expectDates([
            ("du 3 au 7 mars", "2027-03-03/2027-03-08"), ("entre le 2 et le 9 janvier", "2027-01-02/2027-01-10"),
            ("du 28 décembre au 2 janvier", "2026-12-28/2027-01-03"), ("de 10h à midi", "2026-11-22T10:00/2026-11-22T13:00"),
            ("mardi entre 14h et 16h", "2026-11-24T14:00/2026-11-24T17:00"), ("avant 18h", "../2026-11-22T18:00"),
            ("à partir de lundi", "2026-11-23/.."), ("jusqu'au 15 décembre", "../2026-12-15"),
            ("demain avant midi", "2026-11-23T00:00/2026-11-23T12:00"), ("ce week-end", "2026-11-20T18:00/2026-11-23T00:00"),
            ("le week-end prochain", "2026-11-27T18:00/2026-11-30T00:00"), ("les 2 prochaines semaines", "2026-11-23/2026-12-07"),
            ("les 3 derniers jours", "2026-11-19/2026-11-22"), ("fin janvier", "2027-01-25/2027-02-01"), ("mi-mars", "2027-03-10/2027-03-20"),
            ("début juin", "2027-06-01/2027-06-06"), ("d'ici 10 jours", "2026-11-22/2026-12-03"), ("cet hiver", "2026-12-21/2027-03-21"),
        ])
    }

    @Test func holidays() {
        expectDates([
            ("noël", "2026-12-25"), ("le jour de l'an", "2027-01-01"), ("la toussaint", "2027-11-01"), ("le lundi de pâques", "2027-03-29"),
            ("la fête nationale", "2027-07-14"), ("l'ascension", "2027-05-06"), ("la saint-valentin", "2027-02-14"), ("pâques 2030", "2030-04-21"),
        ])
    }

    @Test func evenings() {
        expectDates([
            ("le soir du nouvel an", "2026-12-31T18:00/2027-01-01T00:00"), ("cette nuit", "2026-11-22T18:00/2026-11-23T00:00"),
            ("vendredi soir", "2026-11-27T18:00/2026-11-28T00:00"), ("mardi, par exemple de 9h à 10h", "2026-11-24T09:00/2026-11-24T11:00"),
        ])
    }

    @Test func amountsOfMoney() {
        let cases: [(String, SlotValue)] = [
            ("vingt euros", .amountOfMoney(20, currency: "EUR")), ("12,50 €", .amountOfMoney(12.5, currency: "EUR")),
            ("trois euros et vingt centimes", .amountOfMoney(3.2, currency: "EUR")), ("cent dollars canadiens", .amountOfMoney(100, currency: "CAD")),
            ("une livre", .amountOfMoney(1, currency: "GBP")), ("deux millions de dollars", .amountOfMoney(2e6, currency: "USD")),
            ("cinquante francs suisses", .amountOfMoney(50, currency: "CHF")), ("300 couronnes danoises", .amountOfMoney(300, currency: "DKK")),
            ("dix dollars cinquante", .amountOfMoney(10.5, currency: "USD")), ("40 CHF", .amountOfMoney(40, currency: "CHF")),
            ("80 centimes", .amountOfMoney(0.8, currency: "EUR")), ("environ 200 euros", .approximate(.amountOfMoney(200, currency: "EUR"))),
            ("une vingtaine d'euros", .approximate(.amountOfMoney(20, currency: "EUR"))),
        ]
        for (text, value) in cases {
            let matches = Self.french.extract(from: text, reference: ReferenceMoment.date)
            #expect(matches.count == 1 && matches.first?.text == text && matches.first?.value == value,
                    "\(text): \(matches.map { "\($0.text) → \($0.value)" })")
        }
    }

    @Test func countsAndDurationsAreNoDates() {
        for text in ["je veux 2 pizzas", "le chat dort sur le canapé", "j'ai 3 enfants", "le 1er", "deux heures", "pendant deux heures", "environ 1h30"] {
            let dates = Self.french.extract(from: text, reference: ReferenceMoment.date).filter { $0.kind == .dateTime }
            #expect(dates.isEmpty, "\(text): \(dates.map(\.text))")
        }
    }

    @Test func elisionsAreWordsOfTheirOwn() {
        let text = Tokenizer().tokenize("l'heure d'ici jusqu'à aujourd'hui o'clock")
        let words = EntityWords(text, tokens: 0..<text.count)
        #expect((0..<words.count).map { words[$0] } == ["l'", "heure", "d'", "ici", "jusqu'", "a", "aujourd'hui", "o'clock"])
    }
}
