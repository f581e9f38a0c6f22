import Atomics
import Hummingbird
import NIOCore
import NIOPosix

/// Gives a request's work a deadline, reading its body included: when it passes, the work is
/// cancelled (a body read stops waiting, a batch stops between utterances) and the answer is
/// 503 `timeout`.
///
/// The work runs in a task of its own, which a timer on an event loop cancels: cancelling the
/// request's task would close its connection, and a task group with a sleeping child per
/// request cost more than the parse it guarded.
struct RequestDeadline: Sendable {
    let timeout: Duration

    func run(_ work: @escaping @Sendable () async throws -> Response) async throws -> Response {
        let task = Task { try await work() }
        let expired = ManagedAtomic(false)
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        let timer = NIOSingletons.posixEventLoopGroup.any().scheduleTask(in: .nanoseconds(nanoseconds)) {
            expired.store(true, ordering: .relaxed)
            task.cancel()
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler { await task.result } onCancel: { task.cancel() }
        if expired.load(ordering: .relaxed) { throw ServerError.timeout }
        return try result.get()
    }
}
