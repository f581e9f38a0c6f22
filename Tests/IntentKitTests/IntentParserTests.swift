import Foundation
import Testing
@testable import IntentKit

/// The runtime entry point end to end, on the current-format fixture model (a slice of the
/// default corpus, `Fixtures/models`) and the default corpus's held-out utterances.
@Suite("Intent parser")
struct IntentParserTests {
    static let model = RuntimeFixtures.model
    static let modelURL = RuntimeFixtures.modelURL
    static let utterances = RuntimeFixtures.heldOutUtterances
    static let reference = RuntimeFixtures.reference
    static var calendar: Calendar { RuntimeFixtures.calendar }

    @Test func parsesIntentSlotsAndResolvedValues() throws {
        let parser = IntentParser(model: Self.model)
        let parse = parser.parse("send Buttercup 85 bucks for rainbow polish", alternatives: 2, reference: Self.reference, calendar: Self.calendar)
        #expect(parse.intent == "SendPayment")
        #expect(parse.confidence > 0.5 && parse.confidence <= 1)
        #expect(parse.alternatives.count == 2 && parse.alternatives.allSatisfy { $0.confidence <= parse.confidence })
        let amount = try #require(parse.slots.first { $0.name == "amount" })
        #expect(amount.text == "85 bucks" && amount.range == 15..<23)
        #expect(amount.value == .amountOfMoney(85, currency: "USD"))
        #expect(amount.confidence > 0 && amount.confidence <= 1)
        #expect(parse.slots.first { $0.name == "payee" }?.text == "Buttercup")
    }

