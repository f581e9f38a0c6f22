import Foundation

/// A user's reservations (``Reservation``), compiled for resolving requests that point at one:
/// handed to a parser (``IntentParser/using(_:)-(UserReservations)``), a parameter of the entity
/// ``Reservation/entityName`` resolves to the reservation the request names, the way Siri Event
/// Suggestions answers "when do I check in at my hotel" from the reservations apps donated.
///
/// A request points at reservations by
/// - **kind**: its words for one ("hotel", "table", "flight", "tickets", "check in"); a request
///   naming kinds keeps only reservations of those its words all name;
/// - **time**: its dates and times, read by the built-in grammar ("tonight's dinner", "Friday's
///   table", "my flight on the 12th"): a reservation must overlap one of them; a meal's name
///   prefers a table at its hours ("lunch" over a dinner the same day);
/// - **name**: the words of each reservation's phrase, place, departure, arrival and number the
///   request says, each weighed by how few reservations share it (the rarest names the most);
///   a place after "to" must be where a trip arrives, after "from" where it leaves;
/// - **order**: "next" or "upcoming" picks the soonest of those that fit.
///
/// One reservation fitting best resolves the parameter; several fitting alike ask which
/// (``ParameterResolution/disambiguation(_:)``, soonest first); none asks for the value. A
/// reservation that is canceled or has ended (at the parse's reference moment) is never proposed.
/// Resolving reads each word of the request once through hash tables: its cost grows with the
/// reservations that share the request's words, not with how many there are.
public struct UserReservations: Sendable {
    /// The reservations, in the order given.
    public let reservations: [Reservation]
    /// The compiled reservations.
    private let index: Index
    /// The most reservations a disambiguation lists.
    static let disambiguationLimit = 10  // at most 16: the candidates are held in a `SIMD16`
    /// The categories of trips, which leave and arrive.
    private static let tripMask = mask([.flight, .train, .bus, .boat, .rentalCar])

    /// A set of categories, one bit each.
    typealias Mask = UInt8

    private struct Posting {
        var reservation: Int32
        var field: Field
    }

    /// The reservations a word of their names is in, in the order given (a reservation's
    /// postings side by side), and how many there are.
    private struct Word {
        var postings: [Posting] = []
        var reservationCount = 0
    }

    /// A word of the reservations' names or of the ``Lexicon``: its role, and where its postings
    /// are in the index's one array of them (an empty range for a word of no name). Plain values
    /// only, so that reading one costs no reference count.
    private struct WordEntry {
        var role: Lexicon.Role?
        var postings: Range<Int32>
        var reservationCount: Int32
    }

    /// Where a word of a reservation's names comes from.
    private enum Field: UInt8 {
        case phrase, place, departure, arrival, number
    }

    /// No reservations.
    public init() { self.init([]) }

    /// Compiles `reservations`.
    public init(_ reservations: [Reservation], tokenizer: Tokenizer = Tokenizer()) {
        self.reservations = reservations
        index = Index(reservations, tokenizer: tokenizer)
    }

    /// What is wrong with `reservations` as one user's set, by index: each one's
    /// ``Reservation/problem``, an identifier given twice.
    public static func problems(of reservations: [Reservation]) -> [(index: Int, problem: String)] {
        var problems = [(index: Int, problem: String)]()
        var identifiers = [String: Int]()
        for (index, reservation) in reservations.enumerated() {
            if let problem = reservation.problem { problems.append((index, problem)) }
            if let first = identifiers[reservation.identifier] {
                problems.append((index, "the id '\(reservation.identifier.prefix(80))' is also reservation \(first + 1)'s; ids are unique"))
            } else {
                identifiers[reservation.identifier] = index
            }
        }
        return problems
    }

    /// Whether there are none.
    public var isEmpty: Bool { reservations.isEmpty }

    /// The reservation `text` points at, as a parameter of the entity ``Reservation/entityName``
    /// resolves: relative dates read against `reference` in `calendar`, English words.
    public func resolve(_ text: String, reference: Date = Date(), calendar: Calendar = .current) -> ParameterResolution {
        resolve(Tokenizer().tokenize(text), dateTimeTokens: nil, reference: reference, calendar: calendar, language: .english, prompt: nil)
    }

