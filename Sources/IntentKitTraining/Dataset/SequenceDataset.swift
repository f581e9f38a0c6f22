import IntentKit
import IntentKitCorpus

/// A corpus turned into what a slot tagger trains on: tokenized utterances with a BIO label id
/// per token.
///
/// Slot spans are character ranges; tokens come from ``Tokenizer``. A token takes the slot that
/// contains its first character, or the slot that starts inside it (when an annotation starts
/// mid-token, as in "$85" annotated from "85"); the first token of a slot is `B-`, the rest `I-`
/// (in ``LabelScheme/bilou``, `L-` for the last and `U-` for a slot of one token).
/// Annotations whose edges fall inside a token are counted in ``misalignedSlots``: they cannot be
/// learned exactly and usually point to an annotation or tokenizer problem.
public struct SequenceDataset: Sendable {
    /// The labels, from every slot name the corpus uses.
    public let labels: LabelSet
    /// One sequence per utterance, in corpus order.
    public let sequences: [TaggedSequence]
    /// Slot annotations whose start or end does not fall on a token boundary.
    public let misalignedSlots: Int

    /// Tokenizes and labels every utterance of `corpus`; `labels` defaults to the corpus's own slots.
    package init(corpus: Corpus, tokenizer: Tokenizer = Tokenizer(), labels: LabelSet? = nil, scheme: LabelScheme = .bio) {
        let labels = labels ?? LabelSet(slotNames: corpus.utterances.flatMap { $0.slots.map(\.name) }, scheme: scheme)
        var sequences = [TaggedSequence]()
        sequences.reserveCapacity(corpus.utterances.count)
        var misaligned = 0
        for utterance in corpus.utterances {
            let tokens = tokenizer.tokenize(utterance.text)
            let (ids, badEdges) = Self.label(tokens.tokens, slots: utterance.slots, labels: labels)
            misaligned += badEdges
            sequences.append(TaggedSequence(tokens: tokens, labels: ids, intent: utterance.intent))
        }
        self.labels = labels
        self.sequences = sequences
        self.misalignedSlots = misaligned
    }

    /// Label ids for `tokens` and the number of slots whose edges fall inside a token.
    static func label(_ tokens: [Token], slots: [SlotAnnotation], labels: LabelSet) -> (ids: [Int], misaligned: Int) {
        var ids = [Int](repeating: LabelSet.outside, count: tokens.count)
        var misaligned = 0
        for slot in slots {
            guard let begin = labels.begin(slot.name), let inside = labels.inside(slot.name),
                  let closing = labels.last(slot.name), let unit = labels.unit(slot.name) else { continue }
            let covered = tokens.indices.filter { index in
                let range = tokens[index].range
                return slot.range.contains(range.lowerBound) || range.contains(slot.range.lowerBound)
            }
            guard let first = covered.first, let last = covered.last else { continue }
            if tokens[first].range.lowerBound != slot.range.lowerBound || tokens[last].range.upperBound != slot.range.upperBound {
                misaligned += 1
            }
            // Tokens another slot took first are skipped, so a slot's last free token closes it.
            let free = covered.filter { ids[$0] == LabelSet.outside }
            for index in free {
                ids[index] = free.count == 1 ? unit : index == free.first ? begin : index == free.last ? closing : inside
            }
        }
        return (ids, misaligned)
    }
}