    /// A built-in slot takes its value from the whole expression that holds it, unless that
    /// expression holds another slot too; a slot the extractor cannot cover resolves alone.
    @Test func aBuiltinSlotResolvesThroughTheExpressionAroundIt() throws {
        let parser = IntentParser(model: Self.model)
        let tokens = Tokenizer().tokenize("book it for next friday at 8:30 pm please")
        let atEight = 5..<7  // "at 8:30"
        #expect(tokens.text(at: atEight.lowerBound) == "at" && tokens.text(at: atEight.upperBound - 1) == "8:30")
        // The slots' Unicode-scalar ranges, as the tagger gives them.
        func scalars(_ text: TokenizedText, _ range: Range<Int>) -> Range<Int> {
            text.tokens[range.lowerBound].range.lowerBound..<text.tokens[range.upperBound - 1].range.upperBound
        }
        let resolver = parser.slotResolver
        let value = resolver.slotValue(of: atEight, entity: .builtin(.dateTime), lookup: nil, tokens: tokens, slotRanges: [scalars(tokens, atEight)],
                                       reference: ReferenceMoment.date, calendar: ReferenceMoment.calendar)
        #expect(value?.readableDescription == "2026-11-27T20:30 (minute)")
        // "friday" a slot of its own: the expression holds both, so "at 8:30" resolves alone.
        let alone = resolver.slotValue(of: atEight, entity: .builtin(.dateTime), lookup: nil, tokens: tokens,
                                       slotRanges: [scalars(tokens, atEight), scalars(tokens, 3..<5)],
                                       reference: ReferenceMoment.date, calendar: ReferenceMoment.calendar)
        #expect(alone?.readableDescription == "2026-11-22T08:30 (minute)")
        // "about 20 euros": an approximate amount, whole.
        let money = Tokenizer().tokenize("send about 20 euros")
        #expect(resolver.slotValue(of: 1..<4, entity: .builtin(.amountOfMoney), lookup: nil, tokens: money, slotRanges: [scalars(money, 1..<4)],
                                   reference: ReferenceMoment.date, calendar: ReferenceMoment.calendar)
                == .approximate(.amountOfMoney(20, currency: "EUR")))
    }

    @Test func slotsStayWithinThePredictedIntentsParameters() {
        let parser = IntentParser(model: Self.model)
        var workspace = parser.makeWorkspace()
        for text in Self.utterances {
            let parse = parser.parse(text, workspace: &workspace, reference: Self.reference, calendar: Self.calendar)
            let allowed = Self.model.intentSlots[parse.intent ?? ""] ?? []
            #expect(parse.slots.allSatisfy { allowed.contains($0.name) }, "\(text)")
        }
        #expect(Self.model.intentSlots["SendPayment"]?.isSuperset(of: ["payee", "amount"]) == true)
    }

    /// With reranking, the tagger only decides between the classifier's top two, only when the
    /// runner-up passes the threshold, and only by moving probability between those two.
    @Test func theTaggerRerankesOnlyCloseCallsBetweenTheTopTwo() {
        var plain = IntentParser(model: Self.model)
        plain.intentReranking = false
        let joint = IntentParser(model: Self.model)
        var never = joint
        never.rerankingThreshold = 2  // no runner-up is that likely
        var reranked = 0, changed = 0
        for text in Self.utterances {
            let before = plain.parse(text, alternatives: 6, reference: Self.reference, calendar: Self.calendar)
            let after = joint.parse(text, alternatives: 6, reference: Self.reference, calendar: Self.calendar)
            #expect(never.parse(text, alternatives: 6, reference: Self.reference, calendar: Self.calendar) == before)
            // (Out of scope, the alternatives are the intents the parse turned down.)
            guard !before.isOutOfScope, !after.isOutOfScope else { continue }
            guard let runnerUp = before.alternatives.first, runnerUp.confidence >= Double(joint.rerankingThreshold) else {
                #expect(after == before, "\(text)")
                continue
            }
            reranked += 1
            let topTwo = Set([before.intent!, runnerUp.intent])
            #expect(topTwo.contains(after.intent!))
            let mass = { (parse: IntentParse) in
                parse.confidence + parse.alternatives.filter { topTwo.contains($0.intent) }.map(\.confidence).reduce(0, +)
            }
            #expect(abs(mass(after) - mass(before)) < 1e-5)
            if after.intent != before.intent { changed += 1 }
            // The others keep their probabilities.
            for alternative in before.alternatives where !topTwo.contains(alternative.intent) {
                #expect(after.alternatives.contains { $0.intent == alternative.intent && abs($0.confidence - alternative.confidence) < 1e-6 })
            }
        }
        #expect(reranked >= changed)
    }

    @Test func manyThreadsThroughOneParserGiveTheSameResultsAsOne() {
        let parser = IntentParser(model: Self.model)
        let texts = Self.utterances
        var workspace = parser.makeWorkspace()
        let expected = texts.map { parser.parse($0, workspace: &workspace, reference: Self.reference, calendar: Self.calendar) }
        let results = ParallelResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var workspace = parser.makeWorkspace()
            // Each thread walks the utterances from a different starting point.
            var parses = [IntentParse?](repeating: nil, count: texts.count)
            for step in 0..<texts.count {
                let index = (step + thread * 7) % texts.count
                parses[index] = parser.parse(texts[index], workspace: &workspace, reference: Self.reference, calendar: Self.calendar)
            }
            results.store(parses.map { $0! }, at: thread)
        }
        for thread in 0..<8 { #expect(results.value(at: thread) == expected) }
    }

    /// A hostile file passes the checksum: the reader must still refuse it or load something
    /// that parses without trapping. Each case overwrites one to three 4-byte values in the
    /// sections (or the section table) of a real model, recomputes the checksum, loads the bytes
    /// and, if they load, parses a few utterances. For a longer run on another model:
    /// `INTENTKIT_FUZZ_MODEL=out/snips.model INTENTKIT_FUZZ_ROUNDS=5000 swift test -c release --filter damagedModels`.
    @Test func damagedModelsWithValidChecksumsAreRefusedOrParseSafely() throws {
        let environment = ProcessInfo.processInfo.environment
        let bytes = [UInt8](try Data(contentsOf: environment["INTENTKIT_FUZZ_MODEL"].map { URL(fileURLWithPath: $0) } ?? Self.modelURL))
        let reader = try ModelFileReader(bytes: bytes, name: "model")
        let sections = reader.sectionTable.map(\.range).filter { !$0.isEmpty }
        let tableRange = ModelFileFormat.headerSize..<sections.map(\.lowerBound).min()!
        let texts = ["send Buttercup 85 bucks for rainbow polish", "book a table for two tomorrow at 7pm", "", "x y z"]
        // Values a hostile writer would reach for: zero, all ones, off-by-one-ish, extremes.
        let patterns: [UInt32] = [0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF, 0x1_0000, 0x7FC0_0000, 0xFF80_0000]
        var generator = SplitMix64(seed: 11)
        var refused = 0, loaded = 0
        for round in 0..<(environment["INTENTKIT_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 300) {
            var damaged = bytes
            for _ in 0...(generator.next() % 3) {
                let region = round % 10 == 0 ? tableRange : sections[Int(generator.next() % UInt64(sections.count))]
                let offset = region.lowerBound + Int(generator.next() % UInt64(region.count)) & ~3
                let value = round % 2 == 0 ? patterns[Int(generator.next() % UInt64(patterns.count))] : UInt32(truncatingIfNeeded: generator.next())
                for byte in 0..<Swift.min(4, bytes.count - offset) { damaged[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
            }
            let checksum = damaged[ModelFileFormat.headerSize...].withUnsafeBytes { CRC32.checksum($0) }
            for byte in 0..<4 { damaged[24 + byte] = UInt8(truncatingIfNeeded: checksum >> (8 * byte)) }
            do {
                let parser = IntentParser(model: try NLUModel(reading: ModelFileReader(bytes: damaged, name: "damaged")))
                for text in texts {
                    let parse = parser.parse(text, resolving: true, reference: Self.reference, calendar: Self.calendar)
                    #expect(parse.slots.allSatisfy { $0.range.upperBound <= text.unicodeScalars.count })
                }
                loaded += 1
            } catch {
                #expect(!error.description.isEmpty)
                refused += 1
            }
        }
        // Both outcomes occur: weights can take any value, offsets and counts cannot.
        #expect(refused > 0 && loaded > 0)
    }

    @Test func anEmptyUtteranceHasNoSlots() {
        let parse = IntentParser(model: Self.model).parse("   ")
        #expect(parse.slots.isEmpty && parse.text == "   ")
    }

    /// Below the minimum confidence a parse is out of scope, its intents kept as alternatives;
    /// above it, or without one, it is the parse it always was.
    @Test func belowTheMinimumConfidenceAParseIsOutOfScope() {
        var plain = IntentParser(model: Self.model)
        plain.minimumConfidence = nil
        var strict = plain
        strict.minimumConfidence = 1.01  // no intent is that sure
        var lenient = plain
        lenient.minimumConfidence = 0
        var checked = 0
        for text in Self.utterances.prefix(150) {
            let parse = plain.parse(text, alternatives: 2, resolving: true, reference: Self.reference, calendar: Self.calendar)
            #expect(lenient.parse(text, alternatives: 2, resolving: true, reference: Self.reference, calendar: Self.calendar) == parse)
            // (The model's out-of-scope class answers whatever the minimum.)
            guard !parse.isOutOfScope else { continue }
            checked += 1
            let rejected = strict.parse(text, alternatives: 2, resolving: true, reference: Self.reference, calendar: Self.calendar)
            #expect(rejected.isOutOfScope && rejected.intent == nil && rejected.slots.isEmpty && rejected.parameters.isEmpty)
            #expect(rejected.alternatives.map(\.intent) == [parse.intent!] + parse.alternatives.map(\.intent))
            #expect(rejected.confidence == parse.confidence)
        }
        #expect(checked >= 20)
    }

    /// Nothing said is no intent's request: out of scope, never the intent with the largest prior.
    @Test(arguments: ["", " ", "   ", "\t\n", "\u{3000}"])
    func anUtteranceWithoutAWordIsOutOfScope(_ text: String) {
        let parse = IntentParser(model: Self.model).parse(text, alternatives: 3, resolving: true, reference: Self.reference, calendar: Self.calendar)
        #expect(parse.isOutOfScope)
        #expect(parse.intent == nil && parse.confidence == 0 && parse.alternatives.isEmpty && parse.slots.isEmpty && parse.parameters.isEmpty)
        #expect(!IntentParser(model: Self.model).parse("send money to Buttercup").isOutOfScope)
    }
}

/// Per-thread results, written once each under a lock.
private final class ParallelResults: @unchecked Sendable {
    private var values: [[IntentParse]]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: [], count: count) }
    func store(_ value: [IntentParse], at index: Int) { lock.withLock { values[index] = value } }
    func value(at index: Int) -> [IntentParse] { lock.withLock { values[index] } }
}
