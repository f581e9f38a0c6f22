import IntentKit

extension ModelTrainer {
    /// How training simulates the user vocabularies apps hand over at parse time.
    struct UserVocabularySimulation {
        /// Slot name → the numbers of its entity's user matches (phrase; first, inner, last
        /// word), as parsing numbers a user's matches.
        let ids: [String: VocabularyFeatures.EntityIDs]
        /// The slots that have them, for noise matches.
        let slots: [String]
        let rate: Double
        let noise: Double
        let unseenRate: Double
        let seed: UInt64

        /// - Parameter entityOfSlot: the vocabulary entity a slot's values belong to (the slot's
        ///   own name when absent).
        init(gazetteer: Gazetteer, slotNames: [String], entityOfSlot: [String: String], options: TrainingOptions) {
            let features = VocabularyFeatures(gazetteer: gazetteer, ownFeatures: true)
            var ids = [String: VocabularyFeatures.EntityIDs]()
            for slot in slotNames { ids[slot] = features.ids(of: entityOfSlot[slot] ?? slot) }
            self.ids = ids
            slots = slotNames.filter { ids[$0] != nil }
            rate = options.userVocabularyRate
            noise = options.userVocabularyNoise
            unseenRate = options.userVocabularyUnseenRate
            seed = options.seed
        }
    }

    /// The matches a simulated user vocabulary makes in training utterance `index`: each slot's
    /// value with probability `rate` (vocabulary dropout: the tagger must still find the slots a
    /// vocabulary lacks), and with probability `noise` one more span of one or two tokens
    /// matched as some slot's entity that it is not (terms are also said for other things).
    ///
    /// Matches are numbered after the gazetteer's entities, so they get weights of their own:
    /// the gazetteer's are learnt from out-of-fold corpus values, these from values the
    /// utterance really holds, as a user's contacts and playlists are. Placeholder-swapped
    /// copies (``swappedCopies(_:copies:fold:)``) get their own draws, so the same match is
    /// seen on values the model never learnt as words.
    ///
    /// - Returns: the matches, and the token ranges of the slot values among them (noise left out).
    func simulatedUserMatches(_ sequence: TaggedSequence, index: Int, labels: LabelSet, simulation: UserVocabularySimulation) -> (matches: [Gazetteer.Match], values: [Range<Int>]) {
        var random = splitMix(simulation.seed &+ 0x05E2_70CA &+ UInt64(index) &* 0x9E37_79B9)
        func uniform() -> Double {
            random = splitMix(random)
            return unitInterval(random)
        }
        var matches = [Gazetteer.Match]()
        var values = [Range<Int>]()
        func add(_ slot: String, _ tokens: Range<Int>) {
            guard let ids = simulation.ids[slot], let phrase = ids.phrase else { return }
            for token in tokens {
                let position: Gazetteer.Position = tokens.count == 1 ? .unit
                    : token == tokens.lowerBound ? .begin : token == tokens.upperBound - 1 ? .last : .inside
                matches.append(Gazetteer.Match(token: token, entity: phrase, position: position))
                guard tokens.count > 1 else { continue }
                let word = token == tokens.lowerBound ? ids.first : token == tokens.upperBound - 1 ? ids.last : ids.inner
                if let word { matches.append(Gazetteer.Match(token: token, entity: word, position: .unit)) }
            }
        }
        let spans = BIOTag.spans(sequence.labels.map(labels.tag))
        for span in spans where uniform() < simulation.rate {
            add(span.slot, span.tokens)
            values.append(span.tokens)
        }
        let count = sequence.tokens.count
        if count > 0, !simulation.slots.isEmpty, uniform() < simulation.noise {
            let start = Int(uniform() * Double(count))
            let end = min(count, start + 1 + Int(uniform() * 2))
            let slot = simulation.slots[Int(uniform() * Double(simulation.slots.count))]
            if !spans.contains(where: { $0.slot == slot && $0.tokens == start..<end }) { add(slot, start..<end) }
        }
        return (matches, values)
    }

