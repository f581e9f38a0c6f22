import IntentKit

/// Values that stand in for an open entity's when it lists none and no utterance annotates one:
/// an app's people, places and records are the user's own, known only at run time (an
/// `AppEntity`, an Intent Definition File's `Person`, `Placemark` or custom type, a `String`
/// parameter). Without them a pattern that names such a parameter (`order [soup] to
/// [deliveryLocation]`) gives no utterance, and the tagger never learns where the parameter is
/// said; with them it learns the place, and the user's vocabulary (or the words themselves)
/// supplies the value at run time. The stand-ins are chosen by what the entity's name says it
/// holds: a person, a place, free text, or any other name.
enum StandInValues {
    /// The stand-ins for an entity named `name` in a corpus in `language` (BCP 47; free text is
    /// English words, so another language's free text gets names instead).
    static func values(forEntity name: String, language: String?) -> [String] {
        let words = Set(Self.words(of: name))
        if !words.isDisjoint(with: personWords) { return people }
        if !words.isDisjoint(with: placeWords) { return places }
        if !words.isDisjoint(with: textWords), language.map({ $0.lowercased().hasPrefix("en") }) ?? true { return texts }
        return names
    }

    static let personWords: Set<String> = ["person", "people", "contact", "recipient", "payee", "courier", "friend", "user", "attendee",
                                           "driver", "guest", "member", "sender", "caller", "participant", "assignee", "owner"]
    static let placeWords: Set<String> = ["place", "placemark", "location", "address", "city", "destination", "venue", "store", "restaurant",
                                          "origin", "station", "airport", "shop", "branch", "stop"]
    static let textWords: Set<String> = ["note", "message", "text", "query", "title", "description", "content", "comment", "reason",
                                         "caption", "body", "memo", "subject", "search", "term", "phrase"]

    static let people = ["Maria", "James", "Aiko", "Olusegun", "Priya", "Lukas", "Sofia Rossi", "Chen Wei", "Mom", "Dr. Patel"]
    static let places = ["home", "work", "Union Square", "the airport", "Main Street", "Paris", "Lakeside Park", "the office",
                         "Springfield", "Pier 39"]
    static let texts = ["call me when you arrive", "extra napkins please", "leave it at the door", "running late", "happy birthday",
                        "the usual", "no onions", "see you soon", "quarterly report", "gift for Sam"]
    static let names = ["Alpha", "Blue Harbor", "Maple", "Nova 3", "Atlas", "Evergreen", "the red one", "Summit", "Orchid", "B12"]

    /// An identifier's words, lowercased, a plural's "s" dropped: `deliveryLocations` → delivery, location.
    private static func words(of identifier: String) -> [String] {
        var words = [String](), current = ""
        for character in identifier {
            if character.isUppercase, current.last?.isLowercase == true {
                words.append(current)
                current = ""
            }
            if character.isLetter {
                current.append(Character(character.lowercased()))
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.count > 3 && $0.hasSuffix("s") && !$0.hasSuffix("ss") ? String($0.dropLast()) : $0 }
    }
}
