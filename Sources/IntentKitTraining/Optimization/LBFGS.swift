import IntentKit

/// Limited-memory BFGS (Nocedal & Wright 2006, Algorithm 7.4/7.5) with a backtracking
/// line search, and its orthant-wise variant OWL-QN for an L1 term (Andrew & Gao 2007), which
/// yields sparse, compact models.
///
/// The optimizer sees only an ``Objective``. The two-loop recursion runs on inner products the
/// memory keeps (``LBFGSMemory``), and the vector work runs in fixed-order loops
/// (``FixedRoundingVector``), not BLAS, so its rounding is the same on every machine.
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
        // OWL-QN's pseudo-gradient; without an L1 term it is the gradient itself.
        var pseudo = [Double](repeating: 0, count: l1 > 0 ? n : 0)
        var direction = [Double](repeating: 0, count: n)
        var trial = [Double](repeating: 0, count: n)
        var trialGradient = [Double](repeating: 0, count: n)
        let memory = LBFGSMemory(count: n, capacity: m)
        var rho = [Double](repeating: 0, count: m)
        var alpha = [Double](repeating: 0, count: m)
        var stored = 0, newest = m - 1
        var history = [Double]()
        /// The slots in use, oldest first.
        var slots: [Int] { (0..<stored).map { (newest - stored + 1 + $0 + m) % m } }

        func l1Norm(_ x: [Double]) -> Double { l1 == 0 ? 0 : x.reduce(0) { $0 + abs($1) } }
        func evaluate(_ x: [Double], into g: inout [Double]) -> Double {
            x.withUnsafeBufferPointer { x in g.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
        }
        func dot(_ a: [Double], _ b: [Double]) -> Double { FixedRoundingVector.dot(a, b) }
        /// OWL-QN's pseudo-gradient of f + c1‖x‖₁ (Andrew & Gao, eq. 4) at `x` with gradient `g`.
        func makePseudoGradient(_ x: [Double], _ g: [Double]) {
            for i in 0..<n {
                let x = x[i], g = g[i]
                if x < 0 { pseudo[i] = g - l1 } else if x > 0 { pseudo[i] = g + l1 } else if g + l1 < 0 { pseudo[i] = g + l1 } else if g - l1 > 0 { pseudo[i] = g - l1 } else { pseudo[i] = 0 }
            }
        }

        var value = evaluate(parameters, into: &gradient) + l1 * l1Norm(parameters)
        if l1 > 0 { makePseudoGradient(parameters, gradient) }
        memory.setGradientNorm(squared: l1 > 0 ? dot(pseudo, pseudo) : dot(gradient, gradient))
        history.append(value)
        var iteration = 0
        while true {
            iteration += 1
            // Two-loop recursion on the direction's coefficients in the basis {s_i, y_i, g}
            // (``LBFGSMemory``): direction = −H · pseudo-gradient.
            var coefficients = [Double](repeating: 0, count: 2 * m + 1)
            coefficients[memory.gRow] = -1
            let used = slots
            let rows = used.flatMap { [memory.sRow($0), memory.yRow($0)] } + [memory.gRow]
            func product(_ row: Int) -> Double {
                var sum = 0.0
                for other in rows { sum += coefficients[other] * memory.product(row, other) }
                return sum
            }
            for slot in used.reversed() {
                alpha[slot] = rho[slot] * product(memory.sRow(slot))
                coefficients[memory.yRow(slot)] -= alpha[slot]
            }
            if stored > 0 {
                let gamma = memory.product(memory.sRow(newest), memory.yRow(newest)) / memory.product(memory.yRow(newest), memory.yRow(newest))
                for row in rows { coefficients[row] *= gamma }
            }
            for slot in used {
                let beta = rho[slot] * product(memory.yRow(slot))
                coefficients[memory.sRow(slot)] += alpha[slot] - beta
            }
            func build(_ coefficients: [Double], slots: [Int]) {
                (l1 > 0 ? pseudo : gradient).withUnsafeBufferPointer { g in
                    direction.withUnsafeMutableBufferPointer { memory.combine(coefficients, slots: slots, gradient: g.baseAddress!, into: $0.baseAddress!) }
                }
            }
            build(coefficients, slots: used)
            var slope: Double, directionNorm: Double
            if l1 > 0 {
                // Keep only components that descend along the pseudo-gradient (Andrew & Gao, §3.1).
                for i in 0..<n where direction[i] * pseudo[i] >= 0 { direction[i] = 0 }
                slope = dot(direction, pseudo)
                directionNorm = dot(direction, direction).squareRoot()
            } else {
                slope = product(memory.gRow)
                directionNorm = stored == 0 ? memory.product(memory.gRow, memory.gRow).squareRoot() : 0
            }
            if slope >= 0 {
                // Not a descent direction (curvature information went stale): restart from steepest descent.
                stored = 0
                var steepest = [Double](repeating: 0, count: 2 * m + 1)
                steepest[memory.gRow] = -1
                build(steepest, slots: [])
                slope = -memory.product(memory.gRow, memory.gRow)
                directionNorm = (-slope).squareRoot()
            }
            // Backtracking line search with the Armijo condition.
            var step = stored == 0 ? 1 / max(1, directionNorm) : 1
            var evaluations = 0
            var trialValue = Double.infinity
            while true {
                evaluations += 1
                FixedRoundingVector.axpy(step, direction, parameters, into: &trial)
                var decrease = step * slope
                if l1 > 0 {
                    // Stay in the orthant of the current point (or of −pseudo-gradient at zeros).
                    for i in 0..<n {
                        let orthant = parameters[i] != 0 ? parameters[i] : -pseudo[i]
                        if trial[i] * orthant <= 0 { trial[i] = 0 }
                    }
                    decrease = 0
                    for i in 0..<n where trial[i] != parameters[i] { decrease += pseudo[i] * (trial[i] - parameters[i]) }
                }
                trialValue = evaluate(trial, into: &trialGradient) + l1 * l1Norm(trial)
                if trialValue <= value + 1e-4 * decrease { break }
                if evaluations >= 20 { return .lineSearchFailed }
                step *= 0.5
            }
            if l1 > 0 { makePseudoGradient(trial, trialGradient) }
            // The new pair s = x_new − x, y = g_new − g (smooth part only) goes into the oldest
            // slot; it is kept when its curvature s·y is positive.
            let slot = (newest + 1) % m
            let current = slots
            let others = stored == m ? Array(current.dropFirst()) : current
            let (xNorm, sy) = parameters.withUnsafeBufferPointer { x in
                trial.withUnsafeBufferPointer { xNew in
                    gradient.withUnsafeBufferPointer { g in
                        trialGradient.withUnsafeBufferPointer { gNew in
                            (l1 > 0 ? pseudo : trialGradient).withUnsafeBufferPointer { p in
                                memory.store(slot: slot, xOld: x.baseAddress!, xNew: xNew.baseAddress!, gOld: g.baseAddress!, gNew: gNew.baseAddress!,
                                             g: p.baseAddress!, slots: others)
                            }
                        }
                    }
                }
            }
            if sy > 1e-12 {
                rho[slot] = 1 / sy
                newest = slot
                stored = min(stored + 1, m)
            } else {
                // The slot held the oldest pair, which is gone.
                stored = min(stored, m - 1)
            }
            swap(&parameters, &trial)
            swap(&gradient, &trialGradient)
            value = trialValue
            history.append(value)

            let gradientNorm = memory.product(memory.gRow, memory.gRow).squareRoot()
            let progress = Progress(iteration: iteration, value: value, gradientNorm: gradientNorm, evaluations: evaluations)
            let keepGoing = parameters.withUnsafeBufferPointer { onIteration(progress, $0) }
            if !keepGoing { return .stoppedByCaller }
            if gradientNorm / max(1, xNorm.squareRoot()) < settings.epsilon { return .converged }
            if history.count > settings.period {
                let past = history[history.count - 1 - settings.period]
                if (past - value) / max(abs(value), 1e-12) < settings.delta { return .converged }
            }
            if iteration >= settings.maxIterations { return .maxIterations }
        }
    }
}
