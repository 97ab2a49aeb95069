import Foundation
import PostgresNIO
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
/// With an `origin`, announces each saved picture to the other processes (``PostgresStoryEngine``).
public typealias PostgresStoryRepository = SQLStoryRepository
/// With an `origin`, announces its changes to the other processes (``PostgresChatAnnouncer``).
public typealias PostgresChatTranscript = SQLChatTranscript

// What the collection store and room directory still call inside their own transactions until
// they move onto the shared layer.

extension SQLStoryRepository {
    /// Inserts a story and its job inside the caller's transaction (the shared ``insert(_:delivery:quota:at:in:)``).
    static func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?, at now: Date,
                       in transaction: Transaction) async throws -> StoryJob {
        try await insert(story, delivery: delivery, quota: quota, at: now, in: PostgresTransactionExecutor(transaction: transaction))
    }

    /// Deletes stories and then the pictures and audio nothing uses, inside the caller's transaction.
    static func delete(stories ids: [String], in transaction: Transaction) async throws -> Int {
        try await StoryTable.delete(stories: ids, in: PostgresTransactionExecutor(transaction: transaction))
    }

    /// Bindings for a query assembled from fixed SQL (`$1`, `$2`, … in order).
    static func binds(_ values: any PostgresDynamicTypeEncodable...) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { bindings.append(value) }
        return bindings
    }
}
