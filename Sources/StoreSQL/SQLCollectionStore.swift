import Foundation
import StoryDomain

/// Growth Collections, reading progress and achievements, written once for both engines. The
/// rules are the domain's (``EntryFilling`` decides whether a position takes a story,
/// ``FirstRead`` what a first read earns); each change is one transaction, its stories started
/// by the story repository's ``SQLStoryRepository/insert(_:delivery:quota:at:in:)``.
public struct SQLCollectionStore: CollectionStore {
    private let executor: any SQLExecutor
    private let clock: any WallClock

    public init(database: some SQLDatabase, clock: any WallClock) {
        executor = database.executor
        self.clock = clock
    }

    public func createCollection(_ collection: GrowthCollection, firstStory: Story, delivery: DeliveryAddress,
                                 quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await executor.transaction { executor in
            let job = try await SQLStoryRepository.insert(firstStory, delivery: delivery, quota: quota, at: now, in: executor)
            let familyID = try await FamilyTable.findOrCreate(collection.family, at: now, in: executor)
            try await executor.execute("""
                INSERT INTO growth_collection (id, family_id, requester_id, requester_name, goal, hero_name, age, companion,
                    language, story_count, seed, created_at)
                VALUES (\(collection.id.rawValue), \(familyID), \(collection.requester.userID), \(collection.requester.displayName),
                    \(collection.goal.rawValue), \(collection.heroName), \(collection.age), \(collection.companion),
                    \(collection.language.rawValue), \(collection.storyCount), \(Int64(bitPattern: collection.seed)), \(collection.createdAt))
                """)
            for (index, step) in collection.steps.enumerated() {
                let storyID: String? = index == 0 ? firstStory.id.rawValue : nil
                try await executor.execute("""
                    INSERT INTO collection_entry (collection_id, position, theme, question, story_id)
                    VALUES (\(collection.id.rawValue), \(index + 1), \(step.theme), \(step.question), \(storyID))
                    """)
            }
            return job
        }
    }

