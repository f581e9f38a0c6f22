import Hummingbird

/// Gives a request's work a deadline, reading its body included: when it passes, the work is
/// cancelled (a batch stops between utterances, a body read stops waiting) and the answer is
/// 503 `timeout`.
struct RequestDeadline: Sendable {
    let timeout: Duration

    func run(_ work: @escaping @Sendable () async throws -> Response) async throws -> Response {
        try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else { throw ServerError.timeout }
            return response
        }
    }
}
