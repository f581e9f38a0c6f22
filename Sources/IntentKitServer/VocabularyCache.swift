import Foundation
import IntentKit

/// What one user sends beside their utterances: their vocabulary, their shortcut phrases, their
/// history and their reservations.
struct UserContext: Sendable {
    var vocabulary: UserVocabulary?
    var shortcuts: UserShortcuts?
    var history: UserHistory?
    var reservations: UserReservations?
}

/// Users' vocabularies, shortcuts, histories and reservations kept under a client's key (`vocabularyKey`), at most
/// `capacity` of them: when full, the least recently used goes. Nothing else outlives a request.
final class VocabularyCache: @unchecked Sendable {
    private struct Entry {
        var context: UserContext
        var lastUse: UInt64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    func context(for key: String) -> UserContext? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.context
    }

    /// Keeps `context` under `key`: what it holds replaces what was there, what it lacks (a
    /// request that sends only shortcuts) stays.
    func store(_ context: UserContext, for key: String) {
        guard capacity > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if entries[key] == nil && entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            // A linear scan, on insertion only: the cache is small and lookups are the common case.
            entries[oldest] = nil
        }
        let kept = entries[key]?.context
        entries[key] = Entry(context: UserContext(vocabulary: context.vocabulary ?? kept?.vocabulary, shortcuts: context.shortcuts ?? kept?.shortcuts,
                                                  history: context.history ?? kept?.history, reservations: context.reservations ?? kept?.reservations),
                             lastUse: clock)
    }
}
