/// Gateway opcodes; values Discord adds later decode to `.unknown`.
public enum GatewayOpcode: Hashable, Sendable, Codable {
    case dispatch, heartbeat, identify, presenceUpdate, voiceStateUpdate, resume, reconnect
    case requestGuildMembers, invalidSession, hello, heartbeatAck
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .dispatch
        case 1: self = .heartbeat
        case 2: self = .identify
        case 3: self = .presenceUpdate
        case 4: self = .voiceStateUpdate
        case 6: self = .resume
        case 7: self = .reconnect
        case 8: self = .requestGuildMembers
        case 9: self = .invalidSession
        case 10: self = .hello
        case 11: self = .heartbeatAck
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .dispatch: 0
        case .heartbeat: 1
        case .identify: 2
        case .presenceUpdate: 3
        case .voiceStateUpdate: 4
        case .resume: 6
        case .reconnect: 7
        case .requestGuildMembers: 8
        case .invalidSession: 9
        case .hello: 10
        case .heartbeatAck: 11
        case let .unknown(value): value
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
