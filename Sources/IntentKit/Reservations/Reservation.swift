import Foundation

/// A reservation an app donated for its user (Siri Event Suggestions' `INReservation`): a table,
/// a hotel stay, a flight, a train, bus or boat trip, a rental car or a ticketed event. A request
/// that points at one ("when do I check in at my hotel", "cancel Friday's table") resolves to it
/// through a parameter of the entity ``entityName`` (``UserReservations``).
///
/// ```swift
/// Reservation("dinner-42", category: .restaurant, start: friday1930, place: "Chez Panisse, Berkeley",
///             phrase: "dinner at Chez Panisse", number: "K7Q2ZP", partySize: 4)
/// ```
public struct Reservation: Hashable, Sendable {
    /// What is reserved, as SiriKit's reservation classes divide it.
    public enum Category: String, CaseIterable, Hashable, Sendable, Codable {
        case restaurant, lodging, flight, train, bus, boat, rentalCar, ticketedEvent

        /// How long a reservation of this kind lasts when the app gave no end: a meal two hours,
        /// an event three, a stay a night, a trip or a rental a day.
        var typicalLength: TimeInterval {
            switch self {
            case .restaurant: return 2 * 3600
            case .ticketedEvent: return 3 * 3600
            case .lodging, .flight, .train, .bus, .boat, .rentalCar: return 24 * 3600
            }
        }
    }

    /// Where the reservation stands (`INReservationStatus`): a canceled one is never proposed.
    public enum Status: String, CaseIterable, Hashable, Sendable, Codable {
        case confirmed, pending, hold, canceled, unknown
    }

    /// The entity name a parameter declares to take one of the user's reservations.
    public static let entityName = "builtin.reservation"

    /// The app's identifier of the reservation: the value a resolved parameter carries.
    public var identifier: String
    /// What is reserved.
    public var category: Category
    /// When it begins: the table's time, the check-in, the departure, the pick-up, the doors.
    public var start: Date
    /// When it ends (check-out, arrival, drop-off); `nil`: ``Category`` says how long it lasts.
    public var end: Date?
    /// How the user says it (`INSpeakableString.spokenPhrase`): "dinner at Chez Panisse".
    public var phrase: String?
    /// The booking's number or code, as the user may read it out ("K7Q2ZP").
    public var number: String?
    /// Where it happens: the restaurant, the hotel, the venue, the rental desk; its name and town.
    public var place: String?
    /// Where a trip leaves from (a flight's, train's, bus's or boat's departure, a car's pick-up).
    public var departure: String?
    /// Where a trip arrives (or a car is dropped off).
    public var arrival: String?
    /// How many people it is for.
    public var partySize: Int?
    /// Where the reservation stands.
    public var status: Status

    /// Creates a reservation.
    public init(
        _ identifier: String, category: Category, start: Date, end: Date? = nil, place: String? = nil, departure: String? = nil,
        arrival: String? = nil, phrase: String? = nil, number: String? = nil, partySize: Int? = nil, status: Status = .confirmed
    ) {
        self.identifier = identifier
        self.category = category
        self.start = start
        self.end = end
        self.place = place
        self.departure = departure
        self.arrival = arrival
        self.phrase = phrase
        self.number = number
        self.partySize = partySize
        self.status = status
    }

    /// The end, or the start plus the category's typical length.
    public var effectiveEnd: Date { end ?? start.addingTimeInterval(category.typicalLength) }

    /// How the reservation is named to the user when it must be chosen: its phrase, else its
    /// place or trip, else its identifier.
    public var displayPhrase: String {
        if let phrase, !phrase.isEmpty { return phrase }
        if let place, !place.isEmpty { return place }
        switch (departure, arrival) {
        case (let from?, let to?): return "\(from) to \(to)"
        case (nil, let to?): return "to \(to)"
        case (let from?, nil): return "from \(from)"
        case (nil, nil): return identifier
        }
    }

    /// What is wrong with the reservation on its own: no identifier, an end before its start,
    /// a party of no one; `nil` when nothing is.
    public var problem: String? {
        if identifier.isEmpty { return "the id is empty" }
        if let end, end < start { return "it ends before it starts" }
        if let partySize, partySize < 1 { return "a party of \(partySize)" }
        return nil
    }
}
