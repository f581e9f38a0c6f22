import NIOCore

/// A connection's one timer, for both its deadlines: the request under way must have arrived
/// whole by its deadline, and an idle connection is closed after the idle timeout.
///
/// It is re-armed only when it fires or must fire sooner, not for every request: scheduling
/// and cancelling two timers a request cost more than reading the request's head.
struct ConnectionTimer {
    let idleTimeout: TimeAmount
    private var scheduled: Scheduled<Void>?
    private var due: NIODeadline?
    /// When the request being read must have arrived.
    private var requestDeadline: NIODeadline?
    /// Since when the connection has waited for a request (`nil` while one is under way).
    private var idleSince: NIODeadline?

    init(idleTimeout: TimeAmount) {
        self.idleTimeout = idleTimeout
    }

    /// What the timer found when it fired.
    enum Expiry {
        /// The request under way did not arrive by its deadline.
        case request
        /// The connection waited for a request longer than the idle timeout.
        case idle
    }

    /// A request started: it must have arrived by `deadline`; the connection is not idle. A
    /// request whose deadline already runs keeps it (more of it arriving does not extend it).
    /// `fire` is called on the event loop when the timer fires (it calls ``fired(on:fire:)``).
    mutating func requestStarted(deadline: NIODeadline, on loop: any EventLoop, fire: @escaping () -> Void) {
        guard requestDeadline == nil else { return }
        idleSince = nil
        requestDeadline = deadline
        arm(at: deadline, on: loop, fire: fire)
    }

    /// A request without a deadline started: the connection is not idle.
    mutating func becameBusy() {
        idleSince = nil
    }

    /// The request under way arrived whole (or was given up): its deadline no longer holds.
    mutating func requestArrived() {
        requestDeadline = nil
    }

    /// The connection waits for a request from now on.
    mutating func becameIdle(on loop: any EventLoop, fire: @escaping () -> Void) {
        let now = NIODeadline.now()
        idleSince = now
        arm(at: now + idleTimeout, on: loop, fire: fire)
    }

    /// Call when the timer fired: what expired, if anything (a request's deadline passing
    /// ends it), the timer re-armed for whichever deadline is still to come.
    mutating func fired(on loop: any EventLoop, fire: @escaping () -> Void) -> Expiry? {
        (scheduled, due) = (nil, nil)
        let now = NIODeadline.now()
        if let requestDeadline {
            if requestDeadline <= now {
                self.requestDeadline = nil
                return .request
            }
            arm(at: requestDeadline, on: loop, fire: fire)
        }
        if let idleSince {
            let closing = idleSince + idleTimeout
            if closing <= now { return .idle }
            arm(at: closing, on: loop, fire: fire)
        }
        return nil
    }

    /// Stops the timer and forgets both deadlines.
    mutating func cancel() {
        scheduled?.cancel()
        (scheduled, due, requestDeadline, idleSince) = (nil, nil, nil, nil)
    }

    /// Makes the timer fire at `deadline` at the latest; one due sooner stays as it is (it
    /// re-arms itself for what is still pending when it fires).
    private mutating func arm(at deadline: NIODeadline, on loop: any EventLoop, fire: @escaping () -> Void) {
        if scheduled != nil, let due, due <= deadline { return }
        scheduled?.cancel()
        due = deadline
        scheduled = loop.assumeIsolated().scheduleTask(deadline: deadline, fire)
    }
}
