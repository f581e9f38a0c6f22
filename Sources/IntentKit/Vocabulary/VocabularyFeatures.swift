/// Feeds a ``UserVocabulary``'s matches to the slot tagger and the intent classifier as
/// gazetteer matches, numbered as the model's training numbered them: after the gazetteer's own
/// entities for a model with the ``FeatureTemplate/userVocabulary`` template (weights learnt
/// from simulated user vocabularies; training numbers its simulated matches through this type
/// too), otherwise as the gazetteer's own matches, so that what the model learned for "a known
/// artist name starts here" applies to names it never saw.
package struct VocabularyFeatures: Sendable {
    /// The model's entity numbers for one entity type: whole phrases and their words by role.
    package struct EntityIDs: Sendable {
        package var phrase: Int?
        package var first: Int?
        package var inner: Int?
        package var last: Int?
    }

    /// Entity name → its numbers in the model's gazetteer.
    private let ids: [String: EntityIDs]

    /// - Parameter ownFeatures: the model learned features of their own for user vocabularies
    ///   (``FeatureTemplate/userVocabulary``): matches are numbered after the gazetteer's
    ///   entities, as in training; otherwise they stand for the gazetteer's own matches.
    package init(gazetteer: Gazetteer, ownFeatures: Bool = false) {
        let offset = ownFeatures ? gazetteer.entityNames.count : 0
        var number = [String: Int]()
        for (id, name) in gazetteer.entityNames.enumerated() { number[name] = id + offset }
        var ids = [String: EntityIDs]()
        for name in gazetteer.entityNames where !gazetteer.isWordEntity(number[name]! - offset) {
            ids[name] = EntityIDs(
                phrase: number[name], first: number[Gazetteer.wordEntityName(name, .first)],
                inner: number[Gazetteer.wordEntityName(name, .inner)], last: number[Gazetteer.wordEntityName(name, .last)])
        }
        self.ids = ids
    }

    /// Whether the model has vocabulary features for `entity`.
    func knows(_ entity: String) -> Bool { ids[entity] != nil }

    /// The numbers of `entity`'s matches, `nil` when the model has no vocabulary features for it.
    package func ids(of entity: String) -> EntityIDs? { ids[entity] }

    /// Appends the matches of `vocabulary` in `tokens` that `matches` lacks.
    /// - Parameter keys: scratch space, reused across calls.
    func appendMatches(of vocabulary: UserVocabulary, in tokens: TokenizedText, keys: inout UtteranceKeys, into matches: inout [Gazetteer.Match]) {
        keys.compute(tokens, maximumBytes: vocabulary.maximumKeyBytes, phraseFilter: vocabulary.phraseFilter, wordFilter: vocabulary.wordFilter)
        guard !keys.spans.isEmpty || !keys.words.isEmpty else { return }
        for (entity, index) in vocabulary.indices {
            guard let ids = ids[entity] else { continue }
            if let id = ids.phrase {
                index.forEachPhrase(in: keys.spans) { span in
                    let start = Int(span.start), end = Int(span.end)
                    for token in start...end {
                        let position: Gazetteer.Position = start == end ? .unit : token == start ? .begin : token == end ? .last : .inside
                        Self.append(Gazetteer.Match(token: token, entity: id, position: position), to: &matches)
                    }
                }
            }
            guard ids.first != nil || ids.inner != nil || ids.last != nil else { continue }
            index.forEachWordRoles(keys.words) { token, roles in
                if roles.contains(.first), let id = ids.first { Self.append(Gazetteer.Match(token: token, entity: id, position: .unit), to: &matches) }
                if roles.contains(.inner), let id = ids.inner { Self.append(Gazetteer.Match(token: token, entity: id, position: .unit), to: &matches) }
                if roles.contains(.last), let id = ids.last { Self.append(Gazetteer.Match(token: token, entity: id, position: .unit), to: &matches) }
            }
        }
    }

    /// ``appendMatches(of:in:keys:into:)`` with scratch space of its own.
    func appendMatches(of vocabulary: UserVocabulary, in tokens: TokenizedText, into matches: inout [Gazetteer.Match]) {
        var keys = UtteranceKeys()
        appendMatches(of: vocabulary, in: tokens, keys: &keys, into: &matches)
    }

    /// A match the model's vocabulary already made is not counted twice.
    @inline(__always)
    private static func append(_ match: Gazetteer.Match, to matches: inout [Gazetteer.Match]) {
        if !matches.contains(match) { matches.append(match) }
    }
}
