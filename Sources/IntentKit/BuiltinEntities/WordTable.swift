/// A fixed table from words to values, looked up by ``WordKey`` (see there) or by the word.
struct WordTable<Value: Sendable>: ExpressibleByDictionaryLiteral, Sendable {
    /// The words, in the order given.
    let keys: [String]
    private let values: [Value]
    private let index: WordIndex

    init(_ table: [(String, Value)]) {
        keys = table.map(\.0)
        values = table.map(\.1)
        precondition(Set(keys).count == keys.count, "a word twice in a word table")
        index = WordIndex(keys.map(WordKey.init))
    }

    init(_ table: [String: Value]) { self.init(table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }

    init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }

    @inline(__always)
    subscript(key: WordKey) -> Value? { index.position(of: key).map { values[$0] } }
    subscript(word: String) -> Value? { self[WordKey(word)] }

    /// The words and their values, in the order given.
    var elements: Zip2Sequence<[String], [Value]> { zip(keys, values) }
}
