import Foundation
import Testing
@testable import IntentKit

/// The built-in values corpus (`../shared/corpora/builtin-values/rustling-en.jsonl`): every
/// phrase gets the same value from the extractor on raw text and from slot resolution
/// (``EntityResolver``), so a slot the tagger marks never means something other than what
/// `intentkit entities` says. How many are right is `scripts/gates/builtin-values`' to say.
@Suite("Built-in values corpus", .enabled(if: BuiltinValuesCorpus.isPresent, BuiltinValuesCorpus.missing))
struct BuiltinValuesCorpusTests {
    @Test func extractionAndSlotResolutionAgreeOnEveryPhrase() throws {
        let extractor = BuiltinEntityExtractor(calendar: BuiltinValuesCorpus.calendar)
        let resolver = EntityResolver(schema: Schema())
        let phrases = try BuiltinValuesCorpus.phrases()
        #expect(phrases.count == 538)
        var agreeing = 0
        for (kind, text) in phrases {
            let tokens = Tokenizer().tokenize(text)
            let resolved = resolver.resolve(tokens, tokens: 0..<tokens.count, entity: .builtin(kind),
                                            reference: BuiltinValuesCorpus.reference, calendar: BuiltinValuesCorpus.calendar)
            let extracted = extractor.extract(from: tokens, reference: BuiltinValuesCorpus.reference)
            // What the extractor says the phrase is: its one match of that kind, with at most the
            // framing words ("for", "in", "the", …) around it.
            let whole = extracted.count == 1 && extracted[0].kind == kind && BuiltinValuesCorpus.onlyFraming(around: extracted[0].range, in: text)
            let value = whole ? extracted[0].value : nil
            #expect(resolved == value, "\(kind.rawValue) \"\(text)\": resolved \(resolved.map(\.readableDescription) ?? "nil"), extracted \(extracted.map { "\($0.kind.rawValue) \($0.text) \($0.value.readableDescription)" })")
            if resolved == value { agreeing += 1 }
        }
        #expect(agreeing == phrases.count)
    }
}

enum BuiltinValuesCorpus {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpora/builtin-values/rustling-en.jsonl")
    static var isPresent: Bool { FileManager.default.fileExists(atPath: file.path) }
    static let missing: Comment = "../shared/corpora/builtin-values is absent beside the repository"

    /// Tuesday 2013-02-12 04:30:00 UTC, Duckling's and rustling's reference moment.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let reference = calendar.date(from: DateComponents(year: 2013, month: 2, day: 12, hour: 4, minute: 30))!

    /// The kind and text of every line.
    static func phrases() throws -> [(kind: BuiltinEntity, text: String)] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        return try lines.enumerated().map { number, line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let dimension = object?["dim"] as? String, let kind = BuiltinEntity(rawValue: dimension), let text = object?["text"] as? String else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file.path):\(number + 1): no dim or text"])
            }
            return (kind, text)
        }
    }

    /// Words around an expression that frame it without changing its value.
    private static let framing: Set<String> = ["for", "during", "in", "at", "@", "on", "the", "of", "by"]

    /// Whether the text outside `range` (Unicode-scalar offsets) is framing words alone.
    static func onlyFraming(around range: Range<Int>, in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var outside = String.UnicodeScalarView()
        outside.append(contentsOf: scalars[..<range.lowerBound])
        outside.append(" ")
        outside.append(contentsOf: scalars[range.upperBound...])
        return String(outside).lowercased().split(separator: " ").allSatisfy { framing.contains(String($0)) }
    }
}
