/// The scope stage of a parse: the one place that decides whether a request is for one of the
/// model's intents. It is not when the classifier found nothing it knows in it (no evidence: its
/// probabilities are the intents' priors), when the classifier places it in its out-of-scope
/// class, when the parse is less sure of its intent than ``IntentParser/minimumConfidence``, or
/// when its sentence vector is less like every training utterance's than
/// ``IntentParser/minimumSimilarity`` (a boundary around what the corpus teaches, which needs
/// no example of what it does not).
struct ScopeDecision: Sendable {
    /// The classifier's class for "no intent", if it has one.
    let outOfScopeClass: Int?
    /// What the minimum confidence is compared with (the model's calibration's).
    let confidenceMeasure: ConfidenceMeasure
    /// The classifier's intents read as combinations (`a#b`), when any is one.
    let compositeIntents: CompositeIntents?
    /// The training utterances' vectors the minimum similarity is measured against.
    let exemplars: EncoderExemplars?

    init(model: NLUModel) {
        outOfScopeClass = model.intentClassifier?.outOfScopeClass
        confidenceMeasure = model.intentClassifier?.outOfScope.confidenceMeasure ?? .likeliestIntent
        compositeIntents = model.intentClassifier.flatMap { CompositeIntents(intents: $0.intents) }
        exemplars = model.intentClassifier?.scopeExemplars
    }

    /// What the stage decided.
    enum Verdict: Equatable {
        /// A request for `intent` (`nil` for a model without a classifier).
        case inScope(Int?)
        /// A request for no intent; `likeliest`, when a minimum turned away an intent, leads the
        /// alternatives.
        case outOfScope(likeliest: Int?)
        /// A request the classifier knew nothing of: its probabilities are the intents' priors,
        /// no confidence in any of them.
        case noEvidence
    }

    /// The verdict on a request whose likeliest intent is `intent`, with the intents'
    /// `probabilities`.
    /// - Parameters:
    ///   - hasEvidence: whether the classifier knew anything in the request.
    ///   - sentenceVector: the request's (``UtteranceEncoder``), for the minimum similarity.
    ///   - scratch: space for the similarity to each intent's training utterances.
    func decide(
        intent: Int?, hasEvidence: Bool, probabilities: [Float], sentenceVector: [Float]?, minimumConfidence: Double?, minimumSimilarity: Double?,
        scratch: inout [Float]
    ) -> Verdict {
        guard let intent else { return .inScope(nil) }
        guard hasEvidence else { return .noEvidence }
        guard intent != outOfScopeClass else { return .outOfScope(likeliest: nil) }
        if let minimumConfidence, confidence(of: intent, probabilities: probabilities) < minimumConfidence {
            // Too unsure to be any intent's request: the candidates stay, as alternatives.
            return .outOfScope(likeliest: intent)
        }
        if let minimumSimilarity, let sentenceVector, let similarity = similarity(of: sentenceVector, scratch: &scratch),
           similarity < minimumSimilarity {
            // Unlike anything the corpus teaches: the candidates stay, as alternatives.
            return .outOfScope(likeliest: intent)
        }
        return .inScope(intent)
    }

    /// The cosine similarity of `vector` to the nearest training utterance of an in-scope
    /// intent; `nil` without exemplars.
    func similarity(of vector: [Float], scratch: inout [Float]) -> Double? {
        guard let exemplars, vector.count == exemplars.dimension else { return nil }
        if scratch.count != exemplars.intents { scratch = [Float](repeating: 0, count: exemplars.intents) }
        vector.withUnsafeBufferPointer { vector in
            scratch.withUnsafeMutableBufferPointer { exemplars.similarities(of: vector, into: $0) }
        }
        var nearest = -Float.infinity
        for (c, similarity) in scratch.enumerated() where c != outOfScopeClass { nearest = max(nearest, similarity) }
        return Double(nearest)
    }

    /// How sure the parse is that the request is for `intent`, as the minimum confidence reads
    /// it: for a combination of intents its least certain part's probability
    /// (``CompositeIntents``); otherwise as ``confidenceMeasure`` says, the intent's probability
    /// or the two likeliest intents' summed (the out-of-scope class is none of them).
    func confidence(of intent: Int, probabilities: [Float]) -> Double {
        if let compositeIntents { return compositeIntents.confidence(of: intent, probabilities: probabilities) }
        guard confidenceMeasure == .twoLikeliestIntents else { return Double(probabilities[intent]) }
        return Double(ConfidenceMeasure.twoLikeliestProbability(of: probabilities, outOfScopeClass: outOfScopeClass))
    }

    /// The indices of the `count` largest probabilities other than `excluded` and the
    /// out-of-scope class, largest first. (Selection, not a sort: `count` is a few, and it runs
    /// on every parse; ties go to the lower index, as a stable sort would have it.)
    func runnersUp(_ probabilities: [Float], excluding excluded: Int?, count: Int) -> [Int] {
        let excluded = excluded ?? -1, also = outOfScopeClass ?? excluded
        var chosen = [Int]()
        chosen.reserveCapacity(min(count, probabilities.count))
        while chosen.count < count {
            var best = -1
            for k in probabilities.indices where k != excluded && k != also && !chosen.contains(k) {
                if best < 0 || probabilities[k] > probabilities[best] { best = k }
            }
            guard best >= 0 else { break }
            chosen.append(best)
        }
        return chosen
    }
}
