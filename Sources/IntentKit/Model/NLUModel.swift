/// A trained model, everything a parse needs, immutable and shareable: the schema (domains,
/// intents, parameters, entities) that resolution reads, the intent classifier, the vocabulary
/// the features match (gazetteer), and the slot tagger: a linear-chain CRF's state and
/// transition weights over its BIO labels.
///
/// Load one with ``init(contentsOf:encoder:)``; ``IntentParser`` and ``SlotTagger`` parse with it.
public struct NLUModel: Sendable, Equatable {
    /// The BIO labels.
    public let labels: LabelSet
    /// The features the model was trained with.
    package let features: FeatureConfiguration
    /// The vocabulary matched by the ``FeatureTemplate/vocabulary`` template.
    package let gazetteer: Gazetteer
    /// The slot tagger's state weights, by feature and label.
    let stateWeights: StateWeights
    /// `[L][L]` row-major transition weights, from label (row) to label (column).
    let transitions: [Float]
    /// Predicts the intent that the ``FeatureTemplate/intent`` features condition on.
    public let intentClassifier: IntentClassifierModel?
    /// The centroids of the ``FeatureTemplate/encoderClusters`` features, with their encoder.
    package let tokenClusters: TokenClusters?
    /// The domains, intents, parameters and entities of the training corpus: what resolution
    /// needs (vocabulary values and synonyms, built-in entity types).
    public let schema: Schema
    /// Intent → the slots that intent may have: its schema parameters plus every slot the
    /// training data annotates on it. Joint parsing restricts the tagger to these.
    public let intentSlots: [String: Set<String>]
    /// How the model was made (algorithm, hyperparameters, corpus, date); stored in the file.
    var provenanceStorage: [String: String] = [:]

    /// How the model was made: algorithm, hyperparameters, training corpus, date.
    public var provenance: [String: String] { provenanceStorage }

    /// Creates a model from its parts; the arrays must be consistent (checked).
    package init(
        labels: LabelSet, features: FeatureConfiguration, gazetteer: Gazetteer, attributes: AttributeTable,
        rowOffsets: [Int32], stateLabels: [UInt16], stateWeights: [Float], transitions: [Float],
        intentClassifier: IntentClassifierModel? = nil, tokenClusters: TokenClusters? = nil, schema: Schema = Schema(),
        intentSlots: [String: Set<String>] = [:], provenance: [String: String] = [:]
    ) throws(ModelError) {
        guard transitions.count == labels.count * labels.count else {
            throw ModelError.inconsistent("slot tagger arrays have mismatched sizes")
        }
        self.stateWeights = try StateWeights(labelCount: labels.count, attributes: attributes, rowOffsets: rowOffsets,
                                             stateLabels: stateLabels, stateWeights: stateWeights)
        guard transitions.allSatisfy(\.isFinite) else { throw ModelError.inconsistent("slot tagger weights are not finite") }
        guard features.templates.contains(.encoderClusters) == (tokenClusters != nil) else {
            throw ModelError.inconsistent(tokenClusters == nil ? "the encoderClusters features have no token clusters" : "token clusters without the encoderClusters features")
        }
        self.labels = labels
        self.features = features
        self.gazetteer = gazetteer
        self.transitions = transitions
        self.intentClassifier = intentClassifier
        self.tokenClusters = tokenClusters
        self.schema = schema
        self.intentSlots = intentSlots
        self.provenanceStorage = provenance
    }

    /// Feature hash → the slot tagger's attribute id.
    package var attributes: AttributeTable { stateWeights.attributes }

    /// The number of non-zero state weights.
    public var stateWeightCount: Int { stateWeights.entries.count }

    /// The raw arrays, for the model writer in the training module.
    package var storage: (rowOffsets: [Int32], stateLabels: [UInt16], stateWeights: [Float], transitions: [Float]) {
        let weights = stateWeights.storage
        return (weights.rowOffsets, weights.stateLabels, weights.stateWeights, transitions)
    }
}
