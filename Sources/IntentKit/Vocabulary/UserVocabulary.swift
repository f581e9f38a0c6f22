/// A user's own terms — contacts, accounts, playlists — per entity type, each list in priority
/// order (favourites first, then recent, then the rest), handed to an ``IntentParser`` at run
/// time: no retraining.
///
/// Terms are compiled when they are set: matching them in an utterance costs a few hash probes a
/// token however many there are, and each term costs under 80 bytes. A vocabulary is a value;
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
        didSet { compileFilters() }
    }
    /// The longest phrase key of any entity type, in normalised bytes.
    private(set) var maximumKeyBytes = 0
    /// The phrase keys and the word keys of every entity type: an utterance's span or word is
    /// tested once, not once an entity type (``UtteranceKeys``).
    private(set) var phraseFilter = KeyFilter.empty
    private(set) var wordFilter = KeyFilter.empty
    private let tokenizer = Tokenizer()

    /// An empty vocabulary.
    public init() {}

    /// A vocabulary of `terms` per entity name.
    public init(_ terms: [String: [VocabularyTerm]]) {
        setTerms(terms)
    }

    /// Replaces the terms of each entity type in `terms` (an empty list removes that type's);
    /// other entity types keep theirs. Entity types compile two at a time.
    public mutating func setTerms(_ terms: [String: [VocabularyTerm]]) {
        let lists = terms.sorted { $0.value.count > $1.value.count }
        guard lists.count > 1, lists.reduce(0, { $0 + $1.value.count }) >= 2_048 else {
            for (entity, list) in lists { setTerms(list, for: entity) }
            return
        }
        // Largest first onto the less loaded of two threads: whole compilations run side by
        // side, their sequential parts (laying out text, grouping keys) as well.
        var halves: ([(String, [VocabularyTerm])], [(String, [VocabularyTerm])]) = ([], [])
        var loads = (0, 0)
        for (entity, list) in lists {
            if loads.0 <= loads.1 { halves.0.append((entity, list)); loads.0 += list.count } else { halves.1.append((entity, list)); loads.1 += list.count }
        }
        let tokenizer = self.tokenizer
        func compile(_ lists: [(String, [VocabularyTerm])]) -> [(String, TermIndex?)] {
            lists.map { entity, list in (entity, list.isEmpty ? nil : TermIndex(terms: list, tokenizer: tokenizer, parallel: false)) }
        }
        let (first, second) = inParallel({ compile(halves.0) }, { compile(halves.1) })
        var indices = self.indices
        for (entity, index) in first + second { indices[entity] = index }
        self.indices = indices
    }

    private mutating func compileFilters() {
        let indices = Array(self.indices.values)
        maximumKeyBytes = indices.reduce(0) { max($0, $1.maximumKeyBytes) }
        phraseFilter = KeyFilter(fingerprints: { insert in indices.forEach { $0.forEachPhraseFingerprint(insert) } },
                                 count: indices.reduce(0) { $0 + $1.keyCounts.phrases })
        wordFilter = KeyFilter(fingerprints: { insert in indices.forEach { $0.forEachWordFingerprint(insert) } },
                               count: indices.reduce(0) { $0 + $1.keyCounts.words })
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
    public var byteCount: Int { indices.values.reduce(phraseFilter.byteCount + wordFilter.byteCount) { $0 + $1.byteCount } }

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
    /// - Parameters:
    ///   - tokens: the utterance, tokenized.
    ///   - range: the token indices of the words to look up.
    ///   - entity: the entity type whose terms to search.
    ///   - limit: the most candidates to return.
    ///   - allowingEdits: let one word of four letters or more match within one edit.
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

    /// The identifier of the first term of `entity` one of whose phrases is `tokens[range]`
    /// (as an ``Match/exact(_:)`` lookup finds them), `nil` when none is.
    func exactIdentifier(_ tokens: TokenizedText, range: Range<Int>, entity: String) -> String? {
        guard let index = indices[entity], !range.isEmpty, let term = index.exactTerms(tokens, range: range).first else { return nil }
        return index.identifier(Int(term))
    }

    /// Looks up `text` among the terms of `entity` (see ``lookup(_:range:entity:limit:allowingEdits:)``).
    public func lookup(_ text: String, entity: String, limit: Int = 10) -> Match? {
        let tokens = tokenizer.tokenize(text)
        return lookup(tokens, range: 0..<tokens.count, entity: entity, limit: limit)
    }
}
