import Foundation
import IntentKit
import Testing
@testable import IntentKitCorpus

/// Random corpora with hostile names and text, through every writable format and back: what a
/// format's reader accepts, its writer must write so that it reads back equal.
///
/// Each format gets the corpora it can express: YAML and JSON anything at all (control
/// characters, line separators, brackets, colons, white space at the edges, values); Rasa
/// JSON anything but a value equal to its slot's text (Rasa leaves such a value out); Rasa
/// YAML one line per example without white space at its edges (Rasa strips it); BIO and CoNLL
/// words separated by single spaces, slots on whole words, names without white space, no values.
/// No text starts with U+FEFF, which YAML readers take for a byte-order mark and drop.
@Suite("Round trips of hostile corpora")
struct RoundTripPropertyTests {
    /// Seeded, so a failure names the case that reproduces it.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

        /// Characters that break naive writers: YAML and JSON syntax, annotation syntax,
        /// controls, line separators, the byte-order mark, non-characters, emoji, combining marks.
        static let hostile: [Unicode.Scalar] = Array("[](){}:#-&*!|>'\"%@`,?\\/=~ ".unicodeScalars) + [
            "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{01}", "\u{1B}", "\u{9F}", "\t",
            "é", "ß", "Ω", "中", "🍕", "👍", "\u{301}", "\u{200B}", "\u{00A0}",
        ]
        static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789".unicodeScalars)

        mutating func word(hostile: Bool, allowingWhitespace: Bool) -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + below(6)) {
                var scalar = hostile && below(3) == 0 ? pick(Self.hostile) : pick(Self.plain)
                if !allowingWhitespace && (scalar.properties.isWhitespace || CharacterSet.whitespacesAndNewlines.contains(scalar)) {
                    scalar = pick(Self.plain)
                }
                scalars.append(scalar)
            }
            return String(scalars)
        }
    }

    /// What a format can express.
    struct Expressible {
        var anyText: Bool
        var values: Bool
        var valueMayEqualText: Bool
    }

    static let domains: [(CorpusFormat, String, Expressible)] = [
        (.yaml, "corpus.yaml", Expressible(anyText: true, values: true, valueMayEqualText: true)),
        (.json, "corpus.json", Expressible(anyText: true, values: true, valueMayEqualText: true)),
        (.rasaJSON, "nlu.json", Expressible(anyText: true, values: true, valueMayEqualText: false)),
        (.rasaYAML, "nlu.yml", Expressible(anyText: false, values: true, valueMayEqualText: false)),
        (.bio, "bio", Expressible(anyText: false, values: false, valueMayEqualText: false)),
        (.conll, "corpus.conll", Expressible(anyText: false, values: false, valueMayEqualText: false)),
    ]

    /// A corpus of a few intents and slots, its utterances made of words and slots in `domain`.
    static func corpus(seed: UInt64, domain: Expressible) -> Corpus {
        var random = Generator(state: seed)
        let wordLevel = !domain.anyText
        let intentNames = (0..<2).map { "\($0)" + random.word(hostile: true, allowingWhitespace: false) }
        let slotNames = (0..<3).map { "s\($0)" + random.word(hostile: true, allowingWhitespace: false) }
        var utterances = [Utterance]()
        for index in 0..<6 {
            var text = "", slots = [SlotAnnotation]()
            var length = 0
            func append(_ part: String) {
                text += part
                length += part.unicodeScalars.count
            }
            let parts = 1 + random.below(5)
            for part in 0..<parts {
                if part > 0 { append(wordLevel ? " " : random.pick([" ", "  ", "\n", "\u{2028}", "", "\t"])) }
                let content = random.word(hostile: true, allowingWhitespace: !wordLevel)
                let trimmedEdges = wordLevel || (part > 0 && part < parts - 1)
                let word = trimmedEdges ? content : (random.below(4) == 0 ? " " + content : content)
                if random.below(2) == 0 && !(slots.last.map { $0.range.upperBound == length } ?? false) {
                    let start = length
                    append(word)
                    var value: String?
                    if domain.values && random.below(2) == 0 {
                        value = random.word(hostile: true, allowingWhitespace: false)
                        if !domain.valueMayEqualText && value == word { value = nil }
                    }
                    slots.append(SlotAnnotation(name: random.pick(slotNames), range: start..<length, value: value))
                } else {
                    append(word)
                }
            }
            if !wordLevel && random.below(4) == 0 { append(" ") }
            // YAML readers drop a U+FEFF that starts a string (as a byte-order mark), so no
            // reader ever yields such a text: leave it out.
            if text.unicodeScalars.first == "\u{FEFF}" {
                text = "x " + text
                slots = slots.map { SlotAnnotation(name: $0.name, range: $0.range.lowerBound + 2..<$0.range.upperBound + 2, value: $0.value) }
            }
            // Files list utterances intent by intent.
            utterances.append(Utterance(text: text, intent: intentNames[index * intentNames.count / 6], slots: slots))
        }
        // A slot must not start or end on white space: trim the ranges as readers do.
        utterances = utterances.map { utterance in
            var utterance = utterance
            let scalars = Array(utterance.text.unicodeScalars)
            utterance.slots = utterance.slots.compactMap { slot in
                var lower = slot.range.lowerBound, upper = slot.range.upperBound
                while lower < upper && scalars[lower].properties.isWhitespace { lower += 1 }
                while upper > lower && scalars[upper - 1].properties.isWhitespace { upper -= 1 }
                guard lower < upper else { return nil }
                let covered = String(String.UnicodeScalarView(scalars[lower..<upper]))
                return SlotAnnotation(name: slot.name, range: lower..<upper, value: !domain.valueMayEqualText && slot.value == covered ? nil : slot.value)
            }
            return utterance
        }
        let intents = intentNames.map { name in
            IntentDefinition(name: name, parameters: slotNames.map { Parameter(name: $0, entity: .builtin(.number)) })
        }
        return Corpus(schema: Schema(domains: [Domain(name: "d", intents: intents)]), utterances: utterances)
    }

    @Test(arguments: 0..<domains.count)
    func everyWritableFormatReadsBackWhatItWrote(format index: Int) throws {
        let (format, fileName, domain) = Self.domains[index]
        let rounds = Int(ProcessInfo.processInfo.environment["INTENTKIT_ROUND_TRIP_ROUNDS"] ?? "") ?? 60
        let directory = try FixturePaths.temporaryDirectory()
        for seed in 0..<UInt64(rounds) {
            let original = Self.corpus(seed: seed &* 7919 &+ UInt64(index), domain: domain)
            let url = directory.appendingPathComponent("\(seed)-" + fileName)
            try format.write(original, to: url)
            let loaded = try CorpusFormat.load(at: url, format: format)
            #expect(!loaded.diagnostics.containsErrors, "\(format) seed \(seed): \(loaded.diagnostics)")
            let reread = loaded.corpus
            #expect(reread.utterances == original.utterances, "\(format) seed \(seed)")
            if reread.utterances != original.utterances {
                for (a, b) in zip(original.utterances, reread.utterances) where a != b {
                    Issue.record("\(format) seed \(seed): \(String(reflecting: a.intent)) \(String(reflecting: a.text)) \(a.slots) became \(String(reflecting: b.intent)) \(String(reflecting: b.text)) \(b.slots)")
                }
                return
            }
            #expect(Set(reread.schema.intents.map(\.name)) == Set(original.utterances.map(\.intent)), "\(format) seed \(seed)")
        }
    }
}
