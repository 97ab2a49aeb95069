import Foundation
import StoryDomain
import StoryStore
import StoryStorePostgres

/// The storage the service runs on, SQLite or PostgreSQL, as the domain's ports: everything
/// above this sees only the ports, so there is one code path above the store.
public struct AppStore: Sendable {
    /// Which database, and the handle to it.
    public enum Backend: Sendable {
        case sqlite(AppDatabase)
        case postgres(PostgresDatabase)
    }

    /// Provider use for one family and provider (the `usage` report): the domain's.
    public typealias UsageTotal = StoryDomain.UsageTotal

    public let backend: Backend
    /// The same database as the shared layer sees it.
    private let shared: any SQLDatabase
    /// This process's lease on the jobs it claims (its id names it to other processes too).
    public let lease: JobLease
    public let stories: any StoryRepository
    public let jobs: any StoryJobQueue
    public let collections: any CollectionStore
    public let settings: any FamilySettingsStore
    public let transcript: any ChatTranscriptStore
    public let familyData: any FamilyDataStore
    public let entitlements: any EntitlementStore
    public let keyValues: any KeyValueStore
    public let acknowledgements: any AcknowledgementLedger
    public let usage: any UsageLedger
    /// The usage ledger's model calls, counted under the day's budgets.
    public let modelCalls: any ModelCallLedger
    public let refusedRequests: any RefusedRequestLedger
    /// Forgets interaction tokens kept with jobs once they can no longer be used.
    public let tokenSweeper: any DeliveryTokenSweeping
    public let rooms: any RoomDirectory
    /// Stories read aloud, kept with them.
    public let narration: any NarrationStore
    /// Chooses the process that runs each task that must run once (always this one on SQLite).
    public let singletonTasks: any SingletonTaskRunner
    /// The families' casts (`/cast`).
    public let cast: any CastStore
    /// Cast members' drawings (`/cast add` with a drawing, on Discord).
    public let castDrawings: any CastDrawingStore
    /// Bedtime schedules and their evenings (`/bedtime`).
    public let bedtimeSchedules: any BedtimeScheduleStore
    /// The family's votes on what happens next in a chain of chapters.
    public let chapterVotes: any ChapterVoteStore
    /// Stories held for a grown-up's yes (`/settings set approval:on`).
    public let approvals: any ApprovalStore

    /// The SQLite database, when that is the store (backups, the service lock, tests).
    public var sqlite: AppDatabase? {
        if case let .sqlite(database) = backend { database } else { nil }
    }

    /// The store on the SQLite database `database`; the jobs this process claims are leased
    /// under `lease` (one per process: ``JobLease/newOwner()``).
    public init(sqlite database: AppDatabase, clock: any WallClock, lease: JobLease = JobLease()) {
        self.init(.sqlite(database), on: database, clock: clock, lease: lease,
                  stories: SQLiteStoryRepository(database: database, clock: clock),
                  jobs: SQLiteJobQueue(database: database, clock: clock, lease: lease),
                  transcript: SQLiteChatTranscript(database: database), rooms: SQLiteRoomDirectory(database: database),
                  singletonTasks: SoleProcessTaskRunner())
    }

    /// The store on the PostgreSQL database `database`, shared with other processes; the jobs
    /// this process claims are leased under `lease` (one per process). Pictures saved and
    /// messages stored here are announced to the other processes' pages and browsers.
    public init(postgres database: PostgresDatabase, clock: any WallClock, lease: JobLease = JobLease()) {
        self.init(.postgres(database), on: database, clock: clock, lease: lease,
                  stories: PostgresStoryRepository(database: database, clock: clock, origin: lease.owner),
                  jobs: PostgresJobQueue(database: database, clock: clock, lease: lease),
                  transcript: PostgresChatTranscript(database: database, origin: lease.owner),
                  rooms: PostgresRoomDirectory(database: database), singletonTasks: PostgresSingletonTaskRunner(database: database))
    }

    /// The one initialiser: every port written once on the shared layer, on `database`, beside
    /// the few the engine gives its own ways (announcements, job claims, one process or several).
    private init(_ backend: Backend, on database: some SQLDatabase, clock: any WallClock, lease: JobLease,
                 stories: any StoryRepository, jobs: any StoryJobQueue, transcript: any ChatTranscriptStore,
                 rooms: any RoomDirectory, singletonTasks: any SingletonTaskRunner) {
        self.backend = backend
        shared = database
        self.lease = lease
        self.stories = stories
        self.jobs = jobs
        self.transcript = transcript
        self.rooms = rooms
        self.singletonTasks = singletonTasks
        collections = SQLCollectionStore(database: database, clock: clock)
        settings = SQLFamilySettingsStore(database: database, clock: clock)
        familyData = SQLFamilyDataStore(database: database)
        entitlements = SQLEntitlementStore(database: database, clock: clock)
        keyValues = SQLKeyValueStore(database: database, clock: clock)
        acknowledgements = SQLAcknowledgementLedger(database: database, clock: clock)
        let ledger = SQLUsageLedger(database: database)
        usage = ledger
        modelCalls = ledger
        refusedRequests = SQLRefusedRequestLedger(database: database)
        tokenSweeper = SQLDeliveryTokenSweeper(database: database, clock: clock)
        narration = SQLNarrationStore(database: database, clock: clock)
        cast = SQLCastStore(database: database, clock: clock)
        castDrawings = SQLCastDrawingStore(database: database, clock: clock)
        bedtimeSchedules = SQLBedtimeScheduleStore(database: database, clock: clock)
        chapterVotes = SQLChapterVoteStore(database: database, clock: clock)
        approvals = SQLApprovalStore(database: database, clock: clock)
    }

    /// Where the data lives, for logs (a PostgreSQL password redacted).
    public var location: String {
        switch backend {
        case let .sqlite(database): "SQLite \(database.path)"
        case let .postgres(database): "PostgreSQL \(database.url)"
        }
    }

    /// True when the database answers a trivial query (for health checks).
    public func ping() async -> Bool {
        switch backend {
        case let .sqlite(database): await database.ping()
        case let .postgres(database): await database.ping()
        }
    }

    /// Jobs waiting (including delayed retries) and being worked now.
    public func jobCounts() async throws -> (queued: Int, running: Int) {
        try await JobTable.counts(in: shared.executor)
    }

    /// Bytes the database takes: the SQLite file and its log, or PostgreSQL's
    /// `pg_database_size` (nil when the server cannot say right now).
    public func bytesOnDisk() async -> Int64? {
        switch backend {
        case let .sqlite(database): database.bytesOnDisk()
        case let .postgres(database): try? await database.sizeInBytes()
        }
    }

    /// Provider use per family and provider since `since`, largest first.
    public func usageTotals(since: Date) async throws -> [UsageTotal] {
        try await SQLUsageLedger(database: shared).totals(since: since)
    }

    /// Lets go of the database's connections (PostgreSQL's pool; SQLite closes with its handle).
    public func close() async {
        if case let .postgres(database) = backend { await database.close() }
    }
}
