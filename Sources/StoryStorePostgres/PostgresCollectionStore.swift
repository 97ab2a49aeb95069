import Foundation
import PostgresNIO
import StoryDomain

/// Growth Collections, reading progress and achievements in PostgreSQL.
public struct PostgresCollectionStore: CollectionStore {
    private let database: PostgresDatabase
    private let clock: any WallClock

    public init(database: PostgresDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func createCollection(_ collection: GrowthCollection, firstStory: Story, delivery: DeliveryAddress,
                                 quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await database.transaction { transaction in
            let job = try await PostgresStoryRepository.insert(firstStory, delivery: delivery, quota: quota, at: now, in: transaction)
            let familyID = try await FamilyRows.findOrCreate(collection.family, at: now, in: transaction)
            try await transaction.execute("""
                INSERT INTO growth_collection (id, family_id, requester_id, requester_name, goal, hero_name, age, companion,
                    language, story_count, seed, created_at)
                VALUES (\(collection.id.rawValue), \(familyID), \(collection.requester.userID), \(collection.requester.displayName),
                    \(collection.goal.rawValue), \(collection.heroName), \(collection.age), \(collection.companion),
                    \(collection.language.rawValue), \(collection.storyCount), \(Int64(bitPattern: collection.seed)), \(collection.createdAt))
                """)
            for (index, step) in collection.steps.enumerated() {
                let storyID: String? = index == 0 ? firstStory.id.rawValue : nil
                try await transaction.execute("""
                    INSERT INTO collection_entry (collection_id, position, theme, question, story_id)
                    VALUES (\(collection.id.rawValue), \(index + 1), \(step.theme), \(step.question), \(storyID))
                    """)
            }
            return job
        }
    }

    public func addStory(_ story: Story, to id: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction { transaction in
            // The entry row is locked: two requests for one position wait for each other.
            guard let entry = try await transaction.rows("""
                SELECT collection_entry.story_id, story.status FROM collection_entry LEFT JOIN story ON story.id = collection_entry.story_id
                WHERE collection_id = \(id.rawValue) AND position = \(position) FOR UPDATE OF collection_entry
                """).first else { return false }
            let existing: String? = try entry["story_id"]
            let status: String? = try entry["status"]
            let filling = EntryFilling.decide(existing: existing.flatMap(StoryID.init(rawValue:)),
                                              status: status.flatMap(StoryStatus.init(rawValue:)))
            guard filling.adds else { return false }
            if case let .replace(existing) = filling {
                _ = try await PostgresStoryRepository.delete(stories: [existing.rawValue], in: transaction)
                try await transaction.execute("""
                    INSERT INTO collection_remake (collection_id, position, made_at) VALUES (\(id.rawValue), \(position), \(now))
                    """)
            }
            _ = try await PostgresStoryRepository.insert(story, delivery: delivery, quota: nil, at: now, in: transaction)
            try await transaction.execute("""
                UPDATE collection_entry SET story_id = \(story.id.rawValue) WHERE collection_id = \(id.rawValue) AND position = \(position)
                """)
            return true
        }
    }

    public func remakes(of id: CollectionID, position: Int, since: Date) async throws -> Int {
        try await database.rows("""
            SELECT COUNT(*) AS n FROM collection_remake WHERE collection_id = \(id.rawValue) AND position = \(position) AND made_at >= \(since)
            """).first?["n"] ?? 0
    }

    public func collection(_ id: CollectionID) async throws -> CollectionProgress? {
        try await database.transaction { transaction in try await Self.progress(id.rawValue, in: transaction) }
    }

    public func collections(of family: FamilyRef) async throws -> [CollectionProgress] {
        try await database.transaction { transaction in
            guard let familyID = try await FamilyRows.id(of: family, in: transaction) else { return [] }
            let ids: [String] = try await transaction.rows("""
                SELECT id FROM growth_collection WHERE family_id = \(familyID) ORDER BY created_at DESC, seq DESC
                """).map { try $0["id"] }
            var progress: [CollectionProgress] = []
            for id in ids {
                if let one = try await Self.progress(id, in: transaction) { progress.append(one) }
            }
            return progress
        }
    }

    public func deleteCollection(_ id: CollectionID) async throws -> Bool {
        try await database.transaction { transaction in
            let storyIDs: [String] = try await transaction.rows("""
                SELECT story_id FROM collection_entry WHERE collection_id = \(id.rawValue) AND story_id IS NOT NULL
                """).map { try $0["story_id"] }
            try await transaction.execute("""
                DELETE FROM achievement WHERE kind = \(Achievement.Kind.collectionComplete.rawValue) AND detail = \(id.rawValue)
                """)
            let deleted = try await transaction.execute("DELETE FROM growth_collection WHERE id = \(id.rawValue) RETURNING 1") > 0
            _ = try await PostgresStoryRepository.delete(stories: storyIDs, in: transaction)
            return deleted
        }
    }

    public func recordRead(of story: Story, at date: Date) async throws -> ReadOutcome {
        try await database.transaction { transaction in
            let firstRead = try await transaction.execute("""
                UPDATE story SET read_at = \(date) WHERE id = \(story.id.rawValue) AND read_at IS NULL RETURNING 1
                """) > 0
            let collectionID: String? = try await transaction.rows("""
                SELECT collection_id FROM collection_entry WHERE story_id = \(story.id.rawValue)
                """).first?["collection_id"]
            guard firstRead, let familyID = try await FamilyRows.id(of: story.family, in: transaction) else {
                let progress = if let collectionID { try await Self.progress(collectionID, in: transaction) } else { CollectionProgress?.none }
                return ReadOutcome(firstRead: false, earned: [], collection: progress)
            }
            let read = FirstRead(at: date)
            try await transaction.execute("""
                INSERT INTO reading_day (family_id, day) VALUES (\(familyID), \(read.day)) ON CONFLICT DO NOTHING
                """)
            let storiesRead: Int = try await transaction.rows("""
                SELECT COUNT(*) AS n FROM story WHERE family_id = \(familyID) AND read_at IS NOT NULL
                """).first?["n"] ?? 0
            let days: [Date] = try await transaction.rows("""
                SELECT day FROM reading_day WHERE family_id = \(familyID) AND day >= \(read.earliestDayNeeded)
                """).map { try $0["day"] }
            let progress = if let collectionID { try await Self.progress(collectionID, in: transaction) } else { CollectionProgress?.none }
            let decision = read.decide(storiesRead: storiesRead, readingDays: Set(days), collection: progress)
            if let completed = decision.completed {
                try await transaction.execute("UPDATE growth_collection SET completed_at = \(date) WHERE id = \(completed.rawValue)")
            }
            var earned: [Achievement] = []
            for achievement in decision.achievements {
                let inserted = try await transaction.execute("""
                    INSERT INTO achievement (family_id, kind, detail, earned_at)
                    VALUES (\(familyID), \(achievement.kind.rawValue), \(achievement.detail), \(date))
                    ON CONFLICT DO NOTHING RETURNING 1
                    """)
                if inserted > 0 { earned.append(achievement) }
            }
            return ReadOutcome(firstRead: true, earned: earned, collection: decision.collection)
        }
    }

    /// A collection with its entries and their stories' state.
    private static func progress(_ id: String, in transaction: Transaction) async throws -> CollectionProgress? {
        guard let row = try await transaction.rows("""
            SELECT growth_collection.*, family.platform AS family_platform, family.external_id AS family_external_id
            FROM growth_collection JOIN family ON family.id = growth_collection.family_id WHERE growth_collection.id = \(id)
            """).first,
            let collectionID = CollectionID(rawValue: try row["id"]),
            let goal = GrowthGoal(rawValue: try row["goal"])
        else { return nil }
        let seed: Int64 = try row["seed"]
        let collection = GrowthCollection(
            id: collectionID, family: PlatformColumn.family(platform: try row["family_platform"], externalID: try row["family_external_id"]),
            requester: Requester(userID: try row["requester_id"], displayName: try row["requester_name"]), goal: goal,
            heroName: try row["hero_name"], age: try row["age"], companion: try row["companion"],
            language: StoryLanguage(rawValue: try row["language"]) ?? .english, storyCount: try row["story_count"],
            seed: UInt64(bitPattern: seed), createdAt: try row["created_at"], completedAt: try row["completed_at"])
        let entries = try await transaction.rows("""
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
