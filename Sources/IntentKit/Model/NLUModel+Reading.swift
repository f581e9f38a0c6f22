import Foundation

extension NLUModel {
    /// Loads a model written by `intentkit train`, refusing a file that is not a model, has an
    /// unsupported format version, is truncated, fails its checksum or contradicts itself.
    ///
    /// A model trained with a sentence encoder (``IntentClassifierModel/encoder``) parses with
    /// it: `encoder` when given, else the one in the directory the model recorded.
    /// - Throws: ``ModelError/missingEncoder(_:)`` when that encoder is not there, or `encoder`
    ///   is another one.
    ///
    /// Two threads share the work: each checks the checksum of half the file; one builds the
    /// tagger's feature table, the other decodes the rest (safe before the checksum is known:
    /// every section is validated, as it must be against a hostile file with a valid checksum).
    public init(contentsOf url: URL, encoder: SentenceEncoder? = nil) throws(ModelError) {
        try self.init(file: try ModelFileReader(uncheckedContentsOf: url), encoder: encoder)
    }

    /// Loads a model from the bytes of a model file (bundled, or received), with the same checks
    /// as ``init(contentsOf:encoder:)``; `name` stands for the file in errors.
    public init(bytes: [UInt8], name: String = "model bytes", encoder: SentenceEncoder? = nil) throws(ModelError) {
        try self.init(file: try ModelFileReader(uncheckedBytes: bytes, name: name), encoder: encoder)
    }

    /// Decodes `file` (checking its checksum alongside), with `encoder` as above; for callers
    /// that also describe the file (``ModelSummary``).
    package init(file: ModelFileReader, encoder: SentenceEncoder?) throws(ModelError) {
        let ((firstHalf, prebuilt), (secondHalf, parts)) = inParallel({
            (file.checksum(ofHalf: 0),
             Result { () throws(ModelError) -> (table: AttributeTable, hashCount: Int)? in
                 guard !file.has(.attributeValues) else { return nil }  // before 1.2: the table itself, read below
                 let hashes = try file.array(.attributeKeys, of: UInt64.self)
                 return (AttributeTable(hashes: hashes), hashes.count)
             })
        }, {
            (file.checksum(ofHalf: 1), Result { () throws(ModelError) in try Parts(file) })
        })
        // A corrupt file is reported as such, whatever decoding made of it.
        try file.verifyChecksum(CRC32.combine(firstHalf, secondHalf, count: file.checkedRange(ofHalf: 1).count))
        var decoded = try parts.get()
        // The classifier and the token clusters read with one encoder, loaded once: the caller's,
        // else the one the file carries, else the one it names.
        var found = encoder
        if found == nil, let identity = decoded.classifier?.encoder ?? decoded.tokenClusters?.identity {
            if file.has(.encoderFiles) {
                let index = Array(try file.data(.encoderFileIndex))
                // Loaded from the file's bytes where they lie: the encoder copies what it keeps.
                found = try file.withSection(.encoderFiles) { section throws(ModelError) in
                    try Self.encoder(carried: try EncoderFiles(index: index, borrowing: section, fileName: file.name), identity: identity, fileName: file.name)
                }
            } else {
                found = try Self.encoder(identity)
            }
        }
        if let classifier = decoded.classifier, classifier.encoder != nil { decoded.classifier = try classifier.attaching(found!) }
        if let clusters = decoded.tokenClusters { decoded.tokenClusters = try clusters.attaching(found!) }
        let attributes: AttributeTable
        if let (table, hashCount) = try prebuilt.get() {
            attributes = try Self.checked(table, hashCount: hashCount, count: decoded.metadata.attributeCount)
        } else {
            attributes = try Self.attributeTable(file, keys: .attributeKeys, values: .attributeValues, count: decoded.metadata.attributeCount)
        }
        try self.init(decoded, attributes: attributes)
    }

    /// The encoder the model file carries, which must be the one it records (`identity`).
    private static func encoder(carried: EncoderFiles, identity: EncoderIdentity, fileName: String) throws(ModelError) -> SentenceEncoder {
        let encoder: SentenceEncoder
        do {
            encoder = try SentenceEncoder(carried: carried)
        } catch {
            throw ModelError.inconsistent("\(fileName): the sentence encoder the model carries cannot be loaded (\(error))")
        }
        guard encoder.identity.isSameEncoder(as: identity) else {
            throw ModelError.inconsistent("\(fileName): the sentence encoder the model carries is not the one it was trained with (\(identity))")
        }
        return encoder
    }

