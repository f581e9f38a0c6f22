/// What an app understands: its domains with their intents and parameters, and the custom
/// entities the parameters are typed by.
public struct Schema: Hashable, Sendable, Codable {
    /// The domains, in declaration order.
    public var domains: [Domain]
    /// The custom entities, in declaration order.
    public var entities: [Entity]
    /// The language of the corpus's utterances, a BCP 47 tag as the corpus declares it (`en`,
    /// `fr`, `de-CH`); `nil` when it does not say, which is read as English. A model records it
    /// with its schema; a parse cannot change it.
    public var language: String?

    /// Creates a schema.
    public init(domains: [Domain] = [], entities: [Entity] = [], language: String? = nil) {
        self.domains = domains
        self.entities = entities
        self.language = language
    }

    /// Whether `tag` is a well-formed BCP 47 language tag of the common shape (RFC 5646 §2.1):
    /// a 2-3 letter language subtag, then subtags of 1-8 letters or digits (script, region,
    /// variant), separated by hyphens (`en`, `fr-CA`, `zh-Hant-TW`, `es-419`).
    public static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `tag` in BCP 47's case conventions (RFC 5646 §2.1.1): the language lowercase, a 4-letter
    /// script titlecase, a 2-letter region uppercase (`FR-ca` → `fr-CA`, `zh-hant` → `zh-Hant`).
    public static func canonicalLanguageTag(_ tag: String) -> String {
        tag.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { index, subtag in
            if index == 0 { return subtag.lowercased() }
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
            if subtag.count == 2, subtag.allSatisfy(\.isLetter) { return subtag.uppercased() }
            return subtag.lowercased()
        }.joined(separator: "-")
    }

    /// The language's primary subtag, lowercased (`fr` of `fr-CA`); `en` when the corpus does
    /// not say.
    public var primaryLanguage: String {
        (language?.split(separator: "-").first).map { $0.lowercased() } ?? "en"
    }

    /// Every intent of every domain, in declaration order.
    public var intents: [IntentDefinition] { domains.flatMap(\.intents) }

    /// The intent named `name`, if any domain declares one.
    public func intent(named name: String) -> IntentDefinition? {
        for domain in domains {
            if let intent = domain.intents.first(where: { $0.name == name }) { return intent }
        }
        return nil
    }

    /// The custom entity named `name`, if declared.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }
}
