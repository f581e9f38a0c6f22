/// The weights one fit of the intent classifier found, by feature: where another fit of a
/// related problem starts (``IntentClassifierTrainer/Problem/initialParameters(from:)``).
///
/// The objective is strictly convex (L2), so a fit converges to the same minimum from any start;
/// a start near it saves iterations. The folds of the setting search are such starts: a
/// setting with more features (character n-grams) starts from the words' weights of the
/// setting chosen so far on the same fold, and the final classifier, trained on every fold,
/// from the mean of the folds' weights. Single precision is plenty for a start.
struct IntentClassifierFit: Sendable {
    /// The features, in the order of `weights`' rows.
    let hashes: [UInt64]
    /// `[hashes.count + 1 + dense dimension][classes]`: one row a feature, then the biases, then
    /// a row a dense feature (``IntentClassifierTrainer/Problem/dense``), unscaled (the weights
    /// of the encoder's vector itself, whatever the fit's scale).
    let weights: [Float]
    /// The number of dense rows.
    let denseDimension: Int

    /// - Parameter denseScales: `[denseDimension]` the factor each dense feature was scaled by
    ///   (empty: none).
    init(hashes: [UInt64], parameters: [Double], denseScales: [Double] = []) {
        self.hashes = hashes
        self.denseDimension = denseScales.count
        let classes = parameters.count / (hashes.count + 1 + denseDimension), denseOffset = (hashes.count + 1) * classes
        self.weights = parameters.enumerated().map {
            Float($0.offset >= denseOffset ? $0.element * denseScales[($0.offset - denseOffset) / classes] : $0.element)
        }
    }
}

extension IntentClassifierTrainer.Problem {
    /// Parameters for this problem from `fits` of others with the same classes: each feature's
    /// row is its mean over the fits that have it (zero in none), the biases their mean, and the
    /// dense rows their mean over the fits that have them (rescaled to this problem's scale).
    func initialParameters(from fits: [IntentClassifierFit]) -> [Double] {
        let C = intents.count
        var parameters = [Double](repeating: 0, count: parameterCount)
        guard !fits.isEmpty else { return parameters }
        var index = [UInt64: Int32](minimumCapacity: hashes.count)
        for (id, hash) in hashes.enumerated() { index[hash] = Int32(id) }
        var counts = [Int32](repeating: 0, count: hashes.count + 1)
        counts[hashes.count] = Int32(fits.count)
        for fit in fits {
            precondition(fit.weights.count == (fit.hashes.count + 1 + fit.denseDimension) * C, "a fit of other classes")
            fit.weights.withUnsafeBufferPointer { weights in
                for (row, hash) in fit.hashes.enumerated() {
                    guard let id = index[hash].map(Int.init) else { continue }
                    counts[id] += 1
                    for c in 0..<C { parameters[id * C + c] += Double(weights[row * C + c]) }
                }
                let biases = fit.hashes.count * C
                for c in 0..<C { parameters[hashes.count * C + c] += Double(weights[biases + c]) }
            }
        }
        for (id, count) in counts.enumerated() where count > 1 {
            for c in 0..<C { parameters[id * C + c] /= Double(count) }
        }
        // Dense rows: the fits' weights of the features themselves, divided by this problem's
        // scales. A fit without nearest-exemplar features starts the vector's rows, and theirs
        // start at zero.
        let withDense = fits.filter { $0.denseDimension > 0 && $0.denseDimension <= denseDimension && $0.denseDimension >= denseDimension - neighbourDimension }
        let denseOffset = (hashes.count + 1) * C
        for fit in withDense {
            let start = (fit.hashes.count + 1) * C
            for index in 0..<(fit.denseDimension * C) {
                parameters[denseOffset + index] += Double(fit.weights[start + index]) / (denseScales[index / C] * Double(withDense.count))
            }
        }
        return parameters
    }
}
