import Foundation

extension IntentParser {
    /// The requests of an utterance that may join two ("lock the car and start a 30 minute run"):
    /// one parse for most utterances, two when the utterance splits, at a word that joins
    /// requests (`and`, `then`, `and then`, `also`, a comma), into two parts that are each a
    /// request for a different intent, each at least ``splitConfidence`` sure. Each part is
    /// parsed as an utterance of its own: its text, and its slots' offsets into it.
    ///
    /// A part is not a request of its own when it is only slot values ("Unicorn Pay, what's in
    /// my nest egg"), or when it is the context the other part points back at ("the car is open,
    /// lock it"): such utterances stay whole.
    ///
    /// The rule weighs the parser's own confidences, so it needs no model of its own. Which
    /// ``splitConfidence`` suits a model is a question for its dev file: the fraction of its
    /// single requests split should stay under 1 % (`scripts/experiments/two-requests`).
    ///
    /// Each joint tried costs two parses, so the cost is bounded: an utterance of more than
    /// ``maximumSplitTokens`` tokens is not split, and only its first ``maximumJoints`` joints
    /// are tried. Two requests said in one breath are short; a text past these is a paragraph,
    /// parsed whole, in the time one parse of it takes.
    public func parseRequests(
        _ text: String, workspace: inout Workspace, alternatives: Int = 2, resolving: Bool = false,
        reference: Date = Date(), calendar: Calendar = .current
    ) -> [IntentParse] {
        let whole = parse(text, workspace: &workspace, alternatives: alternatives, resolving: resolving, reference: reference, calendar: calendar)
        let tokens = tokenizer.tokenize(text)
        guard tokens.count <= Self.maximumSplitTokens else { return [whole] }
        var best: (parts: [IntentParse], score: Double)?
        for (start, end) in Self.joints(in: tokens).prefix(Self.maximumJoints) {
            let left = Self.text(of: tokens, 0..<start), right = Self.text(of: tokens, end..<tokens.count)
            let first = parse(left, workspace: &workspace, alternatives: alternatives, resolving: resolving, reference: reference, calendar: calendar)
            let second = parse(right, workspace: &workspace, alternatives: alternatives, resolving: resolving, reference: reference, calendar: calendar)
            guard let one = first.intent, let two = second.intent, one != two else { continue }
            let leftTokens = tokenizer.tokenize(left), rightTokens = tokenizer.tokenize(right)
            guard Self.hasPredicate(first, leftTokens), Self.hasPredicate(second, rightTokens),
                  !Self.refersBack(rightTokens) else { continue }
            let score = min(first.confidence, second.confidence)
            guard score >= splitConfidence else { continue }
            if score > best?.score ?? 0 { best = ([first, second], score) }
        }
        return best?.parts ?? [whole]
    }

    /// The longest utterance, in tokens, that ``parseRequests(_:workspace:alternatives:resolving:reference:calendar:)`` splits.
    public static let maximumSplitTokens = 64
    /// The most joints it tries in one utterance.
    public static let maximumJoints = 6

    /// ``parseRequests(_:workspace:alternatives:resolving:reference:calendar:)`` with a fresh workspace.
    public func parseRequests(_ text: String, resolving: Bool = false, reference: Date = Date(), calendar: Calendar = .current) -> [IntentParse] {
        var workspace = makeWorkspace()
        return parseRequests(text, workspace: &workspace, resolving: resolving, reference: reference, calendar: calendar)
    }

    /// The words that may join two requests, as token ranges with words on both sides:
    /// `and`, `then`, `also`, `and then`, `and also`, a comma (with any of them after it).
    static func joints(in tokens: TokenizedText) -> [(start: Int, end: Int)] {
        let joiners: Set<String> = ["and", "then", "also", ","]
        var joints = [(start: Int, end: Int)]()
        var index = 1
        while index < tokens.count - 1 {
            guard joiners.contains(tokens.normalized(at: index)) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < tokens.count - 1, joiners.contains(tokens.normalized(at: end)) { end += 1 }
            joints.append((index, end))
            index = end
        }
        return joints
    }

    /// Whether some word of a part lies outside its slots: a part that is only slot values
    /// ("Unicorn Pay, what's in my nest egg") names what the other part is about.
    static func hasPredicate(_ parse: IntentParse, _ tokens: TokenizedText) -> Bool {
        var inSlot = [Bool](repeating: false, count: tokens.count)
        for slot in parse.slots { for index in slot.tokens where index < tokens.count { inSlot[index] = true } }
        return (0..<tokens.count).contains { index in
            !inSlot[index] && tokens.normalized(at: index).unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
        }
    }

    /// Whether the second part opens by pointing back at the first with an object pronoun ("the
    /// car is open, lock it"): then the first part is its context, not a request of its own.
    /// Only the first clause's first words count, so a part with context of its own ("we're not
    /// coming, cancel it") does not; nor does "it" after an auxiliary, the subject of a question
    /// or an expletive ("will it snow", "that's it").
    static func refersBack(_ tokens: TokenizedText) -> Bool {
        let auxiliaries: Set<String> = ["is", "was", "will", "would", "does", "did", "can", "could", "should", "'s", "s", "that's", "'ll"]
        for index in 1..<max(1, min(tokens.count, 3)) {
            let word = tokens.normalized(at: index)
            if [",", "and", "then"].contains(word) { return false }
            if word == "them" || word == "it", !auxiliaries.contains(tokens.normalized(at: index - 1)) { return true }
        }
        return false
    }

    /// The text of `tokens[range]`, as written.
    private static func text(of tokens: TokenizedText, _ range: Range<Int>) -> String {
        let scalars = Array(tokens.text.unicodeScalars)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[tokens.tokens[range.lowerBound].range.lowerBound..<tokens.tokens[range.upperBound - 1].range.upperBound])
        return text
    }
}
