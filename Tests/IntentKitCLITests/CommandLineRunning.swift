import Foundation
import Testing

/// What `intentkit` did: its exit status and what it printed.
struct CommandLineResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Where the command-line suites find the binary, the repository and the corpora.
enum CommandLinePaths {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/IntentKitCorpusTests/Fixtures")
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/corpora")

    /// The binary sits beside the test bundle in the build products directory.
    static let binary: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("intentkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("intentkit")
    }()
}

/// Runs the built `intentkit` binary as users do: what the command-line suites share.
protocol CommandLineRunning {}

extension CommandLineRunning {
    typealias Result = CommandLineResult
    static var repository: URL { CommandLinePaths.repository }
    static var fixtures: URL { CommandLinePaths.fixtures }
    static var shared: URL { CommandLinePaths.shared }
    static var binary: URL { CommandLinePaths.binary }
    static var hasShared: Bool { FileManager.default.fileExists(atPath: shared.appendingPathComponent("snips2017").path) }

    /// A new empty folder for one test's files.
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    func run(_ arguments: String..., in directory: URL = CommandLinePaths.repository) throws -> Result {
        try run(arguments, in: directory)
    }

    /// Runs `intentkit` with `arguments` in `directory`. Training finds no default sentence
    /// encoder (`INTENTKIT_ENCODER=none`), so that a test trains the words-only tier whatever is
    /// installed, unless `environment` says otherwise (a `nil` value removes a variable).
    func run(
        _ arguments: [String], in directory: URL = CommandLinePaths.repository, stdin input: Data? = nil, environment: [String: String?] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var variables = ProcessInfo.processInfo.environment
        variables["INTENTKIT_ENCODER"] = "none"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        // Read stderr on a thread of its own (not the shared dispatch pool, which parallel tests
        // can fill) so neither pipe can fill up and stall the process.
        nonisolated(unsafe) var stderr = Data()
        let done = DispatchSemaphore(value: 0)
        let errorHandle = err.fileHandleForReading
        Thread.detachNewThread {
            stderr = errorHandle.readDataToEndOfFile()
            done.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `intentkit` with `arguments` and `input` on stdin; its output lines (the last one empty).
    func piping(_ input: String, _ arguments: [String]) throws -> [Substring] {
        let result = try run(arguments, stdin: Data(input.utf8))
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
