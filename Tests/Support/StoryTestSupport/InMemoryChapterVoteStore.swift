import Foundation
import StoryDomain

/// Votes on what happens next in memory, with the databases' rules: one open vote per chain,
/// one ballot per member, closing won once.
public actor InMemoryChapterVoteStore: ChapterVoteStore {
    private var votes: [String: ChapterVote] = [:]
    private var order: [String] = []

    public init() {}

    public func open(_ vote: ChapterVote) async throws -> Bool {
        guard votes[vote.id] == nil,
              !votes.values.contains(where: { $0.family == vote.family && $0.seriesID == vote.seriesID && $0.closedAt == nil })
        else { return false }
        var kept = vote
        kept.ballots = [:]
        votes[vote.id] = kept
        order.append(vote.id)
        return true
    }

    public func vote(_ id: String) async throws -> ChapterVote? { votes[id] }

    public func openVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote? {
        votes.values.first { $0.family == family && $0.seriesID == series && $0.closedAt == nil }
    }

    public func latestVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote? {
        order.compactMap { votes[$0] }.filter { $0.family == family && $0.seriesID == series }
            .max { ($0.openedAt, $0.id) < ($1.openedAt, $1.id) }
    }

    public func vote(messageID: String) async throws -> ChapterVote? {
        order.reversed().compactMap { votes[$0] }.first { $0.messageID == messageID }
    }

    public func cast(_ voteID: String, member: String, choice: Int, at date: Date) async throws -> Bool {
        guard var vote = votes[voteID], vote.acceptsBallots(at: date) else { return false }
        vote.ballots[String(member.prefix(100))] = choice
        votes[voteID] = vote
        return true
    }

    public func withdraw(_ voteID: String, member: String, choice: Int?, at date: Date) async throws -> Bool {
        let member = String(member.prefix(100))
        guard var vote = votes[voteID], vote.acceptsBallots(at: date), let kept = vote.ballots[member],
              choice == nil || choice == kept else { return false }
        vote.ballots[member] = nil
        votes[voteID] = vote
        return true
    }

    public func close(_ voteID: String, winner: Int?, at date: Date) async throws -> Bool {
        guard var vote = votes[voteID], vote.closedAt == nil else { return false }
        vote.closedAt = date
        vote.winner = winner
        votes[voteID] = vote
        return true
    }

    public func attach(_ voteID: String, messageID: String, isPoll: Bool) async throws -> Bool {
        guard votes[voteID] != nil, votes[voteID]?.messageID == nil else { return false }
        votes[voteID]?.messageID = messageID
        votes[voteID]?.isPoll = isPoll
        return true
    }

    /// Forgets a family's votes, as forgetting its data does on the databases.
    public func forget(_ family: FamilyRef) {
        votes = votes.filter { $0.value.family != family }
        order.removeAll { votes[$0] == nil }
    }
}
