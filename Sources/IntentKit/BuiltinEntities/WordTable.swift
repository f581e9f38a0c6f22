/// A word of the built-in grammars by its 64-bit FNV-1a hash: ``EntityWords`` hashes each word
/// of an utterance once, and every table the grammars look it up in after that costs a probe or
/// two, not a string hash (Swift's `Set<String>` and `Dictionary` hash the string again with
/// SipHash at every lookup, and a date is tried at a word through a few dozen lookups).
///
/// Two words are taken as equal when their hashes are: among the few hundred words of the
/// grammars' tables, an unknown word of an utterance collides with one with a probability of
/// about 10⁻¹⁷ (the birthday bound the feature hashes rely on too).
///
/// A string literal is a key too, and the compiler folds its hash into a constant:
/// `words.key(at: index) == "the"` is one integer comparison.
struct WordKey: Hashable, Sendable, ExpressibleByStringLiteral {
    let value: UInt64

    /// The key of no word: the one past an utterance's end. No table holds it.
    static let none = WordKey(value: 0)

    init(value: UInt64) { self.value = value }

    init(_ word: String) {
        var word = word
        self = word.withUTF8 { WordKey(bytes: $0) }
    }

    @inline(__always)
    init(stringLiteral literal: StaticString) {
        if literal.hasPointerRepresentation {
            self.init(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        } else {
            self.init(String(literal.unicodeScalar))
        }
    }

    @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>) {
        var builder = Builder()
        for byte in bytes { builder.combine(byte) }
        self = builder.key
    }

    /// The key of a word built byte by byte, for a caller that reads the bytes anyway.
    struct Builder {
        private var hash = 0xCBF2_9CE4_8422_2325 as UInt64

        @inline(__always)
        mutating func combine(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }

        /// 0 stands for no word (and an empty slot of a table).
        var key: WordKey { WordKey(value: hash == 0 ? 1 : hash) }
    }
}

/// Where each word of a fixed list is: an open-addressing hash table of ``WordKey``s, probed
/// linearly, at most half full.
private struct WordIndex: Sendable {
    private var slotKeys: [UInt64]
    private var slotPositions: [Int32]
    private var mask: Int

    init(_ keys: [WordKey]) {
        var capacity = 8
        while capacity < 2 * keys.count { capacity *= 2 }
        mask = capacity - 1
        slotKeys = Array(repeating: 0, count: capacity)
        slotPositions = Array(repeating: -1, count: capacity)
        for (position, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.value) & mask
            while slotKeys[slot] != 0 { slot = (slot + 1) & mask }
            slotKeys[slot] = key.value
            slotPositions[slot] = Int32(position)
        }
    }

    /// The position of `key` in the list, or `nil`.
    @inline(__always)
    func position(of key: WordKey) -> Int? {
        var slot = Int(truncatingIfNeeded: key.value) & mask
        while true {
            let found = slotKeys[slot]
            // An empty slot first: ``WordKey/none`` (0) is in no table.
            if found == 0 { return nil }
            if found == key.value { return Int(slotPositions[slot]) }
            slot = (slot + 1) & mask
        }
    }
}

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
