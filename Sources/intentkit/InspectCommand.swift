import ArgumentParser
import Foundation
import IntentKit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a model file's header, sections and sizes, and what the model holds.")

    @Argument(help: "The model written by `intentkit train`.", completion: .file())
    var model: String

    func run() throws {
        let url = URL(fileURLWithPath: model)
        let file: ModelFileReader
        let parsed: NLUModel
        do {
            file = try ModelFileReader(contentsOf: url)
            parsed = try NLUModel(reading: file)
        } catch {
            StandardError.print(modelErrorMessage(error, path: model))
            throw ExitCode.failure
        }
        var lines = ["\(model): IntentKit model, format \(ModelFileFormat.majorVersion).\(file.minorVersion), \(Self.bytes(file.size)), checksum ok"]
        lines.append("sections:")
        for section in file.sectionTable {
            let name = ModelFileFormat.Tag(rawValue: section.tag).map { "\($0)" } ?? "(unknown to this version)"
            lines.append("  \(section.tag)  offset \(String(section.range.lowerBound).leftPadded(9))  \(Self.bytes(section.range.count).leftPadded(10))  \(name)")
        }
        let labels = parsed.labels
        lines.append("slot tagger: \(labels.slotNames.count) slots, \(labels.count) labels (\(labels.scheme.rawValue)), "
                     + "\(parsed.attributes.count) features, \(parsed.stateWeightCount) weights")
        lines.append("vocabulary: \(parsed.gazetteer.entityNames.count) entities, \(parsed.gazetteer.phraseCount) phrases")
        if let classifier = parsed.intentClassifier {
            lines.append("intent classifier: \(classifier.intents.count) intents, \(classifier.attributes.count) features")
            if let encoder = classifier.encoder {
                lines.append("sentence encoder: \(encoder), from \(encoder.directory) (parsing needs it)")
            }
            let calibration = classifier.outOfScope
            var outOfScope = String(format: "out of scope: temperature %.3f", calibration.temperature)
            outOfScope += calibration.intent.map { ", class '\($0)'" } ?? ", no class"
            outOfScope += calibration.minimumConfidence.map { String(format: ", minimum confidence %.3f", $0) } ?? ", no minimum confidence"
            if let rate = calibration.falseRejectionRate { outOfScope += String(format: " (%.2f %% of held-out in-scope requests rejected)", 100 * rate) }
            lines.append(outOfScope)
        }
        lines.append("schema: \(parsed.schema.domains.count) domains, \(parsed.schema.intents.count) intents, \(parsed.schema.entities.count) entities")
        for (key, value) in parsed.provenance.sorted(by: { $0.key < $1.key }) { lines.append("  \(key): \(value)") }
        print(lines.joined(separator: "\n"))
    }

    private static func bytes(_ count: Int) -> String {
        count < 10_000 ? "\(count) B" : count < 10_000_000 ? "\(count / 1_000) kB" : String(format: "%.1f MB", Double(count) / 1e6)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
