import Foundation

extension IntentParser {
    /// The value of the slot made of `tokens[range]`: the user's terms first (the one term a
    /// phrase names, or the one whose words the slot's words are), then the model's vocabulary
    /// or built-in grammar; `nil` when the words name several terms or nothing. (Matches within
    /// an edit need confirmation: only ``resolveParameters(of:vocabulary:workspace:reference:calendar:)`` looks
    /// for them, off the plain parse's path.)
    /// A built-in slot resolves through the expression around it when one holds it whole and
    /// holds no other slot: the tagger's "at 8:30" in "next friday at 8:30 pm" is Friday 20:30,
    /// as ``BuiltinEntityExtractor`` reads the whole expression.
    /// - Parameters:
    ///   - vocabulary: `nil` when the user's terms cannot match (``UtteranceKeys/mayMatch(_:)``).
    ///   - slotRanges: the Unicode-scalar ranges of the parse's slots (``TaggedSlot/range``).
    func resolveValue<Slots: Collection<Range<Int>>>(
        _ tokens: TokenizedText, tokens range: Range<Int>, entity: EntityReference, vocabulary: UserVocabulary?,
        reference: Date, calendar: Calendar, slotRanges: Slots
    ) -> SlotValue? {
        if case .builtin(let kind) = entity,
           let value = Self.coveringValue(kind, tokens, range: range, slotRanges: slotRanges, reference: reference, calendar: calendar) {
            return value
        }
        if case .custom(let name) = entity, let vocabulary, let match = vocabulary.lookup(tokens, range: range, entity: name, limit: 2, allowingEdits: false) {
            switch match {
            case .exact(let candidates) where candidates.count == 1, .partial(let candidates, edited: false) where candidates.count == 1:
                return .custom(candidates[0].identifier)
            default:
                return nil
            }
        }
        return resolver.resolve(tokens, tokens: range, entity: entity, reference: reference, calendar: calendar)
    }

    /// Tokens read on either side of a built-in slot for the expression that holds it.
    private static let coveringWindow = 6

    /// The value of the `kind` expression that holds the slot `range` whole and no other of
    /// `slotRanges`, read within a few words of the slot; `nil` when there is none.
    private static func coveringValue<Slots: Collection<Range<Int>>>(
        _ kind: BuiltinEntity, _ tokens: TokenizedText, range: Range<Int>, slotRanges: Slots, reference: Date, calendar: Calendar
    ) -> SlotValue? {
        // Only where a word beside the slot may belong to an expression ("friday", "at", "pm", "to").
        func mayExtend(_ index: Int) -> Bool {
            index >= 0 && index < tokens.count && BuiltinEntityExtractor.mayExtend(tokens.normalized(at: index))
        }
        guard mayExtend(range.lowerBound - 1) || mayExtend(range.upperBound) else { return nil }
        let window = max(0, range.lowerBound - coveringWindow)..<min(tokens.count, range.upperBound + coveringWindow)
        let slot = tokens.tokens[range.lowerBound].range.lowerBound..<tokens.tokens[range.upperBound - 1].range.upperBound
        let extractor = BuiltinEntityExtractor(kinds: [kind], calendar: calendar)
        guard let match = extractor.extract(from: tokens, tokens: window, reference: reference).first(where: {
            $0.range.lowerBound <= slot.lowerBound && $0.range.upperBound >= slot.upperBound
        }) else { return nil }
        guard !slotRanges.contains(where: { $0 != slot && $0.overlaps(match.range) }) else { return nil }
        return match.value
    }

    /// Every parameter of `parse`'s intent with its resolution, in the schema's order; a
    /// parameter given twice is resolved twice. A habitual value from the user's history is read
    /// against `reference` in `calendar`, as the utterance's own values are.
    func resolveParameters(
        of parse: IntentParse, vocabulary: UserVocabulary, workspace: Workspace, reference: Date, calendar: Calendar
    ) -> [ResolvedParameter] {
        guard let intent = parse.intent, let definition = model.schema.intent(named: intent) else { return [] }
        var parameters = [ResolvedParameter]()
        for parameter in definition.parameters {
            let slots = parse.slots.filter { $0.name == parameter.name }
            if slots.isEmpty {
                var resolution: ParameterResolution = parameter.isRequired ? .needsValue(prompt: parameter.prompt) : .notRequired
                // A required value the user habitually gives is proposed ("order my usual").
                if parameter.isRequired, let habitual = history.habitualValues[intent]?[parameter.name],
                   let value = habitualValue(habitual, of: parameter, reference: reference, calendar: calendar) {
                    resolution = .confirmationRequired(value)
                }
                parameters.append(ResolvedParameter(name: parameter.name, slot: nil, resolution: resolution))
            }
            for slot in slots {
                let resolution = resolve(slot, as: parameter, tokens: workspace.tokens, vocabulary: vocabulary)
                parameters.append(ResolvedParameter(name: parameter.name, slot: slot, resolution: resolution))
            }
        }
        return parameters
    }

