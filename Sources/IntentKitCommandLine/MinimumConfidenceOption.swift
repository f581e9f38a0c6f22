import ArgumentParser
import IntentKit

/// `--min-confidence P`, shared by `parse` and `evaluate`: the parser's out-of-scope threshold.
struct MinimumConfidenceOption: ParsableArguments {
    @Option(name: .customLong("min-confidence"), help: ArgumentHelp(
        "Answer out of scope (no intent, no slots; the likeliest intents as alternatives) when the likeliest intent's probability (the two likeliest intents' summed, in a model trained with --confidence-measure two-likeliest) is below P, from 0 to 1 (default: the model's, calibrated in training; 0: never).",
        valueName: "P"))
    var minimumConfidence: Double?

    func validate() throws {
        if let minimumConfidence, !(0...1).contains(minimumConfidence) {
            throw ValidationError("--min-confidence must be a probability from 0 to 1")
        }
    }

    /// `parser` with the threshold asked for, or as it is.
    func apply(to parser: IntentParser) -> IntentParser {
        guard let minimumConfidence else { return parser }
        var parser = parser
        parser.minimumConfidence = minimumConfidence > 0 ? minimumConfidence : nil
        return parser
    }
}
