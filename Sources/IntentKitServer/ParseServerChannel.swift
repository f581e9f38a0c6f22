import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel with ``RawParsePath`` first in every connection's
/// pipeline, in front of the HTTP codec, and ``ParseFastPath`` after the codec.
struct ParseServerChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http1: HTTP1Channel
    let shared: ParseFastPath.Shared

    /// The server builder for `Application(router:server:)`.
    static func builder(_ shared: ParseFastPath.Shared) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            // The fast paths keep the idle timeout (they see every request; the connection
            // handler after them does not), so that handler gets none.
            ParseServerChannel(
                http1: HTTP1Channel(responder: responder, configuration: .init(additionalChannelHandlers: [ParseFastPath(shared)], idleTimeout: nil)),
                shared: shared)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RawParsePath(shared))
        }.flatMap {
            http1.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
