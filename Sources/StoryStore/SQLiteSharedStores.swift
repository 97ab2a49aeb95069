import Foundation
import StoryDomain

/// The shared stores on SQLite, under their engine's names (the composition root and tests
/// construct them with an ``AppDatabase``).
public typealias SQLiteKeyValueStore = SQLKeyValueStore
public typealias SQLiteEntitlementStore = SQLEntitlementStore
public typealias SQLiteUsageLedger = SQLUsageLedger
public typealias SQLiteFamilySettingsStore = SQLFamilySettingsStore
public typealias SQLiteFamilyDataStore = SQLFamilyDataStore
public typealias SQLiteAcknowledgementLedger = SQLAcknowledgementLedger
public typealias SQLiteRefusedRequestLedger = SQLRefusedRequestLedger
public typealias SQLiteNarrationStore = SQLNarrationStore
public typealias SQLiteCastStore = SQLCastStore
public typealias SQLiteCastDrawingStore = SQLCastDrawingStore
public typealias SQLiteBedtimeScheduleStore = SQLBedtimeScheduleStore
public typealias SQLiteCollectionStore = SQLCollectionStore
public typealias SQLiteRoomDirectory = SQLRoomDirectory
public typealias SQLiteStoryRepository = SQLStoryRepository
public typealias SQLiteChapterVoteStore = SQLChapterVoteStore
public typealias SQLiteApprovalStore = SQLApprovalStore
/// One process uses a SQLite file: no announcer, nobody else to tell.
public typealias SQLiteChatTranscript = SQLChatTranscript

extension SQLRoomDirectory {
    /// The rooms on SQLite: one process, nobody else to tell of a sign-out.
    public init(database: AppDatabase) { self.init(database: database, announcer: nil) }
}
