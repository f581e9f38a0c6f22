/// The shortcut stage of a parse: an utterance that is one of the user's shortcut phrases, or
/// (with a similarity threshold and encoded shortcuts) near one, is that shortcut's request.
struct ShortcutMatcher: Sendable {
    /// The user's shortcuts.
    var shortcuts = UserShortcuts()
    /// Whether ``shortcuts`` have vectors from the parser's model's encoder.
    var encoded = false

    /// Whether a near phrasing can match: the stage then needs the utterance's sentence vector.
    func needsSentenceVector(similarity: Double?) -> Bool { similarity != nil && encoded }

    /// The shortcut `tokens` ask for, with the confidence of the match (1 for the phrase itself,
    /// the cosine similarity for a near one); `nil` when none.
    /// - Parameters:
    ///   - sentenceVector: the utterance's sentence vector (``UtteranceEncoder``), if encoded.
    ///   - similarity: the least similarity of a near phrasing; `nil`: only the phrase itself.
    func match(_ tokens: TokenizedText, sentenceVector: [Float]?, similarity: Double?) -> (shortcut: UserShortcut, confidence: Double)? {
        if let shortcut = shortcuts.match(tokens) { return (shortcut, 1) }
        guard let similarity, encoded, let sentenceVector,
              let (shortcut, nearest) = shortcuts.nearest(to: sentenceVector), nearest >= similarity else { return nil }
        return (shortcut, min(nearest, 1))
    }
}
