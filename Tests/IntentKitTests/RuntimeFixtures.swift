import Foundation
@testable import IntentKit

/// What the runtime's tests share: the committed model of the current format, the default
/// corpus's held-out utterances, and a fixed moment and calendar that relative dates resolve in.
enum RuntimeFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The model of the newest format (``ModelFixtureTests``), trained on `Fixtures/corpus`.
    static let modelURL = ModelFixtureTests.fixture(ModelFixtureTests.versions.last!)
    static let model = try! NLUModel(contentsOf: modelURL)
    /// The default corpus's 500 held-out utterances, every domain (the model knows three intents).
    static let heldOutUtterances = try! String(contentsOf: directory.appendingPathComponent("held-out-utterances.txt"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
    /// Sunday 22 November 2026, 08:00 UTC.
    static let reference = Date(timeIntervalSince1970: 1_795_334_400)
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
