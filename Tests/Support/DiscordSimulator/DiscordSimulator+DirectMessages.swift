import DiscordModels

extension DiscordSimulator {
    /// Makes `userID` refuse the bot's direct messages (privacy settings, or no server in common):
    /// their DM channel still opens, and every message sent there gets 403 `50007`.
    public func refuseDirectMessages(from userID: Snowflake) {
        store.update { _ = $0.directMessages.refusing.insert(userID) }
    }

    /// The DM channel the bot opened with `userID` (nil: none yet).
    public func directMessageChannel(with userID: Snowflake) -> Snowflake? {
        store.read { $0.directMessages.channelsByUser[userID] }
    }

    /// The messages the bot sent `userID` directly, oldest first.
    public func directMessages(with userID: Snowflake) -> [SimulatedMessage] {
        store.read { store in store.directMessages.channelsByUser[userID].map { store.messages.inChannel($0) } ?? [] }
    }

    /// Waits until the bot has sent `userID` at least `count` direct messages.
    @discardableResult
    public func waitForDirectMessages(with userID: Snowflake, count: Int = 1, timeout: Duration = .seconds(30)) async throws
        -> [SimulatedMessage]
    {
        let messages = await store.wait(timeout: timeout) { store in
            let messages = store.directMessages.channelsByUser[userID].map { store.messages.inChannel($0) } ?? []
            return messages.count >= count ? messages : nil
        }
        guard let messages else { throw TimeoutError("\(count) direct messages to \(userID)", after: timeout) }
        return messages
    }
}
