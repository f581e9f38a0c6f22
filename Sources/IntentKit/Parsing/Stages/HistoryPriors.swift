/// The priors stage of a parse: leans an unsure classification towards the intents a user uses
/// (``UserHistory``): each intent's probability is multiplied by `1 + weight × share` of the
/// user's history and the distribution normalised again.
struct HistoryPriors: Sendable {
    /// `[classifier intents]` each intent's factor; empty without a history.
    private let factors: [Float]
    /// The classifier's class for "no intent", which keeps a factor of 1.
    private let outOfScopeClass: Int?

    /// No priors.
    init() {
        factors = []
        outOfScopeClass = nil
    }

    /// The priors of `history`, weighing `weight`, for a classifier of `intents`.
    init(history: UserHistory, weight: Double, intents: [String], outOfScopeClass: Int?) {
        self.outOfScopeClass = outOfScopeClass
        guard !history.isEmpty, weight > 0 else {
            factors = []
            return
        }
        factors = intents.enumerated().map { index, name in
            index == outOfScopeClass ? 1 : Float(1 + weight * (history.intentShares[name] ?? 0))
        }
    }

    /// Whether there are priors to apply.
    var isEmpty: Bool { factors.isEmpty }

    /// The intent `probabilities` (the classifier's, whose likeliest is `predicted`) lean to,
    /// their new distribution written to `leaned`: as they are when the classifier is at least
    /// `ceiling` sure of its intent or places the utterance out of scope.
    func lean(_ predicted: Int, probabilities: [Float], ceiling: Float, into leaned: inout [Float]) -> Int {
        leaned.removeAll(keepingCapacity: true)
        leaned.append(contentsOf: probabilities)
        guard predicted != outOfScopeClass, probabilities.count == factors.count, probabilities[predicted] < ceiling else { return predicted }
        var total: Float = 0
        for index in leaned.indices {
            leaned[index] *= factors[index]
            total += leaned[index]
        }
        var best = predicted
        for index in leaned.indices {
            leaned[index] /= total
            if leaned[index] > leaned[best] { best = index }
        }
        return best
    }
}