    /// Utterance `index` with the words of some simulated user values made unseen, for the
    /// second stage: each value with probability `unseenRate` has the letters of its words of
    /// four or more letters shuffled ("complots" → "plomcots"), so the first stage's features
    /// see a name it never learnt, as a user's contact or playlist mostly is. Short words stay
    /// ("the", "of": names are made of them too). `nil` when nothing changed, or when the new
    /// text does not split into the same tokens.
    func unseenRewrite(_ tokens: TokenizedText, values: [Range<Int>], index: Int, simulation: UserVocabularySimulation, tokenizer: Tokenizer) -> TokenizedText? {
        guard simulation.unseenRate > 0, !values.isEmpty else { return nil }
        var random = splitMix(simulation.seed &+ 0x5EE_D1CE &+ UInt64(index) &* 0x9E37_79B9)
        func next() -> UInt64 {
            random = splitMix(random)
            return random
        }
        var rewritten = Set<Int>()
        for value in values where unitInterval(next()) < simulation.unseenRate {
            for token in value where tokens.tokens[token].kind == .word { rewritten.insert(token) }
        }
        /// `word` with its letters in a new order (Fisher-Yates; other scalars such as apostrophes
        /// and digits stay put), or `nil` for fewer than four letters.
        func shuffledLetters(_ word: Substring) -> String? {
            var scalars = Array(word.unicodeScalars)
            let letters = scalars.indices.filter { scalars[$0].properties.isAlphabetic }
            guard letters.count >= 4 else { return nil }
            var shuffled = letters.map { scalars[$0] }
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(i, Int(next() % UInt64(i + 1)))
            }
            for (position, scalar) in zip(letters, shuffled) { scalars[position] = scalar }
            return String(String.UnicodeScalarView(scalars))
        }
        var text = "", end = 0, changed = false
        let utf8 = Array(tokens.text.utf8)
        for (token, info) in tokens.tokens.enumerated() {
            text += String(decoding: utf8[end..<info.utf8Range.lowerBound], as: UTF8.self)
            end = info.utf8Range.upperBound
            let word = tokens.text(at: token)
            if rewritten.contains(token), let shuffled = shuffledLetters(word) {
                text += shuffled
                changed = true
            } else {
                text += word
            }
        }
        text += String(decoding: utf8[end...], as: UTF8.self)
        guard changed else { return nil }
        let result = tokenizer.tokenize(text)
        return result.count == tokens.count ? result : nil
    }
}

extension ModelTrainer {
    /// The second stage of training with the ``FeatureTemplate/userVocabulary`` template: the
    /// weights of the user-vocabulary features alone, every other weight frozen at the first
    /// stage's, by L-BFGS on the utterances a simulated vocabulary matches.
    ///
    /// Learnt together with the others, the tagger leans on simulated matches and tags worse
    /// when no vocabulary is given; learnt after, they add evidence on
    /// top of a model that is the one trained without them, so parsing without a user vocabulary
    /// is unchanged, like a stacked model's second layer.
    func trainUserVocabularyWeights(_ parameters: inout [Double], free: Range<Int>, data: CompiledSequences, structure: CRFStructure) {
        var objective = FrozenObjective(
            base: CRFObjective(data: data, structure: structure, l2: options.c2, threads: options.threads), free: free)
        var settings = LBFGS.Settings()
        // Few weights are free and the rest are frozen: the problem is small and well
        // conditioned, and 30 iterations bring the loss within a fraction of a percent of its minimum.
        settings.maxIterations = 30
        _ = LBFGS(settings: settings).minimize(&objective, parameters: &parameters) { progress, _ in
            log(TrainingMessage(.progress, "user vocabulary: iteration \(progress.iteration) of \(settings.maxIterations)",
                                details: String(format: "loss %.1f, gradient norm %.3f", progress.value, progress.gradientNorm),
                                iteration: progress.iteration))
            return true
        }
        step("user vocabulary: \(free.count) weights learnt on \(data.sentenceCount) utterances with simulated matches")
    }
}

/// An objective whose parameters outside `free` do not move: their gradient is reported as 0,
/// so every L-BFGS direction (a combination of gradients and steps) leaves them where they are.
struct FrozenObjective<Base: Objective>: Objective {
    var base: Base
    let free: Range<Int>

    var parameterCount: Int { base.parameterCount }

    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
        let value = base.evaluate(parameters, gradient: gradient)
        for index in 0..<free.lowerBound { gradient[index] = 0 }
        for index in free.upperBound..<gradient.count { gradient[index] = 0 }
        return value
    }
}
