import DiscordModels

extension DiscordSimulator {
    // MARK: Dispatches

    /// Dispatches `INTERACTION_CREATE` to the current session of the interaction's shard (see
    /// ``shard(ofGuild:)``) and starts its callback deadline. Without a session the dispatch
    /// follows that shard's next READY. The moment its frame is written to
    /// the socket is recorded too (see ``acknowledgementLatency(interactionID:from:)``).
    public func sendInteraction(_ interaction: Interaction) async {
        let now = clock.now
        let message = store.update { state -> MessageObject? in
            state.interactions.add(interaction, dispatchedAt: now)
            return interaction.message.flatMap { state.messages[$0.id] }.map { MessageObject($0, author: configuration.botUser) }
        }
        let id = interaction.id
        let payload = DiscordPayload(interaction: interaction, message: message, maxFileSize: configuration.maxFileSize)
        gateway.dispatch(event: "INTERACTION_CREATE", data: GatewayFrame.encode(payload), guildID: interaction.guildID) { [store, clock] in
            let written = clock.now
            store.update { $0.interactions[id]?.markWritten(at: written) }
        }
    }

    /// Sends an interaction already sent once again, as Discord replays events after a RESUME
    /// from an older sequence: the bot's connection is dropped and the interaction is in the
    /// replay its RESUME gets, before RESUMED. The interaction keeps its acknowledgement and
    /// messages, so a second callback is refused with 400 `40060` as Discord does.
    public func replayInteraction(_ interaction: Interaction) async {
        let payload = DiscordPayload(interaction: interaction, message: nil, maxFileSize: configuration.maxFileSize)
        gateway.dispatchAsReplay(event: "INTERACTION_CREATE", data: GatewayFrame.encode(payload), guildID: interaction.guildID)
    }

    /// Dispatches any event to the current session of the shard receiving `guildID`'s events;
    /// events without a server (e.g. `ENTITLEMENT_CREATE`) go to shard 0, as Discord sends them.
    public func dispatch(event: String, data: some Encodable, guildID: Snowflake? = nil) async {
        gateway.dispatch(event: event, data: GatewayFrame.encode(data), guildID: guildID)
    }

    /// The shard that receives the events of `guildID` when the bot runs `count` shards.
    public static func shard(ofGuild guildID: Snowflake, count: Int) -> Int {
        Int((guildID.rawValue >> 22) % UInt64(max(1, count)))
    }

    // MARK: Connection controls

    /// Drops the newest connection (of shard `shard`, when given) without a close frame (the
    /// client sees an abnormal closure). The session stays resumable.
    public func dropConnection(shard: Int? = nil) async {
        gateway.sendToActiveConnection(.drop, shard: shard)
    }

    /// Sends op 7 RECONNECT (on shard `shard`'s newest connection, when given).
    public func sendReconnect(shard: Int? = nil) async {
        gateway.sendToActiveConnection(.message(GatewayFrame.command(.reconnect)), shard: shard)
    }

    /// Sends op 9 INVALID_SESSION (on shard `shard`'s newest connection, when given); when not
    /// `resumable` the session ends.
    public func invalidateSession(resumable: Bool, shard: Int? = nil) async {
        gateway.sendToActiveConnection(.message(GatewayFrame.command(.invalidSession, data: String(resumable))),
                                       shard: shard, endsSession: !resumable)
    }

    /// Closes the newest connection (of shard `shard`, when given) with `code`; codes after which
    /// Discord wants a new session (4003, 4004, 4007, 4009–4014) also end the session.
    public func closeGateway(code: Int, shard: Int? = nil) async {
        let endsSession = GatewayCloseCode.action(for: code) != .resume && code >= 4000
        gateway.sendToActiveConnection(.close(code: code, reason: "Closed by the simulator."), shard: shard, endsSession: endsSession)
    }

    /// Stops (or resumes) answering heartbeats, making the connection look like a zombie to the client.
    public func setHeartbeatAcks(enabled: Bool) async {
        gateway.setHeartbeatAcknowledgements(enabled: enabled)
    }

    // MARK: Counters

    /// WebSocket connections opened so far.
    public var connectionCount: Int { gateway.stats.connections }
    /// Successful IDENTIFYs (READY sent).
    public var identifyCount: Int { gateway.stats.identifies }
    /// Successful RESUMEs (RESUMED sent).
    public var resumeCount: Int { gateway.stats.resumes }
    /// Heartbeats (op 1) received.
    public var heartbeatCount: Int { gateway.stats.heartbeats }
    /// Successful IDENTIFYs of shard `id`.
    public func identifyCount(shard id: Int) -> Int { gateway.stats.identifiesByShard[id] ?? 0 }
    /// Successful RESUMEs of shard `id`.
    public func resumeCount(shard id: Int) -> Int { gateway.stats.resumesByShard[id] ?? 0 }
    /// IDENTIFYs refused with op 9 for coming faster than `max_concurrency` allows.
    public var refusedIdentifyCount: Int { gateway.stats.refusedIdentifies }
    /// Close codes the client sent, in order.
    public var clientCloseCodes: [Int] { gateway.stats.clientCloseCodes }

    // MARK: Waits

    /// Waits until at least `count` connections were opened.
    public func waitForConnections(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) connections", timeout: timeout) { $0.connections >= count }
    }

    /// Waits until at least `count` sessions were identified.
    public func waitForIdentifies(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) identifies", timeout: timeout) { $0.identifies >= count }
    }

    /// Waits until at least `count` sessions were resumed.
    public func waitForResumes(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) resumes", timeout: timeout) { $0.resumes >= count }
    }

    /// Waits until shard `id` was identified at least `count` times.
    public func waitForIdentifies(shard id: Int, count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) identifies of shard \(id)", timeout: timeout) { $0.identifiesByShard[id, default: 0] >= count }
    }

    /// Waits until shard `id` was resumed at least `count` times.
    public func waitForResumes(shard id: Int, count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) resumes of shard \(id)", timeout: timeout) { $0.resumesByShard[id, default: 0] >= count }
    }

    /// Waits until at least `count` heartbeats arrived.
    public func waitForHeartbeats(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) heartbeats", timeout: timeout) { $0.heartbeats >= count }
    }

    /// Waits until the client sent at least `count` close frames.
    public func waitForClientCloses(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitForGateway("\(count) client close frames", timeout: timeout) { $0.clientCloseCodes.count >= count }
    }

    private func waitForGateway(_ what: String, timeout: Duration,
                                until condition: @escaping @Sendable (GatewayStats) -> Bool) async throws {
        guard await gateway.wait(timeout: timeout, until: condition) else { throw TimeoutError(what, after: timeout) }
    }
}
