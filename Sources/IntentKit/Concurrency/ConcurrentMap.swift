import Dispatch

/// `body(0) … body(count − 1)` on up to `threads` threads at once, in index order in the result.
///
/// Each task's result is written by its thread alone into its own slot, and read only after
/// `concurrentPerform` has joined every thread: the results do not depend on the thread count.
package func concurrentMap<Result>(_ count: Int, threads: Int, _ body: (Int) -> Result) -> [Result] {
    guard count > 1, threads > 1 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
        let slots = ResultSlots<Result>(count: count, body: body)
        let workers = min(threads, count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for task in stride(from: worker, to: count, by: workers) { slots.run(task) }
        }
        return slots.results()
    }
}

/// The task and results of ``concurrentMap(_:threads:_:)``; each slot is written by one thread
/// only, through a buffer of its own (an array property would be one variable that every
/// thread accesses, which Swift's exclusivity checks forbid).
private final class ResultSlots<Result>: @unchecked Sendable {
    let body: (Int) -> Result
    let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int, body: @escaping (Int) -> Result) {
        self.body = body
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func run(_ index: Int) { slots[index] = body(index) }

    func results() -> [Result] { slots.map { $0! } }
}