    /// The encoder `identity` names: from the directory it records, else the same encoder
    /// (the same files) wherever ``EncoderLocations`` finds one installed.
    private static func encoder(_ identity: EncoderIdentity) throws(ModelError) -> SentenceEncoder {
        let recorded: EncoderError
        do {
            return try SentenceEncoder(directory: URL(fileURLWithPath: identity.directory))
        } catch {
            recorded = error
        }
        if let installed = EncoderLocations().directory(of: identity), let encoder = try? SentenceEncoder(directory: installed) {
            return encoder
        }
        throw ModelError.missingEncoder(
            "the model was trained with the sentence encoder \(identity), which could not be loaded from \(identity.directory) (\(recorded)) "
                + "and is installed nowhere IntentKit looks (INTENTKIT_ENCODERS, the user's intentkit/encoders data directory, the active Python environment); "
                + "install it (intentkit encoders install) or give its directory (intentkit: --encoder DIR)")
    }

    /// Reads a model's parts without their checksum; a sentence encoder it was trained with is
    /// not loaded, so its parses leave the encoder features out.
    init(reading file: ModelFileReader) throws(ModelError) {
        let parts = try Parts(file)
        let attributes = try Self.attributeTable(
            file, keys: .attributeKeys, values: .attributeValues, count: parts.metadata.attributeCount)
        try self.init(parts, attributes: attributes)
    }

    /// Everything in a model file but the tagger's feature table.
    struct Parts {
        var metadata: ModelMetadata
        var labels: LabelSet
        var gazetteer: Gazetteer
        var classifier: IntentClassifierModel?
        var tokenClusters: TokenClusters?
        var schema: Schema
        var rowOffsets: [Int32]
        var stateLabels: [UInt16]
        var stateWeights: [Float]
        var transitions: [Float]

        /// `identity`, when its dimension is one an encoder can have: the reader multiplies it.
        static func plausible(_ identity: EncoderIdentity) throws(ModelError) -> EncoderIdentity {
            guard (1...EncoderIdentity.maximumDimension).contains(identity.dimension) else {
                throw ModelError.inconsistent("the sentence encoder's dimension \(identity.dimension) is out of range")
            }
            return identity
        }

        init(_ file: ModelFileReader) throws(ModelError) {
            let metadata = try Self.metadata(file)
            let labels = LabelSet(slotNames: metadata.slotNames, scheme: metadata.labelScheme ?? .bio)
            guard labels.slotNames == metadata.slotNames, labels.count <= Int(UInt16.max) else {
                throw ModelError.inconsistent("slot names are not sorted and unique")
            }
            self.metadata = metadata
            self.labels = labels
            gazetteer = try Self.gazetteer(file, metadata: metadata)
            classifier = try Self.classifier(file, metadata: metadata)
            schema = try Self.schema(file)
            tokenClusters = try Self.tokenClusters(file, metadata: metadata)
            rowOffsets = try file.array(.rowOffsets, of: Int32.self)
            stateLabels = try file.array(.stateLabels, of: UInt16.self)
            stateWeights = try file.floats(.stateWeights)
            transitions = try file.floats(.transitions)
        }

        private static func metadata(_ file: ModelFileReader) throws(ModelError) -> ModelMetadata {
            let metadataBytes = try file.data(.metadata)
            let metadata: ModelMetadata
            do {
                metadata = try JSONDecoder().decode(ModelMetadata.self, from: Data(metadataBytes))
            } catch {
                throw ModelError.inconsistent("the metadata section is not valid JSON (\(error))")
            }
            let features = metadata.features
            guard (0...FeatureConfiguration.maximumWindow).contains(features.window) else {
                throw ModelError.inconsistent("the tagger's word window \(features.window) is outside 0...\(FeatureConfiguration.maximumWindow)")
            }
            guard (0...FeatureConfiguration.maximumAffixLength).contains(features.affixLength) else {
                throw ModelError.inconsistent("the tagger's affix length \(features.affixLength) is outside 0...\(FeatureConfiguration.maximumAffixLength)")
            }
            return metadata
        }

