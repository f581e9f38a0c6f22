import IntentKit

/// What the cross-validation of ``IntentClassifierGrid`` chose, as the model records it.
public struct IntentClassifierSelection: Sendable, Hashable {
    public let chosen: IntentClassifierSetting
    /// The folds of the training corpus's original utterances (held out by phrasing).
    public let folds: Int
    /// The folds the settings were compared on: all of them, or the first few for a large
    /// classifier on a large corpus.
    public let comparedFolds: Int
    /// The settings compared; 1 when there was no search.
    public let settings: Int
    /// The chosen setting's accuracy on the held-out folds, from 0 to 1.
    public let heldOutAccuracy: Double

    /// The sentence encoder training had, if any, chosen or not.
    public var encoder: EncoderIdentity?

    /// The model's provenance entries: `intentC2`, `intentFeatures`, `intentWeighting`,
    /// `intentSelection` and, with an encoder, `intentEncoder` (``NLUModel/provenance``, shown by
    /// `intentkit inspect`).
    public var provenance: [String: String] {
        var entries = [
            "intentC2": String(chosen.c2),
            "intentFeatures": chosen.featureDescription,
            "intentWeighting": chosen.weightingDescription,
            "intentSelection": (settings > 1
                ? "\(folds)-fold cross-validation of \(settings) settings" + (comparedFolds < folds ? " on \(comparedFolds) folds" : "")
                : "not tuned")
                + ", held-out accuracy " + String(format: "%.2f %%", 100 * heldOutAccuracy),
        ]
        if let encoder {
            entries["intentEncoder"] = "\(encoder)" + (chosen.encoderScale == nil ? ", not used: no gain on the held-out folds" : "")
        }
        return entries
    }
}
