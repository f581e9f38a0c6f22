/// The kinds of observation features the slot tagger extracts, declared once with their help
/// text (the CLI's `--help` lists them from here).
package enum FeatureTemplate: String, CaseIterable, Hashable, Sendable, Codable {
    case words
    case bigrams
    case shape
    case affixes
    case kind
    case position
    case sentence
    case vocabulary
    case numbers
    case intent
    case intentConjunctions
    case userVocabulary
    case knownWords
    case builtinEntities
    case encoderClusters

    /// What the template adds for each token.
    package var help: String {
        switch self {
        case .words: return "normalised words in a window around the token (see --window)"
        case .bigrams: return "word pairs (previous, current) and (current, next)"
        case .shape: return "the token's shape (Xxxx, dd, x'x) and case flags"
        case .affixes: return "prefixes and suffixes of the normalised word (see --affix-length)"
        case .kind: return "the tokenizer's kind: word, number, punctuation, symbol, e-mail, URL"
        case .position: return "first and last token of the utterance"
        case .sentence: return "every word of the utterance, given to every token, so tokens see what the whole request is about"
        case .vocabulary: return "matches of entity values and synonyms (gazetteer), as entity and B/I/L/U position"
        case .numbers: return "numbers written in digits or words (built-in number matches)"
        case .intent: return "the utterance's intent (predicted at parse time) conjoined with the bias and nearby words"
        case .intentConjunctions: return "every other feature of the token conjoined with the predicted intent (doubles the features)"
        case .userVocabulary: return "matches of a user's vocabulary given at parse time, as features of their own (learnt from simulated vocabularies: see --user-vocabulary-rate)"
        case .knownWords: return "words seen in training, as matches of the vocabulary (echoed on the neighbours; out of fold while training, so a new name's words look as they will at parse time); needs vocabulary"
        case .builtinEntities: return "built-in entities found in the raw text (dates, times, numbers, money, durations, …), as kind and B/I/L/U position, echoed on the neighbours"
        case .encoderClusters: return "the cluster of the token's contextual vector from the sentence encoder, at several granularities (with --encoder)"
        }
    }

    /// The id of the tagger's bias feature (every token has it: each label's prior), which is
    /// also the salt of plain word hashes looked up in tables. Not a template: it cannot be off.
    static let biasID: UInt8 = 0

    /// Stable one-byte ids used when hashing features; never renumber (model files store the
    /// hashes). The intent classifier's kinds of feature are numbered from 20
    /// (``IntentFeatureExtractor/Template``).
    var id: UInt8 {
        switch self {
        case .words: return 1
        case .bigrams: return 2
        case .shape: return 3
        case .affixes: return 4
        case .kind: return 5
        case .position: return 6
        case .sentence: return 7
        case .vocabulary: return 8
        case .numbers: return 9
        case .intent: return 10
        case .intentConjunctions: return 11
        case .userVocabulary: return 12
        case .knownWords: return 13
        case .builtinEntities: return 14
        case .encoderClusters: return 15
        }
    }
}
