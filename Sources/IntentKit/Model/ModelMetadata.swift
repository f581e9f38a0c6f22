/// The JSON `META` section of a model file: configuration and provenance.
package struct ModelMetadata: Codable, Sendable, Equatable {
    var slotNames: [String]
    /// How spans are encoded as labels; absent in files written before BILOU existed (BIO).
    package var labelScheme: LabelScheme?
    var features: FeatureConfiguration
    var attributeCount: Int
    var gazetteerEntities: [String]
    var gazetteerMaxPhraseLength: Int
    /// The intent classifier's classes, when the model has one.
    package var intents: [String]?
    /// The number of intent classifier attributes.
    package var intentAttributeCount: Int?
    /// The intent classifier's character n-gram lengths, `[lowest, highest]`, or `[]` for none.
    /// Absent in files of format 1.0 written before it existed, whose classifiers used 3 to 5.
    package var intentCharacterNGrams: [Int]?
    /// The intent classifier's out-of-scope class, temperature and minimum confidence (1.4).
    package var intentOutOfScope: OutOfScopeCalibration?
    /// The sentence encoder whose vectors the intent classifier weighs (``EncoderFeatures``; 1.6).
    package var intentEncoder: EncoderIdentity?
    /// The sentence encoder whose token vectors the tagger's ``FeatureTemplate/encoderClusters``
    /// features cluster, and each level's centroid count (``TokenClusters``; 1.7).
    package var tokenClusterEncoder: EncoderIdentity?
    package var tokenClusterCounts: [Int]?
    /// Intent → its slots, sorted (format 1.1; absent before: no restriction).
    package var intentSlots: [String: [String]]?
    /// How the model was made: algorithm, hyperparameters, corpus, date, IntentKit version.
    var provenance: [String: String]

    package init(
        slotNames: [String], features: FeatureConfiguration, attributeCount: Int, gazetteerEntities: [String],
        gazetteerMaxPhraseLength: Int, provenance: [String: String]
    ) {
        self.slotNames = slotNames
        self.features = features
        self.attributeCount = attributeCount
        self.gazetteerEntities = gazetteerEntities
        self.gazetteerMaxPhraseLength = gazetteerMaxPhraseLength
        self.provenance = provenance
    }
}
