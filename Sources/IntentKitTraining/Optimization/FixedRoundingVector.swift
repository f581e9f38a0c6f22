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
/// page fault per 4 KB and the kernel's zeroing on top of the copy itself.
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

    /// z ← y + alpha·x (the same rounding as ``axpy(_:_:_:)`` on a copy of y).
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

    /// z ← a − b.
    static func difference(_ a: [Double], _ b: [Double], into z: inout [Double]) {
        precondition(a.count == b.count && b.count == z.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                z.withUnsafeMutableBufferPointer { z in
                    for index in 0..<a.count { z[index] = a[index] - b[index] }
                }
            }
        }
    }

    /// z ← −x.
    static func negate(_ x: [Double], into z: inout [Double]) {
        precondition(x.count == z.count)
        x.withUnsafeBufferPointer { x in
            z.withUnsafeMutableBufferPointer { z in
                for index in 0..<x.count { z[index] = -x[index] }
            }
        }
    }

    /// z ← x, element by element into z's own storage.
    static func copy(_ x: [Double], into z: inout [Double]) {
        precondition(x.count == z.count)
        x.withUnsafeBufferPointer { x in
            z.withUnsafeMutableBufferPointer { z in
                _ = z.update(fromContentsOf: x)
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
