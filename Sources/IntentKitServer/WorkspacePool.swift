import Foundation
import IntentKit

/// Parse workspaces kept between requests for one model: making one allocates the tagger's and
/// the decoders' buffers, which costs a third as much as the parse it serves.
final class WorkspacePool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [IntentParser.Workspace] = []
    private let parser: IntentParser
    /// Workspaces kept at most; more are made when more requests run at once, then dropped.
    private let capacity: Int

    init(parser: IntentParser, capacity: Int = 64) {
        self.parser = parser
        self.capacity = capacity
    }

    /// A workspace for `parser`'s model (the pool's), taken until ``recycle(_:)``.
    func take() -> IntentParser.Workspace {
        lock.lock()
        let workspace = free.popLast()
        lock.unlock()
        if let workspace { return workspace }
        return parser.makeWorkspace()
    }

    func recycle(_ workspace: consuming IntentParser.Workspace) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < capacity { free.append(workspace) }
    }
}
