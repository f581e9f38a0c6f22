import Foundation
import Hummingbird
import Logging

/// Records every request after its answer (``RequestRecorder``). Outermost, so it sees the
/// status of every answer, errors included.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let recorder: RequestRecorder

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        recorder.record(method: request.method.rawValue, path: Substring(request.uri.path), route: context.endpointPath ?? "unmatched",
                        status: response.status.code, duration: ContinuousClock.now - start, bytes: response.body.contentLength, logger: context.logger)
        return response
    }
}
