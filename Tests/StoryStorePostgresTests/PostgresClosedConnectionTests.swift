import ConcurrencyKit
import Foundation
import Logging
import PostgresNIO
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStorePostgres

/// Issue #32's woken process, outside transactions: a statement must never wait on a connection
/// the server closed while the process slept (postgres-nio drops a statement written to a closed
/// connection without answering it), and a claim no worker got must not be renewed for ever.
@Suite("PostgreSQL store: statements on closed connections, and leases renewed only for the jobs being run")
struct PostgresClosedConnectionTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// A story asked for by one person of one family.
    static func story(_ id: String, at date: Date) -> Story {
        let request = StoryRequest(theme: "owls", heroName: "Mia", age: 5, companion: nil, pageCount: 3, seed: 1)
        return Story(id: StoryID(rawValue: id)!, family: FamilyRef(platform: "web", externalID: "family"),
                     requester: Requester(userID: "u", displayName: "U"), request: request, createdAt: date)
    }

    /// Ends the session of the connection whose server process is `pid`, from another session.
    static func terminate(_ pid: Int32, from database: PostgresDatabase) async throws {
        _ = try await database.rows("SELECT pg_terminate_backend(\(pid))")
    }

    @Test("a statement on a connection already closed ends with PostgresSessionEnded once the close is complete, instead of waiting for ever")
    func closedBeforeTheStatement() async throws {
        let (database, url) = try await PostgresDatabaseTests.database()
        let logger = Logger(label: "test")
        let connection = try await PostgresConnection.connect(configuration: try PostgresDatabase.connectionConfiguration(url), id: 1,
                                                              logger: logger)
        let watch = ConnectionCloseWatch()
        let pid = try await watch.answer(on: connection) { connection in
            try await connection.query("SELECT pg_backend_pid()", logger: logger).collect().first?.decode(Int32.self) ?? 0
        }
        try await Self.terminate(pid, from: database)
        try await connection.closeFuture.get()
        let outcome = try await Deadline.answer(within: .seconds(30)) {
            do {
                _ = try await watch.answer(on: connection) { connection in try await connection.query("SELECT 1", logger: logger).collect() }
                return "answered"
            } catch is PostgresSessionEnded {
                return "ended"
            }
        }
        #expect(outcome == "ended")
        await database.close()
    }

    @Test("a pooled statement after the server ended the pool's only connection is answered on a new one")
    func pooledStatementAfterTheSessionEnded() async throws {
        let (other, url) = try await PostgresDatabaseTests.database()
        let single = try await PostgresDatabase.connect(to: url, logger: Logger(label: "single"), maximumConnections: 1)
        let pid = try #require(try await single.rows("SELECT pg_backend_pid() AS pid").first?.decode(Int32.self, "pid"))
        try await Self.terminate(pid, from: other)
        let answer = try await Deadline.answer(within: .seconds(30)) {
            try await single.rows("SELECT pg_backend_pid() AS pid").first?.decode(Int32.self, "pid")
        }
        #expect(answer != nil && answer != pid)
        await single.close()
        await other.close()
    }

    @Test("renewal extends only the jobs handed to a worker: a claim no worker got goes back to the queue; a job found taken is renewed no more")
    func renewsOnlyTheJobsBeingRun() async throws {
        let (database, _) = try await PostgresDatabaseTests.database()
        let stories = PostgresStoryRepository(database: database, clock: clock)
        for id in ["run", "lost"] {
            _ = try await stories.createStory(Self.story(id, at: clock.now()), delivery: .background, quota: nil)
            clock.advance(by: 1)
        }
        let one = PostgresJobQueue(database: database, clock: clock, lease: JobLease(owner: "one", duration: 30))
        let run = try #require(try await one.claimNext(now: clock.now()))
        #expect(run.storyID.rawValue == "run")
        // The other job was claimed by a transaction whose COMMIT was applied but never answered:
        // the database says process one runs it; no worker of process one does.
        let lost = try #require(try await one.job(for: StoryID(rawValue: "lost")!))
        _ = try await database.rows("""
            UPDATE job SET status = 'running', attempts = attempts + 1, locked_by = 'one', lease_until = now() + interval '30 seconds'
            WHERE id = \(lost.id)
            """)
        // Both leases have run out by the time of the next heartbeat (a slow one).
        _ = try await database.rows("UPDATE job SET lease_until = now() - interval '1 second'")
        #expect(try await one.renewLeases() == 1, "only the job being run")
        let two = PostgresJobQueue(database: database, clock: clock, lease: JobLease(owner: "two", duration: 30))
        #expect(try await two.requeueInterrupted() == 1)
        let back = try #require(try await two.job(for: lost.storyID))
        #expect(back.status == .queued && back.leaseExpiries == 1 && back.attempts == 0)
        #expect(try await two.job(for: run.storyID)?.lockedBy == "one", "the job being run stays process one's")

        // Process one froze past its lease; two took its job. One's heartbeat finds it gone and
        // stops renewing it, even when it is under one's name again later (a lost claim, again).
        _ = try await database.rows("UPDATE job SET lease_until = now() - interval '1 second' WHERE id = \(run.id)")
        #expect(try await two.requeueInterrupted() == 1)
        let taken = [try await two.claimNext(now: clock.now()), try await two.claimNext(now: clock.now())].compactMap { $0 }
        #expect(Set(taken.map(\.id)) == [run.id, lost.id])
        #expect(try await one.renewLeases() == 0, "one runs nothing of its own any more")
        try await two.release(run.id)
        _ = try await database.rows("UPDATE job SET status = 'running', locked_by = 'one', lease_until = now() WHERE id = \(run.id)")
        #expect(try await one.renewLeases() == 0, "a job found no longer held is renewed no more")
        await database.close()
    }
}
