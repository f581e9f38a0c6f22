import Foundation
import IntentKit

/// What an `ik_model *` points to: a parser and the lock that guards replacing it. A parse
/// takes a snapshot (the parser is a value sharing its model), so parses on several threads
/// never wait for each other, and a new vocabulary, set of shortcuts, history or reservations applies to the parses
/// that start after it.
final class ModelHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var current: IntentParser
    /// The parser without user vocabulary or shortcuts, to set them on.
    private let base: IntentParser
    private var vocabulary: UserVocabulary?
    private var shortcuts: UserShortcuts?
    /// Counts replacements of ``shortcuts``, so that vectors encoded outside the lock go to the
    /// shortcuts they were made for.
    private var shortcutsGeneration = 0
    private var shortcutSimilarity: Double?
    private var history: UserHistory?
    private var reservations: UserReservations?

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
        // The encoder runs once per phrase: outside the lock, so that parses go on meanwhile.
        lock.lock()
        let similarity = shortcutSimilarity
        lock.unlock()
        let ready = similarity == nil ? shortcuts : shortcuts?.encoded(by: base)
        lock.lock()
        self.shortcuts = ready
        shortcutsGeneration += 1
        rebuild()
        lock.unlock()
    }

    /// Matches shortcut phrases said another way at `similarity` (``IntentParser/shortcutSimilarity``), or not (`nil`).
    func use(shortcutSimilarity similarity: Double?) {
        lock.lock()
        let (shortcuts, generation) = (self.shortcuts, shortcutsGeneration)
        lock.unlock()
        let encoded = similarity == nil ? nil : shortcuts?.encoded(by: base)
        lock.lock()
        shortcutSimilarity = similarity
        if let encoded, generation == shortcutsGeneration { self.shortcuts = encoded }
        rebuild()
        lock.unlock()
    }

    func use(_ history: UserHistory?) {
        lock.lock()
        self.history = history
        rebuild()
        lock.unlock()
    }

    func use(_ reservations: UserReservations?) {
        lock.lock()
        self.reservations = reservations
        rebuild()
        lock.unlock()
    }

    /// The parser with the vocabulary, shortcuts, history and reservations in use; called with the lock held.
    private func rebuild() {
        var next = base
        if let vocabulary { next = next.using(vocabulary) }
        next.shortcutSimilarity = shortcutSimilarity
        // Shortcuts set while a similarity was being set, not yet encoded: rare, done here.
        if shortcutSimilarity != nil, let unencoded = shortcuts, !unencoded.isEncoded(by: base) { shortcuts = unencoded.encoded(by: base) }
        if let shortcuts { next = next.using(shortcuts) }
        if let history { next = next.using(history) }
        if let reservations { next = next.using(reservations) }
        current = next
    }
}
