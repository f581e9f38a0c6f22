/// Features that always occur together, in bundles (a word's character n-grams), and the
/// bundles each utterance has: the input of ``IntentClassifierObjective`` besides each
/// utterance's own features. An utterance with a bundle has each of the bundle's features, as
/// many times as the bundle lists it.
struct FeatureBundles: Sendable, Equatable {
    /// `[bundles + 1]` offsets into `attributes`.
    var offsets: [Int32] = [0]
    /// The features (attribute ids) of each bundle.
    var attributes = [Int32]()
    /// `[utterances + 1]` offsets into `utteranceBundles`.
    var utteranceOffsets: [Int32]
    /// The bundles of each utterance, with repeats.
    var utteranceBundles = [Int32]()

    var count: Int { offsets.count - 1 }

    /// No bundles, for `utterances` utterances.
    init(utterances: Int) {
        utteranceOffsets = [Int32](repeating: 0, count: utterances + 1)
    }

    init(offsets: [Int32], attributes: [Int32], utteranceOffsets: [Int32], utteranceBundles: [Int32]) {
        self.offsets = offsets
        self.attributes = attributes
        self.utteranceOffsets = utteranceOffsets
        self.utteranceBundles = utteranceBundles
    }
}
