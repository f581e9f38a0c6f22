import Foundation
import HTTPTypes
import Hummingbird
import IntentKit
import NIOCore

/// An error the service answers with: an HTTP status and a JSON body
/// `{"error": {"code": …, "message": …}}`, the code a stable word a client can branch on.
public struct ServerError: Error, HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    /// `badRequest`, `notFound`, `payloadTooLarge`, `unknownVocabularyKey`, `overloaded`,
    /// `timeout`, `unauthorized`, `reloadFailed`, `internal`, …
    public var code: String
    public var message: String
    /// Extra response headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    static func badRequest(_ message: String) -> ServerError { ServerError(.badRequest, code: "badRequest", message) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response()
    }

    /// The JSON response.
    func response() -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The JSON body: `{"error":{"code":…,"message":…}}`.
    var body: [UInt8] {
        var writer = ParseJSONWriter()
        writer.append(#"{"error":{"code":"#)
        writer.string(code)
        writer.append(#","message":"#)
        writer.string(message)
        writer.append("}}\n")
        return writer.bytes
    }

    /// The error any failure of a request is answered with: itself, an oversized body's 413, a
    /// cancellation's timeout; `nil` for an unexpected error (a 500 whose details go to the log).
    static func answering(_ error: any Error) -> ServerError? {
        switch error {
        case let error as ServerError: error
        case is NIOTooManyBytesError: .payloadTooLarge
        case is CancellationError: .timeout
        default: nil
        }
    }

    static var internalError: ServerError { ServerError(.internalServerError, code: "internal", "the server failed to answer; the log has the details") }
}
