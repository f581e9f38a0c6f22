import ArgumentParser
import Foundation

/// Writes a report file atomically; on failure prints the path and reason and exits with status 1.
func writeOutput(_ data: Data, to path: String) throws {
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        StandardError.print("\(path): error: cannot write: \(error.localizedDescription)")
        throw ExitCode.failure
    }
}

/// Refuses, before any work, an output that could not be written: a missing or unwritable
/// folder, a directory where a file goes (or a file where a directory goes, for `directory`
/// outputs), or, without `force`, a read-only file. The message names the path, the reason and
/// `consequence` ("nothing was trained").
func checkOutputPath(_ output: String, force: Bool, directory: Bool = false, consequence: String) throws {
    func refuse(_ reason: String) throws -> Never {
        StandardError.print("\(output): error: \(reason); \(consequence)")
        throw ExitCode.failure
    }
    let url = URL(fileURLWithPath: output)
    let folder = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        try refuse("the folder \(folder) does not exist")
    }
    guard access(folder, W_OK) == 0 else { try refuse("the folder \(folder) is not writable") }
    guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
    if directory {
        if !isDirectory.boolValue { try refuse("is a file; this format writes a directory") }
        return
    }
    if isDirectory.boolValue { try refuse("is a directory; name the file to write") }
    // The mode bits, not access(2) alone: for root every file is writable.
    let mode = (try? FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int) ?? 0o644
    if (access(output, W_OK) != 0 || mode & 0o222 == 0) && !force {
        try refuse("is read-only; pass --force to replace it")
    }
}
