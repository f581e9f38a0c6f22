import Foundation

/// Fits what makes an intent classifier's confidence mean what it says, from its predictions on
/// held-out folds: a temperature for its probabilities, and the least confidence a request for
/// one of its intents is seen to have.
enum ConfidenceCalibration {
    /// The temperature `T` minimising the negative log-likelihood of `classes` under
    /// `softmax(log p / T)` (temperature scaling, Guo et al. 2017, "On Calibration of Modern
    /// Neural Networks"). With `β = 1/T`, `NLL(β) = Σ −β·log p_y + logsumexp(β·log p)` is convex,
    /// so a golden-section search over `log β` finds its minimum; `T` stays within 1/20 … 20.
    /// A Gaussian prior on `log T` (σ = 1/2) keeps the fit finite where held-out predictions are
    /// all right, as on a small or templated corpus: there the likelihood alone would sharpen
    /// without end (`T → 0`), making every hesitation look like certainty. On thousands of
    /// utterances the prior is negligible.
    ///
    /// - Parameter logProbabilities: per utterance, the log-probability of each class.
    static func temperature(logProbabilities: [[Float]], classes: [Int]) -> Double {
        guard !logProbabilities.isEmpty else { return 1 }
        func loss(_ logBeta: Double) -> Double {
            let beta = exp(logBeta)
            var total = 0.0
            for (scores, gold) in zip(logProbabilities, classes) {
                var maximum = -Double.infinity
                for score in scores { maximum = max(maximum, beta * Double(score)) }
                var sum = 0.0
                for score in scores { sum += exp(beta * Double(score) - maximum) }
                total += maximum + log(sum) - beta * Double(scores[gold])
            }
            return total + logBeta * logBeta / (2 * 0.25)
        }
        let ratio = (sqrt(5.0) - 1) / 2
        var low = log(1.0 / 20), high = log(20.0)
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var lossA = loss(a), lossB = loss(b)
        for _ in 0..<50 {
            if lossA < lossB {
                high = b; b = a; lossB = lossA
                a = high - ratio * (high - low); lossA = loss(a)
            } else {
                low = a; a = b; lossA = lossB
                b = low + ratio * (high - low); lossB = loss(b)
            }
        }
        return 1 / exp((low + high) / 2)
    }

    /// How far to lower the out-of-scope class's score (its bias, in log-probability units) so
    /// that it wins on no more than `rate` of the in-scope requests: 0 when it already does.
    /// Held-out requests phrased in a way training never showed look like no intent's to the
    /// classifier, and the class that stands for "anything else" wins them; on a corpus written
    /// from a few templates per intent it can win many times the stated rate, and a minimum
    /// confidence can only reject more, never fewer. The
    /// shift puts the class within the budget first; the threshold spends what is left.
    ///
    /// - Parameters:
    ///   - margins: for each in-scope request, the out-of-scope class's log-probability minus
    ///     that of its likeliest in-scope intent (positive: rejected by the class).
    /// - Returns: the smallest shift (≥ 0) after which at most `rate` of the margins stay
    ///   positive: the largest margin that has to go (ties go with it).
    static func outOfScopeShift(margins: [Double], rate: Double) -> Double {
        let allowed = Int((rate * Double(margins.count)).rounded(.down))
        let sorted = margins.sorted(by: >)
        guard sorted.count > allowed, sorted[allowed] > 0 else { return 0 }
        return sorted[allowed]
    }

    /// The least confidence that rejects no more than `rate` of in-scope requests, counting
    /// those already rejected otherwise (predicted out of scope): the midpoint between the
    /// `k`-th and `k+1`-th smallest of `confidences`, `k` the rejections left to spend; `nil`
    /// when none are.
    ///
    /// - Parameters:
    ///   - confidences: for each in-scope request not rejected otherwise, the probability of its
    ///     likeliest in-scope intent.
    ///   - rejectedOtherwise: the in-scope requests already rejected.
    /// - Returns: the threshold, and the share of all in-scope requests rejected with it.
    static func minimumConfidence(confidences: [Double], rejectedOtherwise: Int, rate: Double) -> (threshold: Double?, rejected: Double) {
        let total = confidences.count + rejectedOtherwise
        guard total > 0 else { return (nil, 0) }
        let allowed = Int((rate * Double(total)).rounded(.down)) - rejectedOtherwise
        guard allowed > 0, allowed < confidences.count else {
            return (nil, Double(rejectedOtherwise) / Double(total))
        }
        let sorted = confidences.sorted()
        // Equal confidences on both sides of the cut would reject more than allowed: cut below them.
        var k = allowed
        while k > 0 && sorted[k - 1] == sorted[k] { k -= 1 }
        guard k > 0 else { return (nil, Double(rejectedOtherwise) / Double(total)) }
        return ((sorted[k - 1] + sorted[k]) / 2, Double(k + rejectedOtherwise) / Double(total))
    }

    /// The least similarity to the nearest training utterance (``OutOfScopeCalibration/minimumSimilarity``)
    /// that rejects no more than `rate` of the in-scope requests with those already rejected
    /// otherwise, as ``minimumConfidence(confidences:rejectedOtherwise:rate:)`` chooses it. On a
    /// held-out set too small to hold one rejection at `rate` (fewer than 1/`rate` requests, as
    /// a first corpus of a few dozen), the least similarity seen: a request less like the
    /// corpus than every held-out request was is turned away, and none of them is.
    static func minimumSimilarity(_ similarities: [Double], rejectedOtherwise: Int, rate: Double) -> Double? {
        let total = similarities.count + rejectedOtherwise
        if rejectedOtherwise == 0, rate * Double(total) < 1 {
            return similarities.count >= smallSampleSize ? similarities.min() : nil
        }
        return minimumConfidence(confidences: similarities, rejectedOtherwise: rejectedOtherwise, rate: rate).threshold
    }

    /// The fewest held-out requests whose least similarity stands for a boundary.
    static let smallSampleSize = 10
}
