/// Where each word of a fixed list is: an open-addressing hash table of ``WordKey``s, probed
/// linearly, at most half full.
struct WordIndex: Sendable {
    private var slotKeys: [UInt64]
    private var slotPositions: [Int32]
    private var mask: Int

    init(_ keys: [WordKey]) {
        var capacity = 8
        while capacity < 2 * keys.count { capacity *= 2 }
        mask = capacity - 1
        slotKeys = Array(repeating: 0, count: capacity)
        slotPositions = Array(repeating: -1, count: capacity)
        for (position, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.value) & mask
            while slotKeys[slot] != 0 { slot = (slot + 1) & mask }
            slotKeys[slot] = key.value
            slotPositions[slot] = Int32(position)
        }
    }

    /// The position of `key` in the list, or `nil`.
    @inline(__always)
    func position(of key: WordKey) -> Int? {
        var slot = Int(truncatingIfNeeded: key.value) & mask
        while true {
            let found = slotKeys[slot]
            // An empty slot first: ``WordKey/none`` (0) is in no table.
            if found == 0 { return nil }
            if found == key.value { return Int(slotPositions[slot]) }
            slot = (slot + 1) & mask
        }
    }
}
