/// A slot marked in an utterance: which parameter, where, and optionally the canonical value.
public struct SlotAnnotation: Hashable, Sendable {
    /// The parameter (slot) name.
    public var name: String
    /// Unicode scalar offsets into the utterance text, end exclusive.
    public var range: Range<Int>
    /// The canonical value the text stands for ("nest egg" → "NestEgg"), when the corpus says.
    public var value: String?

    /// Creates an annotation.
    public init(name: String, range: Range<Int>, value: String? = nil) {
        self.name = name
        self.range = range
        self.value = value
    }
}
