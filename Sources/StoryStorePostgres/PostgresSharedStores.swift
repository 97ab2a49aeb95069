import Foundation

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
public typealias PostgresApprovalStore = SQLApprovalStore
/// With an `origin`, announces its changes to the other processes (``PostgresChatAnnouncer``).
public typealias PostgresChatTranscript = SQLChatTranscript

extension SQLCastStore {
    /// Deletes the pictures no page and no cast member uses any more (the story repository's
    /// cleanup inside its own transaction, until it moves onto the shared layer).
    static func deleteUnusedImages(_ ids: [String], in transaction: Transaction) async throws {
        try await MediaTable.deleteUnusedImages(ids, in: PostgresTransactionExecutor(transaction: transaction))
    }
}
