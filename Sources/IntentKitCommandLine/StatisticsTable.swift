import Foundation
import IntentKitCorpus

/// Renders ``CorpusStatistics`` as aligned plain-text tables.
struct StatisticsTable {
    let statistics: CorpusStatistics

    init(_ statistics: CorpusStatistics) { self.statistics = statistics }

    var text: String {
        let s = statistics
        var lines = [
            "utterances      \(s.utterances)",
            "domains         \(s.domains)",
            "intents         \(s.intents)",
            "slot names      \(s.slotNames)",
            "annotations     \(s.slotAnnotations)",
            "entities        \(s.entities.count)",
            "tokens          \(s.tokens)",
            "vocabulary      \(s.vocabularySize)",
            "length (tokens) min \(s.length.minimum), median \(s.length.median), mean \(String(format: "%.1f", s.length.mean)), max \(s.length.maximum)",
        ]
        lines.append("")
        lines += table(["intent", "utterances"], s.utterancesPerIntent.map { [$0.name, "\($0.count)"] })
        if !s.annotationsPerSlot.isEmpty {
            lines.append("")
            lines += table(["slot", "annotations"], s.annotationsPerSlot.map { [$0.name, "\($0.count)"] })
        }
        if !s.entities.isEmpty {
            lines.append("")
            lines += table(["entity", "values", "synonyms", "pronunciations", "open"],
                           s.entities.map { [$0.name, "\($0.values)", "\($0.synonyms)", "\($0.pronunciations)", $0.allowsOtherValues ? "yes" : "no"] })
        }
        return lines.joined(separator: "\n")
    }

    private func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        return [line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
    }
}
