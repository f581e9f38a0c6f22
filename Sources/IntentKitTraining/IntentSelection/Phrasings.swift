import IntentKit

/// The phrasings of a corpus's requests: the unit the held-out folds hold out and the
/// significance tests count, and what tells a corpus written from templates.
enum Phrasings {
    /// A key shared by the utterances of one phrasing: the words outside slots, each slot as its
    /// name, without a final punctuation mark (the folded words ignore case). Holding out
    /// phrasings, not utterances, keeps the held-out predictions honest on a corpus written
    /// from templates, where an utterance's twins with other slot values would otherwise sit in
    /// the training folds and make every held-out prediction look certain (and the calibration
    /// it feeds reject every new phrasing); on crowd-sourced corpora nearly every phrasing is
    /// its own.
    static func key(of sequence: TaggedSequence, labels: LabelSet) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        func add<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0100_0000_01B3
        }
        var count = sequence.tokens.count
        while count > 0, labels.tag(sequence.labels[count - 1]) == .outside,
              sequence.tokens.normalized(at: count - 1).allSatisfy({ ".?!".contains($0) }) {
            count -= 1
        }
        for index in 0..<count {
            switch labels.tag(sequence.labels[index]) {
            case .outside: add(sequence.tokens.normalized(at: index).utf8)
            case .begin(let slot): add(("{" + slot + "}").utf8)
            default: continue
            }
        }
        return hash
    }

    /// Whether a corpus of requests of `phrasings` (``key(of:labels:)``, one per
    /// request) was written from templates: fewer than a tenth of its requests have a phrasing
    /// no other has. The held-out folds hold out phrasings, but one writer's templates share
    /// most of their words, and a request phrased anew brings words none of them has, so the
    /// folds reject far fewer in-scope requests than new phrasings will bring. Crowd-sourced
    /// corpora phrase most requests once, and their folds are as new as their test.
    static func isTemplated(phrasings: [UInt64]) -> Bool {
        !phrasings.isEmpty && shareOfUniquePhrasings(phrasings) < 0.1
    }

    /// The share of requests of `phrasings` (one per request) that no other request shares.
    static func shareOfUniquePhrasings(_ phrasings: [UInt64]) -> Double {
        var counts = [UInt64: Int]()
        for phrasing in phrasings { counts[phrasing, default: 0] += 1 }
        return Double(counts.values.filter { $0 == 1 }.count) / Double(max(1, phrasings.count))
    }
}
