import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error a request meets into the service's JSON error answer (``ServerError``):
/// the handlers' own (400, 422, …), the router's 404, an oversized body's 413, a timeout's 503;
/// anything unexpected is a 500 whose details go to the log, not to the client.
struct ErrorResponseMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if let answer = ServerError.answering(error) { return answer.response() }
            if let error = error as? any HTTPResponseError {
                return ServerError(error.status, code: Self.code(for: error.status), Self.message(for: error.status, request: request)).response()
            }
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return ServerError.internalError.response()
        }
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "notFound"
        case .methodNotAllowed: "methodNotAllowed"
        case .contentTooLarge: "payloadTooLarge"
        case .badRequest: "badRequest"
        default: status.code < 500 ? "badRequest" : "internal"
        }
    }

    private static func message(for status: HTTPResponse.Status, request: Request) -> String {
        switch status {
        case .notFound: "no route \(request.method) \(request.uri.path.prefix(200)) (GET /openapi.yaml lists the routes)"
        default: status.reasonPhrase
        }
    }
}

extension ServerError {
    static var payloadTooLarge: ServerError { ServerError(.contentTooLarge, code: "payloadTooLarge", "the request body is larger than the server accepts") }
    static var timeout: ServerError { ServerError(.serviceUnavailable, code: "timeout", "the request took longer than the server allows") }
}
