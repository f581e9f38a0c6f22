/// A word of the built-in grammars by its 64-bit FNV-1a hash (``Builder``): ``EntityWords`` hashes each word
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

    /// The key of a word built byte by byte, for a caller that reads the bytes anyway: the
    /// features' FNV-1a (``FeatureHash``) under template 0. Keys live only while a process runs;
    /// no file holds one.
    struct Builder {
        private var hash = FeatureHash(template: 0)

        @inline(__always)
        mutating func combine(_ byte: UInt8) { hash.combine(byte) }

        /// 0 stands for no word (and an empty slot of a table).
        var key: WordKey { WordKey(value: hash.value == 0 ? 1 : hash.value) }
    }
}
