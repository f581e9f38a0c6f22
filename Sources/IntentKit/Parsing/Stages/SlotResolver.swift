import Foundation

/// The resolve stage of a parse, run once for a request in scope: gives each slot the value its
/// words stand for (the user's terms first, then the model's vocabulary or a built-in grammar)
/// and, when asked, every parameter of the intent its resolution — each slot looked up once, in
/// the caller's reference date and calendar.
struct SlotResolver: Sendable {
    /// Resolves slot text against the model's vocabulary and the built-in grammars.
    let resolver: EntityResolver
    /// The model's schema: the intents' parameters and the entities' rules.
    private let schema: Schema
    /// The built-in grammars of the model's language (``Schema/language``).
    private let builtinLanguage: BuiltinLanguage
    /// `[classifier intents]` slot name → the entity its values belong to.
    private let entities: [[String: EntityReference]]
    /// Slot name → entity, for a model without a classifier or an intent the schema lacks.
    private let defaultEntities: [String: EntityReference]
    /// Reads the values of shortcuts and of the user's history.
    private let tokenizer = Tokenizer()

    init(model: NLUModel) {
        resolver = EntityResolver(schema: model.schema)
        schema = model.schema
        builtinLanguage = BuiltinLanguage.of(model.schema.language)
        var defaults = [String: EntityReference]()
        for entity in model.schema.entities { defaults[entity.name] = .custom(entity.name) }
        defaultEntities = defaults
        entities = (model.intentClassifier?.intents ?? []).map { name in
            var entities = defaults
            for parameter in model.schema.intent(named: name)?.parameters ?? [] { entities[parameter.name] = parameter.entity }
            return entities
        }
    }

    /// What parameters a resolution also gives (``IntentParse/parameters``).
    struct ParameterRequest {
        /// The intent's name.
        var intent: String
        /// The user's habitual values of the intent's parameters (``UserHistory``).
        var habitualValues: [String: String]?
        /// Below this slot confidence, a value asks for confirmation.
        var confirmationThreshold: Double
        /// The user's reservations, for a parameter of the entity ``Reservation/entityName``.
        var reservations: UserReservations
        /// The token ranges of the utterance's date and time expressions, when an earlier stage
        /// found them (``TokenFeatures/dateTimeTokens``); `nil` to look for them.
        var dateTimeTokens: [Range<Int>]?
    }

    /// The slots `tagged` in `tokens` with their values and, for `parameters`, every parameter
    /// of its intent with its resolution, in the schema's order.
    /// - Parameters:
    ///   - intent: the classifier's index of the parse's intent, `nil` without one.
    ///   - vocabulary: the user's terms; `keys`, the utterance's keys for them (``VocabularyMatcher``).
    ///   - reference: the moment relative dates resolve against, in `calendar`.
    func resolve(
        _ tagged: [TaggedSlot], intent: Int?, tokens: TokenizedText, vocabulary: UserVocabulary, keys: UtteranceKeys,
        reference: Date, calendar: Calendar, parameters request: ParameterRequest?
    ) -> (slots: [ParsedSlot], parameters: [ResolvedParameter]) {
        let entityOf = intent.flatMap { $0 < entities.count ? entities[$0] : nil } ?? defaultEntities
        let slotRanges = tagged.lazy.map(\.range)  // no array: most parses never read it
        // A plain parse asks the user's terms only for a slot whose words may be one, and only
        // for its value; parameters also want every candidate and words within an edit.
        var lookups = [UserVocabulary.Match?]()
        var slots = [ParsedSlot]()
        slots.reserveCapacity(tagged.count)
        for slot in tagged {
            let entity = entityOf[slot.name]
            var lookup: UserVocabulary.Match?
            if case .custom(let name)? = entity {
                if request != nil {
                    lookup = vocabulary.lookup(tokens, range: slot.tokens, entity: name, limit: 10)
                } else if !vocabulary.isEmpty, keys.mayMatch(slot.tokens) {
                    lookup = vocabulary.lookup(tokens, range: slot.tokens, entity: name, limit: 2, allowingEdits: false)
                }
            }
            if request != nil { lookups.append(lookup) }
            let value = entity.flatMap { slotValue(of: slot.tokens, entity: $0, lookup: lookup, tokens: tokens, slotRanges: slotRanges, reference: reference, calendar: calendar) }
            slots.append(ParsedSlot(name: slot.name, text: Self.text(of: slot.tokens, in: tokens), range: slot.range,
                                    confidence: slot.confidence, value: value, tokens: slot.tokens))
        }
        guard let request else { return (slots, []) }
        return (slots, parameters(of: request, slots: slots, lookups: lookups, tokens: tokens, reference: reference, calendar: calendar))
    }

