/// Turns a tokenized utterance into observation features: for each token, a list of 64-bit
/// feature hashes (see ``FeatureTemplate`` for what each template adds).
///
/// The extractor writes into a reusable ``TokenFeatures`` buffer and allocates nothing once the
/// buffer has grown; feature names are hashed byte by byte, never built as strings.
package struct FeatureExtractor: Sendable {
    /// Which features, and their sizes.
    let configuration: FeatureConfiguration
    private let enabled: [Bool]
    /// `[2 · window + 1]` the hash state after the ``FeatureTemplate/words`` template id and
    /// the offset, for offsets −window…window: FNV-1a is sequential, so each word feature
    /// starts from its offset's state and hashes only the word.
    private let windowPrefixes: [FeatureHash]
    /// `[3][vocabularyEntityCount][4]` the hash of every ``FeatureTemplate/vocabulary`` feature
    /// of the prepared entities: template id, offset (−1, 0, 1), entity and position (by its raw
    /// value, 0…3): a lookup, not a hash (an utterance has hundreds of them once training words
    /// are matched).
    private let vocabularyFeatures: [UInt64]
    private let vocabularyEntityCount: Int
    /// The ``FeatureTemplate/builtinEntities`` template's extractor and features, or `nil` without it.
    private let builtinEntities: BuiltinEntityFeatures?

    /// Creates an extractor.
    /// - Parameters:
    ///   - vocabularyEntities: the number of entities of the gazetteer it will match
    ///     (`Gazetteer.entityNames.count`), whose vocabulary features are prepared in advance; others
    ///     are hashed as they come, to the same values.
    ///   - language: the corpus's BCP 47 language, whose grammars find the built-in entities.
    package init(configuration: FeatureConfiguration, vocabularyEntities: Int = 0, language: String? = nil) {
        self.configuration = configuration
        var enabled = [Bool](repeating: false, count: 16)
        for template in configuration.templates { enabled[Int(template.id)] = true }
        self.enabled = enabled
        windowPrefixes = (-configuration.window...max(-configuration.window, configuration.window)).map { offset in
            var hash = FeatureHash(template: FeatureTemplate.words.id)
            hash.combine(int: offset)
            return hash
        }
        vocabularyEntityCount = configuration.templates.contains(.vocabulary) ? vocabularyEntities : 0
        vocabularyFeatures = [-1, 0, 1].flatMap { [vocabularyEntityCount] offset in
            (0..<vocabularyEntityCount).flatMap { entity in
                (0..<4).map { Self.vocabularyFeature(offset: offset, entity: entity, position: UInt8($0)) }
            }
        }
        builtinEntities = configuration.templates.contains(.builtinEntities) ? BuiltinEntityFeatures(language: language) : nil
    }

    /// The hash of the vocabulary feature for a match of `entity` at `offset` (−1, 0, 1) from
    /// the token, in `position` (``Gazetteer/Position``'s raw value).
    private static func vocabularyFeature(offset: Int, entity: Int, position: UInt8) -> UInt64 {
        var hash = FeatureHash(template: FeatureTemplate.vocabulary.id)
        hash.combine(int: offset)
        hash.combine(int: entity)
        hash.combine(position)
        return hash.value
    }

    @inline(__always)
    private func has(_ template: FeatureTemplate) -> Bool { enabled[Int(template.id)] }

    /// Extracts the features of every token of `tokens` into `output`.
    ///
    /// - Parameters:
    ///   - gazetteer: vocabulary to match (the ``FeatureTemplate/vocabulary`` template).
    ///   - scratch: reusable space for the matches.
    ///   - matchesReady: `scratch` already holds `gazetteer`'s matches in `tokens` (the caller
    ///     needed them for the intent classifier); do not match again.
    ///   - intent: the utterance's (predicted) intent index, for the ``FeatureTemplate/intent``
    ///     template; `nil` adds no intent features.
    ///   - clusters: the tokens' ``TokenClusters`` ids, for the ``FeatureTemplate/encoderClusters``
    ///     template; none adds no cluster features.
    package func extract(
        _ tokens: TokenizedText, gazetteer: Gazetteer, intent: Int? = nil, clusters: TokenClusterIDs? = nil, into output: inout TokenFeatures,
        scratch matches: inout [Gazetteer.Match], matchesReady: Bool = false
    ) {
        if !matchesReady {
            matches.removeAll(keepingCapacity: true)
            if has(.vocabulary) { gazetteer.matches(in: tokens, into: &matches) }
        }
        extract(tokens, intent: intent, matches: matches, clusters: clusters, into: &output)
    }

    /// Extracts the features of every token of `tokens` into `output`, given the vocabulary
    /// `matches` found in them (the model's and a user's) and their encoder `clusters`.
    func extract(
        _ tokens: TokenizedText, intent: Int? = nil, matches: [Gazetteer.Match], clusters: TokenClusterIDs? = nil, into output: inout TokenFeatures
    ) {
        output.reset()
        let count = tokens.count
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            func word(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                let range = tokens.tokens[index].normalizedRange
                return UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)])
            }
            if has(.sentence) {
                for index in 0..<count {
                    var hash = FeatureHash(template: FeatureTemplate.sentence.id)
                    hash.combine(word(index))
                    output.appendSentence(hash.value)
                }
            }
            let intentPrefixes = intent.map(IntentPrefixes.init)
            let builtinParts = builtinEntities?.parts(of: tokens, dateTimeTokens: &output.dateTimeTokens) ?? []
            output.readBuiltinEntities = builtinEntities != nil
            // Each token's vocabulary features come from the matches in its `matchRanges` entry,
            // scanned in order: not from a scan of every match of the utterance.
            withUnsafeTemporaryAllocation(of: (first: Int, end: Int).self, capacity: has(.vocabulary) ? count : 0) { matchRanges in
                if has(.vocabulary) { Self.matchRanges(of: matches, tokenCount: count, into: matchRanges) }
                for index in 0..<count {
                    output.beginToken()
                    output.append(FeatureHash(template: FeatureTemplate.biasID).value)
                    let current = word(index)
                    if has(.intent), let intentPrefixes { appendIntentFeatures(of: index, count: count, prefixes: intentPrefixes, word: word, into: &output) }
                    appendWordFeatures(of: index, count: count, current: current, word: word, into: &output)
                    appendTokenFeatures(of: tokens, at: index, current: current, into: &output)
                    if has(.vocabulary) { appendVocabularyFeatures(of: index, range: matchRanges[index], matches: matches, into: &output) }
                    // A built-in entity on the token, and its echo on the neighbours ("at" before a time).
                    if !builtinParts.isEmpty, let builtinEntities { builtinEntities.append(of: index, parts: builtinParts, into: &output) }
                    if has(.encoderClusters), let clusters, clusters.ids.count == count * clusters.levels {
                        for level in 0..<clusters.levels {
                            var hash = FeatureHash(template: FeatureTemplate.encoderClusters.id)
                            hash.combine(int: level)
                            hash.combine(int: Int(clusters.ids[index * clusters.levels + level]))
                            output.append(hash.value)
                        }
                    }
                    if has(.intentConjunctions), let intent {
                        var salt = FeatureHash(template: FeatureTemplate.intentConjunctions.id)
                        salt.combine(int: intent)
                        output.conjoinCurrentToken(with: salt.value)
                    }
                }
            }
        }
        output.finish()
    }

    /// The words in the window around token `index` and the two word pairs it is part of.
    @inline(__always)
    private func appendWordFeatures(
        of index: Int, count: Int, current: UnsafeBufferPointer<UInt8>, word: (Int) -> UnsafeBufferPointer<UInt8>, into output: inout TokenFeatures
    ) {
        if has(.words) {
            for offset in -configuration.window...configuration.window {
                var hash = windowPrefixes[offset + configuration.window]
                let other = index + offset
                if other < 0 { hash.combine(0x02) } else if other >= count { hash.combine(0x03) } else { hash.combine(word(other)) }
                // Beyond the first out-of-range position the feature repeats itself; skip it.
                if other < -1 || other > count { continue }
                output.append(hash.value)
            }
        }
        if has(.bigrams) {
            var previous = FeatureHash(template: FeatureTemplate.bigrams.id)
            if index > 0 { previous.combine(word(index - 1)) } else { previous.combine(0x02) }
            previous.combine(0x1F)
            previous.combine(current)
            output.append(previous.value)
            var next = FeatureHash(template: FeatureTemplate.bigrams.id)
            next.combine(0x01)
            next.combine(current)
            next.combine(0x1F)
            if index + 1 < count { next.combine(word(index + 1)) } else { next.combine(0x03) }
            output.append(next.value)
        }
    }

    /// What token `index` is on its own: shape, affixes, kind, first or last, number.
    @inline(__always)
    private func appendTokenFeatures(of tokens: TokenizedText, at index: Int, current: UnsafeBufferPointer<UInt8>, into output: inout TokenFeatures) {
        if has(.shape) { output.append(shape(of: tokens, at: index)) }
        if has(.affixes) { appendAffixes(of: current, into: &output) }
        if has(.kind) {
            var hash = FeatureHash(template: FeatureTemplate.kind.id)
            hash.combine(tokens.tokens[index].kind.rawValue)
            output.append(hash.value)
        }
        if has(.position) {
            if index == 0 { output.append(FeatureHash(template: FeatureTemplate.position.id).value) }
            if index == tokens.count - 1 {
                var hash = FeatureHash(template: FeatureTemplate.position.id)
                hash.combine(1)
                output.append(hash.value)
            }
        }
        if has(.numbers), let number = numberKind(tokens.tokens[index].kind, current) {
            var hash = FeatureHash(template: FeatureTemplate.numbers.id)
            hash.combine(number)
            output.append(hash.value)
        }
    }

    /// A vocabulary match on token `index` (`range` of `matches`), and its echo on the
    /// neighbours: a token right after a matched artist name is rarely part of a playlist name.
    @inline(__always)
    private func appendVocabularyFeatures(of index: Int, range: (first: Int, end: Int), matches: [Gazetteer.Match], into output: inout TokenFeatures) {
        vocabularyFeatures.withUnsafeBufferPointer { prepared in
            // Indices, not a slice: a slice retains and releases the array's storage.
            for position in range.first < range.end ? range.first..<range.end : 0..<0 {
                let match = matches[position]
                let offset = index &- match.token
                guard offset >= -1 && offset <= 1 else { continue }
                if match.entity >= 0 && match.entity < vocabularyEntityCount {
                    let row = (offset &+ 1) &* vocabularyEntityCount &+ match.entity
                    output.append(prepared[row &* 4 &+ Int(match.position.rawValue)])
                } else {
                    output.append(Self.vocabularyFeature(offset: offset, entity: match.entity, position: match.position.rawValue))
                }
            }
        }
    }

    /// For each of `tokenCount` tokens, the bounds of the smallest range of `matches` that holds
    /// every match on it or on a neighbour (`first >= end` if none): the vocabulary features then
    /// come in the order of the matches, as from a scan of them all, for O(matches) work instead
    /// of O(tokens × matches).
    private static func matchRanges(
        of matches: [Gazetteer.Match], tokenCount: Int, into ranges: UnsafeMutableBufferPointer<(first: Int, end: Int)>
    ) {
        // First the first and last match on each token, then each token's range from its neighbours'.
        let none = (first: Int.max, end: Int.min)
        ranges.initialize(repeating: none)
        for (position, match) in matches.enumerated() where match.token >= 0 && match.token < tokenCount {
            ranges[match.token] = (min(ranges[match.token].first, position), position + 1)
        }
        var previous = none, current = tokenCount > 0 ? ranges[0] : none
        for token in 0..<tokenCount {
            let next = token + 1 < tokenCount ? ranges[token + 1] : none
            ranges[token] = (min(previous.first, current.first, next.first), max(previous.end, current.end, next.end))
            (previous, current) = (current, next)
        }
    }

    /// Whether ``extractIntentFeatures(_:intent:into:)`` gives every intent-dependent feature:
    /// true unless the ``FeatureTemplate/intentConjunctions`` template is on (its features
    /// conjoin all the others).
    var separatesIntentFeatures: Bool { !has(.intentConjunctions) }

    /// Extracts only the features that depend on the intent (the ``FeatureTemplate/intent``
    /// template's) into `output`: with ``separatesIntentFeatures``, `extract(…, intent: nil)` and
    /// these together are exactly `extract(…, intent: intent)`, token by token. Scoring several
    /// intents then shares the rest.
    func extractIntentFeatures(_ tokens: TokenizedText, intent: Int, into output: inout TokenFeatures) {
        output.reset()
        let count = tokens.count
        tokens.normalizedStorage.withUnsafeBufferPointer { storage in
            func word(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                let range = tokens.tokens[index].normalizedRange
                return UnsafeBufferPointer(rebasing: storage[Int(range.lowerBound)..<Int(range.upperBound)])
            }
            let prefixes = IntentPrefixes(intent)
            for index in 0..<count {
                output.beginToken()
                if has(.intent) { appendIntentFeatures(of: index, count: count, prefixes: prefixes, word: word, into: &output) }
            }
        }
        output.finish()
    }

    /// The hash states after the ``FeatureTemplate/intent`` template id, the intent and each
    /// offset −2…1: computed once per utterance, not once per token.
    private struct IntentPrefixes {
        var bias, previous, current, next: FeatureHash

        init(_ intent: Int) {
            func prefix(_ offset: Int) -> FeatureHash {
                var hash = FeatureHash(template: FeatureTemplate.intent.id)
                hash.combine(int: intent)
                hash.combine(int: offset)
                return hash
            }
            (bias, previous, current, next) = (prefix(-2), prefix(-1), prefix(0), prefix(1))
        }
    }

    /// The intent conjoined with the bias and the words at −1, 0, +1: what a word means depends
    /// on the request (a film title vs a book title).
    @inline(__always)
    private func appendIntentFeatures(
        of index: Int, count: Int, prefixes: IntentPrefixes, word: (Int) -> UnsafeBufferPointer<UInt8>, into output: inout TokenFeatures
    ) {
        output.append(prefixes.bias.value)
        func append(_ prefix: FeatureHash, _ other: Int) {
            var hash = prefix
            if other < 0 { hash.combine(0x02) } else if other >= count { hash.combine(0x03) } else { hash.combine(word(other)) }
            output.append(hash.value)
        }
        append(prefixes.previous, index - 1)
        append(prefixes.current, index)
        append(prefixes.next, index + 1)
    }

    /// Proper prefixes and suffixes of 1…affixLength scalars of the normalised word (the
    /// whole word is already the word feature).
    private func appendAffixes(of word: UnsafeBufferPointer<UInt8>, into output: inout TokenFeatures) {
        let limit = configuration.affixLength
        guard limit > 0, word.count > 1 else { return }
        var prefix = FeatureHash(template: FeatureTemplate.affixes.id)
        prefix.combine(0)
        var index = 0
        var scalars = 0
        while index < word.count && scalars < limit {
            repeat {
                prefix.combine(word[index])
                index += 1
            } while index < word.count && word[index] & 0xC0 == 0x80
            scalars += 1
            if index < word.count { output.append(prefix.value) }
        }
        // Suffixes grow from the end; their bytes are hashed in reverse order, consistently.
        var suffix = FeatureHash(template: FeatureTemplate.affixes.id)
        suffix.combine(1)
        var end = word.count - 1
        scalars = 0
        while end >= 0 && scalars < limit {
            var start = end
            while start > 0 && word[start] & 0xC0 == 0x80 { start -= 1 }
            for byte in stride(from: end, through: start, by: -1) { suffix.combine(word[byte]) }
            scalars += 1
            end = start - 1
            if end >= 0 { output.append(suffix.value) }
        }
    }

    /// The token's shape on its original text: uppercase X, lowercase x, digit d, other
    /// characters as themselves (ASCII) or `?`, runs longer than two shortened to two.
    private func shape(of tokens: TokenizedText, at index: Int) -> UInt64 {
        var hash = FeatureHash(template: FeatureTemplate.shape.id)
        var previous: UInt8 = 0
        var run = 0
        let range = tokens.tokens[index].range
        for offset in range {
            let scalar = tokens.scalars[offset]
            let symbol: UInt8
            let properties = scalar.properties
            if scalar.value < 0x80 {
                let byte = UInt8(scalar.value)
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): symbol = UInt8(ascii: "X")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): symbol = UInt8(ascii: "x")
                case UInt8(ascii: "0")...UInt8(ascii: "9"): symbol = UInt8(ascii: "d")
                default: symbol = byte
                }
            } else if properties.isUppercase {
                symbol = UInt8(ascii: "X")
            } else if properties.isLowercase {
                symbol = UInt8(ascii: "x")
            } else if properties.numericType != nil {
                symbol = UInt8(ascii: "d")
            } else {
                symbol = UInt8(ascii: "?")
            }
            run = symbol == previous ? run + 1 : 1
            previous = symbol
            if run <= 2 { hash.combine(symbol) }
        }
        return hash.value
    }

    /// Hashes of number and ordinal words, compared against the word's hash (no allocation),
    /// sorted for a binary search: a `Set` would hash the hash again with SipHash on every word.
    private static let numberWords: [UInt64] = ([
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
        "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "billion", "dozen",
    ].map { FeatureHash.of($0, template: FeatureTemplate.biasID) }).sorted()

    private static let ordinalWords: [UInt64] = ([
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth", "twentieth", "thirtieth", "hundredth",
    ].map { FeatureHash.of($0, template: FeatureTemplate.biasID) }).sorted()

    /// 1 for digits, 2 for a number word, 3 for an ordinal (a word, or digits with st/nd/rd/th).
    private func numberKind(_ kind: Token.Kind, _ word: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if kind == .number { return 1 }
        if word.count > 2, word[0] >= UInt8(ascii: "0"), word[0] <= UInt8(ascii: "9") {
            let a = word[word.count - 2], b = word[word.count - 1]
            switch (a, b) {
            case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")),
                 (UInt8(ascii: "r"), UInt8(ascii: "d")), (UInt8(ascii: "t"), UInt8(ascii: "h")):
                return 3
            default: break
            }
        }
        guard word.count >= 3, word.count <= 9 else { return nil }
        var hash = FeatureHash(template: 0)
        hash.combine(word)
        if Self.numberWords.sortedContains(hash.value) { return 2 }
        if Self.ordinalWords.sortedContains(hash.value) { return 3 }
        return nil
    }
}
