import Foundation
import IntentKit
import Yams

/// Files of a user's reservations for `intentkit parse --reservations`: YAML or JSON, a list of
/// the reservations apps donated, each with an `id`, a `category` (restaurant, lodging, flight,
/// train, bus, boat, rentalCar, ticketedEvent), a `start` and optionally an `end`
/// (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, with an optional offset; local time otherwise), how the
/// user says it (`phrase`), its booking `number`, where it happens (`place`), where a trip goes
/// (`from`, `to`), the `party` and its `status`:
///
/// ```yaml
/// - {id: dinner-42, category: restaurant, start: 2026-12-04T19:30, place: "Chez Panisse, Berkeley", party: 4, number: K7Q2ZP}
/// - {id: af-1680, category: flight, start: 2026-12-11T09:40+01:00, end: 2026-12-11T11:05+00:00, from: Paris CDG, to: London Heathrow, phrase: Air France 1680}
/// ```
public enum UserReservationsFormat {
    /// Reads the file at `url`.
    /// - Throws: ``CorpusError`` naming the file, line and column of each problem.
    public static func read(at url: URL, displayPath: String, decoder: TextDecoder = TextDecoder()) throws -> [Reservation] {
        try read(text: try decoder.decodeFile(at: url, displayPath: displayPath).text, displayPath: displayPath)
    }

    /// Reads reservations written as YAML or JSON text (the server's and the C API's).
    /// - Throws: ``CorpusError`` naming `displayPath`, line and column of each problem.
    public static func read(text: String, displayPath: String) throws -> [Reservation] {
        let root = try YAMLNodeReader.compose(text, file: displayPath, language: "YAML or JSON")
        var nodes = YAMLNodeReader(file: displayPath)
        var reservations = [Reservation]()
        var places = [Node]()
        let categories = Reservation.Category.allCases.map(\.rawValue).joined(separator: ", ")
        let statuses = Reservation.Status.allCases.map(\.rawValue).joined(separator: ", ")
        for item in nodes.sequence(root, what: "the reservations") {
            let what = "a reservation"
            guard let fields = nodes.mapping(item, what: what, allowed: ["id", "category", "start", "end", "phrase", "number", "place", "from", "to", "party", "status"]),
                  let identifier = nodes.requiredString(fields, "id", in: what, at: item),
                  let categoryText = nodes.requiredString(fields, "category", in: what, at: item),
                  let startText = nodes.requiredString(fields, "start", in: what, at: item) else { continue }
            guard let category = Reservation.Category(rawValue: categoryText) else {
                nodes.error("unknown category '\(categoryText.prefix(80))' (expected one of: \(categories))", at: fields["category"]!)
                continue
            }
            func date(_ text: String, _ key: String) -> Date? {
                guard let date = ReferenceDate.date(text, in: .current) else {
                    nodes.error("'\(text.prefix(80))' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM, optionally with an offset)", at: fields[key]!)
                    return nil
                }
                return date
            }
            guard let start = date(startText, "start") else { continue }
            var end: Date?
            if let text = nodes.string(fields["end"], what: "'end'") {
                guard let read = date(text, "end") else { continue }
                end = read
            }
            var partySize: Int?
            if let text = nodes.string(fields["party"], what: "'party'") {
                guard let size = Int(text), size > 0 else {
                    nodes.error("'party' is how many people the reservation is for, a whole number of 1 or more, not '\(text.prefix(80))'", at: fields["party"]!)
                    continue
                }
                partySize = size
            }
            var status = Reservation.Status.confirmed
            if let text = nodes.string(fields["status"], what: "'status'") {
                guard let read = Reservation.Status(rawValue: text) else {
                    nodes.error("unknown status '\(text.prefix(80))' (expected one of: \(statuses))", at: fields["status"]!)
                    continue
                }
                status = read
            }
            reservations.append(Reservation(
                identifier, category: category, start: start, end: end, place: nodes.string(fields["place"], what: "'place'"),
                departure: nodes.string(fields["from"], what: "'from'"), arrival: nodes.string(fields["to"], what: "'to'"),
                phrase: nodes.string(fields["phrase"], what: "'phrase'"), number: nodes.string(fields["number"], what: "'number'"),
                partySize: partySize, status: status))
            places.append(item)
        }
        for (index, problem) in UserReservations.problems(of: reservations) {
            nodes.error(problem, at: places[index])
        }
        if nodes.diagnostics.contains(where: { $0.severity == .error }) { throw CorpusError.invalid(nodes.diagnostics) }
        return reservations
    }
}