        private static func gazetteer(_ file: ModelFileReader, metadata: ModelMetadata) throws(ModelError) -> Gazetteer {
            let gazetteerKeys = try file.array(.gazetteerKeys, of: UInt64.self)
            let gazetteerOffsets = try file.array(.gazetteerOffsets, of: Int32.self)
            let gazetteerEntities = try file.array(.gazetteerEntities, of: UInt16.self)
            guard gazetteerOffsets.count == gazetteerKeys.count + 1, gazetteerOffsets.first == 0,
                  Int(gazetteerOffsets.last ?? -1) == gazetteerEntities.count,
                  zip(gazetteerOffsets, gazetteerOffsets.dropFirst()).allSatisfy({ $0 <= $1 }),
                  gazetteerEntities.allSatisfy({ Int($0) < metadata.gazetteerEntities.count }),
                  (gazetteerKeys.isEmpty ? 0...64 : 1...64).contains(metadata.gazetteerMaxPhraseLength),
                  zip(gazetteerKeys, gazetteerKeys.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw ModelError.inconsistent("the vocabulary section is malformed")
            }
            let phraseTable = AttributeTable(hashes: gazetteerKeys)
            guard phraseTable.distinctCount == gazetteerKeys.count else {
                throw ModelError.inconsistent("the vocabulary repeats a phrase")
            }
            let prefixKeys = file.has(.gazetteerPrefixes) ? try file.array(.gazetteerPrefixes, of: UInt64.self) : nil
            return Gazetteer(
                entityNames: metadata.gazetteerEntities, maxPhraseLength: metadata.gazetteerMaxPhraseLength,
                phraseTable: phraseTable, phraseOffsets: gazetteerOffsets, phraseEntities: gazetteerEntities, prefixKeys: prefixKeys)
        }

        private static func classifier(_ file: ModelFileReader, metadata: ModelMetadata) throws(ModelError) -> IntentClassifierModel? {
            guard let intents = metadata.intents, let count = metadata.intentAttributeCount else { return nil }
            let table = try NLUModel.attributeTable(file, keys: .intentKeys, values: .intentValues, count: count)
            var characterNGrams: ClosedRange<Int>?
            switch metadata.intentCharacterNGrams {
            case nil: characterNGrams = 3...5
            case let lengths? where lengths.isEmpty: characterNGrams = nil
            case let lengths? where lengths.count == 2 && 1 <= lengths[0] && lengths[0] <= lengths[1] && lengths[1] <= 16:
                characterNGrams = lengths[0]...lengths[1]
            case let lengths?:
                throw ModelError.inconsistent("the intent classifier's character n-gram lengths \(lengths) are not [lowest, highest] within 1...16")
            }
            var weights: [Float], rowScales: [Float]?
            if file.has(.intentQuantizedWeights) {
                let levels = try file.array(.intentQuantizedWeights, of: Int8.self)
                let scales = try file.floats(.intentRowScales)
                guard scales.count == count, levels.count == count * intents.count, !levels.contains(.min) else {
                    throw ModelError.inconsistent("the intent classifier's quantised weights do not fit its \(count) features and \(intents.count) intents")
                }
                weights = RowQuantization.values(of: levels, scales: scales, rowLength: intents.count)
                rowScales = scales
            } else {
                weights = try file.floats(.intentWeights)
            }
            let encoderFeatures = try encoderFeatures(file, metadata: metadata, intents: intents.count)
            var scopeExemplars: EncoderExemplars?
            if let encoderFeatures, file.has(.scopeExemplarLevels) {
                scopeExemplars = try EncoderExemplars(
                    levels: file.array(.scopeExemplarLevels, of: Int8.self), scales: file.floats(.scopeExemplarScales),
                    classes: file.array(.scopeExemplarClasses, of: UInt16.self), dimension: encoderFeatures.identity.dimension, intents: intents.count)
            }
            return try IntentClassifierModel(intents: intents, attributes: table, weights: weights,
                                             biases: file.floats(.intentBiases), characterNGrams: characterNGrams,
                                             outOfScope: metadata.intentOutOfScope ?? OutOfScopeCalibration(), rowScales: rowScales,
                                             encoderFeatures: encoderFeatures, scopeExemplars: scopeExemplars)
        }

        private static func encoderFeatures(_ file: ModelFileReader, metadata: ModelMetadata, intents: Int) throws(ModelError) -> EncoderFeatures? {
            guard let identity = try metadata.intentEncoder.map(Self.plausible) else { return nil }
            var exemplars: EncoderExemplars?
            if file.has(.intentExemplarLevels) {
                exemplars = try EncoderExemplars(
                    levels: file.array(.intentExemplarLevels, of: Int8.self), scales: file.floats(.intentExemplarScales),
                    classes: file.array(.intentExemplarClasses, of: UInt16.self), dimension: identity.dimension, intents: intents)
            } else if file.has(.intentExemplarVectors) {
                exemplars = try EncoderExemplars(
                    vectors: file.floats(.intentExemplarVectors), classes: file.array(.intentExemplarClasses, of: UInt16.self),
                    dimension: identity.dimension, intents: intents)
            }
            return try EncoderFeatures(
                identity: identity, weights: file.floats(.intentEncoderWeights), intents: intents,
                neighbourDimension: exemplars == nil ? 0 : intents, exemplars: exemplars)
        }

