/// The model's vocabulary compiled for matching: the schema's entity values and synonyms, and
/// the phrases annotated as their slots in training, indexed by their tokens. It finds them in
/// an utterance as the vocabulary features of the slot tagger and the intent classifier, as
/// ``TermIndex`` does a ``UserVocabulary``'s terms. (Resolving a slot to a value's identifier
/// goes through the schema's values as a ``UserVocabulary``, in ``EntityResolver``.)
///
/// Phrases are matched on normalised tokens (case, diacritics and typographic quotes folded),
/// so "nest egg" in a vocabulary matches "Nest Egg" in an utterance. Every match is reported,
/// overlapping ones too: they become features, not decisions.
package struct Gazetteer: Sendable, Equatable {
    /// Where a token sits in a matched phrase.
    package enum Position: UInt8, Sendable, CaseIterable {
        case begin, inside, last, unit
    }

    /// One token's part in one match.
    package struct Match: Hashable, Sendable {
        package var token: Int
        package var entity: Int
        var position: Position

        package init(token: Int, entity: Int, position: Position) {
            self.token = token
            self.entity = entity
            self.position = position
        }
    }

    /// The role of a word inside a multi-word phrase, for word entries.
    package enum WordRole: String, CaseIterable, Sendable {
        case first, inner, last
    }

    /// The entity names, indexed by `Match.entity`.
    package let entityNames: [String]
    /// `[entityNames.count]` whether the entity stands for single words of another entity's
    /// phrases (see ``init(entries:entityNames:indexingWords:tokenizer:)``).
    let wordEntities: [Bool]
    /// The longest phrase, in tokens.
    package let maxPhraseLength: Int
    /// Phrase hash (normalised tokens joined by 0x1F) → phrase index; phrases are numbered in
    /// hash order, as model files store them, so loading builds no per-phrase arrays.
    let phraseTable: AttributeTable
    /// The phrase keys (``AttributeTable/key(of:)``) in a filter that stays in cache: most
    /// spans of an utterance are no phrase, and the filter turns most of them away without a
    /// probe of the table (a cache miss each; `matches(in:into:)` tries up to
    /// ``maxPhraseLength`` spans from every token).
    let phraseFilter: KeyFilter
    /// The keys of every proper prefix of a phrase (its first 1…n−1 tokens), ascending: a span
    /// that is no prefix ends the search from its start (``matches(in:into:)``), as a walk down a
    /// trie would. Empty with `prefixFilter` passing everything for models from before format 1.3.
    let prefixKeys: [UInt64]
    /// `prefixKeys` in a filter that stays in cache (or ``KeyFilter/all``, which ends no search).
    let prefixFilter: KeyFilter
    /// `[phrases + 1]` offsets into `phraseEntities`.
    let phraseOffsets: [Int32]
    /// The entity indices of each phrase.
    let phraseEntities: [UInt16]

    /// An empty gazetteer.
    package init() {
        entityNames = []
        wordEntities = []
        maxPhraseLength = 0
        (phraseTable, phraseOffsets, phraseEntities) = Self.flatten([:])
        phraseFilter = Self.filter(of: phraseTable)
        prefixKeys = []
        prefixFilter = .empty
    }

    /// Phrases of more tokens are left out: a value is a name or a short description, and a
    /// phrase of thousands of words (a pasted document) would cost a prefix key a word in every
    /// model and match no utterance.
    package static let maximumPhraseTokens = 64

    /// Builds a gazetteer of `(entity, phrase)` pairs; phrases are tokenized with `tokenizer`;
    /// those past ``maximumPhraseTokens`` are left out.
    ///
    /// - Parameters:
    ///   - entityNames: a fixed numbering of entities (so several gazetteers agree on it);
    ///     entities not listed are numbered after them in order of appearance.
    ///   - indexingWords: also index each word of a multi-word phrase on its own, as the entity
    ///     ``wordEntityName(_:_:)`` with its role (first, inner, last word). A name never seen
    ///     whole often shares words with known ones ("larry heard" and "larry carlton"): word
    ///     entries let the tagger use that, as token-level gazetteers do in NER.
    package init(
        entries: some Sequence<(entity: String, phrase: String)>, entityNames fixed: [String] = [],
        indexingWords: Bool = false, tokenizer: Tokenizer = Tokenizer()
    ) {
        var names = fixed
        var index = [String: UInt16]()
        for (position, name) in fixed.enumerated() { index[name] = UInt16(position) }
        var table = [UInt64: [UInt16]]()
        var prefixes = Set<UInt64>()
        var longest = 0
        var tokens = TokenizedText()
        // Adds the `count` tokens from `start` as a phrase of entity `name`.
        func add(_ name: String, from start: Int, count: Int) {
            let id: UInt16
            if let known = index[name] {
                id = known
            } else {
                id = UInt16(names.count)
                names.append(name)
                index[name] = id
            }
            let key = Self.hash(tokens, from: start, count: count)
            if !(table[key]?.contains(id) ?? false) { table[key, default: []].append(id) }
        }
        for (entity, phrase) in entries {
            tokenizer.tokenize(phrase, into: &tokens)
            guard tokens.count > 0, tokens.count <= Self.maximumPhraseTokens else { continue }
            add(entity, from: 0, count: tokens.count)
            Self.forEachPrefixHash(of: tokens) { count, hash in
                if count < tokens.count { prefixes.insert(AttributeTable.key(of: hash)) }
            }
            longest = max(longest, tokens.count)
            guard indexingWords, tokens.count > 1 else { continue }
            for position in 0..<tokens.count {
                let role: WordRole = position == 0 ? .first : position == tokens.count - 1 ? .last : .inner
                add(Self.wordEntityName(entity, role), from: position, count: 1)
            }
        }
        entityNames = names
        wordEntities = names.map(Self.isWordEntityName)
        maxPhraseLength = longest
        (phraseTable, phraseOffsets, phraseEntities) = Self.flatten(table)
        phraseFilter = Self.filter(of: phraseTable)
        prefixKeys = prefixes.sorted()
        prefixFilter = Self.filter(ofKeys: prefixKeys)
    }

    /// A gazetteer from the arrays a model file stores (``storage``); they must be consistent.
    /// - Parameter prefixKeys: `nil` for a file from before format 1.3, which has none.
    init(
        entityNames: [String], maxPhraseLength: Int, phraseTable: AttributeTable, phraseOffsets: [Int32], phraseEntities: [UInt16],
        prefixKeys: [UInt64]?
    ) {
        self.entityNames = entityNames
        wordEntities = entityNames.map(Self.isWordEntityName)
        self.maxPhraseLength = maxPhraseLength
        self.phraseTable = phraseTable
        self.phraseOffsets = phraseOffsets
        self.phraseEntities = phraseEntities
        phraseFilter = Self.filter(of: phraseTable)
        self.prefixKeys = prefixKeys ?? []
        prefixFilter = prefixKeys.map(Self.filter(ofKeys:)) ?? .all
    }

    private static func filter(ofKeys keys: [UInt64]) -> KeyFilter {
        KeyFilter(fingerprints: { insert in keys.forEach(insert) }, count: keys.count)
    }

    private static func filter(of table: AttributeTable) -> KeyFilter {
        KeyFilter(fingerprints: { insert in table.forEachKey(insert) }, count: table.count)
    }

    /// Phrases numbered in hash order, their entities concatenated.
    private static func flatten(_ table: [UInt64: [UInt16]]) -> (AttributeTable, [Int32], [UInt16]) {
        let sorted = table.sorted { $0.key < $1.key }
        var offsets: [Int32] = [0]
        var entities = [UInt16]()
        for (_, ids) in sorted {
            entities.append(contentsOf: ids)
            offsets.append(Int32(entities.count))
        }
        return (AttributeTable(hashes: sorted.map(\.key)), offsets, entities)
    }

    /// Phrase hashes in hash order, `[phrases + 1]` offsets, the entity indices and the prefix
    /// keys: the model file's vocabulary sections.
    package var storage: (keys: [UInt64], offsets: [Int32], entities: [UInt16], prefixes: [UInt64]) {
        (phraseTable.hashesInIDOrder, phraseOffsets, phraseEntities, prefixKeys)
    }

    /// The entity under which the words of `entity`'s phrases in `role` are indexed.
    package static func wordEntityName(_ entity: String, _ role: WordRole) -> String {
        entity + "\u{1F}" + role.rawValue
    }

    /// The entity whose phrases are the single words of the training utterances, for the
    /// ``FeatureTemplate/knownWords`` template: its matches become vocabulary features like any
    /// entity's. Named like a word entity, so that the intent classifier and user vocabularies
    /// leave it alone.
    package static let knownWordEntity = "\u{1F}word"

    /// The index of ``knownWordEntity`` in `entityNames`, if the gazetteer has known words.
    package var knownWordEntityID: Int? { entityNames.firstIndex(of: Self.knownWordEntity) }

    private static func isWordEntityName(_ name: String) -> Bool { name.unicodeScalars.contains("\u{1F}") }

    /// Whether entity `id` stands for single words of phrases, not for whole phrases.
    @inline(__always)
    func isWordEntity(_ id: Int) -> Bool { wordEntities[id] }

    /// Whether the gazetteer has no phrase.
    var isEmpty: Bool { phraseTable.count == 0 }

    /// The number of distinct phrases.
    var phraseCount: Int { phraseTable.count }

    /// Appends every token of every match in `tokens` to `matches`.
    ///
    /// - Complexity: O(n · m) hash lookups for n tokens and the longest phrase m; from each
    ///   token only as far as the span is a phrase's prefix (about two tokens on SNIPS).
    package func matches(in tokens: TokenizedText, into matches: inout [Match]) {
        guard phraseTable.count > 0 else { return }
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            // Buffer pointers, not slices: a slice of an array retains and releases its storage.
            phraseEntities.withUnsafeBufferPointer { phraseEntities in
            phraseFilter.withView { filter in
                prefixFilter.withView { prefixes in
                    for start in 0..<tokens.count {
                        var hash = FeatureHash(template: 0)
                        for length in 1...min(maxPhraseLength, tokens.count - start) {
                            let range = tokens.tokens[start + length - 1].normalizedRange
                            if length > 1 { hash.combine(0x1F) }
                            hash.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
                            let key = AttributeTable.key(of: hash.value)
                            if filter.mayContain(fingerprint: key), let phrase = phraseTable.id(of: hash.value) {
                                for entity in UnsafeBufferPointer(rebasing: phraseEntities[Int(phraseOffsets[phrase])..<Int(phraseOffsets[phrase + 1])]) {
                                    for offset in 0..<length {
                                        let position: Position = length == 1 ? .unit : offset == 0 ? .begin : offset == length - 1 ? .last : .inside
                                        matches.append(Match(token: start + offset, entity: Int(entity), position: position))
                                    }
                                }
                            }
                            // No phrase goes on from this span: no longer one from `start` matches.
                            if !prefixes.mayContain(fingerprint: key) { break }
                        }
                    }
                }
            }
            }
        }
    }

    /// The hash of `count` normalised tokens from `start`, as ``matches(in:into:)`` computes it.
    /// ``hash(_:from:count:)`` of every prefix of `tokens`, `body(count, hash)` for each count
    /// from 1, in one pass: the hash of a prefix is the running state after its last token, so a
    /// phrase of n words costs n steps, not n²/2.
    static func forEachPrefixHash(of tokens: TokenizedText, _ body: (Int, UInt64) -> Void) {
        var hash = FeatureHash(template: 0)
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            for index in 0..<tokens.count {
                let range = tokens.tokens[index].normalizedRange
                if index > 0 { hash.combine(0x1F) }
                hash.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
                body(index + 1, hash.value)
            }
        }
    }

    static func hash(_ tokens: TokenizedText, from start: Int, count: Int) -> UInt64 {
        var hash = FeatureHash(template: 0)
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            for index in start..<start + count {
                let range = tokens.tokens[index].normalizedRange
                if index > start { hash.combine(0x1F) }
                hash.combine(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
            }
        }
        return hash.value
    }
}
