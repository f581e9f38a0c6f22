import Foundation

/// What a model file holds, as `intentkit inspect` prints it and the server's `GET /model`
/// answers it (JSON, these property names).
package struct ModelSummary: Encodable, Sendable {
    package struct Section: Encodable, Sendable {
        /// The four-letter tag.
        package var tag: String
        /// What the section holds; `nil` for a tag this version does not know.
        package var name: String?
        package var offset: Int
        package var byteCount: Int
    }

    package struct Encoder: Encodable, Sendable {
        package var name: String
        var dimension: Int
        package var checksum: String
        package var directory: String
        /// "NAME (D dimensions, checksum C)".
        package var description: String
    }

    /// The slot tagger's ``TokenClusters``: each level's centroid count, and their encoder.
    package struct TokenClusterSummary: Encodable, Sendable {
        package var centroidCounts: [Int]
        package var encoder: Encoder
    }

    package struct Classifier: Encodable, Sendable {
        package var intents: [String]
        package var featureCount: Int
        package var encoder: Encoder?
        package var outOfScope: OutOfScopeCalibration
    }

    /// `MAJOR.MINOR` of the file format.
    package var formatVersion: String
    package var byteCount: Int
    package var sections: [Section]
    package var slots: [String]
    package var labelCount: Int
    /// `bio` or `bilou`.
    package var labelScheme: String
    package var featureCount: Int
    package var weightCount: Int
    package var vocabularyEntityCount: Int
    package var vocabularyPhraseCount: Int
    package var classifier: Classifier?
    package var tokenClusters: TokenClusterSummary?
    package var domains: [String]
    package var intents: [String]
    package var entities: [String]
    /// Who trained the model, when, on what, with which settings.
    package var provenance: [String: String]

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
        domains = model.schema.domains.map(\.name)
        intents = model.schema.intents.map(\.name)
        entities = model.schema.entities.map(\.name)
        provenance = model.provenance
    }
}
