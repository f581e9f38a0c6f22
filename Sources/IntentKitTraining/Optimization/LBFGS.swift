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
        precondition(parameters.count == objective.parameterCount)
        var search = LBFGSSearch(count: parameters.count, memory: settings.memory, l1: settings.l1)
        var value = search.start(&objective, at: parameters)
        var history = [value]
        var iteration = 0
        while true {
            iteration += 1
            let (slope, directionNorm) = search.searchDirection()
            guard let (trialValue, evaluations) = search.lineSearch(&objective, from: parameters, value: value, slope: slope, directionNorm: directionNorm)
            else { return .lineSearchFailed }
            let xNorm = search.step(&parameters)
            value = trialValue
            history.append(value)

            let gradientNorm = search.gradientNorm
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
