import Foundation
import GRDB
import StoryDomain

/// Growth Collections, reading progress and achievements in SQLite.
public struct SQLiteCollectionStore: CollectionStore {
    private let database: AppDatabase
    private let clock: any WallClock

    public init(database: AppDatabase, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    public func createCollection(_ collection: GrowthCollection, firstStory: Story, delivery: DeliveryAddress,
                                 quota: DailyQuota?) async throws -> StoryJob {
        let now = clock.now()
        return try await database.writer.write { db in
            let job = try SQLiteStoryRepository.insert(firstStory, delivery: delivery, quota: quota, at: now, in: db)
            let familyID = try FamilyRecord.findOrCreate(collection.family, at: now, in: db)
            try db.execute(sql: """
                INSERT INTO growth_collection (id, family_id, requester_id, requester_name, goal, hero_name, age, companion,
                    language, story_count, seed, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [collection.id.rawValue, familyID, collection.requester.userID, collection.requester.displayName,
                                 collection.goal.rawValue, collection.heroName, collection.age, collection.companion,
                                 collection.language.rawValue, collection.storyCount, Int64(bitPattern: collection.seed),
                                 collection.createdAt])
            for (index, step) in collection.steps.enumerated() {
                try db.execute(sql: "INSERT INTO collection_entry (collection_id, position, theme, question, story_id) VALUES (?, ?, ?, ?, ?)",
                               arguments: [collection.id.rawValue, index + 1, step.theme, step.question,
                                           index == 0 ? firstStory.id.rawValue : nil])
            }
            return job
        }
    }

    public func addStory(_ story: Story, to id: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool {
        let now = clock.now()
        return try await database.writer.write { db in
            guard let entry = try Row.fetchOne(db, sql: """
                SELECT collection_entry.story_id, story.status FROM collection_entry LEFT JOIN story ON story.id = collection_entry.story_id
                WHERE collection_id = ? AND position = ?
                """, arguments: [id.rawValue, position]) else { return false }
            let filling = EntryFilling.decide(existing: (entry["story_id"] as String?).flatMap(StoryID.init(rawValue:)),
                                              status: (entry["status"] as String?).flatMap(StoryStatus.init(rawValue:)))
            guard filling.adds else { return false }
            if case let .replace(existing) = filling {
                _ = try SQLiteStoryRepository.delete(stories: [existing.rawValue], in: db)
                try db.execute(sql: "INSERT INTO collection_remake (collection_id, position, made_at) VALUES (?, ?, ?)",
                               arguments: [id.rawValue, position, now])
            }
            _ = try SQLiteStoryRepository.insert(story, delivery: delivery, quota: nil, at: now, in: db)
            try db.execute(sql: "UPDATE collection_entry SET story_id = ? WHERE collection_id = ? AND position = ?",
                           arguments: [story.id.rawValue, id.rawValue, position])
            return true
        }
    }

    public func remakes(of id: CollectionID, position: Int, since: Date) async throws -> Int {
        try await database.writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM collection_remake WHERE collection_id = ? AND position = ? AND made_at >= ?
                """, arguments: [id.rawValue, position, since]) ?? 0
        }
    }

    public func collection(_ id: CollectionID) async throws -> CollectionProgress? {
        try await database.writer.read { db in try Self.progress(id.rawValue, in: db) }
    }

    public func collections(of family: FamilyRef) async throws -> [CollectionProgress] {
        try await database.writer.read { db in
            guard let familyID = try FamilyRecord.id(of: family, in: db) else { return [] }
            let ids = try String.fetchAll(db, sql: "SELECT id FROM growth_collection WHERE family_id = ? ORDER BY created_at DESC, rowid DESC",
                                          arguments: [familyID])
            return try ids.compactMap { try Self.progress($0, in: db) }
        }
    }

    public func deleteCollection(_ id: CollectionID) async throws -> Bool {
        try await database.writer.write { db in
            let storyIDs = try String.fetchAll(db, sql: "SELECT story_id FROM collection_entry WHERE collection_id = ? AND story_id IS NOT NULL",
                                               arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM achievement WHERE kind = ? AND detail = ?",
                           arguments: [Achievement.Kind.collectionComplete.rawValue, id.rawValue])
            try db.execute(sql: "DELETE FROM growth_collection WHERE id = ?", arguments: [id.rawValue])
            let deleted = db.changesCount > 0
            _ = try SQLiteStoryRepository.delete(stories: storyIDs, in: db)
            return deleted
        }
    }

    public func recordRead(of story: Story, at date: Date) async throws -> ReadOutcome {
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE story SET read_at = ? WHERE id = ? AND read_at IS NULL", arguments: [date, story.id.rawValue])
            let firstRead = db.changesCount > 0
            let collectionID = try String.fetchOne(db, sql: "SELECT collection_id FROM collection_entry WHERE story_id = ?",
                                                   arguments: [story.id.rawValue])
            guard firstRead, let familyID = try FamilyRecord.id(of: story.family, in: db) else {
                return ReadOutcome(firstRead: false, earned: [], collection: try collectionID.flatMap { try Self.progress($0, in: db) })
            }
            let read = FirstRead(at: date)
            try db.execute(sql: "INSERT OR IGNORE INTO reading_day (family_id, day) VALUES (?, ?)", arguments: [familyID, read.day])
            let storiesRead = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM story WHERE family_id = ? AND read_at IS NOT NULL",
                                               arguments: [familyID]) ?? 0
            let days = try Date.fetchAll(db, sql: "SELECT day FROM reading_day WHERE family_id = ? AND day >= ?",
                                         arguments: [familyID, read.earliestDayNeeded])
            let decision = read.decide(storiesRead: storiesRead, readingDays: Set(days),
                                       collection: try collectionID.flatMap { try Self.progress($0, in: db) })
            if let completed = decision.completed {
                try db.execute(sql: "UPDATE growth_collection SET completed_at = ? WHERE id = ?", arguments: [date, completed.rawValue])
            }
            var earned: [Achievement] = []
            for achievement in decision.achievements {
                try db.execute(sql: "INSERT OR IGNORE INTO achievement (family_id, kind, detail, earned_at) VALUES (?, ?, ?, ?)",
                               arguments: [familyID, achievement.kind.rawValue, achievement.detail, date])
                if db.changesCount > 0 { earned.append(achievement) }
            }
            return ReadOutcome(firstRead: true, earned: earned, collection: decision.collection)
        }
    }

    /// A collection with its entries and their stories' state.
    private static func progress(_ id: String, in db: Database) throws -> CollectionProgress? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT growth_collection.*, family.platform AS family_platform, family.external_id AS family_external_id
            FROM growth_collection JOIN family ON family.id = growth_collection.family_id WHERE growth_collection.id = ?
            """, arguments: [id]),
            let collectionID = CollectionID(rawValue: row["id"]),
            let goal = GrowthGoal(rawValue: row["goal"])
        else { return nil }
        let collection = GrowthCollection(
            id: collectionID, family: FamilyRef(platform: row["family_platform"], externalID: row["family_external_id"]),
            requester: Requester(userID: row["requester_id"], displayName: row["requester_name"]), goal: goal,
            heroName: row["hero_name"], age: row["age"], companion: row["companion"],
            language: StoryLanguage(rawValue: row["language"]) ?? .english, storyCount: row["story_count"],
            seed: UInt64(bitPattern: row["seed"]), createdAt: row["created_at"], completedAt: row["completed_at"])
        let entries = try Row.fetchAll(db, sql: """
            SELECT collection_entry.*, story.title AS story_title, story.status AS story_status, story.read_at AS story_read_at
            FROM collection_entry LEFT JOIN story ON story.id = collection_entry.story_id
            WHERE collection_entry.collection_id = ? ORDER BY position
            """, arguments: [id]).map { entry in
            CollectionEntry(position: entry["position"], theme: entry["theme"], question: entry["question"],
                            storyID: (entry["story_id"] as String?).flatMap(StoryID.init(rawValue:)),
                            storyTitle: entry["story_title"],
                            storyStatus: (entry["story_status"] as String?).flatMap(StoryStatus.init(rawValue:)),
                            readAt: entry["story_read_at"])
        }
        return CollectionProgress(collection: collection, entries: entries)
    }
}
