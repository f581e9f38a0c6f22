import IntentKit

/// Limited-memory BFGS (Nocedal & Wright 2006, Algorithm 7.4/7.5) with a backtracking
/// line search, and its orthant-wise variant OWL-QN for an L1 term (Andrew & Gao 2007), which
/// yields sparse, compact models.
///
/// The optimizer sees only an ``Objective``. Vector updates of the two-loop recursion run over
/// the flat parameter buffer in ``FixedRoundingVector``, not BLAS, so their rounding is the
/// same on every machine.
public struct LBFGS: Sendable {
    /// Optimizer settings.
    public struct Settings: Sendable, Hashable {
        /// Pairs of correction vectors kept (CRFsuite's default is 6).
        public var memory = 6
        /// Stop after this many iterations.
        public var maxIterations = 200
        /// L1 coefficient: `c1 · Σ|w|` is added to the objective (0 disables OWL-QN).
        public var l1 = 0.0
        /// Stop when the objective improved by less than this fraction over `period` iterations.
        public var delta = 1e-5
        /// The window for `delta` (CRFsuite's default is 10).
        public var period = 10
        /// Stop when ‖g‖ / max(1, ‖w‖) falls below this.
        public var epsilon = 1e-5

        public init() {}
    }

    /// What happened in one iteration.
    public struct Progress: Sendable {
        public var iteration: Int
        /// Objective value including the L1 term.
        public var value: Double
        public var gradientNorm: Double
        /// Objective evaluations used by this iteration's line search.
        public var evaluations: Int
    }

    /// Why optimisation stopped.
    public enum Stop: String, Sendable {
        case converged, maxIterations, lineSearchFailed, stoppedByCaller
    }

