import Foundation

/// A gateway event (op 0) delivered to the application exactly once.
public struct GatewayDispatch: Sendable, Equatable {
    /// The event name, e.g. `INTERACTION_CREATE`.
    public var name: String
    /// The event's sequence number.
    public var sequence: Int
    /// The whole raw frame JSON (`{"op":0,"t":…,"s":…,"d":…}`); decode `d` with `GatewayData`.
    public var data: Data
    /// Sent in a RESUME's replay (after RESUME, before RESUMED): the event may have been handled
    /// already, by this process before a restart or by the process that held the session
    /// before. Live events (the rest) are new.
    public var replayed: Bool

    public init(name: String, sequence: Int, data: Data, replayed: Bool = false) {
        self.name = name
        self.sequence = sequence
        self.data = data
        self.replayed = replayed
    }
}
