/// The BIO labels of a slot tagger, numbered densely: `0` is `O`, then `B-` and `I-` of each
/// slot name in sorted order (`1 = B-a`, `2 = I-a`, `3 = B-b`, …).
///
/// The numbering is what model files store and what tag sequences use; it also defines the
/// BIO constraint decoders enforce: `I-x` may only follow `B-x` or `I-x`.
public struct LabelSet: Hashable, Sendable {
    /// The label id of `O`.
    public static let outside = 0

    /// The slot names, sorted, without duplicates.
    public let slotNames: [String]
    private let slotIndex: [String: Int]

    /// Creates the label set of `slotNames` (sorted and deduplicated).
    public init(slotNames: some Sequence<String>) {
        self.slotNames = Set(slotNames).sorted()
        var index = [String: Int]()
        for (position, name) in self.slotNames.enumerated() { index[name] = position }
        slotIndex = index
    }

    /// The number of labels: `1 + 2 × slotNames.count`.
    public var count: Int { 1 + 2 * slotNames.count }

    /// The id of `B-<slot>`, or `nil` for an unknown slot.
    public func begin(_ slot: String) -> Int? { slotIndex[slot].map { 1 + 2 * $0 } }

    /// The id of `I-<slot>`, or `nil` for an unknown slot.
    public func inside(_ slot: String) -> Int? { slotIndex[slot].map { 2 + 2 * $0 } }

    /// The id of `tag`, or `nil` when its slot is unknown.
    public func id(of tag: BIOTag) -> Int? {
        switch tag {
        case .outside: return Self.outside
        case .begin(let slot): return begin(slot)
        case .inside(let slot): return inside(slot)
        }
    }

    /// The tag with id `id`; `id` must be in `0..<count`.
    public func tag(_ id: Int) -> BIOTag {
        precondition(id >= 0 && id < count, "label id \(id) out of range 0..<\(count)")
        if id == Self.outside { return .outside }
        let slot = slotNames[(id - 1) / 2]
        return id % 2 == 1 ? .begin(slot) : .inside(slot)
    }

    /// Whether a sentence may start with label `id` (not an `I-`).
    public func allowsStart(_ id: Int) -> Bool { id == Self.outside || id % 2 == 1 }

    /// Whether label `next` may follow label `previous`: `I-x` only after `B-x` or `I-x`.
    public func allowsTransition(from previous: Int, to next: Int) -> Bool {
        guard next != Self.outside, next % 2 == 0 else { return true }
        return previous == next || previous == next - 1
    }
}
