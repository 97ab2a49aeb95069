import Foundation

/// The family's vote on what happens next in a chain of chapters: the choices offered after one
/// chapter, each member's one ballot (a changed mind replaces it), and when it ends and closes.
/// A chain has at most one open vote; the rules are pure, with the time passed in.
public struct ChapterVote: Sendable, Equatable {
    public let id: String
    public let family: FamilyRef
    /// The chain's name (its first chapter's id).
    public let seriesID: StoryID
    /// The chapter whose end asked the question.
    public let storyID: StoryID
    /// Where the question was asked (room or channel).
    public let channelID: String
    public let choices: [NextChoice]
    public let openedAt: Date
    /// When voting stops (the next bedtime, else a day after opening); the vote stays open for
    /// its winner until it is closed.
    public let endsAt: Date
    /// Each member's choice (an index into ``choices``).
    public var ballots: [String: Int]
    /// When the next chapter was made or a grown-up closed the vote.
    public var closedAt: Date?
    /// The choice the next chapter follows, set on closing (nil when nobody voted).
    public var winner: Int?
    /// The message that asks the question (a web chat message, or Discord's poll or buttons).
    public var messageID: String?
    /// True when ``messageID`` is a Discord native poll (ended with End Poll).
    public var isPoll: Bool

    public init(id: String, family: FamilyRef, seriesID: StoryID, storyID: StoryID, channelID: String, choices: [NextChoice],
                openedAt: Date, endsAt: Date, ballots: [String: Int] = [:], closedAt: Date? = nil, winner: Int? = nil,
                messageID: String? = nil, isPoll: Bool = false) {
        self.id = id
        self.family = family
        self.seriesID = seriesID
        self.storyID = storyID
        self.channelID = channelID
        self.choices = choices
        self.openedAt = openedAt
        self.endsAt = endsAt
        self.ballots = ballots
        self.closedAt = closedAt
        self.winner = winner
        self.messageID = messageID
        self.isPoll = isPoll
    }

    /// True while members may still vote.
    public func acceptsBallots(at now: Date) -> Bool {
        closedAt == nil && now < endsAt
    }

    /// How many members chose each choice (each member counted once).
    public var counts: [Int] {
        var counts = Array(repeating: 0, count: choices.count)
        for choice in ballots.values where counts.indices.contains(choice) { counts[choice] += 1 }
        return counts
    }

    /// The outcome of the ballots so far; nil while nobody voted.
    public var outcome: VoteOutcome? {
        VoteOutcome(counts: counts)
    }

    /// The vote with `member`'s ballot for `choice` (replacing an earlier one).
    public func casting(_ choice: Int, by member: String, at now: Date) throws(ChapterVoteError) -> ChapterVote {
        guard acceptsBallots(at: now) else { throw .closed }
        guard choices.indices.contains(choice) else { throw .noSuchChoice }
        var vote = self
        vote.ballots[member] = choice
        return vote
    }

    /// The vote without `member`'s ballot.
    public func withdrawing(_ member: String, at now: Date) throws(ChapterVoteError) -> ChapterVote {
        guard acceptsBallots(at: now) else { throw .closed }
        var vote = self
        vote.ballots[member] = nil
        return vote
    }

    /// The vote closed now with its winner; closing a closed vote changes nothing.
    public func closing(at now: Date) -> ChapterVote {
        guard closedAt == nil else { return self }
        var vote = self
        vote.closedAt = now
        vote.winner = outcome?.first
        return vote
    }

    /// The winning choice: the one set on closing, else the one leading now.
    public var winningChoice: NextChoice? {
        (winner ?? outcome?.first).flatMap { choices.indices.contains($0) ? choices[$0] : nil }
    }
}