    /// The reservation the request `tokens` points at (see the type's description); `prompt` is
    /// the parameter's, asked when none fits. `dateTimeTokens`: where the request's date and time
    /// expressions are, when an earlier stage found them; `nil` to look for them.
    func resolve(
        _ tokens: TokenizedText, dateTimeTokens: [Range<Int>]?, reference: Date, calendar: Calendar, language: BuiltinLanguage, prompt: String?
    ) -> ParameterResolution {
        index.resolve(tokens, dateTimeTokens: dateTimeTokens, reference: reference, calendar: calendar, language: language, prompt: prompt)
    }

    /// The compiled reservations, shared by every copy: a parse hands the reservations to its
    /// resolve stage by value, and one reference is one retain where a dozen arrays were a dozen.
    private final class Index: Sendable {
        /// How many reservations there are.
        let count: Int
        /// Start and end of each reservation in seconds since 1970, UTC.
        let starts: [Double], ends: [Double]
        /// Each reservation's category as a bit of ``Mask``.
        let categories: [Mask]
        /// Whether each reservation was canceled.
        let isCanceled: [Bool]
        /// Each reservation as a disambiguation lists it.
        let asCandidates: [UserVocabulary.Candidate]
        /// The reservations that may be proposed (not canceled), soonest first.
        let bookable: [Int32]
        /// ``bookable`` of each category alone, by the category's bit.
        let bookableOfCategory: [[Int32]]
        /// The longest a bookable reservation lasts, in seconds: how far before a moment one that
        /// is still under way may have started.
        let longest: Double
        /// ``longest`` of each category alone, by the category's bit.
        let longestOfCategory: [Double]
        /// Word key → its entry in ``words``: every word of the reservations' names and of the
        /// ``Lexicon``, so that reading a request's word is one probe of this table.
        let wordIndex: KeyMap
        /// What each word says: its role in requests, and the reservations whose names hold it.
        let words: [WordEntry]
        /// Every word's postings, one word's side by side (``WordEntry/postings``).
        let postings: [Posting]
        /// Whether each reservation is a trip back: it arrives where an earlier trip left from.
        let returns: [Bool]

        init(_ reservations: [Reservation], tokenizer: Tokenizer) {
            count = reservations.count
            starts = reservations.map { $0.start.timeIntervalSince1970 }
            ends = reservations.map { $0.effectiveEnd.timeIntervalSince1970 }
            categories = reservations.map { UserReservations.mask([$0.category]) }
            let starts = self.starts
            isCanceled = reservations.map { $0.status == .canceled }
            asCandidates = reservations.map { UserVocabulary.Candidate(identifier: $0.identifier, phrase: $0.displayPhrase) }
            let bookable = reservations.indices.filter { reservations[$0].status != .canceled }.sorted { starts[$0] < starts[$1] }.map(Int32.init)
            self.bookable = bookable
            let ends = self.ends
            let categories = self.categories
            bookableOfCategory = (0..<Reservation.Category.allCases.count).map { bit in
                bookable.filter { categories[Int($0)] == 1 << Mask(bit) }
            }
            longest = bookable.lazy.map { ends[Int($0)] - starts[Int($0)] }.max() ?? 0
            longestOfCategory = bookableOfCategory.map { order in order.lazy.map { ends[Int($0)] - starts[Int($0)] }.max() ?? 0 }
            var postings = [UInt64: Word]()
            var tokens = TokenizedText()
            for (index, reservation) in reservations.enumerated() {
                let fields: [(String?, Field)] = [
                    (reservation.phrase, .phrase), (reservation.place, .place), (reservation.departure, .departure),
                    (reservation.arrival, .arrival), (reservation.number, .number),
                ]
                for (text, field) in fields {
                    guard let text else { continue }
                    tokenizer.tokenize(text, into: &tokens)
                    for token in 0..<tokens.count where tokens.tokens[token].kind != .punctuation {
                        // A name elided into its article is said alone too: "dell'Opera" is "opera".
                        var keys = [UserReservations.key(tokens, token)]
                        tokens.withNormalizedUTF8(at: token) { bytes in
                            if let apostrophe = bytes.lastIndex(of: UInt8(ascii: "'")), bytes.count - apostrophe > 3 {
                                keys.append(UserReservations.key(bytes[(apostrophe + 1)...]))
                            }
                        }
                        for key in keys {
                        // Function words name no reservation in particular ("the", "at"); a kind's word
                        // in a name does ("the Philharmonie concert" is the concert among the events).
                        guard Lexicon.shared.roles[key]?.isFunction != true else { continue }
                        var word = postings[key, default: Word()]
                        if word.postings.last?.reservation != Int32(index) { word.reservationCount += 1 }
                        if !word.postings.contains(where: { $0.reservation == Int32(index) && $0.field == field }) {
                            word.postings.append(Posting(reservation: Int32(index), field: field))
                        }
                        postings[key] = word
                        }
                    }
                }
            }
            var wordIndex = KeyMap(capacity: postings.count + Lexicon.shared.roles.count)
            var words = [WordEntry]()
            var flat = [Posting]()
            func entry(role: Lexicon.Role?, word: Word?) -> WordEntry {
                let start = Int32(flat.count)
                flat.append(contentsOf: word?.postings ?? [])
                return WordEntry(role: role, postings: start..<Int32(flat.count), reservationCount: Int32(word?.reservationCount ?? 0))
            }
            for (key, role) in Lexicon.shared.roles where wordIndex.entry(of: key, inserting: Int32(words.count)) == Int32(words.count) {
                words.append(entry(role: role, word: postings[key]))
            }
            for (key, word) in postings where wordIndex.entry(of: key, inserting: Int32(words.count)) == Int32(words.count) {
                words.append(entry(role: nil, word: word))
            }
            self.wordIndex = wordIndex
            self.words = words
            self.postings = flat
            // A trip returns when a word of where it arrives is one of where an earlier trip left.
            var returns = [Bool](repeating: false, count: reservations.count)
            for (index, reservation) in reservations.enumerated() where UserReservations.mask([reservation.category]) & UserReservations.tripMask != 0 {
                returns[index] = postings.values.contains { word in
                    word.postings.contains { $0.reservation == Int32(index) && $0.field == .arrival }
                        && word.postings.contains { other in
                            other.field == .departure && starts[Int(other.reservation)] < starts[index]
                                && UserReservations.mask([reservations[Int(other.reservation)].category]) & UserReservations.tripMask != 0
                        }
                }
            }
            self.returns = returns
        }

