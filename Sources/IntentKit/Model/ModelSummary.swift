import Foundation

/// What a model file holds — its format, sections, slots, intents, classifier and the provenance
/// training recorded — as `intentkit inspect` prints it and the server's `GET /model` answers it
/// (JSON, these property names).
///
/// ```swift
/// let summary = try ModelSummary(contentsOf: modelURL)
/// print(summary.intents, summary.provenance["trained"] ?? "")
/// ```
public struct ModelSummary: Encodable, Sendable {
    /// One section of the file.
    public struct Section: Encodable, Sendable {
        /// The four-letter tag.
        public var tag: String
        /// What the section holds; `nil` for a tag this version does not know.
        public var name: String?
        /// Where the section starts, in bytes from the file's start.
        public var offset: Int
        /// Its length in bytes.
        public var byteCount: Int
    }

    /// A sentence encoder the model was trained with, which parsing needs too.
    public struct Encoder: Encodable, Sendable {
        /// The encoder's directory name, e.g. `all-MiniLM-L6-v2`.
        public var name: String
        /// The length of its vectors.
        public var dimension: Int
        /// The checksum of its weights, in hex.
        public var checksum: String
        /// The directory it was read from in training.
        public var directory: String
        /// "NAME (D dimensions, checksum C)".
        public var description: String
    }

    /// The slot tagger's token clusters: each level's centroid count, and their encoder.
    public struct TokenClusterSummary: Encodable, Sendable {
        public var centroidCounts: [Int]
        public var encoder: Encoder
    }

    /// The intent classifier: its intents, features, encoder and out-of-scope calibration.
    public struct Classifier: Encodable, Sendable {
        public var intents: [String]
        /// The classifier's features (hashed attributes).
        public var featureCount: Int
        /// The encoder whose sentence vectors it reads; `nil` for a words-only classifier.
        public var encoder: Encoder?
        /// The threshold below which a parse is out of scope.
        public var outOfScope: OutOfScopeCalibration
    }

    /// `MAJOR.MINOR` of the file format.
    public var formatVersion: String
    /// The file's length in bytes.
    public var byteCount: Int
    /// The sections in file order.
    public var sections: [Section]
    /// The slot tagger's slot names.
    public var slots: [String]
    /// The slot tagger's labels (`O` and a begin and inside label, or four, per slot).
    public var labelCount: Int
    /// `bio` or `bilou`.
    public var labelScheme: String
    /// The slot tagger's features (hashed attributes).
    public var featureCount: Int
    /// The slot tagger's state weights.
    public var weightCount: Int
    /// The entities of the model's vocabulary (value phrases and synonyms learnt in training).
    public var vocabularyEntityCount: Int
    /// The phrases of the model's vocabulary.
    public var vocabularyPhraseCount: Int
    /// The intent classifier; `nil` for a model without one.
    public var classifier: Classifier?
    /// The slot tagger's token clusters; `nil` for a model trained without an encoder.
    public var tokenClusters: TokenClusterSummary?
    /// The language the corpus declared (BCP 47), `nil` when it did not (read as English).
    public var language: String?
    /// The schema's domains, intents and entities, by name.
    public var domains: [String]
    public var intents: [String]
    public var entities: [String]
    /// Who trained the model, when, on what, with which settings.
    public var provenance: [String: String]

    /// Reads the model file at `url`, checks it as loading does, and describes it.
    /// - Throws: ``ModelError`` for a file that is missing, damaged or not a model.
    public init(contentsOf url: URL) throws(ModelError) {
        let file = try ModelFileReader(contentsOf: url)
        self.init(try NLUModel(reading: file), file: file)
    }

    /// The summary of `model`, read from `file`.
    package init(_ model: NLUModel, file: ModelFileReader) {
        formatVersion = "\(ModelFileFormat.majorVersion).\(file.minorVersion)"
        byteCount = file.size
        sections = file.sectionTable.map {
            Section(tag: $0.tag, name: ModelFileFormat.Tag(rawValue: $0.tag).map { "\($0)" }, offset: $0.range.lowerBound, byteCount: $0.range.count)
        }
        slots = model.labels.slotNames
        labelCount = model.labels.count
        labelScheme = model.labels.scheme.rawValue
        featureCount = model.attributes.count
        weightCount = model.stateWeightCount
        vocabularyEntityCount = model.gazetteer.entityNames.count
        vocabularyPhraseCount = model.gazetteer.phraseCount
        func encoder(_ identity: EncoderIdentity) -> Encoder {
            Encoder(name: identity.name, dimension: identity.dimension, checksum: identity.checksumText, directory: identity.directory,
                    description: "\(identity)")
        }
        classifier = model.intentClassifier.map { classifier in
            Classifier(intents: classifier.intents, featureCount: classifier.attributes.count, encoder: classifier.encoder.map(encoder),
                       outOfScope: classifier.outOfScope)
        }
        tokenClusters = model.tokenClusters.map { TokenClusterSummary(centroidCounts: $0.levels.map(\.count), encoder: encoder($0.identity)) }
        language = model.schema.language
        domains = model.schema.domains.map(\.name)
        intents = model.schema.intents.map(\.name)
        entities = model.schema.entities.map(\.name)
        provenance = model.provenance
    }
}
