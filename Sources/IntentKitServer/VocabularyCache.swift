import Foundation
import IntentKit

/// User vocabularies kept under a client's key (`vocabularyKey`), at most `capacity` of them:
/// when full, the least recently used goes. Nothing else outlives a request.
final class VocabularyCache: @unchecked Sendable {
    private struct Entry {
        var vocabulary: UserVocabulary
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

    func vocabulary(for key: String) -> UserVocabulary? {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.vocabulary
    }

    /// Keeps `vocabulary` under `key`, replacing what was there.
    func store(_ vocabulary: UserVocabulary, for key: String) {
        guard capacity > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if entries[key] == nil && entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            // A linear scan, on insertion only: the cache is small and lookups are the common case.
            entries[oldest] = nil
        }
        entries[key] = Entry(vocabulary: vocabulary, lastUse: clock)
    }
}
