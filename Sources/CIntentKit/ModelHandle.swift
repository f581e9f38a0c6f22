import Foundation
import IntentKit

/// What an `ik_model *` points to: a parser and the lock that guards replacing it. A parse
/// takes a snapshot (the parser is a value sharing its model), so parses on several threads
/// never wait for each other, and a new vocabulary, set of shortcuts or history applies to the parses
/// that start after it.
final class ModelHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var current: IntentParser
    /// The parser without user vocabulary or shortcuts, to set them on.
    private let base: IntentParser
    private var vocabulary: UserVocabulary?
    private var shortcuts: UserShortcuts?
    private var history: UserHistory?

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
        lock.lock()
        self.vocabulary = vocabulary
        rebuild()
        lock.unlock()
    }

    func use(_ shortcuts: UserShortcuts?) {
        lock.lock()
        self.shortcuts = shortcuts
        rebuild()
        lock.unlock()
    }

    func use(_ history: UserHistory?) {
        lock.lock()
        self.history = history
        rebuild()
        lock.unlock()
    }

    /// The parser with the vocabulary, shortcuts and history in use; called with the lock held.
    private func rebuild() {
        var next = base
        if let vocabulary { next = next.using(vocabulary) }
        if let shortcuts { next = next.using(shortcuts) }
        if let history { next = next.using(history) }
        current = next
    }
}