        private static func schema(_ file: ModelFileReader) throws(ModelError) -> Schema {
            guard file.has(.schema) else { return Schema() }
            do {
                return try JSONDecoder().decode(Schema.self, from: Data(try file.data(.schema)))
            } catch let error as ModelError {
                throw error
            } catch {
                throw ModelError.inconsistent("the schema section is not valid JSON (\(error))")
            }
        }

        private static func tokenClusters(_ file: ModelFileReader, metadata: ModelMetadata) throws(ModelError) -> TokenClusters? {
            guard let identity = try metadata.tokenClusterEncoder.map(Self.plausible) else { return nil }
            let counts = metadata.tokenClusterCounts ?? []
            let centroids = try file.floats(.tokenClusterCentroids)
            guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 && $0 < Int(UInt16.max) }),
                  centroids.count == counts.reduce(0, +) * identity.dimension else {
                throw ModelError.inconsistent("the token clusters' \(centroids.count) centroid values are not \(counts) centroids of \(identity.dimension) values")
            }
            var levels = [[Float]](), start = 0
            for count in counts {
                levels.append(Array(centroids[(start * identity.dimension)..<((start + count) * identity.dimension)]))
                start += count
            }
            return try TokenClusters(identity: identity, levels: levels)
        }
    }

    private init(_ parts: Parts, attributes: AttributeTable) throws(ModelError) {
        try self.init(
            labels: parts.labels, features: parts.metadata.features, gazetteer: parts.gazetteer, attributes: attributes,
            rowOffsets: parts.rowOffsets, stateLabels: parts.stateLabels, stateWeights: parts.stateWeights,
            transitions: parts.transitions, intentClassifier: parts.classifier, tokenClusters: parts.tokenClusters, schema: parts.schema,
            intentSlots: (parts.metadata.intentSlots ?? [:]).mapValues(Set.init))
        provenanceStorage = parts.metadata.provenance
    }

    /// An attribute table read from a file: since format 1.2 the hashes in id order (rebuilt into
    /// a table here), before it the table itself (`values` present).
    static func attributeTable(
        _ file: ModelFileReader, keys: ModelFileFormat.Tag, values: ModelFileFormat.Tag, count: Int
    ) throws(ModelError) -> AttributeTable {
        guard !file.has(values) else {
            return try attributeTable(keys: file.array(keys, of: UInt64.self), values: file.array(values, of: Int32.self), count: count)
        }
        let hashes = try file.array(keys, of: UInt64.self)
        return try checked(AttributeTable(hashes: hashes), hashCount: hashes.count, count: count)
    }

    /// `table`, built from `hashCount` hashes, if the metadata's `count` agrees and no hash repeats.
    static func checked(_ table: AttributeTable, hashCount: Int, count: Int) throws(ModelError) -> AttributeTable {
        guard hashCount == count else {
            throw ModelError.inconsistent("an attribute table holds \(hashCount) hashes where the metadata says \(count)")
        }
        // A repeated hash would leave an attribute unreachable.
        guard table.distinctCount == count else {
            throw ModelError.inconsistent("an attribute table repeats a feature hash")
        }
        return table
    }

    /// An attribute table stored as a table (files before 1.2), checked so that lookups always
    /// terminate in range.
    static func attributeTable(keys: [UInt64], values: [Int32], count: Int) throws(ModelError) -> AttributeTable {
        let filled = keys.lazy.filter { $0 != 0 }.count
        guard keys.count == values.count, keys.count >= 16, keys.count & (keys.count - 1) == 0, filled < keys.count,
              filled == count, zip(keys, values).allSatisfy({ $0 == 0 ? $1 == -1 : ($1 >= 0 && Int($1) < count) }) else {
            throw ModelError.inconsistent("an attribute table is malformed")
        }
        // Rebuilt in today's layout from the hashes in id order; every id must be used once.
        var hashes = [UInt64](repeating: 0, count: count)
        var seen = [Bool](repeating: false, count: count)
        for (key, value) in zip(keys, values) where key != 0 {
            guard !seen[Int(value)] else { throw ModelError.inconsistent("an attribute table gives two features one id") }
            seen[Int(value)] = true
            hashes[Int(value)] = key
        }
        return AttributeTable(hashes: hashes)
    }
}
