/// The English words by which a request points at a kind of reservation, a direction of travel,
/// a meal's hours or the soonest one: what ``UserReservations`` reads besides the reservations'
/// own names, places and times. Words are the tokenizer's normalised forms.
enum ReservationWords {
    typealias Category = Reservation.Category

    /// The trips: what leaves, travels and arrives.
    private static let trips: Set<Category> = [.flight, .train, .bus, .boat]

    /// Word → the kinds of reservation it points at ("hotel" → lodging; "ticket" → an event or
    /// a trip). A request naming several kinds keeps those all its words name.
    static let categories: [String: Set<Category>] = {
        var words = [String: Set<Category>]()
        func add(_ list: String, _ categories: Set<Category>) {
            for word in list.split(separator: " ") { words[String(word), default: []].formUnion(categories) }
        }
        add("restaurant restaurants table tables dinner dinners lunch lunches breakfast brunch supper meal meals bistro cafe eat eating dine dining", [.restaurant])
        add("hotel hotels room rooms stay staying motel inn hostel resort lodge lodging suite airbnb checkout", [.lodging])
        add("checkin", [.lodging, .flight])
        add("flight flights fly flying plane airport gate boarding airline layover takeoff land lands landing", [.flight])
        add("train trains rail railway platform", [.train])
        add("station", [.train, .bus])
        add("bus buses coach shuttle", [.bus])
        add("boat ferry ferries cruise ship sailing crossing", [.boat])
        add("car cars rental rent vehicle", [.rentalCar])
        add("concert concerts show shows game games match play gig event events performance opera theater theatre ballet festival movie film musical", [.ticketedEvent])
        add("ticket tickets seat seats", trips.union([.ticketedEvent]))
        add("trip journey depart departs departure leave leaves arrive arrives arrival delayed", trips)
        return words
    }()

    /// Two-word forms of a category word ("check in" is `checkin`, "pick up" a rental's).
    static func pair(_ first: String, _ second: String) -> Set<Category>? {
        switch (first, second) {
        case ("check", "in"): return [.lodging, .flight]
        case ("check", "out"): return [.lodging]
        case ("pick", "up"), ("drop", "off"): return [.rentalCar]
        case ("on", "time"): return trips
        default: return nil
        }
    }

    /// A meal's hours, start inclusive, end exclusive, as a request for a table says them.
    static let mealHours: [String: Range<Int>] = [
        "breakfast": 5..<11, "brunch": 9..<15, "lunch": 11..<16, "lunches": 11..<16, "dinner": 16..<24, "dinners": 16..<24, "supper": 16..<24,
    ]

    /// Words for a kind that are also a request's verbs ("show me my booking", "play the
    /// trailer"): they name the kind only as nouns, neither first in the request nor before
    /// one of ``verbObjects``.
    static let alsoVerbs: Set<String> = ["show", "shows", "play"]
    static let verbObjects: Set<String> = ["me", "us", "them", "it", "my", "our", "all"]

    /// Words before a place that make it where a trip goes ("to Paris").
    static let towards: Set<String> = ["to", "into", "towards", "toward"]
    /// Words before a place that make it where a trip leaves from ("from Paris").
    static let awayFrom: Set<String> = ["from"]
    /// Words that ask for a trip back ("the flight home", "the train back").
    static let returning: Set<String> = ["home", "back", "return"]
    /// Words that ask for the soonest of those that fit ("my next flight").
    static let soonest: Set<String> = ["next", "upcoming", "soonest"]

    /// Words of a reservation's names that say nothing of which one it is.
    static let functionWords: Set<String> = [
        "a", "an", "the", "at", "in", "on", "of", "for", "to", "from", "and", "with", "my", "our", "by", "de", "la", "le", "du", "des", "'s", "s",
    ]
}
