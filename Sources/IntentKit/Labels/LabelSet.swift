/// The labels of a slot tagger, numbered densely: `0` is `O`, then each slot name's labels in
/// sorted order — with ``LabelScheme/bio``, `1 = B-a`, `2 = I-a`, `3 = B-b`, …; with
/// ``LabelScheme/bilou``, `1 = B-a`, `2 = I-a`, `3 = L-a`, `4 = U-a`, `5 = B-b`, ….
///
/// The numbering is what model files store and what tag sequences use; it also defines the
/// constraints decoders enforce (``allowsStart(_:)``, ``allowsTransition(from:to:)``,
/// ``allowsEnd(_:)``). ``tag(_:)`` reads any label as a BIO tag (`L-x` as `I-x`, `U-x` as `B-x`).
public struct LabelSet: Hashable, Sendable {
    /// The label id of `O`.
    public static let outside = 0

    /// The slot names, sorted, without duplicates.
    public let slotNames: [String]
    /// How spans are encoded.
    package let scheme: LabelScheme
    private let slotIndex: [String: Int]

    /// Creates the label set of `slotNames` (sorted and deduplicated).
    package init(slotNames: some Sequence<String>, scheme: LabelScheme = .bio) {
        self.slotNames = Set(slotNames).sorted()
        self.scheme = scheme
        var index = [String: Int]()
        for (position, name) in self.slotNames.enumerated() { index[name] = position }
        slotIndex = index
    }

    private var width: Int { scheme.labelsPerSlot }

    /// The number of labels: `1 + 2 × slotNames.count` (BIO) or `1 + 4 × slotNames.count` (BILOU).
    public var count: Int { 1 + width * slotNames.count }

    /// The id of `B-<slot>` (the first token of a slot), or `nil` for an unknown slot.
    public func begin(_ slot: String) -> Int? { slotIndex[slot].map { 1 + width * $0 } }

    /// The id of `I-<slot>` (a token after a slot's first), or `nil` for an unknown slot.
    public func inside(_ slot: String) -> Int? { slotIndex[slot].map { 2 + width * $0 } }

    /// The id of a slot's last token when it has several (`L-` in BILOU, `I-` in BIO).
    public func last(_ slot: String) -> Int? { slotIndex[slot].map { scheme == .bilou ? 3 + width * $0 : 2 + width * $0 } }

    /// The id of a single-token slot (`U-` in BILOU, `B-` in BIO).
    public func unit(_ slot: String) -> Int? { slotIndex[slot].map { scheme == .bilou ? 4 + width * $0 : 1 + width * $0 } }

    /// The id of `tag`'s `B-` or `I-` label, or `nil` when its slot is unknown.
    public func id(of tag: BIOTag) -> Int? {
        switch tag {
        case .outside: return Self.outside
        case .begin(let slot): return begin(slot)
        case .inside(let slot): return inside(slot)
        }
    }

    /// The label ids of a whole BIO tag sequence in this scheme, reading spans as conlleval does
    /// (an `I-x` that does not follow `x` opens a span); BILOU needs the neighbours to tell `B-`
    /// from `U-` and `I-` from `L-`. `nil` when a slot is unknown.
    public func ids(of tags: [BIOTag]) -> [Int]? {
        var ids = [Int]()
        ids.reserveCapacity(tags.count)
        for (index, tag) in tags.enumerated() {
            guard let slot = tag.slot else {
                ids.append(Self.outside)
                continue
            }
            let opens: Bool
            if case .begin = tag { opens = true } else { opens = index == 0 || tags[index - 1].slot != slot }
            let continues = index + 1 < tags.count && tags[index + 1] == .inside(slot)
            guard let id = opens ? (continues ? begin(slot) : unit(slot)) : (continues ? inside(slot) : last(slot)) else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// The label with id `id` read as a BIO tag; `id` must be in `0..<count`.
    public func tag(_ id: Int) -> BIOTag {
        precondition(id >= 0 && id < count, "label id \(id) out of range 0..<\(count)")
        if id == Self.outside { return .outside }
        let slot = slotNames[(id - 1) / width]
        switch role(id) {
        case 0, 3: return .begin(slot)
        default: return .inside(slot)
        }
    }

    /// The slots of the label sequence `path` (ids in `0..<count`): the spans
    /// ``BIOTag/spans(_:)`` finds in `path.map(tag(_:))`, without making a tag per token.
    public func spans(of path: [Int]) -> [(slot: String, tokens: Range<Int>)] {
        var spans = [(slot: String, tokens: Range<Int>)]()
        var open: (slot: Int, start: Int)?
        for (index, id) in path.enumerated() {
            precondition(id >= 0 && id < count, "label id \(id) out of range 0..<\(count)")
            if id == Self.outside {
                if let span = open { spans.append((slotNames[span.slot], span.start..<index)) }
                open = nil
                continue
            }
            let slot = (id - 1) / width
            let begins = role(id) == 0 || role(id) == 3  // read as B- (see ``tag(_:)``)
            if !begins, let span = open, span.slot == slot { continue }
            if let span = open { spans.append((slotNames[span.slot], span.start..<index)) }
            open = (slot, index)
        }
        if let span = open { spans.append((slotNames[span.slot], span.start..<path.count)) }
        return spans
    }

    /// 0 `B`, 1 `I`, 2 `L`, 3 `U` (BIO uses 0 and 1); -1 for `O`.
    @inline(__always)
    private func role(_ id: Int) -> Int { id == Self.outside ? -1 : (id - 1) % width }

    /// Whether label `id` continues a slot that an earlier token opened (`I-`, `L-`).
    private func continuesSlot(_ id: Int) -> Bool { role(id) == 1 || role(id) == 2 }

    /// Whether label `id` leaves its slot open for the next token (BILOU `B-`, `I-`).
    private func leavesSlotOpen(_ id: Int) -> Bool { scheme == .bilou && (role(id) == 0 || role(id) == 1) }

    /// Whether a sentence may start with label `id` (not one that continues a slot).
    public func allowsStart(_ id: Int) -> Bool { !continuesSlot(id) }

    /// Whether a sentence may end with label `id` (BILOU: not one that leaves a slot open).
    public func allowsEnd(_ id: Int) -> Bool { !leavesSlotOpen(id) }

    /// Whether label `next` may follow label `previous`: a label that continues slot `x` only
    /// after one that leaves `x` open (BIO: `I-x` only after `B-x` or `I-x`), and in BILOU a
    /// slot left open must be continued.
    public func allowsTransition(from previous: Int, to next: Int) -> Bool {
        if continuesSlot(next) {
            let sameSlot = previous != Self.outside && (previous - 1) / width == (next - 1) / width
            return sameSlot && (scheme == .bilou ? leavesSlotOpen(previous) : true)
        }
        return !leavesSlotOpen(previous)
    }
}
