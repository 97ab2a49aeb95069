import Synchronization

/// The server's open connections, in total and per address: whether a new one is served, only
/// answered briefly (past a cap, within the reserve that keeps `/health` answering), or closed.
final class ConnectionLedger: Sendable {
    /// What a new connection gets.
    enum Admission: Sendable, Equatable {
        /// Served normally.
        case admitted
        /// Past a cap: its first request gets `/health`'s answer or a short, kind refusal.
        case overCapacity(Refusal)
        /// Past the cap and the reserve: closed at once.
        case closed
    }

    /// Which cap was reached.
    enum Refusal: Sendable, Equatable {
        case full
        case tooManyFromAddress
    }

    private struct State {
        var total = 0
        var perAddress: [String: Int] = [:]
        var reserve = 0
    }

    private let limits: WebChatLimits
    /// Addresses not capped per address (trusted reverse proxies, which carry everyone).
    private let uncapped: AddressMatcher
    private let state = Mutex(State())

    init(limits: WebChatLimits, uncapped: AddressMatcher) {
        self.limits = limits
        self.uncapped = uncapped
    }

    /// Counts a new connection from `address` and says what it gets; pair with ``close(_:from:)``.
    func open(from address: String?) -> Admission {
        let capped = address.map { !uncapped.contains($0) } ?? true
        let key = address ?? "unknown"
        return state.withLock { state in
            let fromAddress = state.perAddress[key, default: 0]
            let refusal: Refusal? = state.total >= limits.maxConnections ? .full
                : capped && fromAddress >= limits.maxConnectionsPerAddress ? .tooManyFromAddress : nil
            guard let refusal else {
                state.total += 1
                state.perAddress[key] = fromAddress + 1
                return .admitted
            }
            guard state.reserve < limits.reservedConnections else { return .closed }
            state.reserve += 1
            return .overCapacity(refusal)
        }
    }

    /// A connection counted by ``open(from:)`` closed.
    func close(_ admission: Admission, from address: String?) {
        let key = address ?? "unknown"
        state.withLock { state in
            switch admission {
            case .admitted:
                state.total -= 1
                let left = state.perAddress[key, default: 1] - 1
                state.perAddress[key] = left > 0 ? left : nil
            case .overCapacity:
                state.reserve -= 1
            case .closed:
                break
            }
        }
    }

    /// Connections served now (for tests and metrics).
    var openConnections: Int { state.withLock { $0.total } }
}
