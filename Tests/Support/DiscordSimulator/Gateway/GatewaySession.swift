import DiscordModels

/// A gateway session: its sequence numbers and every dispatch it may have to replay on RESUME.
struct GatewaySession: Sendable {
    private struct SequencedFrame: Sendable {
        let sequence: Int
        let frame: String
    }

    let id: String
    /// The shard IDENTIFY asked for (`[0, 1]` when it named none).
    let shard: ShardKey
    /// The last sequence number used.
    private(set) var sequence = 0
    /// The live connection receiving this session's dispatches, if any.
    var connectionID: Int?
    private var replayable: [SequencedFrame] = []

    init(id: String, shard: ShardKey) {
        self.id = id
        self.shard = shard
    }

    /// Numbers a dispatch and returns its frame; `replayable` ones are kept for RESUME.
    mutating func record(event: String, data: String, replayable keep: Bool = true) -> String {
        sequence += 1
        let frame = GatewayFrame.dispatch(event: event, sequence: sequence, data: data)
        if keep { replayable.append(SequencedFrame(sequence: sequence, frame: frame)) }
        return frame
    }

    /// Whether a client that saw `sequence` can resume (it cannot have seen more than was sent).
    func canResume(from sequence: Int) -> Bool { (0...self.sequence).contains(sequence) }

    /// The frames a client that saw up to `sequence` missed, in order.
    func frames(after sequence: Int) -> [String] {
        replayable.filter { $0.sequence > sequence }.map(\.frame)
    }
}

/// What the writer of one connection does next.
enum GatewayOutput: Sendable {
    /// Send a JSON payload; `sent` is called once it has been written to the socket.
    case message(String, sent: (@Sendable () -> Void)? = nil)
    /// Send a close frame with this code.
    case close(code: Int, reason: String)
    /// Drop the TCP connection without a close frame.
    case drop
}

/// Counters of everything the gateway saw.
struct GatewayStats: Sendable {
    var connections = 0
    var identifies = 0
    var resumes = 0
    /// Accepted IDENTIFYs and RESUMEs by shard id.
    var identifiesByShard: [Int: Int] = [:]
    var resumesByShard: [Int: Int] = [:]
    /// IDENTIFYs refused with op 9 for coming faster than `max_concurrency` allows.
    var refusedIdentifies = 0
    var heartbeats = 0
    var clientCloseCodes: [Int] = []
    /// The newest accepted IDENTIFY's intents.
    var intents: UInt64?
}

/// A session's shard, `[id, count]`.
struct ShardKey: Sendable, Hashable {
    let id: Int
    let count: Int

    /// An unsharded session.
    static let single = ShardKey(id: 0, count: 1)

    /// Whether this shard receives the events of `guildID` (nil: events without a server, for shard 0).
    func receives(guildID: Snowflake?) -> Bool {
        guard let guildID else { return id == 0 }
        return Int((guildID.rawValue >> 22) % UInt64(count)) == id
    }
}