    public var settings: Settings

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// Minimises `objective` starting from `parameters`, updating them in place.
    ///
    /// - Parameter onIteration: called after every iteration with the current parameters;
    ///   returning `false` stops the optimizer (early stopping on a dev set).
    /// - Returns: why it stopped.
    @discardableResult
    public func minimize<O: Objective>(
        _ objective: inout O, parameters: inout [Double],
        onIteration: (Progress, UnsafeBufferPointer<Double>) -> Bool = { _, _ in true }
    ) -> Stop {
        let n = objective.parameterCount
        precondition(parameters.count == n)
        let m = settings.memory
        let l1 = settings.l1
        var gradient = [Double](repeating: 0, count: n)
        var pseudo = [Double](repeating: 0, count: n)
        var direction = [Double](repeating: 0, count: n)
        var trial = [Double](repeating: 0, count: n)
        var trialGradient = [Double](repeating: 0, count: n)
        var s = [[Double]](repeating: [Double](repeating: 0, count: n), count: m)
        var y = [[Double]](repeating: [Double](repeating: 0, count: n), count: m)
        var rho = [Double](repeating: 0, count: m)
        var alphaHistory = [Double](repeating: 0, count: m)
        var stored = 0, newest = -1
        var history = [Double]()

        func l1Norm(_ x: [Double]) -> Double { l1 == 0 ? 0 : x.reduce(0) { $0 + abs($1) } }
        func evaluate(_ x: [Double], into g: inout [Double]) -> Double {
            x.withUnsafeBufferPointer { x in g.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        func dot(_ a: [Double], _ b: [Double]) -> Double { FixedRoundingVector.dot(a, b) }
        /// OWL-QN's pseudo-gradient of f + c1‖x‖₁ (Andrew & Gao, eq. 4).
        func makePseudoGradient() {
            guard l1 > 0 else {
                FixedRoundingVector.copy(gradient, into: &pseudo)
                return
            }
            for i in 0..<n {
                let x = parameters[i], g = gradient[i]
                if x < 0 { pseudo[i] = g - l1 } else if x > 0 { pseudo[i] = g + l1 } else if g + l1 < 0 { pseudo[i] = g + l1 } else if g - l1 > 0 { pseudo[i] = g - l1 } else { pseudo[i] = 0 }
            }
        }

        var value = evaluate(parameters, into: &gradient) + l1 * l1Norm(parameters)
        makePseudoGradient()
        history.append(value)
        var iteration = 0
        while true {
            iteration += 1
            // Two-loop recursion: direction = −H · pseudo-gradient.
            FixedRoundingVector.negate(pseudo, into: &direction)
            var index = newest
            for _ in 0..<stored {
                alphaHistory[index] = rho[index] * dot(s[index], direction)
                FixedRoundingVector.axpy(-alphaHistory[index], y[index], &direction)
                index = (index - 1 + m) % m
            }
            if stored > 0 {
                let gamma = dot(s[newest], y[newest]) / dot(y[newest], y[newest])
                FixedRoundingVector.scale(gamma, &direction)
            }
            index = (newest - stored + 1 + m) % m
            for _ in 0..<stored {
                let beta = rho[index] * dot(y[index], direction)
                FixedRoundingVector.axpy(alphaHistory[index] - beta, s[index], &direction)
                index = (index + 1) % m
            }
            if l1 > 0 {
                // Keep only components that descend along the pseudo-gradient (Andrew & Gao, §3.1).
                for i in 0..<n where direction[i] * pseudo[i] >= 0 { direction[i] = 0 }
            }
            var slope = dot(direction, pseudo)
            if slope >= 0 {
                // Not a descent direction (curvature information went stale): restart from steepest descent.
                FixedRoundingVector.negate(pseudo, into: &direction)
                stored = 0
                slope = dot(direction, pseudo)
            }
            // Backtracking line search with the Armijo condition.
            var step = stored == 0 ? 1 / max(1, dot(direction, direction).squareRoot()) : 1
            var evaluations = 0
            var trialValue = Double.infinity
            while true {
                evaluations += 1
                FixedRoundingVector.axpy(step, direction, parameters, into: &trial)
                if l1 > 0 {
                    // Stay in the orthant of the current point (or of −pseudo-gradient at zeros).
                    for i in 0..<n {
                        let orthant = parameters[i] != 0 ? parameters[i] : -pseudo[i]
                        if trial[i] * orthant <= 0 { trial[i] = 0 }
                    }
                }
                trialValue = evaluate(trial, into: &trialGradient) + l1 * l1Norm(trial)
                var decrease = 0.0
                for i in 0..<n where trial[i] != parameters[i] { decrease += pseudo[i] * (trial[i] - parameters[i]) }
                if trialValue <= value + 1e-4 * decrease { break }
                if evaluations >= 20 { return .lineSearchFailed }
                step *= 0.5
            }
            // Update the memory: s = x_new − x, y = g_new − g (smooth part only).
            newest = (newest + 1) % m
            FixedRoundingVector.difference(trial, parameters, into: &s[newest])
            FixedRoundingVector.difference(trialGradient, gradient, into: &y[newest])
            let sy = dot(s[newest], y[newest])
            if sy > 1e-12 {
                rho[newest] = 1 / sy
                stored = min(stored + 1, m)
            } else {
                newest = (newest - 1 + m) % m
            }
            swap(&parameters, &trial)
            swap(&gradient, &trialGradient)
            value = trialValue
            makePseudoGradient()
            history.append(value)

            let gradientNorm = dot(pseudo, pseudo).squareRoot()
            let progress = Progress(iteration: iteration, value: value, gradientNorm: gradientNorm, evaluations: evaluations)
            let keepGoing = parameters.withUnsafeBufferPointer { onIteration(progress, $0) }
            if !keepGoing { return .stoppedByCaller }
            if gradientNorm / max(1, dot(parameters, parameters).squareRoot()) < settings.epsilon { return .converged }
            if history.count > settings.period {
                let past = history[history.count - 1 - settings.period]
                if (past - value) / max(abs(value), 1e-12) < settings.delta { return .converged }
            }
            if iteration >= settings.maxIterations { return .maxIterations }
        }
    }
}
