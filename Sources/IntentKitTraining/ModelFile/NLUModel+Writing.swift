import Foundation
import IntentKit

extension NLUModel {
    /// The model as the bytes of a model file, carrying `encoder`'s files when given
    /// (``write(to:carrying:)``).
    package func fileBytes(carrying encoder: EncoderFiles? = nil) throws -> [UInt8] {
        try writer(carrying: encoder).bytes()
    }

    /// Writes the model to `url` atomically (temporary file, then rename).
    public func write(to url: URL) throws {
        try writer(carrying: nil).write(to: url)
    }

    /// Writes the model to `url` atomically, carrying `encoder`'s files (its sentence
    /// encoder's, ``SentenceEncoder/carriedFiles()``): the file then parses where the encoder
    /// is not installed.
    package func write(to url: URL, carrying encoder: EncoderFiles?) throws {
        try writer(carrying: encoder).write(to: url)
    }

    private func writer(carrying carriedEncoder: EncoderFiles?) throws -> ModelFileWriter {
        var metadata = ModelMetadata(
            slotNames: labels.slotNames, features: features, attributeCount: attributes.count,
            gazetteerEntities: gazetteer.entityNames, gazetteerMaxPhraseLength: gazetteer.maxPhraseLength,
            provenance: provenance)
        metadata.labelScheme = labels.scheme
        metadata.intentSlots = intentSlots.isEmpty ? nil : intentSlots.mapValues { $0.sorted() }
        metadata.intents = intentClassifier?.intents
        metadata.intentAttributeCount = intentClassifier?.attributes.count
        metadata.intentCharacterNGrams = intentClassifier.map { classifier in
            classifier.characterNGrams.map { [$0.lowerBound, $0.upperBound] } ?? []
        }
        metadata.intentOutOfScope = intentClassifier.map(\.outOfScope)
        metadata.intentEncoder = intentClassifier?.encoder
        metadata.tokenClusterEncoder = tokenClusters?.identity
        metadata.tokenClusterCounts = tokenClusters?.levels.map(\.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var writer = ModelFileWriter()
        writer.add(.metadata, bytes: Array(try encoder.encode(metadata)))
        let parts = storage
        // Hashes in id order; the reader rebuilds the lookup table (a third of the table's size).
        writer.add(.attributeKeys, integers: attributes.hashesInIDOrder)
        writer.add(.rowOffsets, integers: parts.rowOffsets)
        writer.add(.stateLabels, integers: parts.stateLabels)
        writer.add(.stateWeights, floats: parts.stateWeights)
        writer.add(.transitions, floats: parts.transitions)
        // Vocabulary phrases in hash order, so the same model always gives the same bytes.
        let vocabulary = gazetteer.storage
        writer.add(.gazetteerKeys, integers: vocabulary.keys)
        writer.add(.gazetteerOffsets, integers: vocabulary.offsets)
        writer.add(.gazetteerEntities, integers: vocabulary.entities)
        writer.add(.gazetteerPrefixes, integers: vocabulary.prefixes)
        writer.add(.schema, bytes: Array(try encoder.encode(schema)))
        if let classifier = intentClassifier {
            let parts = classifier.storage
            writer.add(.intentKeys, integers: classifier.attributes.hashesInIDOrder)
            if let scales = classifier.rowScales {
                writer.add(.intentQuantizedWeights, integers: classifier.quantizedLevels(scales))
                writer.add(.intentRowScales, floats: scales)
            } else {
                writer.add(.intentWeights, floats: parts.weights)
            }
            writer.add(.intentBiases, floats: parts.biases)
            if let encoderFeatures = classifier.encoderFeatures {
                writer.add(.intentEncoderWeights, floats: encoderFeatures.weights)
                if let exemplars = encoderFeatures.exemplars {
                    writer.add(.intentExemplarLevels, integers: exemplars.levels)
                    writer.add(.intentExemplarScales, floats: exemplars.scales)
                    writer.add(.intentExemplarClasses, integers: exemplars.classes)
                } else {
                    precondition(encoderFeatures.neighbourDimension == 0, "nearest-exemplar weights without their exemplars")
                    if let exemplars = classifier.scopeExemplars {
                        writer.add(.scopeExemplarLevels, integers: exemplars.levels)
                        writer.add(.scopeExemplarScales, floats: exemplars.scales)
                        writer.add(.scopeExemplarClasses, integers: exemplars.classes)
                    }
                }
            }
        }
        if let tokenClusters { writer.add(.tokenClusterCentroids, floats: tokenClusters.levels.flatMap(\.centroids)) }
        if let carriedEncoder {
            let (index, bytes) = try carriedEncoder.sections()
            writer.add(.encoderFileIndex, bytes: index)
            writer.add(.encoderFiles, bytes: bytes)
        }
        return writer
    }
}
