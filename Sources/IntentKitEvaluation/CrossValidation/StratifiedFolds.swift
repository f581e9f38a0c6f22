import IntentKit

/// Stratified k-fold splits: each class's examples are shuffled (seeded) and dealt to the folds
/// in turn, so every fold holds about 1/k of every intent.
public enum StratifiedFolds {
    /// The fold of each example, in `0..<folds`.
    public static func assign(labels: [String], folds: Int, seed: UInt64) -> [Int] {
        precondition(folds >= 1)
        var byLabel = [String: [Int]]()
        for (index, label) in labels.enumerated() { byLabel[label, default: []].append(index) }
        var assignment = [Int](repeating: 0, count: labels.count)
        var next = 0  // carries on across classes so that small classes do not all start at fold 0
        for label in byLabel.keys.sorted() {
            var generator = SeededGenerator(seed: seed ^ stableHash(label))
            for index in byLabel[label]!.shuffled(using: &generator) {
                assignment[index] = next % folds
                next += 1
            }
        }
        return assignment
    }

    /// Up to `count` examples per class from `indices`, a seeded sample (all of a class that has fewer).
    public static func sample(_ indices: [Int], labels: [String], perClass count: Int, seed: UInt64) -> [Int] {
        var byLabel = [String: [Int]]()
        for index in indices { byLabel[labels[index], default: []].append(index) }
        var chosen = [Int]()
        for label in byLabel.keys.sorted() {
            var generator = SeededGenerator(seed: seed ^ stableHash(label) ^ 0x5A17)
            chosen += byLabel[label]!.shuffled(using: &generator).prefix(count)
        }
        return chosen.sorted()
    }

    /// FNV-1a of the UTF-8 bytes: the same on every run (Swift's `hashValue` is seeded per process).
    private static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
