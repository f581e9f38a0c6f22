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
