import Foundation

/// Writes messages for people to stderr, keeping stdout for results.
enum StandardError {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
