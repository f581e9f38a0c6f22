/// The match stage of a parse: finds the model's vocabulary in the tokens (``Gazetteer``),
/// then the user's terms that the model learned features for (``VocabularyFeatures``).
struct VocabularyMatcher: Sendable {
    let gazetteer: Gazetteer
    let vocabularyFeatures: VocabularyFeatures

    init(model: NLUModel) {
        gazetteer = model.gazetteer
        vocabularyFeatures = VocabularyFeatures(gazetteer: model.gazetteer, ownFeatures: model.features.templates.contains(.userVocabulary))
    }

    /// One caller's scratch space; the matches are the stage's output.
    struct Scratch: Sendable {
        /// The matches of the last utterance: the model's, then the user's.
        var matches: [Gazetteer.Match] = []
        /// The last utterance's keys for user-vocabulary matching, when it was matched against
        /// one; resolution asks them whether a slot's words may be a user's term
        /// (``UtteranceKeys/mayMatch(_:)``).
        var keys = UtteranceKeys()
    }

    /// Matches `tokens` against the model's vocabulary and `vocabulary`, into `scratch.matches`.
    func match(_ tokens: TokenizedText, vocabulary: UserVocabulary, scratch: inout Scratch) {
        scratch.matches.removeAll(keepingCapacity: true)
        gazetteer.matches(in: tokens, into: &scratch.matches)
        if !vocabulary.isEmpty {
            vocabularyFeatures.appendMatches(of: vocabulary, in: tokens, keys: &scratch.keys, into: &scratch.matches)
        }
    }
}
