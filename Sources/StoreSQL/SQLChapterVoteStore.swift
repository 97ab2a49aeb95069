import Foundation
import StoryDomain

/// Votes on what happens next (`chapter_vote`) and their ballots (`chapter_ballot`). A partial
/// unique index keeps one open vote per chain; a ballot's key is (vote, member), so a member is
/// counted once however often a platform repeats an event; closing is one conditional update.
public struct SQLChapterVoteStore: ChapterVoteStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    private static let selectVote: SQLStatement = """
        SELECT chapter_vote.*, family.platform AS family_platform, family.external_id AS family_external_id
        FROM chapter_vote JOIN family ON family.id = chapter_vote.family_id
        """

    public func open(_ vote: ChapterVote) async throws -> Bool {
        let now = clock.now()
        let choices = try JSONColumn.encode(vote.choices)
        return try await executor.transaction { executor in
            let familyID = try await FamilyTable.findOrCreate(vote.family, at: now, in: executor)
            return try await executor.execute("""
                INSERT INTO chapter_vote (id, family_id, series_id, story_id, channel_id, choices, opened_at, ends_at, message_id, poll)
                VALUES (\(vote.id), \(familyID), \(vote.seriesID.rawValue), \(vote.storyID.rawValue), \(vote.channelID), \(choices),
                        \(vote.openedAt), \(vote.endsAt), \(vote.messageID), \(vote.isPoll))
                ON CONFLICT DO NOTHING
                """) > 0
        }
    }

    public func vote(_ id: String) async throws -> ChapterVote? {
        try await read("\(Self.selectVote) WHERE chapter_vote.id = \(id)")
    }

    public func openVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote? {
        try await read("""
            \(Self.selectVote) WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            AND series_id = \(series.rawValue) AND closed_at IS NULL
            """)
    }

    public func latestVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote? {
        try await read("""
            \(Self.selectVote) WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            AND series_id = \(series.rawValue) ORDER BY opened_at DESC, chapter_vote.id DESC LIMIT 1
            """)
    }

    public func vote(messageID: String) async throws -> ChapterVote? {
        try await read("\(Self.selectVote) WHERE message_id = \(messageID) ORDER BY opened_at DESC LIMIT 1")
    }

    public func cast(_ voteID: String, member: String, choice: Int, at date: Date) async throws -> Bool {
        try await executor.execute("""
            INSERT INTO chapter_ballot (vote_id, member_id, choice, cast_at)
            SELECT id, \(String(member.prefix(100))), \(choice), \(date) FROM chapter_vote
            WHERE id = \(voteID) AND closed_at IS NULL AND ends_at > \(date)
            ON CONFLICT (vote_id, member_id) DO UPDATE SET choice = excluded.choice, cast_at = excluded.cast_at
            """) > 0
    }

    public func withdraw(_ voteID: String, member: String, choice: Int?, at date: Date) async throws -> Bool {
        var onlyChoice: SQLStatement = ""
        if let choice { onlyChoice = "AND choice = \(choice)" }
        return try await executor.execute("""
            DELETE FROM chapter_ballot WHERE vote_id = \(voteID) AND member_id = \(String(member.prefix(100))) \(onlyChoice)
            AND vote_id IN (SELECT id FROM chapter_vote WHERE id = \(voteID) AND closed_at IS NULL AND ends_at > \(date))
            """) > 0
    }

    public func close(_ voteID: String, winner: Int?, at date: Date) async throws -> Bool {
        try await executor.execute("""
            UPDATE chapter_vote SET closed_at = \(date), winner = \(winner) WHERE id = \(voteID) AND closed_at IS NULL
            """) > 0
    }

    public func attach(_ voteID: String, messageID: String, isPoll: Bool) async throws -> Bool {
        try await executor.execute("""
            UPDATE chapter_vote SET message_id = \(messageID), poll = \(isPoll) WHERE id = \(voteID) AND message_id IS NULL
            """) > 0
    }

    private func read(_ statement: SQLStatement) async throws -> ChapterVote? {
        guard let row = try await executor.row(statement) else { return nil }
        let id: String = try row["id"]
        var ballots: [String: Int] = [:]
        for ballot in try await executor.rows("SELECT member_id, choice FROM chapter_ballot WHERE vote_id = \(id)") {
            ballots[try ballot["member_id"]] = try ballot["choice"]
        }
        return try Self.vote(row, ballots: ballots)
    }

    static func vote(_ row: any SQLRow, ballots: [String: Int]) throws -> ChapterVote {
        let series: String = try row["series_id"]
        let story: String = try row["story_id"]
        guard let seriesID = StoryID(rawValue: series), let storyID = StoryID(rawValue: story) else {
            throw StoreSQLError.corrupt("chapter_vote", "story id")
        }
        return ChapterVote(id: try row["id"], family: FamilyRef(platform: Platform(rawValue: try row["family_platform"]),
                                                                externalID: try row["family_external_id"]),
                           seriesID: seriesID, storyID: storyID, channelID: try row["channel_id"],
                           choices: try JSONColumn.decode([NextChoice].self, from: try row["choices"]),
                           openedAt: try row["opened_at"], endsAt: try row["ends_at"], ballots: ballots,
                           closedAt: try row["closed_at"], winner: try row["winner"], messageID: try row["message_id"],
                           isPoll: try row["poll"])
    }
}