        /// The reservation the request `tokens` points at (see the type's description); `prompt` is
        /// the parameter's, asked when none fits. `dateTimeTokens`: where the request's date and time
        /// expressions are, when an earlier stage found them; `nil` to look for them.
        func resolve(
            _ tokens: TokenizedText, dateTimeTokens: [Range<Int>]?, reference: Date, calendar: Calendar, language: BuiltinLanguage, prompt: String?
        ) -> ParameterResolution {
            guard !bookable.isEmpty else { return .needsValue(prompt: prompt) }
            let lexicon = Lexicon.shared
            let now = reference.timeIntervalSince1970
            // Read the request's words: kinds, meals, the soonest, and the reservations its names hold.
            var named: Mask = 0, namedAny: Mask = 0
            var meal: Range<Int>?
            var wantsSoonest = false
            // How well the request names each reservation, and those it names, as the words are read.
            var scores = [Float](), namedList = [Int32]()
            var wantsReturn = false
            var previous: Lexicon.Role?, previousKey: UInt64 = 0
            // Where the place being read is, after "to" or "from" that follow a trip or its name.
            var direction: Field?
            var inOrigin = false
            func entry(_ key: UInt64) -> WordEntry? { wordIndex.entry(of: key).map { words[Int($0)] } }
            /// The first word at or after `token` (punctuation is none), and its key; 0 past the end.
            func word(from token: Int) -> (token: Int, key: UInt64) {
                var token = token
                while token < tokens.count, tokens.tokens[token].kind == .punctuation { token += 1 }
                return (token, token < tokens.count ? UserReservations.key(tokens, token) : 0)
            }
            var previousNamesOne = false
            var (token, key) = word(from: 0)
            var position = 0
            while token < tokens.count {
                let next = word(from: token + 1)
                defer { (token, key) = next; position += 1 }
                let read = entry(key)
                let role = read?.role
                var namedBy = read.map(\.postings) ?? 0..<0
                let namesOne = !namedBy.isEmpty
                var kinds = role?.categories ?? 0
                // "show me…" is a verb, "the show" a kind or a name ("the fado show").
                if role?.isAlsoVerb == true, position == 0 || entry(next.key)?.role?.isVerbObject == true {
                    kinds = 0
                    namedBy = 0..<0
                }
                if previous?.startsPair == true, let pair = lexicon.pairs[previousKey &* 31 &+ key] { kinds |= pair }
                // A place or trip's name goes on; any other word ends the place.
                if namedBy.isEmpty && role?.isFunction != true { direction = nil }
                if role?.isTowards == true || role?.isAwayFrom == true {
                    // "flight to Rome", "Eurostar 9316 from Paris": the trip's ends. "directions to
                    // Sloterdijk", "how far is Pipero from the hotel": where the user goes or is.
                    let afterTrip = (previous?.categories ?? 0) & UserReservations.tripMask != 0 || previousNamesOne
                    direction = afterTrip ? (role?.isTowards == true ? .arrival : .departure) : nil
                    inOrigin = role?.isAwayFrom == true
                } else if role?.isFunction != true, namedBy.isEmpty, kinds == 0 {
                    inOrigin = false
                }
                // A kind said as where one comes from ("from the hotel") is not what is asked about.
                if inOrigin { kinds = 0 }
                if kinds != 0 {
                    named = named == 0 ? kinds : (named & kinds != 0 ? named & kinds : named)
                    namedAny |= kinds
                }
                if let hours = role?.meal { meal = hours }
                if role?.isSoonest == true { wantsSoonest = true }
                if role?.isReturn == true { wantsReturn = true }
                if let read, !namedBy.isEmpty {
                    // The rarer a word among the reservations, the more it says which one is meant.
                    let weight = 1 / Float(read.reservationCount)
                    if scores.isEmpty {
                        scores = [Float](repeating: 0, count: count)
                        namedList.reserveCapacity(16)
                    }
                    let direction = direction
                    scores.withUnsafeMutableBufferPointer { scores in
                        postings.withUnsafeBufferPointer { postings in
                            var last: Int32 = -1
                            for posting in postings[Int(namedBy.lowerBound)..<Int(namedBy.upperBound)] where posting.reservation != last {
                                // A place after "to" is where a trip arrives; after "from", where it leaves.
                                if direction == .arrival, posting.field == .departure { continue }
                                if direction == .departure, posting.field == .arrival { continue }
                                last = posting.reservation  // a word counts once for a reservation, whichever of its fields hold it
                                if scores[Int(last)] == 0 { namedList.append(last) }
                                scores[Int(last)] += weight
                            }
                        }
                    }
                }
                previous = role
                previousKey = key
                previousNamesOne = namesOne
            }
            // How well the request names each reservation, and those it names at all in the order first named.
            let score = scores, namedReservations = namedList
            // The request's dates and times, as stretches in seconds since 1970.
            let times = UserReservations.stretches(in: tokens, at: dateTimeTokens, reference: reference, calendar: calendar, language: language)
            let lastEnd = times.isEmpty ? Double.infinity : times.lazy.map(\.upperBound).max()!
            // Whether a reservation is of the kind and at the time said; and still to come or under way.
            func said(_ reservation: Int) -> Bool {
                if named != 0, categories[reservation] & named == 0 { return false }
                if times.isEmpty { return true }
                for time in times where starts[reservation] < time.upperBound && ends[reservation] > time.lowerBound { return true }
                return false
            }
            // Among those that fit, a trip back when one is asked for ("the flight home"), then a
            // table at the hours of the meal said ("lunch" over Saturday's dinner): lower is better.
            let restaurant = UserReservations.mask([.restaurant])
            func preference(_ reservation: Int) -> Int {
                var rank = 0
                if wantsReturn, !returns[reservation] { rank += 2 }
                if let meal, categories[reservation] == restaurant, !meal.contains(UserReservations.localHour(of: starts[reservation], calendar: calendar)) {
                    rank += 1
                }
                return rank
            }
            // The candidates: the soonest of the most preferred, as many as a disambiguation lists.
            let limit = wantsSoonest ? 1 : UserReservations.disambiguationLimit
            // At most ``disambiguationLimit`` of them, held in place rather than in an array of their own.
            var candidates = SIMD16<Int32>(), candidateCount = 0
            var bestPreference = Int.max
            /// Takes `reservation` (they come soonest first); whether the candidates are complete.
            func consider(_ reservation: Int) -> Bool {
                let rank = preference(reservation)
                if rank < bestPreference {
                    bestPreference = rank
                    candidateCount = 0
                }
                if rank == bestPreference, candidateCount < limit {
                    candidates[candidateCount] = Int32(reservation)
                    candidateCount += 1
                }
                return bestPreference == 0 && candidateCount == limit
            }
            // The reservations whose names the request says, the best named first.
            var bestFitting: Float = -1, bestSaid: Float = -1
            for reservation in namedReservations.lazy.map(Int.init) where said(reservation) {
                bestSaid = max(bestSaid, score[reservation])
                if !isCanceled[reservation], ends[reservation] > now { bestFitting = max(bestFitting, score[reservation]) }
            }
            // Every reservation that fits and `isMeant`, soonest first: from the first that may still
            // be under way at the earliest moment said, until the last moment said.
            func walk(where isMeant: (Int) -> Bool) {
                // One kind said: only that kind's.
                let oneKind = named.nonzeroBitCount == 1
                let order = oneKind ? bookableOfCategory[named.trailingZeroBitCount] : bookable
                let earliest = max(now, times.lazy.map(\.lowerBound).min() ?? now) - (oneKind ? longestOfCategory[named.trailingZeroBitCount] : longest)
                var position = UserReservations.firstIndex(in: order, startingAtOrAfter: earliest, starts: starts)
                while position < order.count {
                    let reservation = Int(order[position])
                    position += 1
                    if starts[reservation] >= lastEnd { break }
                    if ends[reservation] > now, said(reservation), isMeant(reservation), consider(reservation) { break }
                }
            }
            if bestSaid >= 0 {
                // The one named best has ended or was canceled: no other is meant.
                guard bestFitting >= bestSaid - 1e-4 else { return .needsValue(prompt: prompt) }
                // A few named are sorted; many (a city's name) are met in the walk.
                if namedReservations.count <= 4 * UserReservations.disambiguationLimit {
                    let bestNamed = namedReservations.map(Int.init).filter {
                        score[$0] >= bestFitting - 1e-4 && !self.isCanceled[$0] && self.ends[$0] > now && said($0)
                    }
                    for reservation in bestNamed.sorted(by: { starts[$0] < starts[$1] }) where consider(reservation) { break }
                } else {
                    walk { score[$0] >= bestFitting - 1e-4 }
                }
            } else {
                walk { _ in true }
            }
            switch candidateCount {
            case 0: return .needsValue(prompt: prompt)
            case 1: return .success(.custom(asCandidates[Int(candidates[0])].identifier))
            default:
                return .disambiguation((0..<candidateCount).map { asCandidates[Int(candidates[$0])] })
            }
        }
    }

