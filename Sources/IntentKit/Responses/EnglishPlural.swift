/// The plural of an English noun phrase: its last word made plural, by the regular rules
/// (-s, -es after a sibilant, -ies after a consonant and y) with the common irregular and
/// invariant nouns, keeping the word's capitalisation.
enum EnglishPlural {
    private static let irregular = ["person": "people", "child": "children", "man": "men", "woman": "women", "tooth": "teeth",
                                    "foot": "feet", "mouse": "mice", "goose": "geese", "leaf": "leaves", "loaf": "loaves",
                                    "knife": "knives", "life": "lives", "potato": "potatoes", "tomato": "tomatoes"]
    private static let invariant: Set = ["sheep", "fish", "deer", "series", "species", "rice", "news", "sushi",
                                         "salmon", "shrimp", "bread", "pasta", "tea", "coffee", "water", "juice"]

    static func plural(of phrase: String) -> String {
        guard let lastSpace = phrase.lastIndex(of: " ") else { return pluralWord(phrase) }
        return phrase[...lastSpace] + pluralWord(String(phrase[phrase.index(after: lastSpace)...]))
    }

    private static func pluralWord(_ word: String) -> String {
        let lower = word.lowercased()
        guard !lower.isEmpty, !invariant.contains(lower) else { return word }
        if let plural = irregular[lower] { return matchCase(plural, of: word) }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        if lower.hasSuffix("y"), lower.count > 1, !vowels.contains(lower[lower.index(lower.endIndex, offsetBy: -2)]) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }

    private static func matchCase(_ plural: String, of word: String) -> String {
        word.first?.isUppercase == true ? plural.prefix(1).uppercased() + plural.dropFirst() : plural
    }
}
