import Foundation
import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

extension ModelTrainer {
    /// `corpus` (the dev set) through the training dictionary `attributeIDs` and the full
    /// vocabulary, each utterance with the intent the classifier predicts and its encoder
    /// `clusters`, as parsing would see it.
    func compile(
        _ corpus: Corpus, labels: LabelSet, extractor: FeatureExtractor, gazetteer: Gazetteer,
        attributeIDs: [UInt64: Int32], tokenizer: Tokenizer, classifier: IntentClassifierModel?, clusters: TokenClusters? = nil
    ) -> CompiledSequences {
        let dataset = SequenceDataset(corpus: corpus, tokenizer: tokenizer, labels: labels)
        let clusterIDs = clusters.map { tokenClusterIDs(of: dataset.sequences.map(\.tokens), clusters: $0) }
        var data = CompiledSequences()
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        let intentExtractor = IntentFeatureExtractor(characterNGrams: classifier?.characterNGrams, gazetteer: gazetteer)
        var intentFeatures = [UInt64]()
        var probabilities = [Float]()
        for (index, sequence) in dataset.sequences.enumerated() {
            var intent: Int?
            if let classifier {
                matches.removeAll(keepingCapacity: true)
                gazetteer.matches(in: sequence.tokens, into: &matches)
                intentExtractor.extract(sequence.tokens, matches: matches, into: &intentFeatures)
                intent = classifier.predict(features: intentFeatures, embedding: classifier.embedding(of: sequence.tokens.text), scratch: &probabilities)
            }
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: intent, clusters: clusterIDs?[index], into: &features, scratch: &matches,
                              matchesReady: classifier != nil)
            let ids = (0..<features.tokenCount).map { token in features.features(of: token).compactMap { attributeIDs[$0] } }
            data.append(attributeIDs: ids, sentenceAttributeIDs: features.sentence.compactMap { attributeIDs[$0] }, labels: sequence.labels)
        }
        return data
    }
}