    public func addStory(_ story: Story, to id: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool {
        let now = clock.now()
        return try await executor.transaction { executor in
            // The entry row is locked: two requests for one position wait for each other.
            guard let entry = try await executor.row("""
                SELECT collection_entry.story_id, story.status FROM collection_entry LEFT JOIN story ON story.id = collection_entry.story_id
                WHERE collection_id = \(id.rawValue) AND position = \(position) \(.lockRowsOf("collection_entry"))
                """) else { return false }
            let existing: String? = try entry["story_id"]
            let status: String? = try entry["status"]
            let filling = EntryFilling.decide(existing: existing.flatMap(StoryID.init(rawValue:)),
                                              status: status.flatMap(StoryStatus.init(rawValue:)))
            guard filling.adds else { return false }
            if case let .replace(existing) = filling {
                _ = try await StoryTable.delete(stories: [existing.rawValue], in: executor)
                try await executor.execute("""
                    INSERT INTO collection_remake (collection_id, position, made_at) VALUES (\(id.rawValue), \(position), \(now))
                    """)
            }
            _ = try await SQLStoryRepository.insert(story, delivery: delivery, quota: nil, at: now, in: executor)
            try await executor.execute("""
                UPDATE collection_entry SET story_id = \(story.id.rawValue) WHERE collection_id = \(id.rawValue) AND position = \(position)
                """)
            return true
        }
    }

    public func remakes(of id: CollectionID, position: Int, since: Date) async throws -> Int {
        try await executor.row("""
            SELECT COUNT(*) AS n FROM collection_remake WHERE collection_id = \(id.rawValue) AND position = \(position) AND made_at >= \(since)
            """)?["n"] ?? 0
    }

    public func collection(_ id: CollectionID) async throws -> CollectionProgress? {
        try await executor.transaction { executor in try await Self.progress(id.rawValue, in: executor) }
    }

    public func collections(of family: FamilyRef) async throws -> [CollectionProgress] {
        try await executor.transaction { executor in
            guard let familyID = try await FamilyTable.id(of: family, in: executor) else { return [] }
            let ids: [String] = try await executor.rows("""
                SELECT id FROM growth_collection WHERE family_id = \(familyID) ORDER BY created_at DESC, \(.insertionOrder) DESC
                """).map { try $0["id"] }
            var progress: [CollectionProgress] = []
            for id in ids {
                if let one = try await Self.progress(id, in: executor) { progress.append(one) }
            }
            return progress
        }
    }

    public func deleteCollection(_ id: CollectionID) async throws -> Bool {
        try await executor.transaction { executor in
            let storyIDs: [String] = try await executor.rows("""
                SELECT story_id FROM collection_entry WHERE collection_id = \(id.rawValue) AND story_id IS NOT NULL
                """).map { try $0["story_id"] }
            try await executor.execute("""
                DELETE FROM achievement WHERE kind = \(Achievement.Kind.collectionComplete.rawValue) AND detail = \(id.rawValue)
                """)
            let deleted = try await executor.execute("DELETE FROM growth_collection WHERE id = \(id.rawValue)") > 0
            _ = try await StoryTable.delete(stories: storyIDs, in: executor)
            return deleted
        }
    }

    public func recordRead(of story: Story, at date: Date) async throws -> ReadOutcome {
        try await executor.transaction { executor in
            let firstRead = try await executor.execute("""
                UPDATE story SET read_at = \(date) WHERE id = \(story.id.rawValue) AND read_at IS NULL
                """) > 0
            let collectionID: String? = try await executor.row("""
                SELECT collection_id FROM collection_entry WHERE story_id = \(story.id.rawValue)
                """)?["collection_id"]
            let progress = if let collectionID { try await Self.progress(collectionID, in: executor) } else { CollectionProgress?.none }
            guard firstRead, let familyID = try await FamilyTable.id(of: story.family, in: executor) else {
                return ReadOutcome(firstRead: false, earned: [], collection: progress)
            }
            let read = FirstRead(at: date)
            try await executor.execute("""
                INSERT INTO reading_day (family_id, day) VALUES (\(familyID), \(read.day)) ON CONFLICT DO NOTHING
                """)
            let storiesRead: Int = try await executor.row("""
                SELECT COUNT(*) AS n FROM story WHERE family_id = \(familyID) AND read_at IS NOT NULL
                """)?["n"] ?? 0
            let days: [Date] = try await executor.rows("""
                SELECT day FROM reading_day WHERE family_id = \(familyID) AND day >= \(read.earliestDayNeeded)
                """).map { try $0["day"] }
            let decision = read.decide(storiesRead: storiesRead, readingDays: Set(days), collection: progress)
            if let completed = decision.completed {
                try await executor.execute("UPDATE growth_collection SET completed_at = \(date) WHERE id = \(completed.rawValue)")
            }
            var earned: [Achievement] = []
            for achievement in decision.achievements {
                let inserted = try await executor.execute("""
                    INSERT INTO achievement (family_id, kind, detail, earned_at)
                    VALUES (\(familyID), \(achievement.kind.rawValue), \(achievement.detail), \(date))
                    ON CONFLICT DO NOTHING
                    """)
                if inserted > 0 { earned.append(achievement) }
            }
            return ReadOutcome(firstRead: true, earned: earned, collection: decision.collection)
        }
    }

    /// A collection with its entries and their stories' state.
    private static func progress(_ id: String, in executor: any SQLExecutor) async throws -> CollectionProgress? {
        guard let row = try await executor.row("""
            SELECT growth_collection.*, family.platform AS family_platform, family.external_id AS family_external_id
            FROM growth_collection JOIN family ON family.id = growth_collection.family_id WHERE growth_collection.id = \(id)
            """),
            let collectionID = CollectionID(rawValue: try row["id"]),
            let goal = GrowthGoal(rawValue: try row["goal"])
        else { return nil }
        let seed: Int64 = try row["seed"]
        let collection = GrowthCollection(
            id: collectionID,
            family: FamilyRef(platform: Platform(rawValue: try row["family_platform"]), externalID: try row["family_external_id"]),
            requester: Requester(userID: try row["requester_id"], displayName: try row["requester_name"]), goal: goal,
            heroName: try row["hero_name"], age: try row["age"], companion: try row["companion"],
            language: StoryLanguage(rawValue: try row["language"]) ?? .english, storyCount: try row["story_count"],
            seed: UInt64(bitPattern: seed), createdAt: try row["created_at"], completedAt: try row["completed_at"])
        let entries = try await executor.rows("""
            SELECT collection_entry.*, story.title AS story_title, story.status AS story_status, story.read_at AS story_read_at
            FROM collection_entry LEFT JOIN story ON story.id = collection_entry.story_id
            WHERE collection_entry.collection_id = \(id) ORDER BY position
            """).map { entry in
            let storyID: String? = try entry["story_id"]
            let status: String? = try entry["story_status"]
            return CollectionEntry(position: try entry["position"], theme: try entry["theme"], question: try entry["question"],
                                   storyID: storyID.flatMap(StoryID.init(rawValue:)), storyTitle: try entry["story_title"],
                                   storyStatus: status.flatMap(StoryStatus.init(rawValue:)), readAt: try entry["story_read_at"])
        }
        return CollectionProgress(collection: collection, entries: entries)
    }
}
