/// Which features the slot tagger uses and their sizes. Stored in the model, so parsing
/// extracts exactly what training did.
package struct FeatureConfiguration: Hashable, Sendable, Codable {
    /// The enabled templates.
    package var templates: Set<FeatureTemplate>
    /// Words from `-window` to `+window` around the token.
    package var window: Int
    /// Prefixes and suffixes of 1 to `affixLength` characters.
    package var affixLength: Int

    /// The widest window a model may use: each step adds a feature per token and per offset.
    package static let maximumWindow = 10
    /// The longest affix a model may use.
    package static let maximumAffixLength = 20

    /// The templates used unless told otherwise: all but ``FeatureTemplate/intentConjunctions``
    /// (it doubles the features and, in the tagger, does not tag better) and
    /// ``FeatureTemplate/encoderClusters`` (it needs a sentence encoder; training with one adds it).
    /// ``FeatureTemplate/builtinEntities`` runs the entity grammars on every parse (its cost is in
    /// docs/benchmarks.md) and tags better on held-out data. The averaged perceptron
    /// does not use ``FeatureTemplate/knownWords`` (see `ModelTrainer`).
    package static let defaultTemplates: Set<FeatureTemplate> = Set(FeatureTemplate.allCases).subtracting([.intentConjunctions, .encoderClusters])

    /// The defaults: ``defaultTemplates``, a window of 2
    /// and affixes up to 4.
    package init(templates: Set<FeatureTemplate> = FeatureConfiguration.defaultTemplates, window: Int = 2, affixLength: Int = 4) {
        self.templates = templates
        self.window = window
        self.affixLength = affixLength
    }

    private enum CodingKeys: String, CodingKey { case templates, window, affixLength }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        templates = Set(try container.decode([FeatureTemplate].self, forKey: .templates))
        window = try container.decode(Int.self, forKey: .window)
        affixLength = try container.decode(Int.self, forKey: .affixLength)
    }

    /// Templates are written sorted: a `Set`'s order changes from process to process, and the
    /// same training run must give the same model bytes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(templates.sorted { $0.rawValue < $1.rawValue }, forKey: .templates)
        try container.encode(window, forKey: .window)
        try container.encode(affixLength, forKey: .affixLength)
    }
}
