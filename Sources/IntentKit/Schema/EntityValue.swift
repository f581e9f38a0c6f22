/// One value of a custom entity, modelled on a term of Apple's `AppIntentVocabulary.plist`.
///
/// ```swift
/// EntityValue(identifier: "object-id:456ABCDEF123789", phrase: "SparkleCar",
///             synonyms: ["sparkle ride"], pronunciation: "sparkle car",
///             examples: ["Book me a SparkleCar"])
/// ```
public struct EntityValue: Hashable, Sendable, Codable {
    /// A stable identifier the app understands; defaults to the phrase.
    public var identifier: String
    /// The canonical phrase: what resolution returns.
    public var phrase: String
    /// Other ways people say the value.
    public var synonyms: [String]
    /// How the phrase sounds when it is spelled unusually ("sparkle car" for "SparkleCar").
    public var pronunciation: String?
    /// Example utterances that use the value.
    public var examples: [String]

    /// Creates a value; `identifier` defaults to `phrase`.
    public init(
        identifier: String? = nil, phrase: String, synonyms: [String] = [],
        pronunciation: String? = nil, examples: [String] = []
    ) {
        self.identifier = identifier ?? phrase
        self.phrase = phrase
        self.synonyms = synonyms
        self.pronunciation = pronunciation
        self.examples = examples
    }

    /// The phrase followed by the synonyms: every text that names this value.
    public var allPhrases: [String] { [phrase] + synonyms }
}
