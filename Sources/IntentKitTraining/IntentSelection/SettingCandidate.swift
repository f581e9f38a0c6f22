import IntentKit

/// One setting's held-out results.
struct SettingCandidate {
    let setting: IntentClassifierSetting
    var predicted: [Int?]
    /// `[originals]` held-out log-probabilities, for the calibration (empty for the
    /// originals of folds not evaluated).
    var heldOut: [[Float]]
    /// `[originals]` whether the held-out prediction is the gold class.
    var right: [Bool]
    /// `[in-scope originals with a word to leave out]` held-out log-probabilities of each
    /// without one of its words (empty for folds not evaluated).
    var withoutOneWord: [[Float]] = []
    var foldCorrect: [Int]
    var logLikelihood = 0.0
    /// The weights of each fold's fit, by fold (only the chosen setting's are kept).
    var fits = [Int: IntentClassifierFit]()
    /// The fits in the order of their folds (their mean does not depend on a dictionary's order).
    var foldFits: [IntentClassifierFit] { fits.sorted { $0.key < $1.key }.map(\.value) }
    /// Where a fit on a fold starts: this setting's fit on the same fold.
    var start: (Int) -> [IntentClassifierFit] { { [fits] in fits[$0].map { [$0] } ?? [] } }
    /// The folds evaluated, and the originals they hold.
    var folds = [Int]()
    var heldOutCount = 0
    var correct: Int { foldCorrect.reduce(0, +) }

    /// Adds the results of `other`, the same setting on other folds.
    mutating func merge(_ other: SettingCandidate) {
        for (index, intent) in other.predicted.enumerated() where intent != nil { predicted[index] = intent }
        for (position, scores) in other.heldOut.enumerated() where !scores.isEmpty {
            heldOut[position] = scores
            right[position] = other.right[position]
        }
        for (variant, scores) in other.withoutOneWord.enumerated() where !scores.isEmpty { withoutOneWord[variant] = scores }
        for k in other.folds { foldCorrect[k] = other.foldCorrect[k] }
        fits.merge(other.fits) { _, new in new }
        folds += other.folds
        heldOutCount += other.heldOutCount
        logLikelihood += other.logLikelihood
    }
}
