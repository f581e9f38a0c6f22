import CFixedOrderKernels

/// The memory of ``LBFGS``: the last `m` steps s = x_{k+1} − x_k and gradient changes
/// y = g_{k+1} − g_k, and the inner products of every pair of them and of the current
/// (pseudo-)gradient g.
///
/// With the inner products at hand, the two-loop recursion (Nocedal & Wright 2006, Algorithm
/// 7.4) runs on the 2m + 1 coefficients of the direction in the basis {s_i, y_i, g} instead of on
/// n-vectors, and the direction is built in one pass over the basis: the vector-free L-BFGS of
/// Chen, Wang & Zhou ("Large-scale L-BFGS using MapReduce", NIPS 2014). Each iteration then
/// reads every stored vector twice (once to build the direction, once for the new pair's inner
/// products) where the textbook recursion reads it four times and writes the direction 2m
/// times. With a hundred intents the parameters are millions of doubles and the optimizer's
/// vector work, not the objective, is what costs: memory traffic is the time.
///
/// The pairs are stored in single precision, half the traffic again: they only shape the
/// approximate inverse Hessian, and their inner products are taken from the stored values, so
/// the recursion is consistent with the vectors it combines. Sums run in a fixed order
/// (blocks in order, four lanes in a block, then the lanes in order), as in
/// ``FixedRoundingVector``, so the result does not depend on the processor.
final class LBFGSMemory {
    /// The parameters' count.
    let count: Int
    /// Pairs kept.
    let capacity: Int
    /// `[2m × n]`: s of slot i at `i·n`, y of slot i at `(m + i)·n`.
    private let storage: UnsafeMutablePointer<Float>
    /// `[(2m + 1)²]` inner products of the basis: s_i is row i, y_i row m + i, g row 2m.
    private var products: [Double]
    /// Elements a pass handles at once: the block of every vector it reads stays in the
    /// first-level cache while the block's sums are taken.
    private static let block = 512

    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
        storage = .allocate(capacity: 2 * capacity * count)
        storage.initialize(repeating: 0, count: 2 * capacity * count)
        products = [Double](repeating: 0, count: (2 * capacity + 1) * (2 * capacity + 1))
    }

    deinit { storage.deallocate() }

    /// Basis row of s_i, y_i and g.
    func sRow(_ slot: Int) -> Int { slot }
    func yRow(_ slot: Int) -> Int { capacity + slot }
    var gRow: Int { 2 * capacity }

    /// The inner product of basis vectors `a` and `b`.
    func product(_ a: Int, _ b: Int) -> Double { products[a * (2 * capacity + 1) + b] }

    private func setProduct(_ a: Int, _ b: Int, _ value: Double) {
        products[a * (2 * capacity + 1) + b] = value
        products[b * (2 * capacity + 1) + a] = value
    }

    private func vector(_ row: Int) -> UnsafeMutablePointer<Float> { storage + row * count }

    /// Records g·g for a gradient that no pair knows yet (the first iteration's).
    func setGradientNorm(squared: Double) { setProduct(gRow, gRow, squared) }

    /// direction ← coefficients[gRow]·g + Σ_{i ∈ slots} coefficients[sRow(i)]·s_i + coefficients[yRow(i)]·y_i.
    func combine(_ coefficients: [Double], slots: [Int], gradient: UnsafePointer<Double>, into direction: UnsafeMutablePointer<Double>) {
        let terms = slots.flatMap { [(vector(sRow($0)), coefficients[sRow($0)]), (vector(yRow($0)), coefficients[yRow($0)])] }
        let gCoefficient = coefficients[gRow]
        var start = 0
        while start < count {
            let end = min(start + Self.block, count)
            for index in start..<end { direction[index] = gCoefficient * gradient[index] }
            for (vector, coefficient) in terms {
                for index in start..<end { direction[index] += coefficient * Double(vector[index]) }
            }
            start = end
        }
    }

    /// Stores the pair of the step from `xOld` to `xNew` in `slot`, and the inner products of it
    /// and of the gradient `g` (at `xNew`) with each other and with the pairs of `slots` (which
    /// must not include `slot`). `g` is the pseudo-gradient, computed beforehand.
    ///
    /// - Returns: xNew·xNew and s·y of the new pair.
    func store(
        slot: Int, xOld: UnsafePointer<Double>, xNew: UnsafePointer<Double>, gOld: UnsafePointer<Double>, gNew: UnsafePointer<Double>,
        g: UnsafePointer<Double>, slots: [Int]
    ) -> (xNorm: Double, sy: Double) {
        let s = vector(sRow(slot)), y = vector(yRow(slot))
        let others = slots.flatMap { [(row: sRow($0), vector: vector(sRow($0))), (row: yRow($0), vector: vector(yRow($0)))] }
        // Sums: x·x, s·s, s·y, y·y, s·g, y·g, g·g, then s·, y·, g· each other vector.
        var totals = [Double](repeating: 0, count: 7 + 3 * others.count)
        let n = Self.block
        let sBlock = UnsafeMutablePointer<Double>.allocate(capacity: n), yBlock = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer { sBlock.deallocate(); yBlock.deallocate() }
        var start = 0
        while start < count {
            let length = min(n, count - start)
            for index in 0..<length {
                let sValue = Float(xNew[start + index] - xOld[start + index]), yValue = Float(gNew[start + index] - gOld[start + index])
                s[start + index] = sValue
                y[start + index] = yValue
                sBlock[index] = Double(sValue)
                yBlock[index] = Double(yValue)
            }
            let x = xNew + start, gradient = g + start
            totals[0] += FixedRoundingVector.dot(x, x, count: length)
            totals[1] += FixedRoundingVector.dot(sBlock, sBlock, count: length)
            totals[2] += FixedRoundingVector.dot(sBlock, yBlock, count: length)
            totals[3] += FixedRoundingVector.dot(yBlock, yBlock, count: length)
            totals[4] += FixedRoundingVector.dot(sBlock, gradient, count: length)
            totals[5] += FixedRoundingVector.dot(yBlock, gradient, count: length)
            totals[6] += FixedRoundingVector.dot(gradient, gradient, count: length)
            for (k, other) in others.enumerated() {
                let (ds, dy, dg) = Self.dots(sBlock, yBlock, gradient, with: other.vector + start, length)
                totals[7 + 3 * k] += ds
                totals[8 + 3 * k] += dy
                totals[9 + 3 * k] += dg
            }
            start += length
        }
        setProduct(sRow(slot), sRow(slot), totals[1])
        setProduct(sRow(slot), yRow(slot), totals[2])
        setProduct(yRow(slot), yRow(slot), totals[3])
        setProduct(sRow(slot), gRow, totals[4])
        setProduct(yRow(slot), gRow, totals[5])
        setProduct(gRow, gRow, totals[6])
        for (k, other) in others.enumerated() {
            setProduct(sRow(slot), other.row, totals[7 + 3 * k])
            setProduct(yRow(slot), other.row, totals[8 + 3 * k])
            setProduct(gRow, other.row, totals[9 + 3 * k])
        }
        return (totals[0], totals[2])
    }

    /// (s·v, y·v, g·v) over `length` elements, reading v once; each sum as ``FixedRoundingVector/dot(_:_:count:)``.
    private static func dots(
        _ s: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ g: UnsafePointer<Double>, with v: UnsafePointer<Float>, _ length: Int
    ) -> (Double, Double, Double) {
        var sums = (0.0, 0.0, 0.0)
        withUnsafeMutableBytes(of: &sums) { ik_three_dots(s, y, g, v, length, $0.baseAddress!.assumingMemoryBound(to: Double.self)) }
        return sums
    }
}
