import Foundation
import IntentKitTraining

/// Prints training's log to stderr for a person: steps always; progress redrawn in place on a
/// terminal, otherwise a line every ten iterations or five seconds, whichever comes first (and
/// the last one before the next step); details and every progress line with `--verbose`;
/// nothing with `--quiet`.
final class TrainingLogPrinter: @unchecked Sendable {
    enum Verbosity { case quiet, normal, verbose }

    private let verbosity: Verbosity
    private let isTerminal: Bool
    private let clock: () -> Date
    private let write: (String) -> Void
    /// A progress line drawn in place, which the next line must first end.
    private var drawn = false
    /// The progress line not printed yet, printed before the next step so the last state shows.
    private var pending: String?
    private var lastPrinted: (iteration: Int, time: Date)?

    init(verbosity: Verbosity, isTerminal: Bool = isatty(2) != 0, clock: @escaping () -> Date = Date.init,
         write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.verbosity = verbosity
        self.isTerminal = isTerminal
        self.clock = clock
        self.write = write
    }

    func show(_ message: TrainingMessage) {
        switch (verbosity, message.level) {
        case (.quiet, _), (.normal, .detail): return
        case (.normal, .progress) where isTerminal:
            write("\r\u{1B}[K" + message.text)
            drawn = true
        case (.normal, .progress):
            showThinnedOut(message)
        case (.normal, _):
            printLine(message.text)
        case (.verbose, _):
            printLine(message.description)
        }
    }

    /// Ends a line drawn in place, or prints the last progress line held back.
    func finish() {
        if drawn { write("\n") }
        drawn = false
        if let pending { write(pending + "\n") }
        pending = nil
        lastPrinted = nil
    }

    /// A message from a person (a note, the summary) in the same stream, after the progress.
    func note(_ text: String) {
        guard verbosity != .quiet else { return }
        printLine(text)
    }

    private func printLine(_ text: String) {
        finish()
        write(text + "\n")
    }

    private func showThinnedOut(_ message: TrainingMessage) {
        let iteration = message.iteration ?? 0, now = clock()
        if let last = lastPrinted {
            // An iteration number that does not grow is the next optimiser's first.
            guard iteration > last.iteration else {
                finish()
                return showThinnedOut(message)
            }
            if iteration - last.iteration < 10 && now.timeIntervalSince(last.time) < 5 {
                pending = message.text
                return
            }
        }
        pending = nil
        write(message.text + "\n")
        lastPrinted = (iteration, now)
    }
}
