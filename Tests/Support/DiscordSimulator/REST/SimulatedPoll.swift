import DiscordModels
import Foundation

/// A native poll as the simulated Discord keeps it: its message, answers (ids from 1, in the
/// order sent), each voter's answers, and when it ends (its duration, or End Poll).
public struct SimulatedPoll: Sendable, Equatable {
    public let messageID: Snowflake
    public let channelID: Snowflake
    public let question: String
    public let answers: [PollCreate.Answer]
    /// Whole hours it runs, as sent.
    public let duration: Int
    public let allowMultiselect: Bool
    /// When it ends by itself.
    public let expiry: Date
    /// Ended early with End Poll.
    public var endedEarly = false
    /// Its duration ran out (``DiscordSimulator/expirePoll(messageID:guildID:)``): Discord finalised it.
    public var finalized = false
    /// Each voter's answer ids.
    public var votes: [Snowflake: Set<Int>] = [:]

    init(messageID: Snowflake, channelID: Snowflake, poll: PollCreate, createdAt: Date) {
        self.messageID = messageID
        self.channelID = channelID
        question = poll.question.text
        answers = poll.answers
        duration = poll.duration
        allowMultiselect = poll.allowMultiselect
        expiry = createdAt.addingTimeInterval(Double(poll.duration) * 3600)
    }

    /// Whether members can still vote at `date`.
    public func isOpen(at date: Date) -> Bool { !endedEarly && !finalized && date < expiry }

    /// Votes for the answer with id `answerID`.
    public func count(answerID: Int) -> Int { votes.values.filter { $0.contains(answerID) }.count }

    /// The answers' words, in order.
    public var answerTexts: [String] { answers.map(\.pollMedia.text) }
}

/// The simulator's polls by message id, and the channels where the bot may not post one.
struct PollLedger: Sendable {
    var polls: [Snowflake: SimulatedPoll] = [:]
    /// Channels denying the bot SEND_POLLS: a poll posted there gets 403 `50013`.
    var denied: Set<Snowflake> = []
}