    /// The words of the utterance that tokens `range` cover, as written.
    private static func text(of range: Range<Int>, in utterance: TokenizedText) -> String {
        let tokens = utterance.tokens, text = utterance.text
        let utf8 = tokens[range.lowerBound].utf8Range.lowerBound..<tokens[range.upperBound - 1].utf8Range.upperBound
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: utf8.lowerBound)
        let end = text.utf8.index(start, offsetBy: utf8.count)
        return String(text[start..<end])
    }

    /// The value of the slot made of tokens `range`: the user's terms first (the one term a
    /// phrase names, or the one whose words the slot's words are), then the model's vocabulary
    /// or built-in grammar; `nil` when the words name several terms or nothing. (A term found
    /// only within an edit needs confirmation: it is the parameter's to propose, not a value.)
    /// A built-in slot resolves through the expression around it when one holds it whole and
    /// holds no other slot: the tagger's "at 8:30" in "next friday at 8:30 pm" is Friday 20:30,
    /// as ``BuiltinEntityExtractor`` reads the whole expression.
    /// - Parameters:
    ///   - lookup: the user's terms the slot's words found.
    ///   - slotRanges: the Unicode-scalar ranges of the parse's slots (``TaggedSlot/range``).
    func slotValue<Slots: Collection<Range<Int>>>(
        of range: Range<Int>, entity: EntityReference, lookup: UserVocabulary.Match?, tokens: TokenizedText, slotRanges: Slots,
        reference: Date, calendar: Calendar
    ) -> SlotValue? {
        if case .builtin(let kind) = entity,
           let value = Self.coveringValue(kind, tokens, range: range, slotRanges: slotRanges, reference: reference, calendar: calendar,
                                          language: builtinLanguage) {
            return value
        }
        switch lookup {
        case .exact(let candidates)? where candidates.count == 1, .partial(let candidates, edited: false)? where candidates.count == 1:
            return .custom(candidates[0].identifier)
        case .exact?, .partial(_, edited: false)?:
            return nil
        case .partial(_, edited: true)?, nil:
            return resolver.resolve(tokens, tokens: range, entity: entity, reference: reference, calendar: calendar)
        }
    }

    /// Tokens read on either side of a built-in slot for the expression that holds it.
    private static let coveringWindow = 6

    /// The value of the `kind` expression that holds the slot `range` whole and no other of
    /// `slotRanges`, read within a few words of the slot; `nil` when there is none.
    private static func coveringValue<Slots: Collection<Range<Int>>>(
        _ kind: BuiltinEntity, _ tokens: TokenizedText, range: Range<Int>, slotRanges: Slots, reference: Date, calendar: Calendar,
        language: BuiltinLanguage
    ) -> SlotValue? {
        // Only where a word beside the slot may belong to an expression ("friday", "at", "pm", "to").
        func mayExtend(_ index: Int) -> Bool {
            index >= 0 && index < tokens.count && BuiltinEntityExtractor.mayExtend(tokens.normalized(at: index))
        }
        guard mayExtend(range.lowerBound - 1) || mayExtend(range.upperBound) else { return nil }
        let window = max(0, range.lowerBound - coveringWindow)..<min(tokens.count, range.upperBound + coveringWindow)
        let slot = tokens.tokens[range.lowerBound].range.lowerBound..<tokens.tokens[range.upperBound - 1].range.upperBound
        let extractor = BuiltinEntityExtractor(kind, calendar: calendar, grammars: language)
        guard let match = extractor.extract(from: tokens, tokens: window, reference: reference).first(where: {
            $0.range.lowerBound <= slot.lowerBound && $0.range.upperBound >= slot.upperBound
        }) else { return nil }
        guard !slotRanges.contains(where: { $0 != slot && $0.overlaps(match.range) }) else { return nil }
        return match.value
    }

    /// Every parameter of the requested intent with its resolution, in the schema's order; a
    /// parameter given twice is resolved twice. A habitual value from the user's history is read
    /// against `reference` in `calendar`, as the utterance's own values are.
    private func parameters(
        of request: ParameterRequest, slots: [ParsedSlot], lookups: [UserVocabulary.Match?], tokens: TokenizedText, reference: Date, calendar: Calendar
    ) -> [ResolvedParameter] {
        guard let definition = schema.intent(named: request.intent) else { return [] }
        var parameters = [ResolvedParameter]()
        for parameter in definition.parameters {
            let given = slots.indices.filter { slots[$0].name == parameter.name }
            // A reservation is pointed at by the whole request: its kind, its time, its names.
            if parameter.entity == .custom(Reservation.entityName) {
                var resolution = request.reservations.resolve(tokens, dateTimeTokens: request.dateTimeTokens, reference: reference, calendar: calendar, language: builtinLanguage,
                                                              prompt: parameter.prompt)
                if case .needsValue = resolution, !parameter.isRequired, given.isEmpty { resolution = .notRequired }
                parameters.append(ResolvedParameter(name: parameter.name, slot: given.first.map { slots[$0] }, resolution: resolution))
                continue
            }
            if given.isEmpty {
                var resolution: ParameterResolution = parameter.isRequired ? .needsValue(prompt: parameter.prompt) : .notRequired
                // A required value the user habitually gives is proposed ("order my usual").
                if parameter.isRequired, let habitual = request.habitualValues?[parameter.name],
                   let value = habitualValue(habitual, of: parameter, reference: reference, calendar: calendar) {
                    resolution = .confirmationRequired(value)
                }
                parameters.append(ResolvedParameter(name: parameter.name, slot: nil, resolution: resolution))
            }
            for index in given {
                let resolution = resolution(of: slots[index], as: parameter, lookup: lookups[index],
                                            confirmationThreshold: request.confirmationThreshold)
                parameters.append(ResolvedParameter(name: parameter.name, slot: slots[index], resolution: resolution))
            }
        }
        return parameters
    }

    /// The resolution of one slot:
    /// - the user's terms (`lookup`): one term's phrase → success; several → disambiguation; the
    ///   slot's words within one term's words → success, or confirmation when a word needed an
    ///   edit; within several terms' → disambiguation (at most ten, highest priority first);
    /// - else the model's vocabulary or built-in grammar → success;
    /// - else free text where the entity allows other values, otherwise unsupported.
    /// A success whose slot confidence is under `confirmationThreshold` asks for confirmation.
    func resolution(of slot: ParsedSlot, as parameter: Parameter, lookup: UserVocabulary.Match?, confirmationThreshold: Double) -> ParameterResolution {
        func settled(_ value: SlotValue) -> ParameterResolution {
            slot.confidence < confirmationThreshold ? .confirmationRequired(value) : .success(value)
        }
        switch parameter.entity {
        case .builtin(let builtin):
            if let value = slot.value { return settled(value) }
            return .unsupported(reason: "'\(slot.text)' is not understood as \(builtin.rawValue)")
        case .custom(let name):
            switch lookup {
            case .exact(let candidates)?:
                return candidates.count == 1 ? settled(.custom(candidates[0].identifier)) : .disambiguation(candidates)
            case .partial(let candidates, let edited)?:
                if candidates.count > 1 { return .disambiguation(candidates) }
                return edited ? .confirmationRequired(.custom(candidates[0].identifier)) : settled(.custom(candidates[0].identifier))
            case nil:
                break
            }
            if let value = slot.value { return settled(value) }
            if schema.entity(named: name)?.allowsOtherValues ?? true { return settled(.custom(slot.text)) }
            return .unsupported(reason: "'\(slot.text)' is not a known \(name)")
        }
    }

    /// `text`, a value from the user's history, as a value of `parameter`: a custom entity's
    /// identifier as it is, a built-in's read by its grammar (`nil` when it does not read).
    func habitualValue(_ text: String, of parameter: Parameter, reference: Date, calendar: Calendar) -> SlotValue? {
        switch parameter.entity {
        case .custom: return .custom(text)
        case .builtin(let builtin):
            let tokens = tokenizer.tokenize(text)
            return tokens.count > 0 ? BuiltinGrammar.resolve(builtin, text: tokens, tokens: 0..<tokens.count, reference: reference, calendar: calendar, language: builtinLanguage) : nil
        }
    }

    /// Every parameter of `shortcut`'s intent with the shortcut's values: a custom entity's as
    /// the identifiers they are, a built-in's read by its grammar; one the shortcut lacks as a
    /// parse without it would have it.
    func parameters(of shortcut: UserShortcut, reference: Date, calendar: Calendar) -> [ResolvedParameter] {
        guard let definition = schema.intent(named: shortcut.intent) else { return [] }
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
                let value = tokens.count > 0 ? BuiltinGrammar.resolve(builtin, text: tokens, tokens: 0..<tokens.count, reference: reference, calendar: calendar, language: builtinLanguage) : nil
                return ResolvedParameter(name: parameter.name, slot: nil,
                                         resolution: value.map(ParameterResolution.success) ?? .unsupported(reason: "'\(text)' is not understood as \(builtin.rawValue)"))
            }
        }
    }
}
