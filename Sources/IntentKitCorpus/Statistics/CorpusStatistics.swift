import IntentKit

/// Counts that describe a corpus: per intent, slot and entity, vocabulary size and utterance
/// lengths in tokens (as ``Tokenizer`` splits them).
public struct CorpusStatistics: Sendable, Equatable, Encodable {
    /// One row of a per-name count.
    public struct Count: Sendable, Equatable, Encodable {
        public var name: String
        public var count: Int
    }

    /// Summary of utterance lengths, in tokens.
    public struct LengthSummary: Sendable, Equatable, Encodable {
        public var minimum: Int
        public var median: Int
        public var mean: Double
        public var maximum: Int
    }

    /// One row per custom entity.
    public struct EntitySummary: Sendable, Equatable, Encodable {
        public var name: String
        public var values: Int
        public var synonyms: Int
        public var pronunciations: Int
        public var allowsOtherValues: Bool
    }

    public var domains: Int
    public var intents: Int
    public var utterances: Int
    /// Distinct slot names used in annotations.
    public var slotNames: Int
    /// Slot annotations in all utterances.
    public var slotAnnotations: Int
    /// Distinct normalised tokens.
    public var vocabularySize: Int
    public var tokens: Int
    public var length: LengthSummary
    /// Utterances per intent, in schema order.
    public var utterancesPerIntent: [Count]
    /// Annotations per slot name, most frequent first.
    public var annotationsPerSlot: [Count]
    public var entities: [EntitySummary]

    /// Computes the statistics of `corpus`.
    public init(_ corpus: Corpus) {
        let tokenizer = Tokenizer()
        var tokenized = TokenizedText()
        var vocabulary = Set<String>()
        var lengths = [Int]()
        lengths.reserveCapacity(corpus.utterances.count)
        var perIntent = [String: Int]()
        var perSlot = [String: Int]()
        for utterance in corpus.utterances {
            tokenizer.tokenize(utterance.text, into: &tokenized)
            lengths.append(tokenized.count)
            for index in 0..<tokenized.count { vocabulary.insert(tokenized.normalized(at: index)) }
            perIntent[utterance.intent, default: 0] += 1
            for slot in utterance.slots { perSlot[slot.name, default: 0] += 1 }
        }
        lengths.sort()
        domains = corpus.schema.domains.count
        let intentNames = corpus.schema.intents.map(\.name)
        intents = Set(intentNames).union(perIntent.keys).count
        utterances = corpus.utterances.count
        slotNames = perSlot.count
        slotAnnotations = perSlot.values.reduce(0, +)
        vocabularySize = vocabulary.count
        tokens = lengths.reduce(0, +)
        length = LengthSummary(
            minimum: lengths.first ?? 0, median: lengths.isEmpty ? 0 : lengths[lengths.count / 2],
            mean: lengths.isEmpty ? 0 : Double(tokens) / Double(lengths.count), maximum: lengths.last ?? 0)
        let unknown = perIntent.keys.filter { !intentNames.contains($0) }.sorted()
        utterancesPerIntent = (intentNames + unknown).map { Count(name: $0, count: perIntent[$0, default: 0]) }
        annotationsPerSlot = perSlot.map { Count(name: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
        entities = corpus.schema.entities.map { entity in
            EntitySummary(
                name: entity.name, values: entity.values.count,
                synonyms: entity.values.reduce(0) { $0 + $1.synonyms.count },
                pronunciations: entity.values.filter { $0.pronunciation != nil }.count,
                allowsOtherValues: entity.allowsOtherValues)
        }
    }
}
