/// A user's own terms — contacts, accounts, playlists — per entity type, each list in priority
/// order (favourites first, then recent, then the rest), handed to an ``IntentParser`` at run
/// time: no retraining.
///
/// Terms are compiled when they are set: matching them in an utterance costs a few hash probes a
/// token however many there are, and each term costs about 70 bytes. A vocabulary is a value;
/// give a parser a new one with ``IntentParser/using(_:)-(UserVocabulary)``, or share one that
/// changes under running parsers through a ``VocabularyStore``.
///
/// ```swift
/// var vocabulary = UserVocabulary()
/// vocabulary.setTerms([VocabularyTerm("Buttercup Jones", identifier: "contact-17"),
///                      VocabularyTerm("Buttercup Smith", identifier: "contact-42")], for: "contact")
/// let personal = parser.using(vocabulary)
/// ```
public struct UserVocabulary: Sendable {
    /// Entity name → its compiled terms.
    var indices: [String: TermIndex] = [:] {
        didSet { maximumKeyBytes = indices.values.reduce(0) { max($0, $1.maximumKeyBytes) } }
    }
    /// The longest phrase key of any entity type, in normalised bytes.
    private(set) var maximumKeyBytes = 0
    private let tokenizer = Tokenizer()

    /// An empty vocabulary.
    public init() {}

    /// A vocabulary of `terms` per entity name.
    public init(_ terms: [String: [VocabularyTerm]]) {
        for (entity, list) in terms { setTerms(list, for: entity) }
    }

    /// Replaces the terms of `entity` with `terms`, highest priority first (SiriKit's
    /// `setVocabularyStrings(_:of:)`).
    public mutating func setTerms(_ terms: [VocabularyTerm], for entity: String) {
        indices[entity] = terms.isEmpty ? nil : TermIndex(terms: terms, tokenizer: tokenizer)
    }

    /// Adds `terms` after the existing terms of `entity`; a term whose identifier is already
    /// there replaces the old one in its place.
    public mutating func addTerms(_ terms: [VocabularyTerm], for entity: String) {
        var current = self.terms(for: entity)
        var position = [String: Int]()
        for (index, term) in current.enumerated() where position[term.identifier] == nil { position[term.identifier] = index }
        for term in terms {
            if let index = position[term.identifier] {
                current[index] = term
            } else {
                position[term.identifier] = current.count
                current.append(term)
            }
        }
        setTerms(current, for: entity)
    }

    /// Removes the terms of `entity` with these identifiers (deleted contacts, closed accounts);
    /// the next parse no longer finds them.
    public mutating func removeTerms(withIdentifiers identifiers: Set<String>, for entity: String) {
        guard let index = indices[entity] else { return }
        let kept = index.filtered(tokenizer: tokenizer) { !identifiers.contains(index.identifier($0)) }
        indices[entity] = kept.count == 0 ? nil : kept
    }

    /// Removes every term of `entity`.
    public mutating func removeAllTerms(for entity: String) {
        indices[entity] = nil
    }

    /// Removes every term.
    public mutating func removeAll() {
        indices = [:]
    }

    /// The terms of `entity`, highest priority first.
    public func terms(for entity: String) -> [VocabularyTerm] {
        guard let index = indices[entity] else { return [] }
        return (0..<index.count).map(index.term)
    }

    /// The entity types that have terms, sorted.
    public var entityNames: [String] { indices.keys.sorted() }

    /// The number of terms over all entity types.
    public var termCount: Int { indices.values.reduce(0) { $0 + $1.count } }

    /// Whether there is no term.
    public var isEmpty: Bool { indices.isEmpty }

    /// Bytes of memory the compiled terms hold.
    public var byteCount: Int { indices.values.reduce(0) { $0 + $1.byteCount } }

    /// What a vocabulary lookup found for a slot's words.
    public enum Match: Hashable, Sendable {
        /// Terms one of whose phrases is the slot's text (case, diacritics and spacing aside, or
        /// through a pronunciation hint), highest priority first.
        case exact([Candidate])
        /// Terms whose words include the slot's words, some maybe within an edit ("Buttercup" →
        /// "Buttercup Jones"), highest priority first.
        case partial([Candidate], edited: Bool)
    }

    /// A term a lookup found.
    public struct Candidate: Hashable, Sendable {
        /// The term's identifier.
        public var identifier: String
        /// The term's phrase.
        public var phrase: String
        public init(identifier: String, phrase: String) {
            self.identifier = identifier
            self.phrase = phrase
        }
    }

    /// Looks up the words `tokens[range]` among the terms of `entity`: exact phrases first, then
    /// words; at most `limit` candidates (distinct identifiers), highest priority first.
    /// - Parameter allowingEdits: let one word of four letters or more match within one edit.
    public func lookup(_ tokens: TokenizedText, range: Range<Int>, entity: String, limit: Int = 10, allowingEdits: Bool = true) -> Match? {
        guard let index = indices[entity], !range.isEmpty else { return nil }
        func candidates(_ terms: some Sequence<UInt32>) -> [Candidate] {
            var seen = Set<String>(), result = [Candidate]()
            for term in terms where result.count < limit {
                let identifier = index.identifier(Int(term))
                if seen.insert(identifier).inserted { result.append(Candidate(identifier: identifier, phrase: index.phrase(Int(term)))) }
            }
            return result
        }
        let exact = index.exactTerms(tokens, range: range)
        if !exact.isEmpty { return .exact(candidates(exact)) }
        guard let partial = index.partialTerms(tokens, range: range, maximumFuzzyWords: allowingEdits ? 1 : 0) else { return nil }
        return .partial(candidates(partial.terms), edited: partial.edited)
    }

    /// Looks up `text` among the terms of `entity` (see ``lookup(_:range:entity:limit:)``).
    public func lookup(_ text: String, entity: String, limit: Int = 10) -> Match? {
        let tokens = tokenizer.tokenize(text)
        return lookup(tokens, range: 0..<tokens.count, entity: entity, limit: limit)
    }
}
