/// The optimizer's vector operations with their rounding fixed by this source, not by the CPU.
///
/// OpenBLAS picks its kernels by processor model: one sums a dot product in four lanes, another
/// in eight, one fuses `a·x + y` into a single rounding (FMA), another does not. Each choice is
/// correct, but they differ in the last bits, and L-BFGS amplifies such differences over a
/// hundred iterations into different models. These loops sum in a fixed order (four lanes, then
/// the lanes in order) with separate multiplies and adds, so the same inputs give the same bits
/// whatever processor runs them. They are memory-bound, as BLAS's are at these sizes.
///
/// Every result goes into a buffer the caller keeps: with a hundred intents a vector is tens of
/// megabytes, and a fresh one each iteration (an assignment then a write, copy on write) costs a
/// page fault per 4 KB and the kernel's zeroing on top of the copy itself. (``LBFGSMemory``
/// does the rest of the optimizer's vector work, blocked, with the same ``dot(_:_:count:)``.)
enum FixedRoundingVector {
    /// Σ a[i]·b[i].
    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in dot(a.baseAddress!, b.baseAddress!, count: a.count) }
        }
    }

    /// Σ a[i]·b[i] over `count` elements: four lanes, then the lanes in order.
    static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
        var lanes = SIMD4<Double>(repeating: 0)
        let whole = count / 4 * 4
        var index = 0
        while index < whole {
            let x = SIMD4(a[index], a[index + 1], a[index + 2], a[index + 3])
            let y = SIMD4(b[index], b[index + 1], b[index + 2], b[index + 3])
            lanes += x * y
            index += 4
        }
        var sum = ((lanes[0] + lanes[1]) + lanes[2]) + lanes[3]
        while index < count {
            sum += a[index] * b[index]
            index += 1
        }
        return sum
    }

    /// z ← y + alpha·x.
    static func axpy(_ alpha: Double, _ x: [Double], _ y: [Double], into z: inout [Double]) {
        precondition(x.count == y.count && y.count == z.count)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                z.withUnsafeMutableBufferPointer { z in
                    for index in 0..<x.count { z[index] = y[index] + alpha * x[index] }
                }
            }
        }
    }
}
