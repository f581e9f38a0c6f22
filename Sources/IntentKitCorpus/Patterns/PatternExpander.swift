import IntentKit

/// Turns the utterance patterns of a corpus's intents (``IntentDefinition/patterns``, see
/// ``UtterancePattern``) into annotated utterances for training: each pattern gives up to
/// ``examplesPerPattern`` distinct utterances, its choices drawn at random and each parameter
/// filled with a value of its entity — a custom entity's phrases and synonyms, the phrases the
/// corpus annotates for an open entity, examples of a built-in's shapes. The same seed gives the
/// same utterances.
///
/// An open entity with no values and no annotated examples is filled with stand-ins
/// (``StandInValues``: names, places, free text), which the report lists. A pattern that names a
/// parameter its intent lacks gives none; the report says which and why.
///
/// The patterns of one intent give at most ``maximumUtterancesPerIntent`` utterances together,
/// each pattern an equal share (at least one): past a few hundred utterances an intent's
/// training data teaches nothing new, and ten thousand patterns must not make a training of
/// hours. Phrases longer than ``maximumPhraseLength`` characters are not drawn.
public struct PatternExpander: Sendable {
    /// The most utterances one pattern gives.
    public var examplesPerPattern: Int
    /// The seed of the draws.
    public var seed: UInt64
    /// The most utterances the patterns of one intent give together.
    public static let maximumUtterancesPerIntent = 1_000
    /// The longest value phrase drawn into an utterance, in characters.
    public static let maximumPhraseLength = 200

    /// What expansion made, and what it could not.
    public struct Report: Sendable, Equatable {
        /// Utterances generated, by intent.
        public var generated: [String: Int] = [:]
        /// Patterns that gave none, with why.
        public var skipped: [Skipped] = []
        /// Intents with more patterns than ``PatternExpander/maximumUtterancesPerIntent`` allows
        /// each their examples, with the examples each pattern could give.
        public var shared: [String: Int] = [:]

        public struct Skipped: Sendable, Equatable {
            public var intent: String
            public var pattern: String
            public var reason: String
        }

        /// Open entities that list no value and that no utterance annotates, filled with
        /// stand-ins (``StandInValues``).
        public var standIns: [String] = []

        /// All generated utterances.
        public var total: Int { generated.values.reduce(0, +) }
    }

    public init(examplesPerPattern: Int = 20, seed: UInt64 = 1) {
        self.examplesPerPattern = examplesPerPattern
        self.seed = seed
    }

    /// `corpus` with the utterances its patterns give appended (none that repeats one it has).
    public func expanding(_ corpus: Corpus) -> (corpus: Corpus, report: Report) {
        var expanded = corpus
        let (utterances, report) = expand(corpus)
        expanded.utterances += utterances
        return (expanded, report)
    }

    /// The utterances `corpus`'s patterns give, intent by intent, in pattern order.
    public func expand(_ corpus: Corpus) -> (utterances: [Utterance], report: Report) {
        var report = Report()
        var utterances = [Utterance]()
        var seen = Set(corpus.utterances.map { $0.intent + "\u{0}" + $0.text })
        let values = ValuePool(corpus)
        report.standIns = values.standIns.filter { name in
            corpus.schema.intents.contains { intent in intent.parameters.contains { $0.entity == .custom(name) } && !intent.patterns.isEmpty }
        }
        for intent in corpus.schema.intents {
            let share = min(examplesPerPattern, max(1, Self.maximumUtterancesPerIntent / max(1, intent.patterns.count)))
            if share < examplesPerPattern { report.shared[intent.name] = share }
            var left = Self.maximumUtterancesPerIntent
            for (index, source) in intent.patterns.enumerated() where left > 0 {
                let pattern: UtterancePattern
                do { pattern = try UtterancePattern(source) } catch {
                    report.skipped.append(.init(intent: intent.name, pattern: source, reason: "\(error.message) at offset \(error.offset)"))
                    continue
                }
                if let reason = values.problem(with: pattern, of: intent) {
                    report.skipped.append(.init(intent: intent.name, pattern: source, reason: reason))
                    continue
                }
                var generator = SeededGenerator(seed: seed ^ Self.stableHash(intent.name, index))
                var made = 0
                let quota = min(share, left)
                for _ in 0..<(quota * 4) where made < quota {
                    var builder = UtteranceBuilder()
                    builder.add(pattern.pieces, intent: intent, values: values, using: &generator)
                    let utterance = builder.utterance(intent: intent.name)
                    guard !utterance.text.isEmpty, seen.insert(intent.name + "\u{0}" + utterance.text).inserted else { continue }
                    utterances.append(utterance)
                    made += 1
                }
                report.generated[intent.name, default: 0] += made
                left -= made
            }
        }
        return (utterances, report)
    }

    /// FNV-1a of the intent's name and the pattern's index: the same in every process (Swift's
    /// `Hasher` is seeded per process).
    static func stableHash(_ name: String, _ index: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return (hash ^ UInt64(index)) &* 0x100_0000_01b3
    }
}

