/// A line of training's log, with how much a reader needs it.
///
/// `intentkit train` shows steps, and progress now and then (redrawn in place on a terminal);
/// `--verbose` adds every progress line and the details; `--quiet` shows none of them.
public struct TrainingMessage: Sendable, CustomStringConvertible {
    public enum Level: Int, Sendable, Comparable {
        /// What training is doing and what it chose: a stage done, the setting searched out,
        /// the out-of-scope calibration.
        case step
        /// How far an optimiser has come: one line per iteration.
        case progress
        /// What explains a choice: each candidate setting's held-out scores, the loss and the
        /// gradient's norm, figures of the intermediate stages.
        case detail

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var level: Level
    public var text: String
    /// What a reader who asked for details also sees at the end of the line: the loss and the
    /// gradient's norm of an iteration, the figures behind a step's choice.
    public var details: String?
    /// For progress lines: the iteration they report, so that a reader can thin them out.
    public var iteration: Int?

    public init(_ level: Level, _ text: String, details: String? = nil, iteration: Int? = nil) {
        self.level = level
        self.text = text
        self.details = details
        self.iteration = iteration
    }

    /// The text with its details.
    public var description: String { details.map { "\(text) (\($0))" } ?? text }
}
