import Testing
@testable import IntentKit
@testable import IntentKitTraining

@Suite("CRF objective")
struct CRFObjectiveTests {
    /// Three sentences over 3 labels (O, B-x, I-x) and 4 attributes.
    private func problem() -> (CompiledSequences, CRFStructure) {
        var data = CompiledSequences()
        data.append(attributeIDs: [[0, 1], [2], [3, 0]], labels: [0, 1, 2])
        data.append(attributeIDs: [[1], [2, 3]], labels: [1, 0])
        data.append(attributeIDs: [[0, 2, 3]], labels: [0])
        // Attribute rows: 0 → {O, I-x}, 1 → {O, B-x}, 2 → {O, B-x, I-x}, 3 → {I-x}
        let structure = CRFStructure(labelCount: 3, rowOffsets: [0, 2, 4, 7, 8], stateLabels: [0, 2, 0, 1, 0, 1, 2, 2])
        return (data, structure)
    }

    @Test(arguments: [1, 2])
    func gradientMatchesFiniteDifferences(threads: Int) {
        let (data, structure) = problem()
        var objective = CRFObjective(data: data, structure: structure, l2: 0.1, threads: threads)
        var generator = SplitMix64(seed: 5)
        let parameters = (0..<structure.parameterCount).map { _ in Double(generator.next() % 2001) / 1000 - 1 }
        var gradient = [Double](repeating: 0, count: structure.parameterCount)
        func value(_ x: [Double]) -> Double {
            var scratch = [Double](repeating: 0, count: x.count)
            return x.withUnsafeBufferPointer { x in scratch.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        _ = parameters.withUnsafeBufferPointer { x in gradient.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        let h = 1e-2
        for index in 0..<structure.parameterCount {
            var plus = parameters, minus = parameters
            plus[index] += h
            minus[index] -= h
            let numeric = (value(plus) - value(minus)) / (2 * h)
            #expect(abs(numeric - gradient[index]) < 2e-3 * max(1, abs(numeric)), "parameter \(index): \(numeric) vs \(gradient[index])")
        }
    }

    @Test func empiricalCountsCountGoldFeaturesAndTransitions() {
        let (data, structure) = problem()
        let objective = CRFObjective(data: data, structure: structure, l2: 0, threads: 1)
        // Attribute 0 with O: tokens (s0,t0) and (s2,t0) → 2; attribute 0 with I-x: (s0,t2) → 1.
        #expect(objective.empirical[0] == 2 && objective.empirical[1] == 1)
        // Transitions O→B-x, B-x→I-x (sentence 0) and B-x→O (sentence 1).
        let t = structure.transitionOffset
        #expect(objective.empirical[t + 0 * 3 + 1] == 1 && objective.empirical[t + 1 * 3 + 2] == 1 && objective.empirical[t + 1 * 3 + 0] == 1)
    }

    @Test func lbfgsMinimisesAQuadratic() {
        struct Quadratic: Objective {
            let parameterCount = 5
            mutating func evaluate(_ x: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
                var value = 0.0
                for i in 0..<5 {
                    let weight = Double(i + 1), target = Double(i) - 2
                    value += weight * (x[i] - target) * (x[i] - target)
                    gradient[i] = 2 * weight * (x[i] - target)
                }
                return value
            }
        }
        var objective = Quadratic()
        var parameters = [Double](repeating: 0, count: 5)
        var settings = LBFGS.Settings()
        settings.epsilon = 1e-9
        settings.delta = 0
        _ = LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
        for i in 0..<5 { #expect(abs(parameters[i] - (Double(i) - 2)) < 1e-4) }
    }

    @Test func owlqnZeroesWeakWeights() {
        struct Quadratic: Objective {
            let parameterCount = 3
            mutating func evaluate(_ x: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
                let targets = [3.0, 0.2, -0.1]
                var value = 0.0
                for i in 0..<3 {
                    value += (x[i] - targets[i]) * (x[i] - targets[i])
                    gradient[i] = 2 * (x[i] - targets[i])
                }
                return value
            }
        }
        var objective = Quadratic()
        var parameters = [Double](repeating: 0, count: 3)
        var settings = LBFGS.Settings()
        settings.l1 = 1
        settings.delta = 0
        settings.epsilon = 1e-9
        _ = LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
        // min (x−3)² + |x| at 2.5; (x−0.2)² + |x| and (x+0.1)² + |x| at exactly 0.
        #expect(abs(parameters[0] - 2.5) < 1e-3)
        #expect(parameters[1] == 0 && parameters[2] == 0)
    }
}

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = splitMix(state)
        return state
    }
}
