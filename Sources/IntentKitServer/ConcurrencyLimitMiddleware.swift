import Hummingbird

/// Bounds the requests handled at once (``ConcurrencyLimiter``): one beyond the bound is
/// answered 503 (`overloaded`, with `Retry-After`) straight away, so a burst sheds load instead
/// of queueing work without end. `/health` and `/metrics` are exempt: a busy server still
/// answers its monitors.
struct ConcurrencyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limiter: ConcurrencyLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/health" || path == "/metrics" { return try await next(request, context) }
        guard limiter.acquire() else { throw limiter.overloaded }
        defer { limiter.release() }
        return try await next(request, context)
    }
}
