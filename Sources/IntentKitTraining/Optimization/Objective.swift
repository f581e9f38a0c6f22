/// A differentiable function over a flat parameter vector: all an optimizer knows about a model
/// (liblinear's `function`, CRFsuite's `encoder_t`). The CRF and the intent classifier each
/// implement it; ``LBFGS`` minimises any of them.
public protocol Objective {
    /// The number of parameters.
    var parameterCount: Int { get }

    /// Returns the value at `parameters` and writes the gradient into `gradient` (same length).
    /// Regularisation that the optimizer handles itself (L1 in OWL-QN) is not included.
    mutating func evaluate(_ parameters: UnsafeBufferPointer<Double>, gradient: UnsafeMutableBufferPointer<Double>) -> Double
}
