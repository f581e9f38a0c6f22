import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

extension ModelTrainer {
    /// The runtime model: zero weights (OWL-QN makes many) and attributes left empty are dropped.
    func makeModel(
        parameters: [Double], structure: CRFStructure, labels: LabelSet, attributeHashes: [UInt64],
        gazetteer: Gazetteer, classifier: IntentClassifierModel?, search: IntentClassifierSelection? = nil, tokenClusters: TokenClusters? = nil,
        corpus: Corpus
    ) -> NLUModel {
        var keptHashes = [UInt64]()
        var rowOffsets: [Int32] = [0]
        var stateLabels = [UInt16]()
        var stateWeights = [Float]()
        for (attribute, hash) in attributeHashes.enumerated() {
            let start = stateLabels.count
            for k in Int(structure.rowOffsets[attribute])..<Int(structure.rowOffsets[attribute + 1]) {
                let weight = Float(parameters[k])
                if weight != 0 && Double(abs(weight)) >= options.pruneBelow {
                    stateLabels.append(structure.stateLabels[k])
                    stateWeights.append(weight)
                }
            }
            if stateLabels.count > start {
                keptHashes.append(hash)
                rowOffsets.append(Int32(stateLabels.count))
            }
        }
        let L = labels.count
        let transitions = (0..<(L * L)).map { Float(parameters[structure.transitionOffset + $0]) }
        var provenance: [String: String] = [
            "algorithm": options.algorithm == .lbfgs ? (options.c1 > 0 ? "owl-qn" : "lbfgs") : "perceptron",
            "c1": String(options.c1), "c2": String(options.c2), "seed": String(options.seed),
            "maxIterations": String(options.maxIterations), "trainingUtterances": String(corpus.utterances.count),
            "intentkitModelFormat": "\(ModelFileFormat.majorVersion).\(ModelFileFormat.minorVersion)",
            "intentkitVersion": IntentKitVersion.current,
        ]
        if let search { provenance.merge(search.provenance) { $1 } }
        // The template stays only with its clusters (a corpus with no token to cluster has none).
        var features = options.features
        if let tokenClusters {
            provenance["tokenClusters"] = tokenClusters.levels.map { String($0.count) }.joined(separator: ", ") + " centroids of \(tokenClusters.identity.name)'s token vectors"
        } else {
            features.templates.remove(.encoderClusters)
        }
        // The parts are consistent by construction; a failure here is a bug, not bad input.
        return try! NLUModel(
            labels: labels, features: features, gazetteer: gazetteer, attributes: AttributeTable(hashes: keptHashes),
            rowOffsets: rowOffsets, stateLabels: stateLabels, stateWeights: stateWeights, transitions: transitions,
            intentClassifier: classifier, tokenClusters: tokenClusters, schema: corpus.schema, intentSlots: Self.intentSlots(of: corpus, classifier: classifier), provenance: provenance)
    }

    /// Each intent's schema parameters plus the slots its training utterances annotate, and
    /// none for an out-of-scope class taught by generated noise alone (a parse of it has no
    /// slots, and a clear one then scores the O label alone).
    static func intentSlots(of corpus: Corpus, classifier: IntentClassifierModel? = nil) -> [String: Set<String>] {
        var slots = [String: Set<String>]()
        if let outOfScope = classifier?.outOfScope.intent { slots[outOfScope] = [] }
        for intent in corpus.schema.intents { slots[intent.name, default: []].formUnion(intent.parameters.map(\.name)) }
        for utterance in corpus.utterances { slots[utterance.intent, default: []].formUnion(utterance.slots.map(\.name)) }
        return slots
    }
}
