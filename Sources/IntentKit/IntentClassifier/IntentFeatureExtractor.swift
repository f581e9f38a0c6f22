/// The features of an utterance for intent classification, as 64-bit hashes: normalised word
/// unigrams and bigrams, optionally character n-grams of each word (for typos and unseen
/// inflections), and the entities whose vocabulary matches a whole phrase (so "SparkleCar" and
/// "GlitterPool" both say "rideOption").
package struct IntentFeatureExtractor: Sendable {
    /// Character n-grams from `lowerBound` to `upperBound` scalars, over `<word>` with boundary
    /// marks; `nil` for none.
    let characterNGrams: ClosedRange<Int>?
    /// `[entities]` entities whose matches are ignored: single words of phrases (their matches
    /// help the tagger find a name's boundaries but only add noise to the request's intent).
    private let ignoredEntities: [Bool]

    /// An extractor for matches of `gazetteer`'s entities (or of any gazetteer numbering its
    /// entities the same way).
    package init(characterNGrams: ClosedRange<Int>? = nil, gazetteer: Gazetteer = Gazetteer()) {
        self.characterNGrams = characterNGrams
        ignoredEntities = gazetteer.entityNames.indices.map(gazetteer.isWordEntity)
    }

    /// The kinds of feature, each the salt of its hashes. The numbers are part of the model file
    /// format (a model stores the hashes), apart from the tagger's ``FeatureTemplate`` ids 0-13.
    enum Template: UInt8 {
        /// One feature every utterance has: the intents' priors.
        case bias = 20
        /// A normalised word.
        case word = 21
        /// Two adjacent words, with start and end marks at the utterance's edges.
        case bigram = 22
        /// A character n-gram of one word, with boundary marks.
        case characterNGram = 23
        /// An entity whose vocabulary matches a whole phrase.
        case entity = 24
    }

    /// The feature every utterance has, first of ``extract(_:matches:into:)``'s: it carries the
    /// intents' priors, and says nothing of the utterance.
    static let biasFeature = FeatureHash(template: Template.bias.rawValue).value

    /// Appends the features of `tokens` to `output` (cleared first).
    package func extract(_ tokens: TokenizedText, matches: [Gazetteer.Match], into output: inout [UInt64]) {
        output.removeAll(keepingCapacity: true)
        output.append(Self.biasFeature)
        let count = tokens.count
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            func word(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                let range = tokens.tokens[index].normalizedRange
                return UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)])
            }
            for index in 0..<count {
                let current = word(index)
                output.append(Self.wordFeature(current))
                var bigram = FeatureHash(template: Template.bigram.rawValue)
                if index > 0 { bigram.combine(word(index - 1)) } else { bigram.combine(0x02) }
                bigram.combine(0x1F)
                bigram.combine(current)
                output.append(bigram.value)
                if index == count - 1 {
                    var last = FeatureHash(template: Template.bigram.rawValue)
                    last.combine(current)
                    last.combine(0x1F)
                    last.combine(0x03)
                    output.append(last.value)
                }
                if let characterNGrams { appendCharacterNGrams(characterNGrams, of: current, into: &output) }
            }
        }
        let matchFeatures = output.count
        for match in matches where match.position == .begin || match.position == .unit {
            // User-vocabulary matches, numbered after the gazetteer's entities for the tagger
            // (``VocabularyFeatures``), say the same as the gazetteer's to the classifier: a
            // user's playlist is a playlist, whichever vocabulary names it.
            let entity = match.entity >= ignoredEntities.count ? match.entity - ignoredEntities.count : match.entity
            if entity < ignoredEntities.count && ignoredEntities[entity] { continue }
            var hash = FeatureHash(template: Template.entity.rawValue)
            hash.combine(int: entity)
            // (A user's match the gazetteer made too counts once.)
            if match.entity >= ignoredEntities.count && output[matchFeatures...].contains(hash.value) { continue }
            output.append(hash.value)
        }
    }

    /// The word features of `tokens`, one a token, as ``extract(_:matches:into:)`` writes them
    /// (training keeps every word, however rare, while it drops rare word pairs).
    package func wordFeatures(of tokens: TokenizedText) -> [UInt64] {
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            tokens.tokens.map { token in
                let range = token.normalizedRange
                return Self.wordFeature(UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]))
            }
        }
    }

    /// The character n-gram features of each token of `tokens` (none without
    /// ``characterNGrams``): ``extract(_:matches:into:)`` adds each token's after its word and
    /// word pairs. Training gives them to the classifier's objective by word.
    package func characterNGramFeatures(of tokens: TokenizedText) -> [[UInt64]] {
        guard let characterNGrams else { return Array(repeating: [], count: tokens.count) }
        return tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            tokens.tokens.map { token in
                let range = token.normalizedRange
                var output = [UInt64]()
                appendCharacterNGrams(characterNGrams, of: UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)]), into: &output)
                return output
            }
        }
    }

    private static func wordFeature(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var unigram = FeatureHash(template: Template.word.rawValue)
        unigram.combine(word)
        return unigram.value
    }

    /// n-grams of scalars over the word framed by 0x02 … 0x03.
    private func appendCharacterNGrams(_ characterNGrams: ClosedRange<Int>, of word: UnsafeBufferPointer<UInt8>, into output: inout [UInt64]) {
        guard word.count <= 64 else { return }
        // Scalar start offsets, on the stack: no heap allocation per word.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 65) { starts in
            var scalars = 0
            for (offset, byte) in word.enumerated() where byte & 0xC0 != 0x80 {
                starts[scalars] = offset
                scalars += 1
            }
            starts[scalars] = word.count
            let framed = scalars + 2  // with the start and end marks
            for length in characterNGrams where length <= framed {
                for first in 0...(framed - length) {
                    var hash = FeatureHash(template: Template.characterNGram.rawValue)
                    for position in first..<(first + length) {
                        if position == 0 {
                            hash.combine(0x02)
                        } else if position == framed - 1 {
                            hash.combine(0x03)
                        } else {
                            hash.combine(UnsafeBufferPointer(rebasing: word[starts[position - 1]..<starts[position]]))
                        }
                    }
                    output.append(hash.value)
                }
            }
        }
    }
}
