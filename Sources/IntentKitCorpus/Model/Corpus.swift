import IntentKit

/// A labelled data set: the schema of what an app understands and example utterances.
///
/// Corpora are read and written by ``CorpusFormat``; ``CorpusValidator`` checks one against its
/// own schema; ``CorpusStatistics`` summarises it.
public struct Corpus: Sendable, Equatable {
    /// Domains, intents, parameters and custom entities.
    public var schema: Schema
    /// The labelled examples.
    public var utterances: [Utterance]
    /// Where schema elements were declared, for messages; not part of equality.
    public var locations: [SchemaElement: SourceLocation]

    /// Creates a corpus.
    public init(schema: Schema = Schema(), utterances: [Utterance] = [], locations: [SchemaElement: SourceLocation] = [:]) {
        self.schema = schema
        self.utterances = utterances
        self.locations = locations
    }

    public static func == (lhs: Corpus, rhs: Corpus) -> Bool {
        lhs.schema == rhs.schema && lhs.utterances == rhs.utterances
    }

    /// The intent names, in schema order.
    public var intentNames: [String] { schema.intents.map(\.name) }

    /// Every slot name used by some utterance, sorted.
    public var slotNames: [String] {
        Set(utterances.flatMap { $0.slots.map(\.name) }).sorted()
    }
}
