import IntentKit

/// Generated out-of-scope utterances: what Snips NLU trained its `None` intent with, so that a
/// classifier that has only ever seen requests learns what talk for no intent looks like.
///
/// Each utterance is as long as a training utterance drawn at random, and each of its words is
/// drawn either from ``GeneralVocabulary`` (everyday words of the corpus's language, less the corpus's words) or from
/// the corpus's own words, uniformly over distinct words so that the words of every intent come
/// mixed, in an order no request has. The first kind teaches the out-of-scope class the words
/// of chit-chat; the second, that a corpus word alone does not make a request.
struct OutOfScopeNoise {
    /// The share of words drawn from the corpus rather than the general vocabulary.
    var corpusWordRate = 0.3
    /// The everyday words of the corpus's language (``GeneralVocabulary/words(for:)``).
    var vocabulary = GeneralVocabulary.words

    /// `count` utterances from the words of `corpus` (distinct, in any order) with lengths drawn
    /// from `lengths` (in words), the same for the same `seed`.
    func utterances(count: Int, corpusWords: [String], lengths: [Int], seed: UInt64) -> [String] {
        guard count > 0 else { return [] }
        var generator = SeededGenerator(seed: seed &+ 0x0005_C0BE)
        // The corpus's own words come only as corpus draws: from the general list they would
        // teach that a request's everyday words ("make", "a", "send") are no intent's, which a
        // small corpus has too few requests to outweigh.
        let own = Set(corpusWords)
        let general = vocabulary.filter { !own.contains($0) }
        let positive = lengths.filter { $0 > 0 }
        let lengths = positive.isEmpty ? [5] : positive
        return (0..<count).map { _ in
            let length = lengths.randomElement(using: &generator)!
            return (0..<length).map { _ in
                if !corpusWords.isEmpty && Double.random(in: 0..<1, using: &generator) < corpusWordRate {
                    return corpusWords.randomElement(using: &generator)!
                }
                return general.randomElement(using: &generator)!
            }.joined(separator: " ")
        }
    }
}
