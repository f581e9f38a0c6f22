/// One term of a user's vocabulary: a contact, an account, a playlist.
///
/// Modelled on SiriKit's user-specific vocabulary, with the extras of an app-wide
/// `AppIntentVocabulary.plist` term: a pronunciation hint for unusual spellings and other ways of
/// saying it.
///
/// ```swift
/// VocabularyTerm("NestEgg", identifier: "account.nestegg", pronunciation: "nest egg",
///                alternatives: ["my nest egg"])
/// ```
public struct VocabularyTerm: Hashable, Sendable, Codable {
    /// What the user calls it, and what disambiguation shows.
    public var phrase: String
    /// What the app understands (a contact id, an account number); defaults to the phrase.
    public var identifier: String
    /// How the phrase sounds when it is spelled unusually ("eye tunes" for "iTunes").
    public var pronunciation: String?
    /// Other ways of saying it ("Mum" for "Clementine Moreau").
    public var alternatives: [String]

    /// Creates a term; `identifier` defaults to `phrase`.
    public init(_ phrase: String, identifier: String? = nil, pronunciation: String? = nil, alternatives: [String] = []) {
        self.phrase = phrase
        self.identifier = identifier ?? phrase
        self.pronunciation = pronunciation
        self.alternatives = alternatives
    }

    /// The phrase, the pronunciation hint and the alternatives: every text that names the term.
    public var allPhrases: [String] { [phrase] + (pronunciation.map { [$0] } ?? []) + alternatives }
}
