/// How a response says numbers, durations, money, lists and a noun after a number in the
/// model's language (``Schema/primaryLanguage``): English, French, German and Spanish; any other
/// language is said as English is.
///
/// Whether a count takes the singular is CLDR's plural rule for the language's "one" category
/// (Unicode CLDR, Language Plural Rules): English, German and Spanish 1; French 0 and 1 (and
/// anything below 2: "1,5 heure"). A number is said in words up to twelve; in French, German and
/// Spanish, whose word for one agrees with a noun's gender (un/une, ein/eine, un/una), one is
/// said as a figure before a noun of unknown gender and as the unit's own article before a
/// duration unit ("une heure", "un día"; German "1 Stunde", whose article would also follow the
/// sentence's case).
struct ResponseLanguage: Sendable {
    /// The words for 0…12; nil at 1 where the word agrees with a gender.
    let numbers: [String?]
    /// Units of time, longest first: seconds, singular, plural, and the words for one of it.
    let units: [(seconds: Double, singular: String, plural: String, one: String?)]
    /// The conjunction of a list's last two items.
    let and: String
    /// What an approximate value is said after.
    let about: String
    /// Whether money puts its symbol after the figure, with a decimal comma ("12,50 €").
    let symbolAfter: Bool
    /// CLDR's "one" category.
    let takesSingular: @Sendable (Double) -> Bool
    /// A noun phrase in the plural.
    let plural: @Sendable (String) -> String

    static func of(_ language: String) -> ResponseLanguage {
        switch language {
        case "fr": french
        case "de": german
        case "es": spanish
        default: english
        }
    }

    static let english = ResponseLanguage(
        numbers: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
        units: [(604_800, "week", "weeks", nil), (86_400, "day", "days", nil), (3_600, "hour", "hours", nil), (60, "minute", "minutes", nil),
                (1, "second", "seconds", nil)],
        and: "and", about: "about", symbolAfter: false, takesSingular: { $0 == 1 }, plural: EnglishPlural.plural(of:))

    static let french = ResponseLanguage(
        numbers: ["zéro", nil, "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"],
        units: [(604_800, "semaine", "semaines", "une"), (86_400, "jour", "jours", "un"), (3_600, "heure", "heures", "une"),
                (60, "minute", "minutes", "une"), (1, "seconde", "secondes", "une")],
        and: "et", about: "environ", symbolAfter: true, takesSingular: { $0 >= 0 && $0 < 2 }, plural: RomancePlural.french)

    static let german = ResponseLanguage(
        numbers: ["null", nil, "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"],
        units: [(604_800, "Woche", "Wochen", nil), (86_400, "Tag", "Tage", nil), (3_600, "Stunde", "Stunden", nil),
                (60, "Minute", "Minuten", nil), (1, "Sekunde", "Sekunden", nil)],
        // German plurals follow no rule a program can apply to any noun: a value's phrase is said as written.
        and: "und", about: "etwa", symbolAfter: true, takesSingular: { $0 == 1 }, plural: { $0 })

    static let spanish = ResponseLanguage(
        numbers: ["cero", nil, "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"],
        units: [(604_800, "semana", "semanas", "una"), (86_400, "día", "días", "un"), (3_600, "hora", "horas", "una"),
                (60, "minuto", "minutos", "un"), (1, "segundo", "segundos", "un")],
        and: "y", about: "aproximadamente", symbolAfter: true, takesSingular: { $0 == 1 }, plural: RomancePlural.spanish)

    /// Whole numbers up to twelve in words (one as a figure where its word agrees with a gender), others in figures.
    func spoken(_ number: Double) -> String {
        if number == number.rounded(), number >= 0, number < Double(numbers.count), let word = numbers[Int(number)] { return word }
        return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : figure(number)
    }

