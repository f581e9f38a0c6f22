import Dispatch

/// Runs `first` and `second` on two threads at once and returns both results.
///
/// The closures must not touch shared mutable state; each result is handed back only after
/// both have finished (`concurrentPerform` joins them), so no further synchronisation is needed.
func inParallel<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let box = ParallelResults(first: first, second: second)
            DispatchQueue.concurrentPerform(iterations: 2) { task in
                if task == 0 { box.firstResult = box.first() } else { box.secondResult = box.second() }
            }
            return (box.firstResult!, box.secondResult!)
        }
    }
}

/// The closures and results of ``inParallel(_:_:)``; each field is written by one thread only.
private final class ParallelResults<First, Second>: @unchecked Sendable {
    let first: () -> First
    let second: () -> Second
    var firstResult: First?
    var secondResult: Second?

    init(first: @escaping () -> First, second: @escaping () -> Second) {
        self.first = first
        self.second = second
    }
}
