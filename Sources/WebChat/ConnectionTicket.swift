import NIOCore
import Synchronization

/// One connection the ``ConnectionLedger`` admitted: whether it has shown a member's session
/// yet, whether a request is under way on it, and when it last was busy. A connection that
/// has not shown a session (a guest) is closed when idle a short while and is the first to make
/// room when the server is full; a member's connection never is.
final class ConnectionTicket: Sendable {
    private struct State {
        var isMember = false
        var requestsUnderWay = 0
        var lastActivity: NIODeadline
        /// Its slot is free again (it closed, or made room for a newcomer).
        var retired = false
    }

    /// The connection (its channel), as the ledger keys it.
    let key: ObjectIdentifier
    /// The address it is counted under (an IPv6 /64 is one address).
    let source: String
    /// Closes the connection.
    let evict: @Sendable () -> Void
    private let state: Mutex<State>

    init(key: ObjectIdentifier, source: String, openedAt now: NIODeadline, evict: @escaping @Sendable () -> Void) {
        self.key = key
        self.source = source
        self.evict = evict
        state = Mutex(State(lastActivity: now))
    }

    /// A request's header was read and it is being answered.
    func requestStarted(at now: NIODeadline = .now()) {
        state.withLock {
            $0.requestsUnderWay += 1
            $0.lastActivity = now
        }
    }

    /// The request's answer was handed over: the idle clock starts again.
    func requestEnded(at now: NIODeadline = .now()) {
        state.withLock {
            $0.requestsUnderWay = max(0, $0.requestsUnderWay - 1)
            $0.lastActivity = now
        }
    }

    var isMember: Bool { state.withLock { $0.isMember } }

    /// When a guest connection idle for `timeout` is to be closed: nil for a member's (never
    /// closed for being idle here); `now + timeout` while a request is under way.
    func idleDeadline(after timeout: TimeAmount, now: NIODeadline = .now()) -> NIODeadline? {
        state.withLock { state in
            if state.isMember { return nil }
            return state.requestsUnderWay > 0 ? now + timeout : state.lastActivity + timeout
        }
    }

    // MARK: For the ledger (under its lock)

    /// Marks it a member's; false when it already was, or is retired.
    func becomeMember() -> Bool {
        state.withLock { state in
            guard !state.isMember, !state.retired else { return false }
            state.isMember = true
            return true
        }
    }

    /// Marks its slot free; false when it already was.
    func retire() -> Bool {
        state.withLock { state in
            guard !state.retired else { return false }
            state.retired = true
            return true
        }
    }

    /// How willing it is to make room, least first: an idle guest before one answering a
    /// request, the longest idle first.
    var evictionRank: (busy: Bool, since: NIODeadline) {
        state.withLock { ($0.requestsUnderWay > 0, $0.lastActivity) }
    }
}
