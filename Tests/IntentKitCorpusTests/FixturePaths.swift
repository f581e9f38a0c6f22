import Foundation

/// Paths of test inputs: the fixtures beside this file, the repository's `Corpora/`, and the
/// shared public corpora checked out beside the repository (`../shared/corpora`).
enum FixturePaths {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpora = repository.appendingPathComponent("Corpora")
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/corpora")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    /// Whether `../shared/corpora` is present; tests that need it are skipped, with this reason, when not.
    static var hasSharedCorpora: Bool {
        FileManager.default.fileExists(atPath: shared.appendingPathComponent("snips-split/train/seq.in").path)
    }
    static let sharedMissing: Comment = "../shared/corpora is absent beside the repository; skipping tests on the public SNIPS corpora"

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

import Testing