    /// The date and time expressions of `tokens` (those at `known`, when given) as stretches of
    /// seconds since 1970: a moment said to a grain covers that grain ("friday" the whole day),
    /// an open interval runs to the end of time on its open side.
    private static func stretches(
        in tokens: TokenizedText, at known: [Range<Int>]?, reference: Date, calendar: Calendar, language: BuiltinLanguage
    ) -> [Range<Double>] {
        // An earlier stage found none: nothing to read (most requests say no time).
        if known?.isEmpty == true { return [] }
        let extractor = BuiltinEntityExtractor(.dateTime, calendar: calendar, grammars: language)
        // Where an earlier stage found them, each is read once at its first word; otherwise looked for.
        let readings = known.map { ranges in
            ranges.compactMap { extractor.reading(in: tokens, startingAt: $0, reference: reference) }
        } ?? extractor.spans(in: tokens, tokens: 0..<tokens.count, reference: reference).map(\.reading)
        var stretches = [Range<Double>]()
        for var reading in readings {
            if case .approximate(let inner) = reading { reading = inner }
            guard case .dateTime(let value) = reading else { continue }
            // Local seconds from day 0 (1970-01-01) to seconds since 1970 in UTC, by the zone's offset then.
            func utc(_ local: Int) -> Double {
                let guess = Date(timeIntervalSince1970: Double(local))
                return Double(local - calendar.timeZone.secondsFromGMT(for: guess))
            }
            let start = value.start.map(utc) ?? -.infinity
            let end: Double
            if value.isInterval {
                end = value.end.map(utc) ?? .infinity
            } else {
                end = value.start.map { utc(Self.endOfGrain(startingAt: $0, grain: value.grain)) } ?? .infinity
            }
            if start < end { stretches.append(start..<end) }
        }
        return stretches
    }

