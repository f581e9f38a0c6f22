import Foundation
import Testing

/// `--reservations` as users give it: Examples/trips's corpus and reservations, in UTC.
@Suite("intentkit command line: reservations")
struct ReservationsCommandLineTests: CommandLineRunning {
    @Test func aRequestResolvesToTheReservationItPointsAtAndABadFileIsRefusedWithItsPlace() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-reservations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("trips.model").path
        let utc: [String: String?] = ["TZ": "UTC"]
        let trained = try run(["train", "Examples/trips/corpus.yaml", "--no-encoder", "--output", model], environment: utc)
        #expect(trained.status == 0, "\(trained.stderr)")
        let requests = "is my flight to Rome on time\ncancel Friday's table\nwhen is my flight\nbook me a massage\n"
        let parsed = try run(
            ["parse", "--model", model, "--resolve", "--reservations", "Examples/trips/reservations.yaml", "--reference-date", "2026-12-10T09:00"],
            stdin: Data(requests.utf8), environment: utc)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let reservations = parsed.stdout.split(separator: "\n").map { line -> [String: Any]? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "reservation" }
        }
        #expect(reservations.count == 4)
        #expect((reservations[0]?["value"] as? [String: Any])?["value"] as? String == "flight-to-rome")
        #expect((reservations[1]?["value"] as? [String: Any])?["value"] as? String == "dinner-roscioli")
        // Two flights fit: the user is asked which, soonest first.
        #expect(reservations[2]?["outcome"] as? String == "disambiguation", "\(parsed.stdout)")

        let bad = directory.appendingPathComponent("bad.yaml")
        try Data("- {id: a, category: restaurant, start: \"2026-12-10T19:00+00:00\", place: X}\n- {id: b, category: spaceship, start: \"2026-12-10T19:00+00:00\"}\n".utf8)
            .write(to: bad)
        let refused = try run(["parse", "--model", model, "--resolve", "--reservations", bad.path], stdin: Data("hi\n".utf8), environment: utc)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("\(bad.path):2:21: error: unknown category 'spaceship'"), "\(refused.stderr)")
    }
}
