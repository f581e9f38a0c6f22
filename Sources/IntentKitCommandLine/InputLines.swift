import ArgumentParser
import Foundation

/// Utterances read line by line from a file descriptor (stdin), strictly as UTF-8.
///
/// A line that is not valid UTF-8 is never turned into U+FFFD replacement characters (which
/// could come out as a slot): it is an error naming the line and the byte, or with `lenient` a
/// warning and the line is skipped. Lines end at `\n`; a `\r` before it is dropped.
///
/// Reads go through a buffer, and `beforeBlocking` runs each time the buffer is empty and the
/// next read may wait for input: a command flushes its output there, so a program that writes
/// one line and waits for the answer gets it at once, while piped input is still answered in
/// large writes.
struct InputLines {
    let name: String
    let lenient: Bool
    private let descriptor: Int32
    private var buffer = [UInt8]()
    private var start = 0
    private var atEnd = false
    private(set) var lineNumber = 0

    init(descriptor: Int32 = STDIN_FILENO, name: String = "stdin", lenient: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.lenient = lenient
    }

    /// The next valid line, or `nil` at the end of the input; throws `ExitCode.failure` after
    /// reporting an invalid line unless `lenient`.
    mutating func next(beforeBlocking: () -> Void = {}) throws -> String? {
        while true {
            guard let bytes = nextLineBytes(beforeBlocking: beforeBlocking) else { return nil }
            lineNumber += 1
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            let offset = Self.firstInvalidOffset(bytes)
            let message = "\(name):\(lineNumber): \(lenient ? "warning" : "error"): invalid UTF-8 at byte \(offset + 1) of the line"
            if !lenient {
                StandardError.print(message + " (pass --lenient to skip such lines)")
                throw ExitCode.failure
            }
            StandardError.print(message + "; line skipped")
        }
    }

    private mutating func nextLineBytes(beforeBlocking: () -> Void) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = buffer[start..<end]
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line.last == 0x0D ? line.dropLast() : line
            }
            // Keep the unfinished line, drop what was consumed, and read more.
            buffer.removeSubrange(0..<start)
            start = 0
            beforeBlocking()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
        }
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput, .error: return offset
            }
        }
    }
}

/// Output for line-by-line answers: collected and written in one call before the input may block.
struct LineOutput {
    private var pending = Data()

    mutating func append(_ line: Data) {
        pending.append(line)
        pending.append(0x0A)
    }

    mutating func append(_ line: String) { append(Data(line.utf8)) }

    mutating func append(_ line: [UInt8]) {
        pending.append(contentsOf: line)
        pending.append(0x0A)
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
