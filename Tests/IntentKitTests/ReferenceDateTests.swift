import Foundation
import Testing
@testable import IntentKit

@Suite("Reference dates")
struct ReferenceDateTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// The moments ISO 8601 writes, in the zone unless an offset is given; the same as
    /// Foundation's formatter reads them where both read.
    @Test(arguments: [
        ("2026-12-04", "2026-12-03T23:00:00Z"),
        ("2026-12-04T08:30", "2026-12-04T07:30:00Z"),
        ("2026-12-04T08:30:15", "2026-12-04T07:30:15Z"),
        ("2026-12-04T08:30Z", "2026-12-04T08:30:00Z"),
        ("2026-12-04T08:30-05:00", "2026-12-04T13:30:00Z"),
        ("2026-07-01T12:00", "2026-07-01T10:00:00Z"),   // summer time
        ("2024-02-29", "2024-02-28T23:00:00Z"),
        ("1969-07-20T20:17Z", "1969-07-20T20:17:00Z"),
    ])
    func momentsAreReadInTheirZone(text: String, utc: String) throws {
        let expected = try #require(ISO8601DateFormatter().date(from: utc))
        #expect(ReferenceDate.date(text, in: Self.paris) == expected)
    }

    @Test(arguments: ["20260-12-04", "2026-02-30", "2025-02-29", "2026-13-01", "2026-12-04T24:00", "2026-12-04T08:60",
                      "2026-12-4", "2026-12-04T08:30:15.5", "2026-12-04 08:30", "yesterday", "", "2026-12-04T08:30+5", "２０２６-12-04"])
    func anythingElseIsNotADate(text: String) {
        #expect(ReferenceDate.date(text, in: Self.paris) == nil)
    }
}
