import IntentKit

/// Checks a corpus against its own schema and reports every problem with its place.
///
/// Errors: no utterances at all, an utterance of an unknown intent, a slot that is not a parameter of its intent, a
/// parameter typed by an unknown entity (or an unknown `builtin.` type), overlapping or
/// out-of-range slot spans, an empty utterance. Warnings: a required parameter that no
/// utterance annotates, an intent with fewer than ``minimumExamples`` utterances, a custom entity
/// no parameter uses, a slot of a closed entity whose words (or annotated value) are none of its
/// values or synonyms (in any case), an utterance written twice, to the letter and its case
/// (worse: under two intents).
public struct CorpusValidator: Sendable {
    /// The most intents one model holds: more is an error. Assistants and benchmarks have tens
    /// to a few hundred; the classifier's weights and its search grow with the count.
    public static let maximumIntents = 1_000

    /// Intents with fewer utterances than this get a warning.
    public var minimumExamples: Int

    /// Creates a validator.
    public init(minimumExamples: Int = 5) {
        self.minimumExamples = minimumExamples
    }

    /// Every finding, errors and warnings, in file order where locations are known.
    ///
    /// - Parameter source: where the corpus was read from, named by the error for a corpus
    ///   without utterances (which usually means the wrong `--format`).
    public func validate(_ corpus: Corpus, source: SourceLocation? = nil) -> [Diagnostic] {
        var findings = [Diagnostic]()
        let schema = corpus.schema
        if corpus.utterances.isEmpty && schema.intents.allSatisfy(\.patterns.isEmpty) {
            if schema.intents.isEmpty {
                findings.append(Diagnostic(.error, "no utterances were read; is this the corpus, and in the format it was read as?", at: source))
            } else {
                // A schema alone (an Intent Definition File whose shortcuts have no titles) is a
                // start: it converts, and training says what it lacks.
                findings.append(Diagnostic(.warning, "no utterances and no patterns: \(schema.intents.count) intent\(schema.intents.count == 1 ? "" : "s") with nothing to train on; add utterances, or patterns such as 'order [soup]'", at: source))
            }
        }
        if schema.intents.count > Self.maximumIntents {
            let first = schema.intents[Self.maximumIntents].name
            findings.append(Diagnostic(.error, "\(schema.intents.count) intents; a model holds at most \(Self.maximumIntents) ('\(first)' is the first past them)",
                                       at: corpus.locations[.intent(first)] ?? source))
        }
        checkPatterns(of: corpus, findings: &findings)
        var intents = [String: IntentDefinition]()
        for intent in schema.intents { intents[intent.name] = intent }
        let entityNames = Set(schema.entities.map(\.name))
        var usedEntities = Set<String>()

        for intent in schema.intents {
            for parameter in intent.parameters {
                let location = corpus.locations[.parameter(intent: intent.name, name: parameter.name)] ?? corpus.locations[.intent(intent.name)]
                if case .custom(let name) = parameter.entity, name != Reservation.entityName {
                    usedEntities.insert(name)
                    if name.hasPrefix(BuiltinEntity.namePrefix) {
                        let known = (BuiltinEntity.allCases.map(\.qualifiedName) + [Reservation.entityName]).joined(separator: ", ")
                        findings.append(Diagnostic(.error, "unknown built-in entity '\(name)' for parameter '\(parameter.name)' of '\(intent.name)' (known: \(known))", at: location))
                    } else if !entityNames.contains(name) {
                        findings.append(Diagnostic(.error, "unknown entity '\(name)' for parameter '\(parameter.name)' of '\(intent.name)'; declare it under 'entities' or use a builtin.* type", at: location))
                    }
                }
            }
        }

        var counts = [String: Int]()
        var annotated = Set<String>()
        var closedEntities = [String: Set<String>]()
        for entity in schema.entities where !entity.allowsOtherValues {
            closedEntities[entity.name] = Set(entity.values.flatMap { [$0.identifier] + $0.allPhrases }.map(Self.folded))
        }
        var firstSeen = [String: Utterance]()
        for utterance in corpus.utterances {
            counts[utterance.intent, default: 0] += 1
            let location = utterance.location
            if utterance.text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                findings.append(Diagnostic(.error, "empty utterance", at: location))
                continue
            }
            guard let intent = intents[utterance.intent] else {
                findings.append(Diagnostic(.error, "unknown intent '\(utterance.intent)'", at: location))
                continue
            }
            // Case kept: "Lock my car" beside "lock my car" teaches the tagger's shape features.
            let key = utterance.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if let first = firstSeen[key] {
                findings.append(Self.repetition(of: first, in: utterance))
            } else {
                firstSeen[key] = utterance
            }
            checkSlots(of: utterance, intent: intent, closedEntities: closedEntities, findings: &findings)
            for slot in utterance.slots { annotated.insert(intent.name + "\u{0}" + slot.name) }
        }

