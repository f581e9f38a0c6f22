import Testing
@testable import IntentKitTraining

/// The optimizer on problems whose minimum is known, beyond the separable quadratics of
/// ``CRFObjectiveTests``: curvature that couples the coordinates, so the memory's pairs (and
/// the inner products the recursion runs on) decide the path.
struct LBFGSTests {
    /// The extended Rosenbrock function, Σ 100 (x_{2i+1} − x_{2i}²)² + (1 − x_{2i})², minimum 0 at
    /// all ones: a curved valley that steepest descent crawls along.
    struct Rosenbrock: Objective {
        let parameterCount: Int
        mutating func evaluate(_ x: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
            var value = 0.0
            for i in stride(from: 0, to: parameterCount, by: 2) {
                let a = x[i + 1] - x[i] * x[i], b = 1 - x[i]
                value += 100 * a * a + b * b
                gradient[i] = -400 * a * x[i] - 2 * b
                gradient[i + 1] = 200 * a
            }
            return value
        }
    }

    /// ½ xᵀA x − bᵀx for the tridiagonal A with 2.5 + i/n on the diagonal and −1 beside it
    /// (symmetric positive definite, condition number about 14), and b = A x* for a known x*:
    /// coupled coordinates, over more parameters than one block of the memory's passes and not
    /// a multiple of their four lanes.
    struct Tridiagonal: Objective {
        let parameterCount: Int
        let solution: [Double]
        let b: [Double]

        init(count: Int) {
            parameterCount = count
            solution = (0..<count).map { Double(($0 * 37) % 11) - 5 }
            b = Self.multiply(solution)
        }

        /// A v.
        static func multiply(_ v: [Double]) -> [Double] {
            let n = v.count
            return (0..<n).map { i in
                var sum = (2.5 + Double(i) / Double(n)) * v[i]
                if i > 0 { sum -= v[i - 1] }
                if i + 1 < n { sum -= v[i + 1] }
                return sum
            }
        }

        mutating func evaluate(_ x: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double {
            let ax = Self.multiply(Array(x))
            var value = 0.0
            for i in 0..<parameterCount {
                gradient[i] = ax[i] - b[i]
                value += 0.5 * x[i] * ax[i] - b[i] * x[i]
            }
            return value
        }
    }

    @Test func findsTheMinimumOfTheRosenbrockValley() {
        var objective = Rosenbrock(parameterCount: 20)
        var parameters = (0..<20).map { $0 % 2 == 0 ? -1.2 : 1 }
        var settings = LBFGS.Settings()
        settings.maxIterations = 1_000
        settings.epsilon = 1e-10
        settings.delta = 0
        let stop = LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
        #expect(stop == .converged)
        for value in parameters { #expect(abs(value - 1) < 1e-5) }
    }

    @Test func solvesACoupledQuadraticOverManyBlocks() {
        var objective = Tridiagonal(count: 1_301)
        var parameters = [Double](repeating: 0, count: 1_301)
        var settings = LBFGS.Settings()
        settings.maxIterations = 1_000
        settings.epsilon = 1e-12
        settings.delta = 0
        var iterations = 0
        LBFGS(settings: settings).minimize(&objective, parameters: &parameters) { progress, _ in
            iterations = progress.iteration
            return true
        }
        let error = zip(parameters, objective.solution).map { abs($0 - $1) }.max()!
        #expect(error < 1e-6)
        // Curvature pairs at work: conjugate gradients would need about 30 steps here, steepest
        // descent hundreds.
        #expect(iterations < 100, "\(iterations) iterations")
    }

    @Test func theSameProblemGivesTheSameBits() {
        func run() -> [Double] {
            var objective = Tridiagonal(count: 777)
            var parameters = [Double](repeating: 0.5, count: 777)
            var settings = LBFGS.Settings()
            settings.maxIterations = 50
            LBFGS(settings: settings).minimize(&objective, parameters: &parameters)
            return parameters
        }
        #expect(run() == run())
    }
}
