import IntentKitCorpus
import IntentKitTraining

/// What `validate` and `train` say of a corpus with no out-of-scope examples: most have none,
/// and a user should know what the model will do with requests meant for no intent.
enum OutOfScopeNote {
    /// The note for `corpus`, or `nil` when it has utterances of one of `outOfScopeIntents`.
    static func note(for corpus: Corpus, options: TrainingOptions = TrainingOptions()) -> String? {
        let names = options.outOfScopeIntents
        guard !corpus.utterances.isEmpty, !corpus.utterances.contains(where: { names.contains($0.intent) }) else { return nil }
        let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names[0]
        var note = "note: no out-of-scope examples (utterances of an intent named \(listed)). "
        let closeRequests: String
        let teachers = !EverydayRequests.requests(for: corpus.schema.language).isEmpty && options.noiseFactor > 0
            ? "everyday requests for other apps unlike the corpus and generated noise" : "generated noise"
        if options.falseRejectionRate > 0, options.encoder != nil {
            note += String(format: "The model learns \"no intent\" from %@ and answers out of scope below a minimum confidence and, with the sentence encoder, below a minimum similarity to the training utterances, each set to turn away %g %% of held-out in-scope requests; ", teachers, 100 * options.falseRejectionRate)
            closeRequests = "a request close to what the corpus teaches (another app's intent of the same kind) will often get an intent"
        } else if options.falseRejectionRate > 0 {
            note += String(format: "The model learns \"no intent\" from %@ and answers out of scope below a minimum confidence set to turn away %g %% of held-out in-scope requests; ", teachers, 100 * options.falseRejectionRate)
            closeRequests = "a request for another app that shares the corpus's words will often get an intent"
        } else {
            note += "With --false-rejection-rate 0 the model answers out of scope only for generated noise; "
            closeRequests = "a request for another app that shares the corpus's words will often get an intent"
        }
        return note + closeRequests + ". Add such requests as \(names[0]) utterances to turn more of them away."
    }
}
