import Atomics

/// The bound on requests handled at once, shared by both ways a request is answered
/// (``ConcurrencyLimitMiddleware`` and ``RawParsePath``).
final class ConcurrencyLimiter: Sendable {
    let limit: Int
    private let active = ManagedAtomic<Int>(0)
    private let metrics: ServerMetrics

    init(limit: Int, metrics: ServerMetrics) {
        self.limit = limit
        self.metrics = metrics
    }

    /// Takes a place if one is free; a `true` answer must be followed by ``release()``.
    func acquire() -> Bool {
        guard active.loadThenWrappingIncrement(ordering: .relaxed) < limit else {
            active.wrappingDecrement(ordering: .relaxed)
            return false
        }
        metrics.requestStarted()
        return true
    }

    func release() {
        active.wrappingDecrement(ordering: .relaxed)
        metrics.requestEnded()
    }

    /// The answer to a request beyond the bound: 503 at once, with `Retry-After`.
    var overloaded: ServerError {
        ServerError(.serviceUnavailable, code: "overloaded", "the server is handling \(limit) requests; try again shortly", headers: [.retryAfter: "1"])
    }
}
