import DiscordModels

extension DiscordSimulator {
    // MARK: Dispatches

    /// Dispatches `INTERACTION_CREATE` to the current session and starts its callback deadline.
    /// Without a session the dispatch follows the next READY. The moment its frame is written to
    /// the socket is recorded too (see ``acknowledgementLatency(interactionID:from:)``).
    public func sendInteraction(_ interaction: Interaction) async {
        let now = clock.now
        let message = store.update { state -> MessageObject? in
            state.interactions.add(interaction, dispatchedAt: now)
            return interaction.message.flatMap { state.messages[$0.id] }.map { MessageObject($0, author: configuration.botUser) }
        }
        let id = interaction.id
        let payload = DiscordPayload(interaction: interaction, message: message, maxFileSize: configuration.maxFileSize)
        gateway.dispatch(event: "INTERACTION_CREATE", data: GatewayFrame.encode(payload)) { [store, clock] in
            let written = clock.now
            store.update { $0.interactions[id]?.markWritten(at: written) }
        }
    }

    /// Dispatches an interaction already sent once again, as a gateway replays events after a
    /// RESUME from an older sequence: the interaction keeps its acknowledgement and messages, so
    /// a second callback is refused with 400 `40060` as Discord does.
    public func replayInteraction(_ interaction: Interaction) async {
        let payload = DiscordPayload(interaction: interaction, message: nil, maxFileSize: configuration.maxFileSize)
        gateway.dispatch(event: "INTERACTION_CREATE", data: GatewayFrame.encode(payload))
    }

    /// Dispatches any event (e.g. `ENTITLEMENT_CREATE`) to the current session.
    public func dispatch(event: String, data: some Encodable) async {
        gateway.dispatch(event: event, data: GatewayFrame.encode(data))
    }

    // MARK: Connection controls

    /// Drops the newest connection without a close frame (the client sees an abnormal closure).
    /// The session stays resumable.
    public func dropConnection() async {
        gateway.sendToActiveConnection(.drop)
    }

    /// Sends op 7 RECONNECT.
    public func sendReconnect() async {
        gateway.sendToActiveConnection(.message(GatewayFrame.command(.reconnect)))
    }

    /// Sends op 9 INVALID_SESSION; when not `resumable` the session ends.
    public func invalidateSession(resumable: Bool) async {
        gateway.sendToActiveConnection(.message(GatewayFrame.command(.invalidSession, data: String(resumable))),
                                       endsSession: !resumable)
    }

    /// Closes the newest connection with `code`; codes after which Discord wants a new session
    /// (4003, 4004, 4007, 4009–4014) also end the session.
    public func closeGateway(code: Int) async {
        let endsSession = GatewayCloseCode.action(for: code) != .resume && code >= 4000
        gateway.sendToActiveConnection(.close(code: code, reason: "Closed by the simulator."), endsSession: endsSession)
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
    /// Close codes the client sent, in order.
    public var clientCloseCodes: [Int] { gateway.stats.clientCloseCodes }

    // MARK: Waits

    /// Waits until at least `count` connections were opened.
    public func waitForConnections(count: Int, timeout: Duration = .seconds(5)) async throws {
        try await waitForGateway("\(count) connections", timeout: timeout) { $0.connections >= count }
    }

    /// Waits until at least `count` sessions were identified.
    public func waitForIdentifies(count: Int, timeout: Duration = .seconds(5)) async throws {
        try await waitForGateway("\(count) identifies", timeout: timeout) { $0.identifies >= count }
    }

    /// Waits until at least `count` sessions were resumed.
    public func waitForResumes(count: Int, timeout: Duration = .seconds(5)) async throws {
        try await waitForGateway("\(count) resumes", timeout: timeout) { $0.resumes >= count }
    }

    /// Waits until at least `count` heartbeats arrived.
    public func waitForHeartbeats(count: Int, timeout: Duration = .seconds(5)) async throws {
        try await waitForGateway("\(count) heartbeats", timeout: timeout) { $0.heartbeats >= count }
    }

    /// Waits until the client sent at least `count` close frames.
    public func waitForClientCloses(count: Int, timeout: Duration = .seconds(5)) async throws {
        try await waitForGateway("\(count) client close frames", timeout: timeout) { $0.clientCloseCodes.count >= count }
    }

    private func waitForGateway(_ what: String, timeout: Duration,
                                until condition: @escaping @Sendable (GatewayStats) -> Bool) async throws {
        guard await gateway.wait(timeout: timeout, until: condition) else { throw TimeoutError(what, after: timeout) }
    }
}
