import HTTPTypes
import Hummingbird

/// Refuses the requests of other origins' pages that ``CORSPolicy`` does not allow, answers CORS
/// preflights and marks the router's answers to allowed pages (a request with an `Origin` always
/// reaches the router: ``RawParsePath`` leaves it to the codec). It sits outside the middleware
/// that turns errors into answers, so error answers carry the headers too: a page can read why
/// it failed.
///
/// The refusal comes before the route reads the body: CORS only keeps a page from reading an
/// answer, and a "simple" request (a `POST` of `text/plain`) reaches the server without a
/// preflight. A page of another origin could otherwise have the server act on what it sends,
/// such as caching shortcuts under another user's key.
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
        guard policy.allows(origin) || CORSPolicy.isSameOrigin(origin, host: request.head.authority) else {
            return ServerError(.forbidden, code: "originNotAllowed",
                               "pages of \(origin.prefix(200)) may not call this server (serve --cors-origin names the origins that may)").response()
        }
        var response = try await next(request, context)
        response.headers.append(contentsOf: policy.answerHeaders(origin: origin))
        return response
    }
}
