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
        let summary: ModelSummary
        do {
            summary = try ModelSummary(contentsOf: URL(fileURLWithPath: model))
        } catch {
            StandardError.print(modelErrorMessage(error, path: model))
            throw ExitCode.failure
        }
        var lines = ["\(model): IntentKit model, format \(summary.formatVersion), \(Self.bytes(summary.byteCount)), checksum ok"]
        lines.append("sections:")
        for section in summary.sections {
            lines.append("  \(section.tag)  offset \(String(section.offset).leftPadded(9))  \(Self.bytes(section.byteCount).leftPadded(10))  \(section.name ?? "(unknown to this version)")")
        }
        // Where parsing finds the encoder: in the file when it carries one, else installed.
        let carried = summary.sections.first { $0.tag == ModelFileFormat.Tag.encoderFiles.rawValue }
        let needs = carried.map { "carried in the model, \(Self.bytes($0.byteCount))" } ?? "parsing needs it"
        lines.append("slot tagger: \(counted(summary.slots.count, "slot")), \(counted(summary.labelCount, "label")) (\(summary.labelScheme)), "
                     + "\(counted(summary.featureCount, "feature")), \(counted(summary.weightCount, "weight"))")
        if let clusters = summary.tokenClusters {
            lines.append("token clusters: \(clusters.centroidCounts.map(String.init).joined(separator: ", ")) centroids of the token vectors of "
                         + "\(clusters.encoder.description), from \(clusters.encoder.directory) (\(needs))")
        }
        lines.append("vocabulary: \(counted(summary.vocabularyEntityCount, "entity", "entities")), \(counted(summary.vocabularyPhraseCount, "phrase"))")
        if let classifier = summary.classifier {
            lines.append("intent classifier: \(counted(classifier.intents.count, "intent")), \(counted(classifier.featureCount, "feature"))")
            if let encoder = classifier.encoder {
                lines.append("sentence encoder: \(encoder.description), from \(encoder.directory) (\(needs))")
            }
            let calibration = classifier.outOfScope
            var outOfScope = String(format: "out of scope: temperature %.3f", calibration.temperature)
            outOfScope += calibration.intent.map { ", class '\($0)'" } ?? ", no class"
            outOfScope += calibration.minimumConfidence.map { String(format: ", minimum confidence %.3f", $0) } ?? ", no minimum confidence"
            if calibration.minimumConfidence != nil {
                outOfScope += CompositeIntents(intents: classifier.intents) != nil ? " of the likeliest intent's least certain part"
                    : calibration.confidenceMeasure == .twoLikeliestIntents ? " of the two likeliest intents together" : " of the likeliest intent"
            }
            if let rate = calibration.falseRejectionRate { outOfScope += String(format: " (%.2f %% of held-out in-scope requests rejected)", 100 * rate) }
            lines.append(outOfScope)
        }
        lines.append("schema: \(counted(summary.domains.count, "domain")), \(counted(summary.intents.count, "intent")), \(counted(summary.entities.count, "entity", "entities"))")
        lines.append("language: " + (summary.language ?? "en (the corpus did not say)"))
        for (key, value) in summary.provenance.sorted(by: { $0.key < $1.key }) { lines.append("  \(key): \(value)") }
        print(lines.joined(separator: "\n"))
    }

    private static func bytes(_ count: Int) -> String {
        count < 10_000 ? "\(count) B" : count < 10_000_000 ? "\(count / 1_000) kB" : String(format: "%.1f MB", Double(count) / 1e6)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
