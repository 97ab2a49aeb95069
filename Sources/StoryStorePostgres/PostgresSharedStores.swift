import Foundation
import StoryDomain

/// The shared stores on PostgreSQL, under their engine's names (the composition root and tests
/// construct them with a ``PostgresDatabase``).
public typealias PostgresKeyValueStore = SQLKeyValueStore
public typealias PostgresFamilySettingsStore = SQLFamilySettingsStore
public typealias PostgresFamilyDataStore = SQLFamilyDataStore
public typealias PostgresAcknowledgementLedger = SQLAcknowledgementLedger
public typealias PostgresRefusedRequestLedger = SQLRefusedRequestLedger
public typealias PostgresNarrationStore = SQLNarrationStore
public typealias PostgresCastStore = SQLCastStore
public typealias PostgresBedtimeScheduleStore = SQLBedtimeScheduleStore
public typealias PostgresCollectionStore = SQLCollectionStore
public typealias PostgresRoomDirectory = SQLRoomDirectory
/// With an `origin`, announces its changes to the other processes (``PostgresChatAnnouncer``).
public typealias PostgresChatTranscript = SQLChatTranscript

extension SQLCastStore {
    /// Deletes the pictures no page and no cast member uses any more (the story repository's
    /// cleanup inside its own transaction, until it moves onto the shared layer).
    static func deleteUnusedImages(_ ids: [String], in transaction: Transaction) async throws {
        try await MediaTable.deleteUnusedImages(ids, in: PostgresTransactionExecutor(transaction: transaction))
    }
}

extension SQLCollectionStore {
    /// The collections on PostgreSQL, their stories started by the story repository's insert.
    public init(database: PostgresDatabase, clock: any WallClock) {
        self.init(database: database, clock: clock, stories: PostgresStoryInserter())
    }
}

extension SQLRoomDirectory {
    /// The rooms on PostgreSQL: a member signed out everywhere is told to every process, from
    /// no process in particular (the shell's removals are told the same way).
    public init(database: PostgresDatabase) { self.init(database: database, announcer: PostgresChatAnnouncer(origin: "rooms")) }
}

/// The story repository's insert, run on the shared transaction's connection (until the
/// repository moves onto the shared layer).
struct PostgresStoryInserter: StoryInserting {
    func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date,
                in executor: any SQLExecutor) async throws -> StoryJob {
        guard let transaction = executor as? PostgresTransactionExecutor else {
            throw StoreSQLError.corrupt("story", "inserted outside a transaction")
        }
        return try await PostgresStoryRepository.insert(story, delivery: delivery, quota: quota, at: now, in: transaction.transaction)
    }
}
