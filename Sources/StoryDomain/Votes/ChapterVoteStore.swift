import Foundation

/// The family's votes on what happens next and their ballots. A chain has at most one open vote
/// (also with several processes on one PostgreSQL database); a member has one ballot per vote
/// (casting again replaces it), so every member is counted once, however often a platform
/// repeats an event; closing is won by exactly one caller.
public protocol ChapterVoteStore: Sendable {
    /// Keeps a new open vote (its ballots are ignored); false when its chain already has one open.
    func open(_ vote: ChapterVote) async throws -> Bool
    /// The vote with its ballots, nil when unknown.
    func vote(_ id: String) async throws -> ChapterVote?
    /// The chain's open vote, if any.
    func openVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote?
    /// The chain's newest vote, open or closed.
    func latestVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote?
    /// The vote asked by this message (a Discord poll's events name only the message).
    func vote(messageID: String) async throws -> ChapterVote?
    /// Records `member`'s ballot for `choice`, replacing an earlier one; false when the vote is
    /// unknown, closed or ended at `date`.
    func cast(_ voteID: String, member: String, choice: Int, at date: Date) async throws -> Bool
    /// Removes `member`'s ballot (or only when it was for `choice`, when given: a Discord vote
    /// removed after a changed mind); false when there was none or the vote no longer takes ballots.
    func withdraw(_ voteID: String, member: String, choice: Int?, at date: Date) async throws -> Bool
    /// Closes the vote with its winner: true for exactly one caller.
    func close(_ voteID: String, winner: Int?, at date: Date) async throws -> Bool
    /// Remembers the message that asks the question (and whether it is a Discord poll): true
    /// for the one caller that names it first; a vote's message is named once.
    func attach(_ voteID: String, messageID: String, isPoll: Bool) async throws -> Bool
}
