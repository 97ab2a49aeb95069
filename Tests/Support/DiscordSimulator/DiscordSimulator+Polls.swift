import DiscordModels
import Foundation

extension DiscordSimulator {
    // MARK: Polls

    /// Makes the channel deny the bot SEND_POLLS: a message with a poll there gets 403 `50013`.
    public func denyPolls(channelID: Snowflake) {
        store.update { _ = $0.polls.denied.insert(channelID) }
    }

    /// The poll the message carries, if any.
    public func poll(messageID: Snowflake) -> SimulatedPoll? {
        store.read { $0.polls.polls[messageID] }
    }

    /// The polls in a channel, oldest first.
    public func polls(channelID: Snowflake) -> [SimulatedPoll] {
        store.read { $0.polls.polls.values.filter { $0.channelID == channelID }.sorted { $0.messageID < $1.messageID } }
    }

    /// Waits until the channel holds a poll.
    @discardableResult
    public func waitForPoll(channelID: Snowflake, timeout: Duration = .seconds(30)) async throws -> SimulatedPoll {
        let poll = await store.wait(timeout: timeout) { store in
            store.polls.polls.values.filter { $0.channelID == channelID }.min { $0.messageID < $1.messageID }
        }
        guard let poll else { throw TimeoutError("a poll in channel \(channelID)", after: timeout) }
        return poll
    }

    /// Waits until the poll was ended early (End Poll).
    public func waitForPollEnded(messageID: Snowflake, timeout: Duration = .seconds(30)) async throws {
        let ended = await store.wait(timeout: timeout) { $0.polls.polls[messageID]?.endedEarly == true ? true : nil }
        guard ended == true else { throw TimeoutError("End Poll of message \(messageID)", after: timeout) }
    }

    /// `user` votes for answer `answerID` (from 1) in the client, as Discord handles it: on a
    /// single-choice poll a vote for another answer first takes back the old one
    /// (`MESSAGE_POLL_VOTE_REMOVE`, then `MESSAGE_POLL_VOTE_ADD`); the same answer again changes
    /// nothing. Events go to the bot only when it identified with `GUILD_MESSAGE_POLLS`. False
    /// when the poll is unknown, over, or has no such answer (the client offers no button).
    @discardableResult
    public func votePoll(messageID: Snowflake, user: User = defaultUser, answerID: Int,
                         guildID: Snowflake = defaultGuildID) async -> Bool {
        let now = clock.date
        let changes = store.update { store -> [(event: String, answerID: Int)]? in
            guard var poll = store.polls.polls[messageID], poll.isOpen(at: now), poll.answers.indices.contains(answerID - 1) else { return nil }
            var mine = poll.votes[user.id] ?? []
            guard !mine.contains(answerID) else { return [] }
            var changes: [(event: String, answerID: Int)] = []
            if !poll.allowMultiselect {
                changes = mine.sorted().map { (PollVoteEvent.removed, $0) }
                mine.removeAll()
            }
            mine.insert(answerID)
            changes.append((PollVoteEvent.added, answerID))
            poll.votes[user.id] = mine
            store.polls.polls[messageID] = poll
            return changes
        }
        guard let changes, let poll = poll(messageID: messageID) else { return false }
        for change in changes {
            await dispatchPollVote(change.event, poll: poll, user: user, answerID: change.answerID, guildID: guildID)
        }
        return true
    }

    /// `user` takes back their vote for answer `answerID` (`MESSAGE_POLL_VOTE_REMOVE`); false
    /// when they had none there or the poll is over.
    @discardableResult
    public func removePollVote(messageID: Snowflake, user: User = defaultUser, answerID: Int,
                               guildID: Snowflake = defaultGuildID) async -> Bool {
        let now = clock.date
        let removed = store.update { store -> SimulatedPoll? in
            guard var poll = store.polls.polls[messageID], poll.isOpen(at: now), poll.votes[user.id]?.contains(answerID) == true else { return nil }
            poll.votes[user.id]?.remove(answerID)
            store.polls.polls[messageID] = poll
            return poll
        }
        guard let removed else { return false }
        await dispatchPollVote(PollVoteEvent.removed, poll: removed, user: user, answerID: answerID, guildID: guildID)
        return true
    }

    /// The poll's duration runs out now, as Discord ends it: the poll is finalised, a
    /// `MESSAGE_UPDATE` of its message carries the final `results` (`is_finalized`), and a
    /// `POLL_RESULT` message (type 46) referencing it is posted; both reach the bot only when it
    /// identified with `GUILD_MESSAGES`. False when the poll is unknown or already over.
    @discardableResult
    public func expirePoll(messageID: Snowflake, guildID: Snowflake = defaultGuildID) async -> Bool {
        let now = clock.date
        let expired = store.update { store -> SimulatedPoll? in
            guard var poll = store.polls.polls[messageID], poll.isOpen(at: now) else { return nil }
            poll.finalized = true
            store.polls.polls[messageID] = poll
            return poll
        }
        guard let expired else { return false }
        guard (gateway.stats.intents ?? 0) & PollEndEvent.intent != 0 else { return true }
        let counts = expired.answers.indices.map { PollEndEvent.AnswerCount(id: $0 + 1, count: expired.count(answerID: $0 + 1)) }
        let results = PollEndEvent.Results(isFinalized: true, answerCounts: counts)
        await dispatch(event: PollEndEvent.updated, data: PollEndEvent(id: messageID, channelID: expired.channelID, guildID: guildID,
                                                                       poll: .init(results: results)), guildID: guildID)
        let resultMessage = PollEndEvent(id: identifiers.snowflake(), channelID: expired.channelID, guildID: guildID,
                                         type: PollEndEvent.pollResultType, messageReference: .init(messageID: messageID))
        await dispatch(event: PollEndEvent.created, data: resultMessage, guildID: guildID)
        return true
    }

    /// Whether the bot's newest IDENTIFY asked for `GUILD_MESSAGE_POLLS` (poll votes reach it).
    public var botReceivesPollVotes: Bool {
        (gateway.stats.intents ?? 0) & PollVoteEvent.intent != 0
    }

    private func dispatchPollVote(_ event: String, poll: SimulatedPoll, user: User, answerID: Int, guildID: Snowflake) async {
        guard botReceivesPollVotes else { return }
        let data = PollVoteEvent(userID: user.id, channelID: poll.channelID, messageID: poll.messageID, guildID: guildID, answerID: answerID)
        await dispatch(event: event, data: data, guildID: guildID)
    }
}
