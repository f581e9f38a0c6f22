import IntentKit

/// How the intent-classifier selection compares settings on the held-out folds: which of two
/// is preferred, at what significance, and which candidate a coordinate of the search keeps.
enum SettingComparison {
    /// Whether weighting intents alike (``IntentClassifierSetting/balancesIntents``) changes
    /// the fit enough to be worth a round of folds: only when the largest intent has more than
    /// 1.5 times the utterances of the smallest. Below that, both weightings give nearly the
    /// same objective.
    static func intentsDifferInSize(_ sizes: [Int]) -> Bool {
        (sizes.max() ?? 0) * 2 > (sizes.min() ?? 0) * 3
    }

    /// Of the candidates at `indices` (not empty), the one with the most held-out utterances
    /// right, then the likeliest.
    static func best(of candidates: [SettingCandidate], among indices: some Sequence<Int>) -> Int {
        indices.max { c, d in (candidates[c].correct, candidates[c].logLikelihood) < (candidates[d].correct, candidates[d].logLikelihood) }!
    }

    /// The setting a coordinate of several values keeps: of the `challengers` preferred over
    /// `incumbent` (``isPreferred(_:over:phrasings:classes:)``), the best (``best(of:among:)``);
    /// `incumbent` when none is. Offered one by one instead, the first challenger to beat the
    /// incumbent would stay unless a later one beat it in turn, and the order of the grid, not the
    /// folds, would choose between two that both beat it. Testing only the best, a challenger
    /// that beats the incumbent significantly would be lost to one right on an utterance more
    /// that does not.
    static func choice(of candidates: [SettingCandidate], challengers: Range<Int>, incumbent: Int, phrasings: [UInt64], classes: [Int]) -> Int {
        let preferred = challengers.filter { isPreferred(candidates[$0], over: candidates[incumbent], phrasings: phrasings, classes: classes) }
        return preferred.isEmpty ? incumbent : best(of: candidates, among: preferred)
    }

    /// Whether `challenger` should replace `incumbent`: when it is right on significantly more
    /// held-out utterances (``isSignificantlyBetter(_:than:phrasings:)``), or when neither is
    /// and it gives the held-out utterances' intents a significantly higher likelihood
    /// (``isSignificantlyLikelier(_:than:phrasings:classes:)``).
    ///
    /// Accuracy counts a prediction right or wrong; the held-out log-likelihood, a proper
    /// scoring rule, also weighs how sure the classifier is, which is what the out-of-scope
    /// class, the minimum confidence and the tagger's joint decoding read. On a corpus whose
    /// held-out phrasings are nearly all right whatever the setting, flips are too few to tell
    /// settings apart, while the likelihood still tells a classifier that is right by a hair
    /// from one that is right with a margin.
    static func isPreferred(_ challenger: SettingCandidate, over incumbent: SettingCandidate, phrasings: [UInt64], classes: [Int]) -> Bool {
        if isSignificantlyBetter(challenger, than: incumbent, phrasings: phrasings) { return true }
        if isSignificantlyBetter(incumbent, than: challenger, phrasings: phrasings) { return false }
        return isSignificantlyLikelier(challenger, than: incumbent, phrasings: phrasings, classes: classes)
    }

    /// Whether `challenger` gives the held-out utterances' intents (`classes`, one per
    /// original) a higher log-likelihood than `incumbent` at two standard deviations, the
    /// phrasing the unit, as in ``isSignificantlyBetter(_:than:phrasings:)``: each phrasing g
    /// contributes d_g, the sum over its utterances of the difference of the gold intent's
    /// log-probabilities, and the test asks Σ d_g > 2 √(Σ d_g²).
    static func isSignificantlyLikelier(_ challenger: SettingCandidate, than incumbent: SettingCandidate, phrasings: [UInt64], classes: [Int]) -> Bool {
        var net = [UInt64: Double]()
        for (position, (new, old)) in zip(challenger.heldOut, incumbent.heldOut).enumerated() where !new.isEmpty && !old.isEmpty {
            net[phrasings[position], default: 0] += Double(new[classes[position]]) - Double(old[classes[position]])
        }
        let gain = net.values.reduce(0, +)
        let variance = net.values.reduce(0) { $0 + $1 * $1 }
        return gain > 2 * variance.squareRoot()
    }

    /// Whether `challenger` is right on significantly more held-out utterances than
    /// `incumbent`, at two standard deviations (about 2.5 % one-sided): McNemar's test, with the
    /// phrasing (`phrasings`, one key per original) as the unit that varies independently.
    ///
    /// A phrasing's utterances share a fold and differ only in slot values, so one model
    /// reads them alike and they flip together; counted one by one, twenty twins that flip
    /// would pass for twenty independent wins. Each phrasing g contributes its net gain
    /// d_g = gains − losses, and the test asks Σ d_g > 2 √(Σ d_g²) (a clustered sign test;
    /// with one utterance per phrasing it is McNemar's, d_g² = 1 for each disagreement). On a
    /// corpus of ten thousand utterances a few dozen flips either way are noise, and a setting
    /// that wins by noise makes the tagger, which learns from the predicted intents, no better.
    static func isSignificantlyBetter(_ challenger: SettingCandidate, than incumbent: SettingCandidate, phrasings: [UInt64]) -> Bool {
        var net = [UInt64: Int]()
        for (position, (new, old)) in zip(challenger.right, incumbent.right).enumerated() where new != old {
            net[phrasings[position], default: 0] += new ? 1 : -1
        }
        let gain = net.values.reduce(0, +)
        let variance = net.values.reduce(0) { $0 + $1 * $1 }
        return Double(gain) > 2 * Double(variance).squareRoot()
    }
}
