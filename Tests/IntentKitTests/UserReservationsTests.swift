import Foundation
import Testing
@testable import IntentKit

@Suite("User reservations")
struct UserReservationsTests {
    /// Thursday 2026-12-03, 10:00 UTC.
    static let now = ReferenceDate.date("2026-12-03T10:00+00:00", in: .gmt)!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    static func at(_ text: String) -> Date { ReferenceDate.date(text + "+00:00", in: .gmt)! }

    static let reservations = UserReservations([
        Reservation("stay-lisbon", category: .lodging, start: at("2026-12-04T15:00"), end: at("2026-12-07T11:00"),
                    place: "Memmo Alfama, Lisbon", phrase: "the Memmo Alfama"),
        Reservation("lunch-sat", category: .restaurant, start: at("2026-12-05T12:30"), place: "Taberna Sal Grosso, Lisbon", partySize: 2),
        Reservation("dinner-sat", category: .restaurant, start: at("2026-12-05T20:00"), place: "Belcanto, Lisbon", number: "BLC88Q"),
        Reservation("dinner-fri", category: .restaurant, start: at("2026-12-04T19:30"), place: "Cervejaria Ramiro, Lisbon"),
        Reservation("out", category: .flight, start: at("2026-12-04T07:10"), end: at("2026-12-04T09:40"),
                    departure: "Berlin BER", arrival: "Lisbon LIS", phrase: "TAP 537"),
        Reservation("back", category: .flight, start: at("2026-12-07T14:20"), end: at("2026-12-07T18:45"),
                    departure: "Lisbon LIS", arrival: "Berlin BER", phrase: "TAP 538"),
        Reservation("fado", category: .ticketedEvent, start: at("2026-12-06T21:00"), place: "Clube de Fado", phrase: "the fado show"),
        Reservation("yesterday", category: .restaurant, start: at("2026-12-02T19:00"), place: "Zero Zero, Lisbon"),
        Reservation("called-off", category: .boat, start: at("2026-12-06T10:00"), departure: "Cais do Sodre", arrival: "Cacilhas", status: .canceled),
    ])

    func resolve(_ text: String) -> ParameterResolution {
        Self.reservations.resolve(text, reference: Self.now, calendar: Self.calendar)
    }

    func identifier(_ text: String) -> String? {
        if case .success(.custom(let identifier)) = resolve(text) { return identifier }
        return nil
    }

    @Test func theKindOfReservationPicksItWhenOneOfItsKindFits() {
        #expect(identifier("when do I check in at my hotel") == "stay-lisbon")
        #expect(identifier("what time do we check out of the room") == "stay-lisbon")
        #expect(identifier("what time does the show start") == "fado")
        #expect(identifier("show me my concert tickets") == "fado")
    }

    @Test func aDayOrAPartOfItPicksAmongReservationsOfOneKind() {
        #expect(identifier("cancel Friday's table") == "dinner-fri")
        #expect(identifier("directions to tomorrow's dinner") == "dinner-fri")
        #expect(identifier("move the table on saturday night") == "dinner-sat")
        #expect(identifier("how do I get to lunch on saturday") == "lunch-sat")
    }

    @Test func aPlaceAfterToIsWhereATripArrivesAndAfterFromWhereItLeaves() {
        #expect(identifier("is my flight to Lisbon on time") == "out")
        #expect(identifier("is my flight to Berlin on time") == "back")
        #expect(identifier("when does my flight from Lisbon leave") == "back")
    }

    @Test func namesNumbersAndTheSoonestPickOne() {
        #expect(identifier("where is Belcanto") == "dinner-sat")
        #expect(identifier("show me booking BLC88Q") == "dinner-sat")
        #expect(identifier("when is my next flight") == "out")
        #expect(identifier("what gate does TAP 538 leave from") == "back")
    }

    @Test func severalFittingAlikeAreListedSoonestFirst() {
        guard case .disambiguation(let candidates) = resolve("where is my dinner") else {
            Issue.record("expected a disambiguation")
            return
        }
        #expect(candidates.map(\.identifier) == ["dinner-fri", "dinner-sat"])
        #expect(candidates.first?.phrase == "Cervejaria Ramiro, Lisbon")
        guard case .disambiguation(let flights) = resolve("when is my flight") else {
            Issue.record("expected a disambiguation")
            return
        }
        #expect(flights.map(\.identifier) == ["out", "back"])
    }

    @Test func whatHasEndedOrWasCanceledIsNeverProposed() {
        #expect(resolve("what time is my train") == .needsValue(prompt: nil))
        #expect(resolve("when does the ferry leave") == .needsValue(prompt: nil))
        #expect(resolve("directions to dinner on wednesday") == .needsValue(prompt: nil))
        #expect(resolve("directions to Zero Zero") == .needsValue(prompt: nil))
        // Once the outbound flight has landed, "my flight" is the one home.
        let later = Self.at("2026-12-05T09:00")
        #expect(Self.reservations.resolve("when is my flight", reference: later, calendar: Self.calendar) == .success(.custom("back")))
    }

    @Test func problemsNameTheReservation() {
        let problems = UserReservations.problems(of: [
            Reservation("a", category: .bus, start: Self.at("2026-12-05T10:00"), end: Self.at("2026-12-05T09:00")),
            Reservation("a", category: .bus, start: Self.at("2026-12-05T10:00")),
            Reservation("", category: .restaurant, start: Self.at("2026-12-05T10:00"), partySize: 0),
        ])
        #expect(problems.map(\.index) == [0, 1, 2])
        #expect(problems[0].problem.contains("ends before it starts"))
        #expect(problems[1].problem.contains("also reservation 1's"))
    }
}
