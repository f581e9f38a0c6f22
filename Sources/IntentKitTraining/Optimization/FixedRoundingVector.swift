/// The optimizer's vector operations with their rounding fixed by this source, not by the CPU.
///
/// OpenBLAS picks its kernels by processor model: one sums a dot product in four lanes, another
/// in eight, one fuses `a·x + y` into a single rounding (FMA), another does not. Each choice is
/// correct, but they differ in the last bits, and L-BFGS amplifies such differences over a
/// hundred iterations into different models. These loops sum in a fixed order (four lanes, then
/// the lanes in order) with separate multiplies and adds, so the same inputs give the same bits
/// whatever processor runs them. They are memory-bound, as BLAS's are at these sizes.
enum FixedRoundingVector {
    /// Σ a[i]·b[i].
    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var lanes = SIMD4<Double>(repeating: 0)
                let whole = a.count / 4 * 4
                var index = 0
                while index < whole {
                    let x = SIMD4(a[index], a[index + 1], a[index + 2], a[index + 3])
                    let y = SIMD4(b[index], b[index + 1], b[index + 2], b[index + 3])
                    lanes += x * y
                    index += 4
                }
                var sum = ((lanes[0] + lanes[1]) + lanes[2]) + lanes[3]
                while index < a.count {
                    sum += a[index] * b[index]
                    index += 1
                }
                return sum
            }
        }
    }

    /// y ← y + alpha·x.
    static func axpy(_ alpha: Double, _ x: [Double], _ y: inout [Double]) {
        precondition(x.count == y.count)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                for index in 0..<x.count { y[index] += alpha * x[index] }
            }
        }
    }

    /// x ← alpha·x.
    static func scale(_ alpha: Double, _ x: inout [Double]) {
        x.withUnsafeMutableBufferPointer { x in
            for index in 0..<x.count { x[index] *= alpha }
        }
    }
}
