import ConcurrencyKit

extension Backoff.Policy {
    /// Reconnect delays (1 s, 2 s, 4 s … 60 s), each shortened by up to 25 % jitter; starts over
    /// after a healthy session (READY or RESUMED).
    static let gatewayReconnect = Backoff.Policy(first: .seconds(1), cap: .seconds(60), jitter: 0.25)
}
