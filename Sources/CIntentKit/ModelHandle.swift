import Foundation
import IntentKit

/// What an `ik_model *` points to: a parser and the lock that guards replacing it. A parse
/// takes a snapshot (the parser is a value sharing its model), so parses on several threads
/// never wait for each other, and a new vocabulary applies to the parses that start after it.
final class ModelHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var current: IntentParser
    /// The parser without user vocabulary, to set vocabulary on.
    private let base: IntentParser

    init(_ parser: IntentParser) {
        current = parser
        base = parser
    }

    var parser: IntentParser {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func use(_ vocabulary: UserVocabulary?) {
        let next = vocabulary.map { base.using($0) } ?? base
        lock.lock()
        current = next
        lock.unlock()
    }
}
