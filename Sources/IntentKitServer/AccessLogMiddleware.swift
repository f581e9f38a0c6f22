import Foundation
import Hummingbird
import Logging

/// Logs one line per request after its answer (method, route, path, status, duration, bytes,
/// request id) and records it in the metrics. Outermost, so it sees the status of every
/// answer, errors included.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    let logging: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let duration = ContinuousClock.now - start
        // The route pattern keeps the metric's labels bounded whatever paths clients send.
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(method: request.method.rawValue, route: route, status: response.status.code, duration: duration)
        if logging {
            let (seconds, attoseconds) = duration.components
            let milliseconds = Double(seconds) * 1e3 + Double(attoseconds) / 1e15
            context.logger.info("request", metadata: [
                "method": "\(request.method.rawValue)",
                "path": "\(request.uri.path.prefix(200))",
                "route": "\(route)",
                "status": "\(response.status.code)",
                "duration_ms": "\(String(format: "%.3f", milliseconds))",
                "bytes": "\(response.body.contentLength.map(String.init) ?? "-")",
            ])
        }
        return response
    }
}
