import Foundation
import StoryDomain

/// Stories held for a grown-up's yes (`story_approval`). Every change of state is one
/// conditional statement whose change count says who won, so a story is shared once also when
/// two grown-ups (or two processes) act at the same moment.
public struct SQLApprovalStore: ApprovalStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    private static let select: SQLStatement = """
        SELECT story_approval.*, family.platform AS family_platform, family.external_id AS family_external_id
        FROM story_approval JOIN family ON family.id = story_approval.family_id
        """

    private static let openStates = PendingApproval.State.allCases.filter(\.isOpen).map(\.rawValue)

    public func add(_ approval: PendingApproval, limit: Int) async throws -> Bool {
        let now = clock.now()
        return try await executor.transaction { executor in
            let familyID = try await FamilyTable.findOrCreate(approval.family, at: now, in: executor)
            // The family's row is the lock: two requests at once are counted one after the other.
            try await executor.execute("SELECT id FROM family WHERE id = \(familyID) \(.lockRows)")
            let count: Int = try await executor.row("""
                SELECT COUNT(*) AS n FROM story_approval WHERE family_id = \(familyID) AND state IN \(list: Self.openStates)
                """)?["n"] ?? 0
            guard count < limit else { return false }
            try await executor.execute("""
                INSERT INTO story_approval (id, family_id, channel_id, requester_id, requester_name, kind, story_id, state,
                    created_at, deadline, share_at, sent_at, decided_at, decided_by, told_at)
                VALUES (\(approval.id), \(familyID), \(approval.channelID), \(approval.requester.userID),
                        \(String(approval.requester.displayName.prefix(100))), \(approval.kind.rawValue), \(approval.storyID.rawValue),
                        \(approval.state.rawValue), \(approval.createdAt), \(approval.deadline), \(approval.shareAt), \(approval.sentAt),
                        \(approval.decidedAt), \(approval.decidedBy), \(approval.toldAt))
                """)
            return true
        }
    }

    public func approval(_ id: String, family: FamilyRef) async throws -> PendingApproval? {
        try await executor.row("""
            \(Self.select) WHERE story_approval.id = \(id) AND family.platform = \(family.platform) AND family.external_id = \(family.externalID)
            """).map(Self.approval)
    }

    public func open(of family: FamilyRef) async throws -> [PendingApproval] {
        try await executor.rows("""
            \(Self.select) WHERE family.platform = \(family.platform) AND family.external_id = \(family.externalID)
                AND state IN \(list: Self.openStates)
            ORDER BY story_approval.created_at, story_approval.id
            """).map(Self.approval)
    }

    public func inPlay() async throws -> [PendingApproval] {
        try await executor.rows("""
            \(Self.select) WHERE state IN \(list: Self.openStates) OR (state IN ('declined', 'expired') AND told_at IS NULL)
            ORDER BY story_approval.created_at, story_approval.id
            """).map(Self.approval)
    }

    public func markSent(_ id: String, story: StoryID, at date: Date) async throws -> Bool {
        try await executor.execute("""
            UPDATE story_approval SET sent_at = \(date)
            WHERE id = \(id) AND story_id = \(story.rawValue) AND sent_at IS NULL AND state = 'waiting'
            """) > 0
    }

    public func replaceStory(_ id: String, with story: StoryID) async throws -> Bool {
        try await executor.execute("""
            UPDATE story_approval SET story_id = \(story.rawValue), sent_at = NULL WHERE id = \(id) AND state = 'waiting'
            """) > 0
    }

    public func transition(_ id: String, from: Set<PendingApproval.State>, to: PendingApproval.State, by: String?,
                           at date: Date) async throws -> Bool {
        guard !from.isEmpty else { return false }
        return try await executor.execute("""
            UPDATE story_approval SET state = \(to.rawValue), decided_at = \(date), decided_by = \(by.map { String($0.prefix(100)) })
            WHERE id = \(id) AND state IN \(list: from.map(\.rawValue).sorted())
            """) > 0
    }

    public func markTold(_ id: String, at date: Date) async throws {
        try await executor.execute("UPDATE story_approval SET told_at = \(date) WHERE id = \(id) AND told_at IS NULL")
    }

    static func approval(_ row: any SQLRow) throws -> PendingApproval {
        let kind: String = try row["kind"]
        let state: String = try row["state"]
        let story: String = try row["story_id"]
        guard let kind = PendingApproval.Kind(rawValue: kind), let state = PendingApproval.State(rawValue: state),
              let storyID = StoryID(rawValue: story)
        else { throw StoreSQLError.corrupt("story_approval", "an approval no version wrote") }
        return PendingApproval(id: try row["id"], family: FamilyRef(platform: Platform(rawValue: try row["family_platform"]),
                                                                     externalID: try row["family_external_id"]),
                               channelID: try row["channel_id"], requester: Requester(userID: try row["requester_id"],
                                                                                      displayName: try row["requester_name"]),
                               kind: kind, storyID: storyID, state: state, createdAt: try row["created_at"], deadline: try row["deadline"],
                               shareAt: try row["share_at"], sentAt: try row["sent_at"], decidedAt: try row["decided_at"],
                               decidedBy: try row["decided_by"], toldAt: try row["told_at"])
    }
}
