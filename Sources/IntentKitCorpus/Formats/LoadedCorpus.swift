/// A corpus as read from disk, with what the reader noticed on the way (repairs, warnings).
public struct LoadedCorpus: Sendable {
    /// The corpus.
    public var corpus: Corpus
    /// Located warnings and errors found while reading; errors mean the corpus is incomplete.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(corpus: Corpus, diagnostics: [Diagnostic] = []) {
        self.corpus = corpus
        self.diagnostics = diagnostics
    }
}
