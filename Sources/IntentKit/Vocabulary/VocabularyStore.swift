import Foundation

/// A user vocabulary shared by running parsers and changed under them: the app sets, adds and
/// removes terms as the user's contacts and accounts change, and the next parse sees the change.
///
/// Readers take the current vocabulary (a value) under a lock held for a copy of a few
/// references; writers compile outside that lock, one writer at a time, then swap the new value
/// in, so a parse never waits for a 100,000-term compilation.
///
/// ```swift
/// let store = VocabularyStore()
/// let parser = try IntentParser(contentsOf: url).using(store)
/// store.update { $0.removeTerms(withIdentifiers: ["contact-17"], for: "contact") }
/// ```
public final class VocabularyStore: @unchecked Sendable {
    // @unchecked: `current` is only read and written under `lock`; `writer` serialises updates.
    private var current: UserVocabulary
    private let lock = NSLock()
    private let writer = NSLock()

    /// A store holding `vocabulary`.
    public init(_ vocabulary: UserVocabulary = UserVocabulary()) {
        current = vocabulary
    }

    /// The vocabulary now.
    public var vocabulary: UserVocabulary {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Changes the vocabulary; parses that start after this returns see the change.
    public func update<Result>(_ body: (inout UserVocabulary) throws -> Result) rethrows -> Result {
        writer.lock()
        defer { writer.unlock() }
        var vocabulary = self.vocabulary
        let result = try body(&vocabulary)
        lock.lock()
        current = vocabulary
        lock.unlock()
        return result
    }

    /// Replaces the whole vocabulary.
    public func replace(with vocabulary: UserVocabulary) {
        update { $0 = vocabulary }
    }
}
