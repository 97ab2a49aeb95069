import DiscordModels
import HTTPTypes

extension DiscordSimulator {
    // MARK: Controls

    /// Makes the channel deny the bot ATTACH_FILES and/or EMBED_LINKS: messages there that use them get 403 `50013`.
    public func denyPermissions(channelID: Snowflake, attachFiles: Bool = false, embedLinks: Bool = false) {
        var denied = Permissions()
        if attachFiles { denied.insert(.attachFiles) }
        if embedLinks { denied.insert(.embedLinks) }
        store.update { $0.deniedPermissions[channelID] = denied.isEmpty ? nil : denied }
    }

    /// Answers the next `count` requests to `route` (a template, `METHOD template`, or a prefix) with 429.
    public func inject429(route: String, count: Int = 1, retryAfter: Double = 1, global: Bool = false) {
        traffic.inject(pattern: route, count: count, retryAfter: retryAfter, global: global)
    }

    /// Answers the next `count` requests to `route` (a template, `METHOD template`, or a prefix)
    /// with `status` and Discord's error `code` (e.g. 400 `50035`, 401 `50027`, 404 `10015`, 500).
    /// A 400 `50035` names `errorPath` (e.g. `["embeds", "0", "title"]`) as Discord does.
    public func injectError(route: String, status: Int, code: Int, message: String = "Injected error", count: Int = 1,
                            errorPath: [String]? = nil) {
        let error = if let errorPath {
            DiscordAPIError.invalidFormBody(at: errorPath, code: "BASE_TYPE_BAD_LENGTH", message: message)
        } else {
            DiscordAPIError(.init(code: status), code: code, message: message)
        }
        store.update { $0.injectedErrors.append(InjectedError(route: route, error: error, remaining: count)) }
    }

    /// Makes the interaction's token invalid from now on, as Discord may before its 15 minutes:
    /// webhook requests with it get 401 `50027`.
    public func revokeToken(interactionID: Snowflake) {
        store.update { $0.interactions[interactionID]?.tokenRevoked = true }
    }

    /// Deletes a message as a member or moderator does in the client: gone from its channel, and
    /// every later edit of it (through the channel or its interaction's webhook) gets 404 `10008`.
    public func deleteMessage(id: Snowflake) {
        store.update { $0.messages[id] = nil }
    }

    /// Holds every request to `route` (a template, `METHOD template`, or a prefix) for `delay` before
    /// answering it, as a slow Discord would; nil answers at once again.
    public func delayResponses(route: String, by delay: Duration?) {
        store.update { $0.responseDelays[route] = delay }
    }

    // MARK: Requests

    /// Every REST request answered so far, in order.
    public var requests: [RecordedRequest] { traffic.log }

    /// How many requests matching `route` arrived and are not answered yet (e.g. held by
    /// ``delayResponses(route:by:)``): "the bot got this far" without a guessed sleep.
    public func unansweredRequests(route: String) -> Int {
        traffic.unanswered(matching: route)
    }

    /// How many requests matched `route` (a template, `METHOD template`, or a prefix).
    public func requestCount(route: String) -> Int {
        traffic.log.filter { $0.matches(route) }.count
    }