    /// `text`, a value from the user's history, as a value of `parameter`: a custom entity's
    /// identifier as it is, a built-in's read by its grammar (`nil` when it does not read).
    func habitualValue(_ text: String, of parameter: Parameter, reference: Date, calendar: Calendar) -> SlotValue? {
        switch parameter.entity {
        case .custom: return .custom(text)
        case .builtin(let builtin):
            let tokens = tokenizer.tokenize(text)
            return tokens.count > 0 ? BuiltinGrammar.resolve(builtin, text: tokens, tokens: 0..<tokens.count, reference: reference, calendar: calendar) : nil
        }
    }

    /// Every parameter of the intent of `parse`, a shortcut's (``IntentParse/shortcut``), with
    /// the shortcut's values: a custom entity's as the identifiers they are, a built-in's read
    /// by its grammar; one the shortcut lacks as a parse without it would have it.
    func shortcutParameters(of parse: IntentParse, reference: Date, calendar: Calendar) -> [ResolvedParameter] {
        guard let identifier = parse.shortcut, let shortcut = shortcuts.shortcuts.first(where: { $0.identifier == identifier }),
              let definition = model.schema.intent(named: shortcut.intent) else { return [] }
        var tokens = TokenizedText()
        return definition.parameters.map { parameter in
            guard let text = shortcut.parameters[parameter.name] else {
                return ResolvedParameter(name: parameter.name, slot: nil, resolution: parameter.isRequired ? .needsValue(prompt: parameter.prompt) : .notRequired)
            }
            switch parameter.entity {
            case .custom:
                return ResolvedParameter(name: parameter.name, slot: nil, resolution: .success(.custom(text)))
            case .builtin(let builtin):
                tokenizer.tokenize(text, into: &tokens)
                let value = tokens.count > 0 ? BuiltinGrammar.resolve(builtin, text: tokens, tokens: 0..<tokens.count, reference: reference, calendar: calendar) : nil
                return ResolvedParameter(name: parameter.name, slot: nil,
                                         resolution: value.map(ParameterResolution.success) ?? .unsupported(reason: "'\(text)' is not understood as \(builtin.rawValue)"))
            }
        }
    }

    /// The resolution of one slot:
    /// - the user's terms: one term's phrase → success; several → disambiguation; the slot's words
    ///   within one term's words → success, or confirmation when a word needed an edit; within
    ///   several terms' → disambiguation (at most ten, highest priority first);
    /// - else the model's vocabulary or built-in grammar → success;
    /// - else free text where the entity allows other values, otherwise unsupported.
    /// A success whose slot confidence is under ``confirmationThreshold`` asks for confirmation.
    func resolve(_ slot: ParsedSlot, as parameter: Parameter, tokens: TokenizedText, vocabulary: UserVocabulary) -> ParameterResolution {
        func settled(_ value: SlotValue) -> ParameterResolution {
            slot.confidence < confirmationThreshold ? .confirmationRequired(value) : .success(value)
        }
        switch parameter.entity {
        case .builtin(let builtin):
            if let value = slot.value { return settled(value) }
            return .unsupported(reason: "'\(slot.text)' is not understood as \(builtin.rawValue)")
        case .custom(let name):
            switch vocabulary.lookup(tokens, range: slot.tokens, entity: name, limit: 10) {
            case .exact(let candidates)?:
                return candidates.count == 1 ? settled(.custom(candidates[0].identifier)) : .disambiguation(candidates)
            case .partial(let candidates, let edited)?:
                if candidates.count > 1 { return .disambiguation(candidates) }
                return edited ? .confirmationRequired(.custom(candidates[0].identifier)) : settled(.custom(candidates[0].identifier))
            case nil:
                break
            }
            if let value = slot.value { return settled(value) }
            if model.schema.entity(named: name)?.allowsOtherValues ?? true { return settled(.custom(slot.text)) }
            return .unsupported(reason: "'\(slot.text)' is not a known \(name)")
        }
    }
}
