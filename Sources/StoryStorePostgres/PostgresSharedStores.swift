import Foundation
import StoryDomain

/// The shared stores on PostgreSQL, under their engine's names (the composition root and tests
/// construct them with a ``PostgresDatabase``).
public typealias PostgresKeyValueStore = SQLKeyValueStore
public typealias PostgresEntitlementStore = SQLEntitlementStore
public typealias PostgresUsageLedger = SQLUsageLedger
public typealias PostgresFamilySettingsStore = SQLFamilySettingsStore
public typealias PostgresFamilyDataStore = SQLFamilyDataStore
public typealias PostgresAcknowledgementLedger = SQLAcknowledgementLedger
public typealias PostgresRefusedRequestLedger = SQLRefusedRequestLedger
public typealias PostgresNarrationStore = SQLNarrationStore
public typealias PostgresCastStore = SQLCastStore
public typealias PostgresCastDrawingStore = SQLCastDrawingStore
public typealias PostgresBedtimeScheduleStore = SQLBedtimeScheduleStore
public typealias PostgresCollectionStore = SQLCollectionStore
public typealias PostgresRoomDirectory = SQLRoomDirectory
/// With an `origin`, announces each saved picture to the other processes (``PostgresStoryEngine``).
public typealias PostgresStoryRepository = SQLStoryRepository
public typealias PostgresChapterVoteStore = SQLChapterVoteStore
public typealias PostgresApprovalStore = SQLApprovalStore
/// With an `origin`, announces its changes to the other processes (``PostgresChatAnnouncer``).
public typealias PostgresChatTranscript = SQLChatTranscript

extension SQLRoomDirectory {
    /// The rooms on PostgreSQL: a member signed out everywhere is told to every process, from
    /// no process in particular (the shell's removals are told the same way).
    public init(database: PostgresDatabase) { self.init(database: database, announcer: PostgresChatAnnouncer(origin: "rooms")) }
}
