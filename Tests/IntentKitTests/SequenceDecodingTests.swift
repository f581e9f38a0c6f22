import Foundation
import Testing
@testable import IntentKit

/// Forward-backward and Viterbi against brute-force enumeration on problems small enough to
/// list every label sequence.
@Suite("Forward-backward and Viterbi")
struct SequenceDecodingTests {
    let labels = LabelSet(slotNames: ["a", "b"])   // O, B-a, I-a, B-b, I-b

    private func random(_ count: Int, seed: UInt64, scale: Float = 2) -> [Float] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in (Float(generator.next() % 10_001) / 5_000 - 1) * scale }
    }

    /// Every sequence of `length` labels, with its score.
    private func enumerate(
        scores: [Float], transitions: [Float], length: Int, validOnly: Bool, labels: LabelSet? = nil
    ) -> [(path: [Int], score: Double)] {
        let labels = labels ?? self.labels
        let L = labels.count
        var result = [(path: [Int], score: Double)]()
        var path = [Int](repeating: 0, count: length)
        func visit(_ t: Int) {
            if t == length {
                if validOnly && length > 0 && !labels.allowsEnd(path[length - 1]) { return }
                var score = 0.0
                for position in 0..<length {
                    score += Double(scores[position * L + path[position]])
                    if position > 0 { score += Double(transitions[path[position - 1] * L + path[position]]) }
                }
                result.append((path, score))
                return
            }
            for label in 0..<L {
                if validOnly {
                    if t == 0 && !labels.allowsStart(label) { continue }
                    if t > 0 && !labels.allowsTransition(from: path[t - 1], to: label) { continue }
                }
                path[t] = label
                visit(t + 1)
            }
        }
        visit(0)
        return result
    }

    @Test(arguments: [1, 2, 4])
    func forwardBackwardMatchesEnumeration(length: Int) {
        let L = labels.count
        let scores = random(length * L, seed: UInt64(length))
        let transitions = random(L * L, seed: 99)
        let all = enumerate(scores: scores, transitions: transitions, length: length, validOnly: false)
        let maximum = all.map(\.score).max()!
        let logZ = maximum + log(all.reduce(0) { $0 + exp($1.score - maximum) })

        var forwardBackward = ForwardBackward(labelCount: L)
        let expTransitions = transitions.map { expf($0) }
        let computed = scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { forwardBackward.run(scores: scores, tokenCount: length, expTransitions: $0.baseAddress!) }
        }
        #expect(abs(computed - logZ) < 1e-4)
        var forwardOnly = ForwardBackward(labelCount: L)
        let forward = scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { forwardOnly.logPartition(scores: scores, tokenCount: length, expTransitions: $0.baseAddress!) }
        }
        #expect(abs(forward - logZ) < 1e-4)
        for t in 0..<length {
            var sum: Float = 0
            for label in 0..<L {
                let exact = all.filter { $0.path[t] == label }.reduce(0.0) { $0 + exp($1.score - logZ) }
                let marginal = forwardBackward.marginal(token: t, label: label)
                #expect(abs(Double(marginal) - exact) < 1e-5, "t \(t) label \(label)")
                sum += marginal
            }
            #expect(abs(sum - 1) < 1e-5, "marginals at \(t) sum to \(sum)")
        }
        // Expected transition counts.
        if length > 1 {
            var pairs = [Float](repeating: 0, count: L * L)
            pairs.withUnsafeMutableBufferPointer { forwardBackward.accumulatePairs(into: $0.baseAddress!) }
            for from in 0..<L {
                for to in 0..<L {
                    var exact = 0.0
                    for sequence in all {
                        for t in 1..<length where sequence.path[t - 1] == from && sequence.path[t] == to {
                            exact += exp(sequence.score - logZ)
                        }
                    }
                    #expect(abs(Double(pairs[from * L + to] * expTransitions[from * L + to]) - exact) < 1e-5)
                }
            }
        }
    }

    @Test(arguments: [1, 3, 5], LabelScheme.allCases)
    func viterbiFindsTheBestValidSequence(length: Int, scheme: LabelScheme) {
        let labels = LabelSet(slotNames: ["a", "b"], scheme: scheme)
        let L = labels.count
        let scores = random(length * L, seed: UInt64(100 + length), scale: 3)
        let transitions = random(L * L, seed: 7, scale: 3)
        let best = enumerate(scores: scores, transitions: transitions, length: length, validOnly: true, labels: labels).max { $0.score < $1.score }!
        var decoder = ViterbiDecoder(labels: labels, transitions: transitions)
        var path = [Int]()
        scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: length, mask: nil, into: &path) }
        #expect(path == best.path)
    }

    @Test(arguments: [1, 2, 4], LabelScheme.allCases)
    func nBestListsTheBestValidSequencesInOrder(length: Int, scheme: LabelScheme) {
        let labels = LabelSet(slotNames: ["a", "b"], scheme: scheme)
        let L = labels.count
        let scores = random(length * L, seed: UInt64(200 + length), scale: 3)
        let transitions = random(L * L, seed: 11, scale: 3)
        let ranked = enumerate(scores: scores, transitions: transitions, length: length, validOnly: true, labels: labels).sorted { $0.score > $1.score }
        var decoder = NBestDecoder(labels: labels, transitions: transitions)
        let k = 7
        let hypotheses = scores.withUnsafeBufferPointer { decoder.decode(stateScores: $0, tokenCount: length, count: k, mask: nil) }
        #expect(hypotheses.count == min(k, ranked.count))
        for (hypothesis, exact) in zip(hypotheses, ranked) {
            #expect(hypothesis.labels == exact.path)
            #expect(abs(Double(hypothesis.score) - exact.score) < 1e-4)
        }
        // The first hypothesis is Viterbi's.
        var viterbi = ViterbiDecoder(labels: labels, transitions: transitions)
        var path = [Int]()
        scores.withUnsafeBufferPointer { viterbi.decode(scores: $0, tokenCount: length, mask: nil, into: &path) }
        #expect(hypotheses.first?.labels == path)
    }

    @Test func nBestHonoursTheLabelMask() {
        let L = labels.count
        let scores = random(3 * L, seed: 5, scale: 3)
        var decoder = NBestDecoder(labels: labels, transitions: random(L * L, seed: 6))
        let mask: [Float] = (0..<L).map { labels.tag($0).slot == "a" ? -.infinity : 0 }
        let hypotheses = scores.withUnsafeBufferPointer { decoder.decode(stateScores: $0, tokenCount: 3, count: 50, mask: mask) }
        // O, B-b, I-b over three tokens under BIO: 3 · 3 · 3 minus the sequences with I-b after O.
        let valid = enumerate(scores: scores, transitions: [Float](repeating: 0, count: L * L), length: 3, validOnly: true)
            .filter { $0.path.allSatisfy { labels.tag($0).slot != "a" } }
        #expect(hypotheses.count == valid.count)
        #expect(Set(hypotheses.map(\.labels)).count == hypotheses.count)
        #expect(hypotheses.allSatisfy { $0.labels.allSatisfy { labels.tag($0).slot != "a" } })
    }

    @Test func viterbiRespectsTheBIOConstraintAndALabelMask() {
        let L = labels.count
        // Scores that favour an invalid "O I-a" and the slot b everywhere.
        var scores = [Float](repeating: 0, count: 2 * L)
        scores[0 * L + 0] = 5
        scores[1 * L + 2] = 5
        scores[0 * L + 3] = 1
        scores[1 * L + 3] = 1
        var decoder = ViterbiDecoder(labels: labels, transitions: [Float](repeating: 0, count: L * L))
        var path = [Int]()
        scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: 2, mask: nil, into: &path) }
        #expect(labels.allowsStart(path[0]) && labels.allowsTransition(from: path[0], to: path[1]))
        #expect(path == [0, 3])  // "O I-a" (10) is invalid; "O B-b" (6) beats "B-a I-a" (5)
        // Allowing only slot b: a can no longer be chosen.
        let mask: [Float] = (0..<L).map { labels.tag($0).slot == "a" ? -.infinity : 0 }
        scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: 2, mask: mask, into: &path) }
        #expect(path.allSatisfy { labels.tag($0).slot != "a" })
    }

    /// Decoding over a subset of the labels gives the path and marginals that the full decoder
    /// gives with the other labels masked out.
    @Test(arguments: [1, 2, 5], LabelScheme.allCases)
    func labelSubsetDecodingMatchesTheMaskedFullDecoding(length: Int, scheme: LabelScheme) {
        let labels = LabelSet(slotNames: ["a", "b", "c"], scheme: scheme)
        let L = labels.count
        var scores = random(length * L, seed: UInt64(300 + length), scale: 3)
        let transitions = random(L * L, seed: 13, scale: 3)
        let expTransitions = transitions.map { expf($0) }
        let subset = (0..<L).filter { labels.tag($0).slot != "b" }
        let mask: [Float] = (0..<L).map { subset.contains($0) ? 0 : -.infinity }

        var full = ViterbiDecoder(labels: labels, transitions: transitions)
        var expected = [Int]()
        scores.withUnsafeBufferPointer { full.decode(scores: $0, tokenCount: length, mask: mask, into: &expected) }
        var decoder = LabelSubsetDecoder(labels: subset, decoder: full, expTransitions: expTransitions)
        var path = [Int]()
        scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: length, labelCount: L, into: &path) }
        #expect(path == expected)

        // Reranking's split: log Z by a forward pass, then (after other scores) Viterbi and the
        // backward pass; the same log Z, path and marginals as one decode.
        var split = LabelSubsetDecoder(labels: subset, decoder: full, expTransitions: expTransitions)
        let logZ = scores.withUnsafeBufferPointer { split.logPartition(scores: $0, tokenCount: length, labelCount: L) }
        let other = random(length * L, seed: 99, scale: 3)
        other.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: length, labelCount: L) }
        split.finishDecoding()
        scores.withUnsafeBufferPointer { decoder.decode(scores: $0, tokenCount: length, labelCount: L) }
        #expect(logZ == decoder.lastLogPartition && split.path == decoder.path)
        #expect((0..<length).allSatisfy { t in subset.allSatisfy { split.marginal(token: t, label: $0) == decoder.marginal(token: t, label: $0) } })

        for t in 0..<length { for j in 0..<L where mask[j] != 0 { scores[t * L + j] = -.infinity } }
        var forwardBackward = ForwardBackward(labelCount: L)
        _ = scores.withUnsafeBufferPointer { scores in
            expTransitions.withUnsafeBufferPointer { forwardBackward.run(scores: scores, tokenCount: length, expTransitions: $0.baseAddress!) }
        }
        for t in 0..<length {
            for j in 0..<L {
                #expect(abs(decoder.marginal(token: t, label: j) - forwardBackward.marginal(token: t, label: j)) < 1e-5)
            }
        }
    }

    /// Label subsets of up to 32 labels are decoded with all their blocks in registers; the path,
    /// ties included (scores on a coarse grid tie often), is the one the block-by-block loop of a
    /// wider decoder finds with the other labels masked out.
    @Test(arguments: [5, 13, 21, 29])
    func smallSubsetsDecodeAsTheBlockLoopDoes(subsetSize: Int) {
        let labels = LabelSet(slotNames: (0..<20).map { "s\($0)" })  // 41 labels: the block loop
        let L = labels.count
        let transitions = random(L * L, seed: 21, scale: 2).map { ($0 * 2).rounded() / 2 }
        let full = ViterbiDecoder(labels: labels, transitions: transitions)
        let subset = Array(0..<subsetSize)
        let mask: [Float] = (0..<L).map { $0 < subsetSize ? 0 : -.infinity }
        var small = LabelSubsetDecoder(labels: subset, decoder: full, expTransitions: transitions.map { expf($0) })
        for length in [1, 2, 7, 15] {
            let scores = random(length * L, seed: UInt64(400 + length + subsetSize), scale: 2).map { ($0 * 2).rounded() / 2 }
            var wide = full, expected = [Int]()
            scores.withUnsafeBufferPointer { wide.decode(scores: $0, tokenCount: length, mask: mask, into: &expected) }
            var path = [Int]()
            scores.withUnsafeBufferPointer { small.decode(scores: $0, tokenCount: length, labelCount: L, into: &path) }
            #expect(path == expected, "\(subsetSize) labels, \(length) tokens")
        }
    }
}
