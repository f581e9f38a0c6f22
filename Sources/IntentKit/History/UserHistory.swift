import Foundation

/// A user's recent interactions (``UserInteraction``), as priors for their parses: handed to a
/// parser (``IntentParser/using(_:)-(UserHistory)``), they make two bounded changes, and none
/// without them.
///
/// - **Intents.** When the classifier is unsure (its likeliest intent under
///   ``IntentParser/historyCeiling``), each intent's probability is multiplied by
///   `1 + historyWeight × share`, where `share` is the intent's part of the user's interactions,
///   each weighted by its recency (it halves every ``halfLife``), and the probabilities are
///   normalised again: a close call leans to the intent the user uses, at most tripling an
///   intent's odds with the default weight of 2. A confident parse is never changed, nor one
///   the classifier places out of scope.
/// - **Values.** A required parameter the utterance does not give ("order my usual"), which
///   would need a value, is proposed the user's habitual value for it — the one in more than
///   half of that intent's recency-weighted interactions that have one — as
///   `confirmationRequired`.
public struct UserHistory: Sendable {
    /// How long an interaction takes to count half as much.
    public let halfLife: TimeInterval
    /// Intent → its recency-weighted share of the interactions, 0 to 1.
    public let intentShares: [String: Double]
    /// Intent → parameter → its habitual value.
    public let habitualValues: [String: [String: String]]

    /// No history.
    public init() {
        halfLife = 14 * 86_400
        intentShares = [:]
        habitualValues = [:]
    }

    /// The priors of `interactions` as of `now`.
    public init(_ interactions: [UserInteraction], now: Date = Date(), halfLife: TimeInterval = 14 * 86_400) {
        self.halfLife = halfLife
        var weights = [String: Double]()
        var values = [String: [String: [String: Double]]]()
        var total = 0.0
        for interaction in interactions {
            let age = max(0, now.timeIntervalSince(interaction.date))
            let weight = pow(0.5, age / halfLife)
            weights[interaction.intent, default: 0] += weight
            total += weight
            for (parameter, value) in interaction.parameters {
                values[interaction.intent, default: [:]][parameter, default: [:]][value, default: 0] += weight
            }
        }
        intentShares = total > 0 ? weights.mapValues { $0 / total } : [:]
        var habitual = [String: [String: String]]()
        for (intent, parameters) in values {
            guard let intentWeight = weights[intent], intentWeight > 0 else { continue }
            for (parameter, counts) in parameters {
                // Most of the intent's interactions, not just the most frequent of its values.
                if let (value, weight) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                   weight > intentWeight / 2 {
                    habitual[intent, default: [:]][parameter] = value
                }
            }
        }
        habitualValues = habitual
    }

    /// Whether there is no history.
    public var isEmpty: Bool { intentShares.isEmpty }
}
