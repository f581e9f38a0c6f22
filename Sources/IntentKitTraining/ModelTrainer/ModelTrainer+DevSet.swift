import Foundation
@_spi(Benchmarking) import IntentKit
import IntentKitCorpus
import IntentKitEvaluation

extension ModelTrainer {
    func compile(
        _ corpus: Corpus, labels: LabelSet, extractor: FeatureExtractor, gazetteer: Gazetteer,
        attributeIDs: [UInt64: Int32], tokenizer: Tokenizer, classifier: IntentClassifierModel?
    ) -> CompiledSequences {
        let dataset = SequenceDataset(corpus: corpus, tokenizer: tokenizer, labels: labels)
        var data = CompiledSequences()
        var features = TokenFeatures()
        var matches = [Gazetteer.Match]()
        let intentExtractor = IntentFeatureExtractor(characterNGrams: classifier?.characterNGrams, gazetteer: gazetteer)
        var intentFeatures = [UInt64]()
        var probabilities = [Float]()
        for sequence in dataset.sequences {
            var intent: Int?
            if let classifier {
                matches.removeAll(keepingCapacity: true)
                gazetteer.matches(in: sequence.tokens, into: &matches)
                intentExtractor.extract(sequence.tokens, matches: matches, into: &intentFeatures)
                intent = classifier.predict(features: intentFeatures, scratch: &probabilities)
            }
            extractor.extract(sequence.tokens, gazetteer: gazetteer, intent: intent, into: &features, scratch: &matches, matchesReady: classifier != nil)
            let ids = (0..<features.tokenCount).map { token in features.features(of: token).compactMap { attributeIDs[$0] } }
            data.append(attributeIDs: ids, sentenceAttributeIDs: features.sentence.compactMap { attributeIDs[$0] }, labels: sequence.labels)
        }
        return data
    }


    /// Span F1 of Viterbi decoding `data` with `parameters`.
    static func slotF1(parameters: [Double], structure: CRFStructure, labels: LabelSet, data: CompiledSequences) -> Double {
        let L = structure.labelCount
        let weights = (0..<structure.stateCount).map { Float(parameters[$0]) }
        let transitions = (0..<(L * L)).map { Float(parameters[structure.transitionOffset + $0]) }
        var decoder = ViterbiDecoder(labels: labels, transitions: transitions)
        let longest = (0..<data.sentenceCount).map { data.tokens(ofSentence: $0).count }.max() ?? 0
        var scores = [Float](repeating: 0, count: longest * L)
        var path = [Int]()
        var result = SlotScores()
        data.withPointers { pointers in
            structure.withPointers { rows, stateLabels in
                weights.withUnsafeBufferPointer { weights in
                    scores.withUnsafeMutableBufferPointer { scores in
                        for sentence in 0..<data.sentenceCount {
                            let tokens = pointers.tokens(ofSentence: sentence)
                            guard !tokens.isEmpty else { continue }
                            stateScores(sentence: sentence, data: pointers, rows: rows, stateLabels: stateLabels, weights: weights, labelCount: L, into: scores)
                            decoder.decode(scores: UnsafeBufferPointer(scores), tokenCount: tokens.count, mask: nil, into: &path)
                            result.add(gold: tokens.map { labels.tag(Int(data.labels[$0])) }, predicted: path.map { labels.tag($0) })
                        }
                    }
                }
            }
        }
        return result.micro.f1
    }

}
