/// A fixed set of words looked up by ``WordKey`` (see there) or by the word.
struct WordSet: Sequence, ExpressibleByArrayLiteral, Sendable {
    /// The words, in the order given, each once.
    private(set) var words: [String]
    private var index: WordIndex

    init<Words: Sequence<String>>(_ words: Words) {
        var seen = Set<String>()
        self.words = words.filter { seen.insert($0).inserted }
        index = WordIndex(self.words.map(WordKey.init))
    }

    init(arrayLiteral words: String...) { self.init(words) }

    @inline(__always)
    func contains(_ key: WordKey) -> Bool { index.position(of: key) != nil }
    func contains(_ word: String) -> Bool { contains(WordKey(word)) }

    func union<Words: Sequence<String>>(_ other: Words) -> WordSet { WordSet(words + Array(other)) }
    func subtracting<Words: Sequence<String>>(_ other: Words) -> WordSet {
        let removed = Set(other)
        return WordSet(words.filter { !removed.contains($0) })
    }

    func makeIterator() -> IndexingIterator<[String]> { words.makeIterator() }
}
