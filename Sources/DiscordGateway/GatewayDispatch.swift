import Foundation

/// A gateway event (op 0) delivered to the application exactly once.
public struct GatewayDispatch: Sendable, Equatable {
    /// The event name, e.g. `INTERACTION_CREATE`.
    public var name: String
    /// The event's sequence number.
    public var sequence: Int
    /// The whole raw frame JSON (`{"op":0,"t":…,"s":…,"d":…}`); decode `d` with `GatewayData`.
    public var data: Data

    public init(name: String, sequence: Int, data: Data) {
        self.name = name
        self.sequence = sequence
        self.data = data
    }
}
