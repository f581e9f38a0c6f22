import IntentKit
import IntentKitCorpus

extension ModelTrainer {
    /// Placeholder swapping: `copies` copies of every annotated utterance in which each slot's
    /// text is replaced by the text of the same slot in another utterance of the same fold.
    ///
    /// Open-class slots (artists, playlists, films) are mostly names the tagger has never seen;
    /// swapping values teaches it to read the context around a slot rather than memorise the
    /// names of the training set. Donors come from the same vocabulary fold so that a swapped
    /// value is as often missing from the out-of-fold vocabulary as a new name is at parse time.
    /// - Returns: the original utterances followed by the copies, and for each utterance the
    ///   index of the original it derives from (folds are drawn per original).
    func swappedCopies(_ corpus: Corpus, copies: Int, fold: (Int) -> Int) -> (corpus: Corpus, source: [Int]) {
        var source = Array(corpus.utterances.indices)
        guard copies > 0 else { return (corpus, source) }
        var donors = [Int: [String: [String]]]()
        for (index, utterance) in corpus.utterances.enumerated() {
            for slot in utterance.slots { donors[fold(index), default: [:]][slot.name, default: []].append(utterance.text(of: slot)) }
        }
        var result = corpus
        for copy in 1...copies {
            for (index, utterance) in corpus.utterances.enumerated() where !utterance.slots.isEmpty {
                var random = splitMix(options.seed &+ 0xA11CE &+ UInt64(copy) &* 0x1_0000_0000 &+ UInt64(index))
                let scalars = Array(utterance.text.unicodeScalars)
                var text = String.UnicodeScalarView()
                var slots = [SlotAnnotation]()
                var position = 0
                for slot in utterance.slots.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                    guard slot.range.lowerBound >= position, slot.range.upperBound <= scalars.count else { continue }
                    text.append(contentsOf: scalars[position..<slot.range.lowerBound])
                    let pool = donors[fold(index)]?[slot.name] ?? []
                    random = splitMix(random)
                    let value = pool.isEmpty ? String(String.UnicodeScalarView(scalars[slot.range])) : pool[Int(random % UInt64(pool.count))]
                    let start = text.count
                    text.append(contentsOf: value.unicodeScalars)
                    slots.append(SlotAnnotation(name: slot.name, range: start..<text.count))
                    position = slot.range.upperBound
                }
                text.append(contentsOf: scalars[position...])
                result.utterances.append(Utterance(text: String(text), intent: utterance.intent, slots: slots))
                source.append(index)
            }
        }
        return (result, source)
    }
}
