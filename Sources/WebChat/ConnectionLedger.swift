import NIOCore
import Synchronization

/// The server's open connections, in total and per address: whether a new one is served, only
/// answered briefly (past a cap, within the reserve that keeps `/health` answering), or closed.
///
/// Under pressure members keep their way in: a connection counts as a guest until a request on
/// it shows a member's session (``promote(_:)``). Guests have a lower cap per address, and when
/// the total is at its cap a newcomer takes the slot of the guest idle longest (one answering a
/// request only when no guest is idle), so idle connections from any number of addresses
/// cannot lock a family out. An IPv6 address counts per /64 (one household's network).
final class ConnectionLedger: Sendable {
    /// What a new connection gets.
    enum Admission: Sendable, Equatable {
        /// Served normally.
        case admitted(ConnectionTicket)
        /// Past a cap: its first request gets `/health`'s answer or a short, kind refusal.
        case overCapacity(Refusal)
        /// Past the cap and the reserve: closed at once.
        case closed

        static func == (lhs: Admission, rhs: Admission) -> Bool {
            switch (lhs, rhs) {
            case let (.admitted(left), .admitted(right)): left === right
            case let (.overCapacity(left), .overCapacity(right)): left == right
            case (.closed, .closed): true
            default: false
            }
        }

        /// Whether it is served (whatever its ticket).
        var isAdmitted: Bool {
            if case .admitted = self { return true }
            return false
        }
    }

    /// Which cap was reached.
    enum Refusal: Sendable, Equatable {
        case full
        case tooManyFromAddress
    }

    private struct State {
        var total = 0
        var perSource: [String: Int] = [:]
        var guestsPerSource: [String: Int] = [:]
        var reserve = 0
        /// Admitted connections by their key (the channel), members' and guests'.
        var tickets: [ObjectIdentifier: ConnectionTicket] = [:]
    }

    private let limits: WebChatLimits
    /// Addresses not capped per address (trusted reverse proxies, which carry everyone).
    private let uncapped: AddressMatcher
    private let state = Mutex(State())

    init(limits: WebChatLimits, uncapped: AddressMatcher) {
        self.limits = limits
        self.uncapped = uncapped
    }

    /// Counts a new connection (`key`: its channel) from `address` and says what it gets; pair
    /// with ``close(_:)``. `evict` closes it when a newcomer needs its slot.
    func open(from address: String?, key: ObjectIdentifier, now: NIODeadline = .now(),
              evict: @escaping @Sendable () -> Void) -> Admission {
        let capped = address.map { !uncapped.contains($0) } ?? true
        let source = address.map(Self.source) ?? "unknown"
        var victim: ConnectionTicket?
        let admission = state.withLock { state -> Admission in
            var refusal: Refusal?
            if capped, state.perSource[source, default: 0] >= limits.maxConnectionsPerAddress
                || state.guestsPerSource[source, default: 0] >= min(limits.maxGuestConnectionsPerAddress, limits.maxConnectionsPerAddress) {
                refusal = .tooManyFromAddress
            } else if state.total >= limits.maxConnections {
                victim = Self.leastNeededGuest(in: state)
                if let victim {
                    Self.remove(victim, from: &state)
                } else {
                    refusal = .full
                }
            }
            if let refusal {
                guard state.reserve < limits.reservedConnections else { return .closed }
                state.reserve += 1
                return .overCapacity(refusal)
            }
            let ticket = ConnectionTicket(key: key, source: source, openedAt: now, evict: evict)
            state.total += 1
            state.perSource[source, default: 0] += 1
            state.guestsPerSource[source, default: 0] += 1
            state.tickets[key] = ticket
            return .admitted(ticket)
        }
        // Closed outside the lock: closing may report back at once.
        victim?.evict()
        return admission
    }

    /// A connection counted by ``open(from:key:now:evict:)`` closed.
    func close(_ admission: Admission) {
        state.withLock { state in
            switch admission {
            case let .admitted(ticket):
                Self.remove(ticket, from: &state)
            case .overCapacity:
                state.reserve -= 1
            case .closed:
                break
            }
        }
    }

    /// A request on the connection showed a member's session: it is no guest any more.
    func promote(_ ticket: ConnectionTicket) {
        state.withLock { state in
            guard ticket.becomeMember() else { return }
            Self.decrement(&state.guestsPerSource, ticket.source)
        }
    }

    /// The ticket of the connection `key` (its channel), while it is open.
    func ticket(for key: ObjectIdentifier) -> ConnectionTicket? {
        state.withLock { $0.tickets[key] }
    }

    /// Connections served now (for tests and metrics).
    var openConnections: Int { state.withLock { $0.total } }

    /// The key an address is counted under: an IPv4 address as it is (also when seen as IPv6,
    /// `::ffff:192.0.2.1`), an IPv6 address by its /64.
    static func source(of address: String) -> String {
        guard var bytes = AddressMatcher.bytes(of: address) else { return address }
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            bytes = Array(bytes[12...])
        }
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    private static func leastNeededGuest(in state: State) -> ConnectionTicket? {
        var best: (ticket: ConnectionTicket, busy: Bool, since: NIODeadline)?
        for ticket in state.tickets.values where !ticket.isMember {
            let rank = ticket.evictionRank
            if let current = best, (current.busy ? 1 : 0, current.since) <= (rank.busy ? 1 : 0, rank.since) { continue }
            best = (ticket, rank.busy, rank.since)
        }
        return best?.ticket
    }

    /// Frees a ticket's slot once: when a newcomer evicts it, and not again when it then closes.
    private static func remove(_ ticket: ConnectionTicket, from state: inout State) {
        guard ticket.retire() else { return }
        if state.tickets[ticket.key] === ticket { state.tickets[ticket.key] = nil }
        state.total -= 1
        decrement(&state.perSource, ticket.source)
        if !ticket.isMember { decrement(&state.guestsPerSource, ticket.source) }
    }

    private static func decrement(_ counts: inout [String: Int], _ source: String) {
        let left = counts[source, default: 1] - 1
        counts[source] = left > 0 ? left : nil
    }
}