        for intent in schema.intents {
            // A parameter a pattern mentions is annotated in the utterances the pattern gives.
            for source in intent.patterns {
                for name in (try? UtterancePattern(source))?.parameterNames ?? [] { annotated.insert(intent.name + "\u{0}" + name) }
            }
            let location = corpus.locations[.intent(intent.name)]
            let count = counts[intent.name, default: 0]
            if count < minimumExamples && intent.patterns.isEmpty {
                findings.append(Diagnostic(.warning, "intent '\(intent.name)' has \(count) utterance\(count == 1 ? "" : "s"); at least \(minimumExamples) are needed to learn it", at: location))
            }
            for parameter in intent.parameters where parameter.isRequired && !annotated.contains(intent.name + "\u{0}" + parameter.name) {
                findings.append(Diagnostic(.warning, "required parameter '\(parameter.name)' of '\(intent.name)' is never annotated", at: corpus.locations[.parameter(intent: intent.name, name: parameter.name)] ?? location))
            }
        }
        for entity in schema.entities where !usedEntities.contains(entity.name) {
            findings.append(Diagnostic(.warning, "entity '\(entity.name)' is used by no parameter", at: corpus.locations[.entity(entity.name)]))
        }
        return findings
    }

    /// Errors for patterns that do not parse or name a parameter their intent lacks; warnings
    /// for those that give no utterance (a parameter with no value to draw).
    private func checkPatterns(of corpus: Corpus, findings: inout [Diagnostic]) {
        let values = ValuePool(corpus)
        for intent in corpus.schema.intents {
            for (index, source) in intent.patterns.enumerated() {
                let location = corpus.locations[.pattern(intent: intent.name, index: index)] ?? corpus.locations[.intent(intent.name)]
                do {
                    let pattern = try UtterancePattern(source)
                    for name in pattern.parameterNames where intent.parameter(named: name) == nil {
                        findings.append(Diagnostic(.error, "pattern '\(source)' of '\(intent.name)': no parameter '\(name)'", at: location))
                    }
                    if pattern.parameterNames.allSatisfy({ intent.parameter(named: $0) != nil }), let problem = values.problem(with: pattern, of: intent) {
                        findings.append(Diagnostic(.warning, "pattern '\(source)' of '\(intent.name)' gives no utterance: \(problem)", at: location))
                    }
                } catch {
                    findings.append(Diagnostic(.error, "pattern '\(source)' of '\(intent.name)': \(error.message) (at character \(error.offset + 1))", at: location))
                }
            }
        }
    }

    /// The warning for `utterance`, a repetition of `first`.
    private static func repetition(of first: Utterance, in utterance: Utterance) -> Diagnostic {
        let place = first.location.map { $0.line.map { "line \($0)" } ?? $0.file } ?? "before"
        return first.intent == utterance.intent
            ? Diagnostic(.warning, "the same utterance as at \(place): it counts twice in training and in scores", at: utterance.location)
            : Diagnostic(.warning, "the same utterance as at \(place), there labelled '\(first.intent)' and here '\(utterance.intent)': the model cannot learn both", at: utterance.location)
    }

    /// The slots of `utterance` against its intent: known parameters, a closed entity's values,
    /// spans within the text and apart from each other.
    private func checkSlots(of utterance: Utterance, intent: IntentDefinition, closedEntities: [String: Set<String>], findings: inout [Diagnostic]) {
        let location = utterance.location
        let length = utterance.text.unicodeScalars.count
        var previous: SlotAnnotation?
        for slot in utterance.slots.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            let slotLocation = location?.advanced(by: slot.range.lowerBound)
            if intent.parameter(named: slot.name) == nil {
                let known = intent.parameters.map(\.name).joined(separator: ", ")
                findings.append(Diagnostic(.error, "unknown slot '\(slot.name)' for intent '\(intent.name)' (parameters: \(known.isEmpty ? "none" : known))", at: slotLocation))
            }
            if case .custom(let entity)? = intent.parameter(named: slot.name)?.entity, let values = closedEntities[entity],
               let written = slot.value ?? Self.words(of: slot, in: utterance.text), !values.contains(Self.folded(written)) {
                findings.append(Diagnostic(.warning, "'\(written)' is none of the values of '\(entity)', which allows no others: add it as a value or a synonym, or annotate the value it means ([words](\(slot.name): value))", at: slotLocation))
            }
            if slot.range.isEmpty || slot.range.lowerBound < 0 || slot.range.upperBound > length {
                findings.append(Diagnostic(.error, "slot '\(slot.name)' spans \(slot.range.lowerBound)..<\(slot.range.upperBound), outside the text's \(length) characters", at: location))
            }
            if let before = previous, before.range.overlaps(slot.range) {
                findings.append(Diagnostic(.error, "slot '\(slot.name)' overlaps slot '\(before.name)'", at: slotLocation))
            }
            previous = slot
        }
    }

    /// `text` as utterances and values are compared: lower-cased, runs of white space one space.
    static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The words a slot spans, or `nil` for a span outside the text.
    private static func words(of slot: SlotAnnotation, in text: String) -> String? {
        let scalars = text.unicodeScalars
        guard slot.range.lowerBound >= 0, slot.range.upperBound <= scalars.count, !slot.range.isEmpty else { return nil }
        let start = scalars.index(scalars.startIndex, offsetBy: slot.range.lowerBound)
        return String(scalars[start..<scalars.index(start, offsetBy: slot.range.count)])
    }
}