/// What can fill each parameter: phrases by entity.
struct ValuePool {
    /// Custom entity name → its values, each with every phrase that names it.
    private var custom: [String: [(identifier: String?, phrases: [String])]] = [:]

    init(_ corpus: Corpus) {
        func sayable(_ phrase: String) -> Bool { phrase.unicodeScalars.count <= PatternExpander.maximumPhraseLength }
        for entity in corpus.schema.entities {
            custom[entity.name] = entity.values.compactMap { value in
                let phrases = value.allPhrases.filter(sayable)
                return phrases.isEmpty ? nil : (value.identifier, phrases)
            }
        }
        // An open entity's annotated phrases are values too.
        var annotated = [String: Set<String>]()
        for utterance in corpus.utterances {
            guard let intent = corpus.schema.intent(named: utterance.intent) else { continue }
            for slot in utterance.slots {
                guard case .custom(let entity)? = intent.parameter(named: slot.name)?.entity,
                      corpus.schema.entity(named: entity)?.allowsOtherValues ?? true else { continue }
                let phrase = utterance.text(of: slot)
                if sayable(phrase) { annotated[entity, default: []].insert(phrase) }
            }
        }
        for (entity, phrases) in annotated {
            let known = Set(custom[entity, default: []].flatMap(\.phrases))
            custom[entity, default: []] += phrases.subtracting(known).sorted().map { (nil, [$0]) }
        }
        // An open entity with nothing to draw from is the user's own: stand-ins show where it is said.
        for entity in corpus.schema.entities where entity.allowsOtherValues && custom[entity.name, default: []].isEmpty {
            custom[entity.name] = StandInValues.values(forEntity: entity.name, language: corpus.schema.language).map { (nil, [$0]) }
            standIns.append(entity.name)
        }
    }

    /// The open entities filled with ``StandInValues``, in schema order.
    private(set) var standIns: [String] = []

    /// Why `pattern` cannot be expanded for `intent`, or `nil`.
    func problem(with pattern: UtterancePattern, of intent: IntentDefinition) -> String? {
        for name in pattern.parameterNames {
            guard let parameter = intent.parameter(named: name) else { return "'\(intent.name)' has no parameter '\(name)'" }
            if case .custom(let entity) = parameter.entity, custom[entity, default: []].isEmpty {
                return "no values for [\(name)]: its entity '\(entity)' lists none and no utterance annotates one"
            }
        }
        return nil
    }

    /// A phrase for `parameter`, with the identifier of the value it names when that differs.
    func draw(_ parameter: Parameter, using generator: inout SeededGenerator) -> (text: String, value: String?) {
        switch parameter.entity {
        case .builtin(let builtin):
            return (BuiltinExamples.examples(of: builtin).randomElement(using: &generator)!, nil)
        case .custom(let entity):
            let value = custom[entity]!.randomElement(using: &generator)!
            let phrase = value.phrases.randomElement(using: &generator)!
            return (phrase, value.identifier.flatMap { $0 == phrase ? nil : $0 })
        }
    }
}

/// An utterance as it is assembled: its text with single spaces, and its slots' ranges.
struct UtteranceBuilder {
    private var scalars: [Unicode.Scalar] = []
    private var slots: [SlotAnnotation] = []

    mutating func add(_ pieces: [UtterancePattern.Piece], intent: IntentDefinition, values: ValuePool, using generator: inout SeededGenerator) {
        for piece in pieces {
            switch piece {
            case .text(let text):
                append(text)
            case .choice(let alternatives):
                if alternatives.count == 1 {
                    if Bool.random(using: &generator) { add(alternatives[0], intent: intent, values: values, using: &generator) }
                } else {
                    add(alternatives.randomElement(using: &generator)!, intent: intent, values: values, using: &generator)
                }
            case .parameter(let name):
                let parameter = intent.parameter(named: name)!
                addValue(of: parameter, values: values, using: &generator)
                // A parameter of several values gets a second one a quarter of the time.
                if parameter.allowsMultipleValues, Int.random(in: 0..<4, using: &generator) == 0 {
                    append(" and ")
                    addValue(of: parameter, values: values, using: &generator)
                }
            }
        }
    }

    private mutating func addValue(of parameter: Parameter, values: ValuePool, using generator: inout SeededGenerator) {
        let (text, value) = values.draw(parameter, using: &generator)
        if let last = scalars.last, !last.properties.isWhitespace { scalars.append(" ") }
        let start = scalars.count
        scalars += text.unicodeScalars
        slots.append(SlotAnnotation(name: parameter.name, range: start..<scalars.count, value: value))
    }

    /// Appends `text` with its runs of white space as one space, and none at the start.
    private mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let last = scalars.last, !last.properties.isWhitespace { scalars.append(" ") }
            } else {
                if let last = scalars.last, slots.last?.range.upperBound == scalars.count, last != " ", scalar.properties.isAlphabetic {
                    scalars.append(" ")
                }
                scalars.append(scalar)
            }
        }
    }

    func utterance(intent: String) -> Utterance {
        var end = scalars.count
        while end > 0, scalars[end - 1] == " " { end -= 1 }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[..<end])
        return Utterance(text: text, intent: intent, slots: slots)
    }
}
