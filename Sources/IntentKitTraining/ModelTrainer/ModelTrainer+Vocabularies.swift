import IntentKit
import IntentKitCorpus

extension ModelTrainer {
    /// The vocabulary matches of training utterance `index`, as parsing would find them, but
    /// with each known-word match dropped with probability ``TrainingOptions/knownWordsDropout``.
    func trainingMatches(_ tokens: TokenizedText, gazetteer: Gazetteer, index: Int, into matches: inout [Gazetteer.Match]) {
        matches.removeAll(keepingCapacity: true)
        guard options.features.templates.contains(.vocabulary) else { return }
        gazetteer.matches(in: tokens, into: &matches)
        guard options.knownWordsDropout > 0, let known = gazetteer.knownWordEntityID else { return }
        let seed = splitMix(options.seed &+ 0xD50F &+ UInt64(index) &* 0x9E37_79B9)
        matches.removeAll { match in
            match.entity == known
                && unitInterval(splitMix(seed &+ UInt64(match.token))) < options.knownWordsDropout
        }
    }

    /// Slot name → the vocabulary entity its values belong to, for parameters of entities with
    /// values (other slots' values form an entity of the slot's own name).
    func entityOfSlot(_ corpus: Corpus) -> [String: String] {
        var entityOfSlot = [String: String]()
        for intent in corpus.schema.intents {
            for parameter in intent.parameters {
                if case .custom(let name) = parameter.entity, corpus.schema.entity(named: name).map({ !$0.values.isEmpty }) ?? false {
                    entityOfSlot[parameter.name] = name
                }
            }
        }
        return entityOfSlot
    }

    /// Schema values and synonyms, and every training span with its utterance index; with the
    /// ``FeatureTemplate/knownWords`` template also every token of every utterance, as a phrase of
    /// ``Gazetteer/knownWordEntity`` (out of fold like the spans: a training utterance's own words
    /// are not known to it, as a new name's are not at parse time).
    func vocabularyEntries(_ corpus: Corpus) -> (schema: [(entity: String, phrase: String)], spans: [(entity: String, phrase: String, utterance: Int)]) {
        var schema = [(entity: String, phrase: String)]()
        for entity in corpus.schema.entities {
            for value in entity.values {
                for phrase in value.allPhrases { schema.append((entity.name, phrase)) }
            }
        }
        let entityOfSlot = entityOfSlot(corpus)
        var spans = [(entity: String, phrase: String, utterance: Int)]()
        if options.vocabularyFolds > 0 {
            for (index, utterance) in corpus.utterances.enumerated() {
                for slot in utterance.slots {
                    spans.append((entityOfSlot[slot.name] ?? slot.name, utterance.text(of: slot), index))
                }
            }
        }
        if options.features.templates.isSuperset(of: [.knownWords, .vocabulary]), options.vocabularyFolds > 1 {
            let tokenizer = Tokenizer()
            var tokens = TokenizedText()
            for (index, utterance) in corpus.utterances.enumerated() {
                tokenizer.tokenize(utterance.text, into: &tokens)
                for token in 0..<tokens.count { spans.append((Gazetteer.knownWordEntity, String(tokens.text(at: token)), index)) }
            }
        }
        return (schema, spans)
    }
}

func uniqueInOrder(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
}
