import Atomics
import Hummingbird

/// Bounds the requests handled at once: one beyond the bound is answered 503 (`overloaded`,
/// with `Retry-After`) straight away, so a burst sheds load instead of queueing work without
/// end. `/health` and `/metrics` are exempt: a busy server still answers its monitors.
struct ConcurrencyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int
    let metrics: ServerMetrics
    private let active = ManagedAtomic<Int>(0)

    init(limit: Int, metrics: ServerMetrics) {
        self.limit = limit
        self.metrics = metrics
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/health" || path == "/metrics" { return try await next(request, context) }
        guard active.loadThenWrappingIncrement(ordering: .relaxed) < limit else {
            active.wrappingDecrement(ordering: .relaxed)
            throw ServerError(.serviceUnavailable, code: "overloaded", "the server is handling \(limit) requests; try again shortly",
                              headers: [.retryAfter: "1"])
        }
        metrics.requestStarted()
        defer {
            active.wrappingDecrement(ordering: .relaxed)
            metrics.requestEnded()
        }
        return try await next(request, context)
    }
}
