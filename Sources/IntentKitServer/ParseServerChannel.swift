import Hummingbird
import HummingbirdCore
import IntentKit
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel with ``RawParsePath`` first in every connection's
/// pipeline, in front of the HTTP codec.
struct ParseServerChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let http1: HTTP1Channel
    let shared: RawParsePath.Shared

    /// The server builder for `Application(router:server:)`.
    static func builder(_ shared: RawParsePath.Shared) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            // The raw path keeps the idle timeout until it hands the connection over (the
            // connection handler after it does not see the requests it answers), so that
            // handler gets none; without the raw path, it keeps it.
            ParseServerChannel(
                http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: FastPaths.enabled ? nil : .nanoseconds(shared.idleTimeout.nanoseconds))),
                shared: shared)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            if FastPaths.enabled { try channel.pipeline.syncOperations.addHandler(RawParsePath(shared)) }
        }.flatMap {
            http1.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
