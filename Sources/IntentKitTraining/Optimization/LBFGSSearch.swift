/// The state of one ``LBFGS/minimize(_:parameters:onIteration:)`` run between iterations: the
/// gradient, OWL-QN's pseudo-gradient, the memory of steps and gradient changes, and the
/// buffers of the search direction and the trial point. Each iteration is ``searchDirection()``, then
/// ``lineSearch(_:from:value:slope:directionNorm:)``, then ``step(_:)``.
struct LBFGSSearch {
    let n: Int
    let m: Int
    let l1: Double
    var gradient: [Double]
    /// OWL-QN's pseudo-gradient; without an L1 term it is the gradient itself.
    var pseudo: [Double]
    var direction: [Double]
    var trial: [Double]
    var trialGradient: [Double]
    let memory: LBFGSMemory
    var rho: [Double]
    var alpha: [Double]
    var stored = 0
    var newest: Int

    init(count n: Int, memory m: Int, l1: Double) {
        self.n = n
        self.m = m
        self.l1 = l1
        gradient = [Double](repeating: 0, count: n)
        pseudo = [Double](repeating: 0, count: l1 > 0 ? n : 0)
        direction = [Double](repeating: 0, count: n)
        trial = [Double](repeating: 0, count: n)
        trialGradient = [Double](repeating: 0, count: n)
        memory = LBFGSMemory(count: n, capacity: m)
        rho = [Double](repeating: 0, count: m)
        alpha = [Double](repeating: 0, count: m)
        newest = m - 1
    }

    /// The slots in use, oldest first.
    var slots: [Int] { (0..<stored).map { (newest - stored + 1 + $0 + m) % m } }

    /// ‖g‖ of the current point's (pseudo-)gradient.
    var gradientNorm: Double { memory.product(memory.gRow, memory.gRow).squareRoot() }

    func l1Norm(_ x: [Double]) -> Double { l1 == 0 ? 0 : x.reduce(0) { $0 + abs($1) } }

    func dot(_ a: [Double], _ b: [Double]) -> Double { FixedRoundingVector.dot(a, b) }

    static func evaluate<O: Objective>(_ objective: inout O, _ x: [Double], into g: inout [Double]) -> Double {
        x.withUnsafeBufferPointer { x in g.withUnsafeMutableBufferPointer { objective.evaluate(x, gradient: $0) } }
    }

    /// OWL-QN's pseudo-gradient of f + c1‖x‖₁ (Andrew & Gao, eq. 4) at `x` with gradient `g`.
    mutating func makePseudoGradient(_ x: [Double], _ g: [Double]) {
        for i in 0..<n {
            let x = x[i], g = g[i]
            if x < 0 { pseudo[i] = g - l1 } else if x > 0 { pseudo[i] = g + l1 } else if g + l1 < 0 { pseudo[i] = g + l1 } else if g - l1 > 0 { pseudo[i] = g - l1 } else { pseudo[i] = 0 }
        }
    }

    /// Evaluates the objective at the starting point; returns its value with the L1 term.
    mutating func start<O: Objective>(_ objective: inout O, at parameters: [Double]) -> Double {
        let value = Self.evaluate(&objective, parameters, into: &gradient) + l1 * l1Norm(parameters)
        if l1 > 0 { makePseudoGradient(parameters, gradient) }
        memory.setGradientNorm(squared: l1 > 0 ? dot(pseudo, pseudo) : dot(gradient, gradient))
        return value
    }

    /// Builds `direction` from the direction's coefficients in the memory's basis.
    mutating func build(_ coefficients: [Double], slots: [Int]) {
        let memory = memory
        (l1 > 0 ? pseudo : gradient).withUnsafeBufferPointer { g in
            direction.withUnsafeMutableBufferPointer { memory.combine(coefficients, slots: slots, gradient: g.baseAddress!, into: $0.baseAddress!) }
        }
    }

    /// The inner product of basis vector `row` with the direction of `coefficients` (over `rows`).
    static func product(_ row: Int, _ coefficients: [Double], _ rows: [Int], _ memory: LBFGSMemory) -> Double {
        var sum = 0.0
        for other in rows { sum += coefficients[other] * memory.product(row, other) }
        return sum
    }

    /// The search direction −H · pseudo-gradient in `direction`, by the two-loop recursion on
    /// its coefficients in the basis {s_i, y_i, g} (``LBFGSMemory``), restarting from steepest
    /// descent when it does not descend; returns the slope along it and its norm (the latter
    /// only where the first step's length needs it).
    mutating func searchDirection() -> (slope: Double, directionNorm: Double) {
        var coefficients = [Double](repeating: 0, count: 2 * m + 1)
        coefficients[memory.gRow] = -1
        let used = slots
        let rows = used.flatMap { [memory.sRow($0), memory.yRow($0)] } + [memory.gRow]
        for slot in used.reversed() {
            alpha[slot] = rho[slot] * Self.product(memory.sRow(slot), coefficients, rows, memory)
            coefficients[memory.yRow(slot)] -= alpha[slot]
        }
        if stored > 0 {
            let gamma = memory.product(memory.sRow(newest), memory.yRow(newest)) / memory.product(memory.yRow(newest), memory.yRow(newest))
            for row in rows { coefficients[row] *= gamma }
        }
        for slot in used {
            let beta = rho[slot] * Self.product(memory.yRow(slot), coefficients, rows, memory)
            coefficients[memory.sRow(slot)] += alpha[slot] - beta
        }
        build(coefficients, slots: used)
        var slope: Double, directionNorm: Double
        if l1 > 0 {
            // Keep only components that descend along the pseudo-gradient (Andrew & Gao, §3.1).
            for i in 0..<n where direction[i] * pseudo[i] >= 0 { direction[i] = 0 }
            slope = dot(direction, pseudo)
            directionNorm = dot(direction, direction).squareRoot()
        } else {
            slope = Self.product(memory.gRow, coefficients, rows, memory)
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
        return (slope, directionNorm)
    }

    /// Backtracking line search with the Armijo condition from `parameters` along `direction`:
    /// the accepted point is in `trial` and its gradient in `trialGradient`; returns its value
    /// and the evaluations it took, or `nil` when 20 halvings found no decrease.
    mutating func lineSearch<O: Objective>(
        _ objective: inout O, from parameters: [Double], value: Double, slope: Double, directionNorm: Double
    ) -> (value: Double, evaluations: Int)? {
        var step = stored == 0 ? 1 / max(1, directionNorm) : 1
        var evaluations = 0
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
            let trialValue = Self.evaluate(&objective, trial, into: &trialGradient) + l1 * l1Norm(trial)
            if trialValue <= value + 1e-4 * decrease { return (trialValue, evaluations) }
            if evaluations >= 20 { return nil }
            step *= 0.5
        }
    }

    /// Moves to the line search's point: the new pair s = x_new − x, y = g_new − g (smooth part
    /// only) goes into the oldest slot, kept when its curvature s·y is positive, and `parameters`
    /// and the gradient become the trial's. Returns ‖x_new‖².
    mutating func step(_ parameters: inout [Double]) -> Double {
        if l1 > 0 { makePseudoGradient(trial, trialGradient) }
        let slot = (newest + 1) % m
        let current = slots
        let others = stored == m ? Array(current.dropFirst()) : current
        let memory = memory, l1 = l1
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
        return xNorm
    }
}