    /// The first moment after the `grain` that starts at `moment` (local seconds from day 0).
    private static func endOfGrain(startingAt moment: Int, grain: DateTimeGrain) -> Int {
        switch grain {
        case .second: return moment + 1
        case .minute: return moment + 60
        case .hour: return moment + 3600
        case .day: return moment + 86_400
        case .week: return moment + 7 * 86_400
        case .month, .quarter, .year:
            let (day, seconds) = CivilDate.split(moment)
            let date = CivilDate.date(day)
            let months = grain == .month ? 1 : grain == .quarter ? 3 : 12
            let next = CivilDate.month(date.month, of: date.year, adding: months)
            return CivilDate.days(year: next.year, month: next.month, day: 1) * 86_400 + seconds
        }
    }

    /// The position in `order` (reservation indices, soonest first) of the first reservation
    /// starting at or after `moment`.
    private static func firstIndex(in order: [Int32], startingAtOrAfter moment: Double, starts: [Double]) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if starts[Int(order[middle])] < moment { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The hour of the day, in `calendar`'s time zone, of `moment` (seconds since 1970).
    private static func localHour(of moment: Double, calendar: Calendar) -> Int {
        let date = Date(timeIntervalSince1970: moment)
        let local = Int(moment.rounded(.down)) + calendar.timeZone.secondsFromGMT(for: date)
        return CivilDate.split(local).second / 3600
    }

    static func mask(_ categories: some Sequence<Reservation.Category>) -> Mask {
        categories.reduce(0) { $0 | 1 << Mask(Reservation.Category.allCases.firstIndex(of: $1)!) }
    }

    /// FNV-1a of the normalised form of the token at `index`.
    static func key(_ tokens: TokenizedText, _ index: Int) -> UInt64 {
        tokens.withNormalizedUTF8(at: index) { key($0) }
    }

    static func key(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// ``ReservationWords`` by word key, read once.
    struct Lexicon: Sendable {
        struct Role: Sendable {
            var categories: Mask = 0
            var meal: Range<Int>?
            var isTowards = false, isAwayFrom = false, isSoonest = false, isFunction = false, isAlsoVerb = false, isVerbObject = false
            var isReturn = false
            /// The first word of one of ``pairs``.
            var startsPair = false
        }
        /// Word key → what the word says.
        let roles: [UInt64: Role]
        /// `key(first) &* 31 &+ key(second)` → the kinds a two-word form names.
        let pairs: [UInt64: Mask]

        static let shared = Lexicon()

        private init() {
            var roles = [UInt64: Role]()
            func key(_ word: String) -> UInt64 { UserReservations.key(word.utf8) }
            for (word, categories) in ReservationWords.categories { roles[key(word), default: Role()].categories = UserReservations.mask(categories) }
            for (word, hours) in ReservationWords.mealHours { roles[key(word), default: Role()].meal = hours }
            for word in ReservationWords.towards { roles[key(word), default: Role()].isTowards = true }
            for word in ReservationWords.awayFrom { roles[key(word), default: Role()].isAwayFrom = true }
            for word in ReservationWords.soonest { roles[key(word), default: Role()].isSoonest = true }
            for word in ReservationWords.functionWords { roles[key(word), default: Role()].isFunction = true }
            for word in ReservationWords.returning { roles[key(word), default: Role()].isReturn = true }
            for word in ReservationWords.alsoVerbs { roles[key(word), default: Role()].isAlsoVerb = true }
            for word in ReservationWords.verbObjects { roles[key(word), default: Role()].isVerbObject = true }
            var pairs = [UInt64: Mask]()
            for (first, second) in [("check", "in"), ("check", "out"), ("pick", "up"), ("drop", "off"), ("on", "time")] {
                if let categories = ReservationWords.pair(first, second) {
                    pairs[key(first) &* 31 &+ key(second)] = UserReservations.mask(categories)
                    roles[key(first), default: Role()].startsPair = true
                }
            }
            self.roles = roles
            self.pairs = pairs
        }
    }
}