    /// A number in figures, with the language's decimal mark.
    func figure(_ number: Double) -> String {
        let text = String(number)
        return symbolAfter ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A duration in its largest unit that measures it whole: "ten minutes", "une heure", "90 Sekunden".
    func duration(_ seconds: Double) -> String {
        for unit in units where seconds >= unit.seconds && (seconds / unit.seconds).rounded() == seconds / unit.seconds {
            let count = seconds / unit.seconds
            if count == 1, let one = unit.one { return one + " " + unit.singular }
            return spoken(count) + " " + (takesSingular(count) ? unit.singular : unit.plural)
        }
        return spoken(seconds) + " " + units.last!.plural
    }

    /// "a", "a and b", "a, b and c"; Spanish says "e" before a word that starts with the sound i.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        var conjunction = and
        if conjunction == "y", let last = items.last?.lowercased(), last.hasPrefix("i") || last.hasPrefix("hi") && !last.hasPrefix("hie") {
            conjunction = "e"
        }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// An amount with its currency: "$5" in English, "5 €", "12,50 $" in the others.
    func money(_ amount: Double, currency: String) -> String {
        let symbols = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"]
        let cents = Int64((amount * 100).rounded())
        let fraction = abs(cents % 100)
        var figure = amount == amount.rounded() ? String(Int64(amount)) : "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        guard symbolAfter else { return symbols[currency].map { $0 + figure } ?? "\(figure) \(currency)" }
        figure = figure.replacingOccurrences(of: ".", with: ",")
        return "\(figure) \(symbols[currency] ?? currency)"
    }
}

/// Plurals of French and Spanish noun phrases: the head comes first and the words that agree
/// with it ("soupe à l'oignon" → "soupes à l'oignon", "grande soupe" → "grandes soupes"), so
/// every word before the first preposition takes the plural, each by its language's regular
/// rules with their common exceptions.
enum RomancePlural {
    private static let frenchStops: Set = ["de", "du", "des", "à", "au", "aux", "en", "pour", "avec", "sans", "sur"]
    private static let spanishStops: Set = ["de", "del", "con", "a", "al", "en", "sin", "para", "y", "sobre"]

    static func french(_ phrase: String) -> String { agreeing(phrase, stops: frenchStops, frenchWord) }
    static func spanish(_ phrase: String) -> String { agreeing(phrase, stops: spanishStops, spanishWord) }

    private static func agreeing(_ phrase: String, stops: Set<String>, _ word: (String) -> String) -> String {
        var words = phrase.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices {
            let lower = words[index].lowercased()
            if stops.contains(lower) || lower.hasPrefix("d'") || lower.hasPrefix("d’") || lower.hasPrefix("l'") || lower.hasPrefix("l’") { break }
            words[index] = word(words[index])
        }
        return words.joined(separator: " ")
    }

    /// -s, -x, -z stay; -au, -eau, -eu take -x; -al becomes -aux (but bal, carnaval, festival,
    /// récital, chacal take -s); otherwise -s.
    static func frenchWord(_ word: String) -> String {
        let lower = word.lowercased()
        guard !lower.isEmpty, !["s", "x", "z"].contains(where: lower.hasSuffix) else { return word }
        if lower.hasSuffix("au") || lower.hasSuffix("eu"), !["pneu", "bleu", "landau"].contains(lower) { return word + "x" }
        if lower.hasSuffix("al"), !["bal", "carnaval", "festival", "récital", "chacal", "régal"].contains(lower) { return word.dropLast() + "ux" }
        return word + "s"
    }

    /// A vowel takes -s; -z becomes -ces; -s and -x stay; -ión, -ón, -án, -én, -ín, -ún lose the
    /// accent and take -es; another consonant takes -es.
    static func spanishWord(_ word: String) -> String {
        let lower = word.lowercased()
        guard let last = lower.last else { return word }
        if "aeiouáéó".contains(last) { return word + "s" }
        if last == "z" { return word.dropLast() + "ces" }
        if last == "s" || last == "x" { return word }
        let accented: [Character: Character] = ["á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u"]
        if last == "n", lower.count >= 2, let vowel = accented[lower[lower.index(lower.endIndex, offsetBy: -2)]] {
            var characters = Array(word)
            characters[characters.count - 2] = characters[characters.count - 2].isUppercase ? Character(vowel.uppercased()) : vowel
            return String(characters) + "es"
        }
        return word + "es"
    }
}