    /// The most requests matching `route` that arrived within any span of `window`.
    public func maxRequests(route: String, within window: Duration) -> Int {
        let times = traffic.log.filter { $0.matches(route) }.map(\.time).sorted()
        var start = 0
        var best = 0
        for end in times.indices {
            while times[end] - times[start] >= window { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    /// The most REST requests that were in progress at once.
    public var maxConcurrentRequests: Int { traffic.maxInFlight }

    // MARK: Messages

    public func message(id: Snowflake) -> SimulatedMessage? {
        store.read { $0.messages[id] }
    }

    /// A channel's messages (channel messages, responses, follow-ups), oldest first.
    public func messages(channelID: Snowflake) -> [SimulatedMessage] {
        store.read { $0.messages.inChannel(channelID) }
    }

    /// The message an interaction's callback created or updated (edited later through `@original`).
    public func originalResponse(interactionID: Snowflake) -> SimulatedMessage? {
        store.read { store in store.interactions[interactionID]?.originalMessageID.flatMap { store.messages[$0] } }
    }

    /// The interaction's follow-up messages, in order.
    public func followUps(interactionID: Snowflake) -> [SimulatedMessage] {
        store.read { store in (store.interactions[interactionID]?.followUpIDs ?? []).compactMap { store.messages[$0] } }
    }

    // MARK: Callbacks

    /// Every callback body received for the interaction, accepted or rejected, in order.
    public func interactionResponses(interactionID: Snowflake) -> [InteractionResponse] {
        interactionCallbacks(interactionID: interactionID).map(\.response)
    }

    /// Every callback received for the interaction with its files and the status it got.
    public func interactionCallbacks(interactionID: Snowflake) -> [RecordedCallback] {
        store.read { $0.interactions[interactionID]?.callbacks ?? [] }
    }

    /// Where an acknowledgement latency is measured from.
    public enum LatencyOrigin: Sendable {
        /// ``sendInteraction(_:)`` was called (the simulator's own encoding and send queue included).
        case dispatch
        /// The event's frame was written to the bot's socket: the bot's own latency.
        case socketWrite
    }

    /// Where an acknowledgement latency is measured to.
    public enum LatencyEnd: Sendable {
        /// The accepted callback was read whole and applied (an update's page shown).
        case applied
        /// The accepted callback's request head arrived, before its body (a picture) was read.
        case arrived
    }

    /// Time from dispatch (or from the frame reaching the socket) to the accepted callback
    /// (applied, or its head's arrival); nil while unacknowledged.
    public func acknowledgementLatency(interactionID: Snowflake, from origin: LatencyOrigin = .dispatch,
                                       to end: LatencyEnd = .applied) -> Duration? {
        store.read { store in
            store.interactions[interactionID].flatMap { record in
                let start = origin == .socketWrite ? (record.writtenAt ?? record.dispatchedAt) : record.dispatchedAt
                return record.acknowledgement.map { (end == .arrived ? $0.arrivedAt : $0.receivedAt) - start }
            }
        }
    }

    /// Commands registered by bulk overwrite, globally or for a guild.
    public func registeredCommands(guildID: Snowflake? = nil) -> [ApplicationCommand] {
        store.read { $0.commands.commands(guildID: guildID) }
    }

    /// How many bulk command overwrites (global or guild) were accepted.
    public var commandRegistrations: Int { store.read { $0.commands.registrations } }

    // MARK: Waits

    /// Waits for the callback that acknowledged the interaction.
    @discardableResult
    public func waitForCallback(interactionID: Snowflake, timeout: Duration = .seconds(30)) async throws -> InteractionResponse {
        let response = await store.wait(timeout: timeout) { $0.interactions[interactionID]?.acknowledgement?.response }
        guard let response else { throw TimeoutError("a callback for interaction \(interactionID)", after: timeout) }
        return response
    }

    /// Waits until the interaction's original response satisfies `condition` (e.g. a deferral was filled).
    @discardableResult
    public func waitForOriginalResponse(interactionID: Snowflake,
                                        where condition: @escaping @Sendable (SimulatedMessage) -> Bool = { _ in true },
                                        timeout: Duration = .seconds(30)) async throws -> SimulatedMessage {
        let message = await store.wait(timeout: timeout) { store in
            store.interactions[interactionID]?.originalMessageID.flatMap { store.messages[$0] }.flatMap { condition($0) ? $0 : nil }
        }
        guard let message else { throw TimeoutError("the original response of interaction \(interactionID)", after: timeout) }
        return message
    }

    /// Waits until a channel holds at least `count` messages.
    @discardableResult
    public func waitForMessages(channelID: Snowflake, count: Int, timeout: Duration = .seconds(30)) async throws -> [SimulatedMessage] {
        let messages = await store.wait(timeout: timeout) { store in
            let messages = store.messages.inChannel(channelID)
            return messages.count >= count ? messages : nil
        }
        guard let messages else { throw TimeoutError("\(count) messages in channel \(channelID)", after: timeout) }
        return messages
    }
}
