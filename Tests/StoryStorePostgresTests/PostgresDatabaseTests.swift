import Foundation
import Logging
import PostgresNIO
import PostgresTestSupport
import StoryDomain
import StoryTestSupport
import Synchronization
import Testing
@testable import StoryStorePostgres

/// The store's database (PostgresNIO has a protocol of the same name).
typealias PostgresDatabase = StoryStorePostgres.PostgresDatabase

/// The PostgreSQL store's own behaviour, on a private cluster: migrations, invariants in the
/// schema, start-up when the server cannot be reached, and concurrency the SQLite store gets
/// from its single writer.
@Suite("PostgreSQL store: migrations, invariants, start-up, concurrency")
struct PostgresDatabaseTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    static func database(logger: Logger = Logger(label: "test")) async throws -> (PostgresDatabase, PostgresURL) {
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        return (try await PostgresDatabase.connect(to: url, logger: logger, waitingUpTo: .seconds(5), maximumConnections: 12), url)
    }

    /// Sessions opened on `database`'s database so far, as the server's statistics count them.
    /// Each attempt to lead that finds the lock taken opens a connection and closes it, so a count
    /// that grows is the explicit "tried, and was refused" of a waiting process (no guessed sleep).
    static func sessionsOpened(_ database: PostgresDatabase) async throws -> Int {
        let rows = try await database.rows("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return try rows.first?.decode(Int.self, "sessions") ?? 0
    }

    @Test("every migration is applied once, in order; connecting again applies nothing; several at once take turns")
    func migrations() async throws {
        let (database, url) = try await Self.database()
        #expect(try await database.appliedMigrations() == PostgresDatabase.knownMigrations)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let again = try await PostgresDatabase.connect(to: url, logger: Logger(label: "again"), maximumConnections: 1)
                    await again.close()
                }
            }
            try await group.waitForAll()
        }
        #expect(try await database.appliedMigrations() == PostgresDatabase.knownMigrations)
        await database.close()
    }

    @Test("the schema refuses what SQLite's refuses: CHECK, NOT NULL, foreign keys, unique")
    func invariants() async throws {
        let (database, _) = try await Self.database()
        try await database.transaction { transaction in
            try await transaction.execute("INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'f', now())")
        }
        let refused: [PostgresQuery] = [
            "INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'f', now())",
            "INSERT INTO family (platform, external_id, created_at) VALUES ('', 'g', now())",
            """
            INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, page_count, language, seed, status, created_at)
            VALUES ('s', 1, 'u', 'U', 'a theme', 'Mia', 99, 3, 'en', 1, 'queued', now())
            """,
            """
            INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, page_count, language, seed, status, created_at)
            VALUES ('s', 777, 'u', 'U', 'a theme', 'Mia', 5, 3, 'en', 1, 'queued', now())
            """,
            "INSERT INTO image (id, content_type, byte_count, width, height, data, created_at) VALUES ('short', 'image/png', 1, 1, 1, '\\x00', now())",
            """
            INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
            VALUES (repeat('a', 64), 'image/png', 5, 1, 1, '\\x00', now())
            """,
            "INSERT INTO bot_state (key, value, updated_at) VALUES ('k', NULL, now())",
            // A chat form needs its picture, and a copy both its type and its bytes.
            "INSERT INTO chat_picture (image_id) VALUES (repeat('b', 64))",
            """
            WITH picture AS (
                INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
                VALUES (repeat('c', 64), 'image/png', 1, 1, 1, '\\x00', now()) RETURNING id
            )
            INSERT INTO chat_picture (image_id, content_type) SELECT id, 'image/webp' FROM picture
            """,
        ]
        for query in refused {
            await #expect(throws: (any Error).self, "\(query.sql)") {
                try await database.transaction { transaction in try await transaction.execute(query) }
            }
        }
        await database.close()
    }

    @Test("a database on the same machine is reached through its Unix socket: migrated, used, and no TCP peer")
    func unixSocket() async throws {
        let tcp = try await PostgresTestCluster.shared.makeDatabase()
        let url = try PostgresURL(parsing: try await PostgresTestCluster.shared.socketURL(of: tcp))
        #expect(url.socketPath != nil)
        let database = try await PostgresDatabase.connect(to: url, logger: Logger(label: "socket"), waitingUpTo: .seconds(5),
                                                          maximumConnections: 2)
        #expect(try await database.appliedMigrations() == PostgresDatabase.knownMigrations)
        let peer = try await database.client.query("SELECT inet_client_addr() IS NULL")
        for try await isSocket in peer.decode(Bool.self) { #expect(isSocket) }
        #expect(await database.ping())
        await database.close()
    }

    @Test("an unreachable server is retried with a logged reason; the start ends naming it clearly, without the password")
    func unreachable() async throws {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let port = 1
        let url = try PostgresURL(parsing: "postgres://magical:topsecret@127.0.0.1:\(port)/nothing?sslmode=disable")
        let records = LogRecorder()
        let logger = records.logger(label: "unreachable")
        // Waits (up to two minutes) and retries: a retry is logged, then the start is called off.
        let connecting = Task {
            try await PostgresDatabase.connect(to: url, logger: logger, waitingUpTo: .seconds(120), firstRetry: .milliseconds(50))
        }
        try await records.waitFor("trying again")
        connecting.cancel()
        let error = await #expect(throws: PostgresStoreError.self) { _ = try await connecting.value }
        #expect(error?.kind == .unreachable)
        #expect(error?.description.contains("127.0.0.1:\(port)") == true)
        #expect(error?.description.contains("topsecret") == false)
        #expect(records.all.contains { $0.contains("attempt=1") && $0.contains("postgres://magical:***@127.0.0.1:1/nothing") })
        #expect(records.all.allSatisfy { !$0.contains("topsecret") })
    }

    @Test("a refused password fails at once, naming the problem")
    func wrongPassword() async throws {
        var url = try PostgresURL(parsing: try await PostgresTestCluster.shared.makeDatabase())
        url.password = "wrong"
        let started = ContinuousClock.now
        let error = await #expect(throws: PostgresStoreError.self) {
            _ = try await PostgresDatabase.connect(to: url, logger: Logger(label: "test"), waitingUpTo: .seconds(30))
        }
        #expect(error?.kind == .authentication)
        #expect(ContinuousClock.now - started < .seconds(20), "not retried")
    }

    @Test("the daily quota is exact across processes: two pools taking 10 requests at once each, 3 allowed, 3 stored")
    func quotaUnderConcurrency() async throws {
        let (database, url) = try await Self.database()
        // A second pool on the same database: another process's connections.
        let other = try await PostgresDatabase.connect(to: url, logger: Logger(label: "other"), maximumConnections: 12)
        let repositories = [PostgresStoryRepository(database: database, clock: clock), PostgresStoryRepository(database: other, clock: clock)]
        let quota = DailyQuota(storiesPerDay: 3)
        let requester = Requester(userID: "u-mia", displayName: "Mia's mum")
        let accepted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let story = Story(id: StoryID(rawValue: "s\(index)")!, family: FamilyRef(platform: "web", externalID: "family"),
                                      requester: requester,
                                      request: StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, companion: nil, pageCount: 3,
                                                            seed: 1),
                                      createdAt: Date(timeIntervalSince1970: 1_800_000_000))
                    do {
                        _ = try await repositories[index % 2].createStory(story, delivery: .background, quota: quota)
                        return true
                    } catch is QuotaExceeded {
                        return false
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(accepted == 3)
        #expect(try await repositories[1].storiesStarted(by: requester, on: "web", since: .distantPast) == 3)
        await other.close()
        await database.close()
    }

    @Test("model-call budgets are exact under concurrency: 24 calls at once from two pools, 8 admitted, at most 5 per family")
    func modelCallsUnderConcurrency() async throws {
        let (database, url) = try await Self.database()
        // A second pool on the same database: another process's connections.
        let other = try await PostgresDatabase.connect(to: url, logger: Logger(label: "other"), maximumConnections: 12)
        let ledgers = [PostgresUsageLedger(database: database), PostgresUsageLedger(database: other)]
        let budget = ModelBudget(familyDailyCalls: 5, serviceDailyCalls: 8)
        let families = [FamilyRef(platform: "web", externalID: "a"), FamilyRef(platform: "discord", externalID: "b")]
        let admitted = try await withThrowingTaskGroup(of: FamilyRef?.self) { group in
            for index in 0..<24 {
                group.addTask { [clock] in
                    let family = families[index % 2]
                    let call = ModelCall(provider: "gemini", model: "m", kind: .picture, family: family, storyID: nil, at: clock.now())
                    if case .admitted = try await ledgers[index / 12].begin(call, budget: budget, since: .distantPast) { return family }
                    return nil
                }
            }
            return try await group.reduce(into: [FamilyRef]()) { if let family = $1 { $0.append(family) } }
        }
        #expect(admitted.count == 8)
        #expect(families.allSatisfy { family in admitted.filter { $0 == family }.count <= 5 })
        #expect(try await ledgers[0].callsBegun(by: families[0], since: .distantPast).service == 8)
        await other.close()
        await database.close()
    }

    @Test("a second process (its own pool and owner) leaves a live lease alone and takes an expired one")
    func leasesAcrossProcesses() async throws {
        let (first, url) = try await Self.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 4)
        let stories = PostgresStoryRepository(database: first, clock: clock)
        for id in ["live", "dying"] {
            let story = Story(id: StoryID(rawValue: id)!, family: FamilyRef(platform: "web", externalID: "family"),
                              requester: Requester(userID: "u", displayName: "U"),
                              request: StoryRequest(theme: "owls", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 1),
                              createdAt: clock.now())
            _ = try await stories.createStory(story, delivery: .background, quota: nil)
            clock.advance(by: 1)
        }
        // Process one: one job under a long lease, the other under a 1 s lease it never renews.
        let live = try #require(try await PostgresJobQueue(database: first, clock: clock, lease: JobLease(owner: "one", duration: 3_600))
            .claimNext(now: clock.now()))
        let dying = try #require(try await PostgresJobQueue(database: first, clock: clock, lease: JobLease(owner: "one", duration: 1))
            .claimNext(now: clock.now()))
        #expect(live.storyID.rawValue == "live" && dying.storyID.rawValue == "dying")

        // Process two sweeps until the short lease has expired by the database's clock.
        let two = PostgresJobQueue(database: second, clock: clock, lease: JobLease(owner: "two", duration: 30))
        var rescued = 0
        try await eventually("the short lease expires", timeout: .seconds(60)) {
            rescued = try await two.requeueInterrupted()
            return rescued != 0
        }
        #expect(rescued == 1, "only the expired lease")
        let taken = try #require(try await two.claimNext(now: clock.now()))
        #expect(taken.id == dying.id && taken.lockedBy == "two" && taken.attempts == 1 && taken.leaseExpiries == 1,
                "the dead claim is no attempt; its lease's end is counted")
        #expect(try await two.claimNext(now: clock.now()) == nil, "the live job is not claimable")
        let held = try #require(try await two.job(for: live.storyID))
        #expect(held.status == .running && held.lockedBy == "one")
        await second.close()
        await first.close()
    }

    @Test("a story queued on one process wakes the listener on another (NOTIFY in the enqueue's transaction)")
    func notifications() async throws {
        let (first, url) = try await Self.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        var listener = JobListener(on: second)
        await listener.listening()
        let story = Story(id: StoryID(rawValue: "woken")!, family: FamilyRef(platform: "web", externalID: "family"),
                          requester: Requester(userID: "u", displayName: "U"),
                          request: StoryRequest(theme: "owls", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 1),
                          createdAt: clock.now())
        _ = try await PostgresStoryRepository(database: first, clock: clock).createStory(story, delivery: .background, quota: nil)
        try await listener.waitUntilWoken()
        #expect(listener.wakes == 1)
        await listener.stop()
        await second.close()
        await first.close()
    }

    @Test("a listener whose connection the server ends listens again after its retry, and hears what is sent then")
    func listenerReconnects() async throws {
        let (first, url) = try await Self.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        var listener = JobListener(on: second, retry: .milliseconds(100))
        await listener.listening()
        // The server ends the listening connection (as a restart or an administrator would).
        let ended = try await first.rows("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%'
            """)
        #expect(ended.count == 1)
        await listener.listening()
        // A notification sent before the new LISTEN is in place is lost (workers poll for that):
        // sent again until one is heard.
        try await listener.waitUntilWoken { _ = try await first.rows("SELECT pg_notify(\(PostgresSchema.jobsChannel), '')") }
        #expect(listener.wakes >= 1)
        await listener.stop()
        await second.close()
        await first.close()
    }

    @Test("a web chat message stored, edited or deleted, or a story deleted, on one process is told to the others, never to its own")
    func chatNotifications() async throws {
        let (first, url) = try await Self.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        let heard = Mutex<[String]>([])
        let (listening, listeningNow) = AsyncStream.makeStream(of: Void.self)
        let listener = Task {
            await second.listenForChatMessages(excludingOrigin: "two", listening: { listeningNow.yield() },
                                               storyDeleted: { room, story in heard.withLock { $0.append("\(room)/story \(story)") } }) { room, id in
                heard.withLock { $0.append("\(room)/\(id)") }
            }
        }
        var ready = listening.makeAsyncIterator()
        _ = await ready.next()
        let one = PostgresChatTranscript(database: first, origin: "one")
        let two = PostgresChatTranscript(database: second, origin: "two")
        let entry = TranscriptEntry(id: "m1", room: "the family", payload: Data("{}".utf8), createdAt: clock.now(), updatedAt: clock.now())
        try await two.upsert(TranscriptEntry(id: "own", room: "the family", payload: Data("{}".utf8), createdAt: clock.now(),
                                             updatedAt: clock.now()))
        try await one.upsert(entry)
        try await one.upsert(entry)
        #expect(try await one.delete(id: "m1"))
        #expect(try await !one.delete(id: "m1"), "deleting what is gone tells no one")
        try await one.upsert(TranscriptEntry(id: "page", room: "the family", payload: Data("{}".utf8), createdAt: clock.now(),
                                             updatedAt: clock.now()))
        try await one.removeStories(["s1", "s2"], messageIDs: ["page"], room: "the family")
        #expect(try await one.entry(id: "page") == nil)
        try await one.upsert(TranscriptEntry(id: "last", room: "the family", payload: Data("{}".utf8), createdAt: clock.now(),
                                             updatedAt: clock.now()))
        try await eventually("the last one heard") { heard.withLock { $0.last } == "the family/last" }
        #expect(heard.withLock { $0 } == ["the family/m1", "the family/m1", "the family/m1", "the family/page",
                                          "the family/story s1", "the family/story s2", "the family/last"],
                "stored, edited, deleted, stories deleted (once each, their messages with them), in order; the listener's own process is not told")
        #expect(try await two.entry(id: "own") != nil)
        #expect(try await two.entry(id: "m1") == nil)
        listener.cancel()
        await listener.value
        await second.close()
        await first.close()
    }

    @Test("a task runs on one process at a time; when the leader goes, another takes over")
    func leadership() async throws {
        let (first, url) = try await Self.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        let seen = Leadership()
        func lead(_ database: PostgresDatabase, as name: String) -> Task<Void, Never> {
            Task {
                await database.asLeader(of: "test-task", retry: .milliseconds(50), leading: { seen.leaders.withLock { $0.append(name) } }) {
                    seen.running.withLock { _ = $0.insert(name) }
                    await untilCancelled()
                    seen.running.withLock { _ = $0.remove(name) }
                }
            }
        }
        func waitFor(_ condition: @Sendable () -> Bool) async throws {
            try await eventually("the leaders change", condition)
        }
        let one = lead(first, as: "one")
        try await waitFor { seen.running.withLock { $0 == ["one"] } }
        let before = try await Self.sessionsOpened(second)
        let two = lead(second, as: "two")
        // "two" keeps trying (every 50 ms) while "one" leads: it never runs beside it.
        try await eventually("two tries to lead five times") { try await Self.sessionsOpened(second) >= before + 5 }
        #expect(seen.running.withLock { $0 } == ["one"])
        one.cancel()
        await one.value
        try await waitFor { seen.running.withLock { $0 == ["two"] } }
        #expect(seen.leaders.withLock { $0 } == ["one", "two"])
        two.cancel()
        await two.value
        await second.close()
        await first.close()
    }

    @Test("the database reports its size for the metrics")
    func size() async throws {
        let (database, _) = try await Self.database()
        #expect(try await database.sizeInBytes() > 1_000_000, "an empty PostgreSQL database is several megabytes")
        await database.close()
    }

    @Test("workers claiming at once never claim the same job (SKIP LOCKED)")
    func claimsUnderConcurrency() async throws {
        let (database, _) = try await Self.database()
        let stories = PostgresStoryRepository(database: database, clock: clock)
        let queue = PostgresJobQueue(database: database, clock: clock)
        for index in 0..<24 {
            let story = Story(id: StoryID(rawValue: "j\(index)")!, family: FamilyRef(platform: "web", externalID: "family"),
                              requester: Requester(userID: "u", displayName: "U"),
                              request: StoryRequest(theme: "owls", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 1),
                              createdAt: clock.now())
            _ = try await stories.createStory(story, delivery: .background, quota: nil)
        }
        let now = clock.now()
        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var mine: [Int64] = []
                    while let job = try await queue.claimNext(now: now) { mine.append(job.id) }
                    return mine
                }
            }
            return try await group.reduce(into: [Int64]()) { $0 += $1 }
        }
        #expect(claimed.count == 24 && Set(claimed).count == 24)
        #expect(try await queue.counts() == (queued: 0, running: 24))
        await database.close()
    }
}

/// Which processes led a task, and which run it now.
final class Leadership: Sendable {
    let leaders = Mutex<[String]>([])
    let running = Mutex<Set<String>>([])
}

/// `listenForJobs` on a database in a task of its own, counting the wake-ups.
private struct JobListener {
    private let task: Task<Void, Never>
    private let woken = Shared(0)
    private var ready: AsyncStream<Void>.Iterator

    init(on database: PostgresDatabase, retry: Duration = .seconds(2)) {
        let (listening, listeningNow) = AsyncStream.makeStream(of: Void.self)
        let woken = woken
        task = Task { await database.listenForJobs(retry: retry, listening: { listeningNow.yield() }, wake: { woken.withLock { $0 += 1 } }) }
        ready = listening.makeAsyncIterator()
    }

    var wakes: Int { woken.withLock { $0 } }

    /// Waits until the listener says it is (again) listening.
    mutating func listening() async { _ = await ready.next() }

    /// Waits up to 30 s for a wake-up, running `poke` before each look.
    func waitUntilWoken(poke: () async throws -> Void = {}) async throws {
        try await eventually("a wake-up") {
            if wakes > 0 { return true }
            try await poke()
            return false
        }
    }

    func stop() async {
        task.cancel()
        await task.value
    }
}
