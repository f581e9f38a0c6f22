import HTTPTypes
import Hummingbird

/// Answers CORS preflights and marks the router's answers to other origins' pages as
/// ``CORSPolicy`` says (a request with an `Origin` always reaches the router: ``RawParsePath``
/// leaves it to the codec). It sits outside the middleware that turns
/// errors into answers, so error answers carry the headers too: a page can read why it failed.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: CORSPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            guard policy.allows(origin) else {
                return ServerError(.forbidden, code: "originNotAllowed",
                                   "pages of \(origin.prefix(200)) may not call this server (serve --cors-origin names the origins that may)").response()
            }
            return Response(status: .noContent, headers: policy.preflightHeaders(origin: origin))
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: policy.answerHeaders(origin: origin))
        return response
    }
}
