import Foundation
import PostgresNIO
import StoryTestSupport
import Synchronization
import Testing
@testable import StoryStorePostgres

/// Issue #32's frozen process, at the store's level: the server ends a session left idle inside a
/// transaction (`idle_in_transaction_session_timeout`, as for a process stopped with SIGSTOP), and
/// the process then carries on. Its next statement must not wait forever on the closed
/// connection, and the transaction, rolled back by the server, runs again.
@Suite("PostgreSQL store: a transaction whose session the server ended while its process slept", .timeLimit(.minutes(10)))
struct PostgresSessionEndedTests {
    /// Ends the transaction's session the way the server ends a frozen process's: idle in the
    /// transaction past a (here tiny) timeout. Returns once the connection is closed.
    static func endSession(of transaction: Transaction) async throws {
        try await transaction.execute("SET LOCAL idle_in_transaction_session_timeout = '50ms'")
        try await eventually("the server ended the idle session") { transaction.connection.isClosed }
    }

    static func families(named name: String, in database: PostgresDatabase) async throws -> Int {
        try await database.rows("SELECT count(*) AS n FROM family WHERE external_id = \(name)").first?.decode(Int.self, "n") ?? -1
    }

    @Test("a transaction whose session was ended before its COMMIT runs again on another connection and commits once")
    func runsAgain() async throws {
        let (database, _) = try await PostgresDatabaseTests.database()
        let runs = Mutex(0)
        let answer = try await database.transaction { transaction in
            let run = runs.withLock { runs in
                runs += 1
                return runs
            }
            try await transaction.execute("INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'woken', now())")
            if run == 1 { try await Self.endSession(of: transaction) }
            return run
        }
        #expect(answer == 2)
        #expect(try await Self.families(named: "woken", in: database) == 1)
        await database.close()
    }

    @Test("a statement after the session ended fails at once instead of waiting; a session that keeps ending is given up, nothing committed")
    func givesUp() async throws {
        let (database, _) = try await PostgresDatabaseTests.database()
        let runs = Mutex(0)
        await #expect(throws: PostgresStoreError.self) {
            try await database.transaction { transaction in
                runs.withLock { $0 += 1 }
                try await transaction.execute("INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'frozen', now())")
                try await Self.endSession(of: transaction)
                try await transaction.execute("INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'late', now())")
            }
        }
        #expect(runs.withLock { $0 } == PostgresDatabase.transactionAttempts)
        #expect(try await Self.families(named: "frozen", in: database) == 0)
        #expect(try await Self.families(named: "late", in: database) == 0)
        #expect(await database.ping(), "the pool serves again")
        await database.close()
    }
}
