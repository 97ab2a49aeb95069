import Foundation
import GRDB
import StoryDomain
import StoryStorePostgres
import Testing
@testable import StoryStore

/// The shared storage layer (StoreSQL) on both engines: statements render with each dialect's
/// placeholders and words, values read back as they were bound, and transactions commit,
/// roll back and keep other writers out.
@Suite("Storage contract: the shared layer")
struct SharedLayerContractTests {
    func executor(_ backend: StoreBackend) async throws -> any SQLExecutor {
        switch backend {
        case .postgres: try await StoreBackend.postgres().executor
        default: try AppDatabase.inMemory().executor
        }
    }

    @Test("a statement renders each dialect's placeholders and words; lists and fragments keep their binds in order")
    func rendering() {
        let fragment: SQLStatement = "AND room = \("r1")"
        let statement: SQLStatement = "SELECT * FROM chat_message WHERE id IN \(list: ["a", "b"]) \(fragment) ORDER BY \(.insertionOrder) LIMIT \(5)"
        let sqlite = statement.rendered(in: .sqlite)
        #expect(sqlite.sql == "SELECT * FROM chat_message WHERE id IN (?, ?) AND room = ? ORDER BY rowid LIMIT ?")
        #expect(sqlite.values == [.text("a"), .text("b"), .text("r1"), .integer(5)])
        #expect(statement.rendered(in: .postgres).sql
            == "SELECT * FROM chat_message WHERE id IN ($1, $2) AND room = $3 ORDER BY seq LIMIT $4")
    }

    @Test("values read back as bound: text, integers, booleans, dates, bytes and NULL", arguments: [StoreBackend.sqlite, .postgres])
    func roundTrip(_ backend: StoreBackend) async throws {
        let executor = try await executor(backend)
        let date = Date(timeIntervalSince1970: 1_800_000_000.25)
        try await executor.execute("""
            INSERT INTO acknowledgement (platform, interaction_id, privately, acknowledged_at) VALUES (\(Platform.web), \("i1"), \(true), \(date))
            """)
        let row = try #require(try await executor.row("SELECT * FROM acknowledgement WHERE interaction_id = \("i1")"))
        #expect(try row["platform"] as String == "web")
        #expect(try row["privately"] as Bool)
        #expect(try row["acknowledged_at"] as Date == date)
        #expect(try await executor.row("SELECT COUNT(*) AS n FROM acknowledgement WHERE acknowledged_at >= \(date)")?["n"] == 1)
        let data = Data([0, 1, 2, 255])
        try await executor.execute("""
            INSERT INTO image (id, content_type, byte_count, width, height, data, created_at)
            VALUES (\(ContentAddress.of(data)), \("image/png"), \(data.count), \(1), \(1), \(data), \(date))
            """)
        let image = try #require(try await executor.row("SELECT data, content_type FROM image"))
        #expect(try image["data"] as Data == data)
        #expect(throws: (any Error).self) { try image["missing"] as String? }
        #expect(try await executor.row("SELECT NULL AS empty_value")?["empty_value"] as String?? == .some(nil))
    }

    @Test("a transaction commits when its body returns and rolls back when it throws; one begun inside joins it",
          arguments: [StoreBackend.sqlite, .postgres])
    func transactions(_ backend: StoreBackend) async throws {
        let executor = try await executor(backend)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await executor.transaction { executor in
                try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("a"), \("1"), \(Date()))")
                throw Refused()
            }
        }
        #expect(try await executor.row("SELECT value FROM bot_state WHERE key = \("a")") == nil)
        let changed = try await executor.transaction { executor in
            try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("a"), \("1"), \(Date()))")
            return try await executor.transaction { inner in
                try await inner.execute("UPDATE bot_state SET value = \("2") WHERE key = \("a")")
            }
        }
        #expect(changed == 1)
        #expect(try await executor.row("SELECT value FROM bot_state WHERE key = \("a")")?["value"] == "2")
    }

    @Test("SQLite: GRDB writes made while a shared transaction runs wait for it (nothing interleaves)")
    func writersWait() async throws {
        let database = try AppDatabase.inMemory()
        let insideBegun = AsyncStream.makeStream(of: Void.self)
        async let transaction: Void = database.executor.transaction { executor in
            try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("t"), \("1"), \(Date()))")
            insideBegun.continuation.yield()
            // The GRDB write below is queued now; it must not see, or run inside, this transaction.
            try await executor.execute("UPDATE bot_state SET value = \("2") WHERE key = \("t")")
        }
        for await _ in insideBegun.stream { break }
        let seen = try await database.writer.write { db in
            try String.fetchOne(db, sql: "SELECT value FROM bot_state WHERE key = 't'")
        }
        try await transaction
        #expect(seen == "2")
    }

    @Test("SQLite: a cancelled transaction ends (its statements fail or run, never wait for ever) and frees the writer")
    func cancelled() async throws {
        let executor = try AppDatabase.inMemory().executor
        let task = Task {
            try await executor.transaction { executor in
                withUnsafeCurrentTask { $0?.cancel() }
                try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("c"), \("1"), \(Date()))")
            }
        }
        _ = await task.result
        // The writer is free again: the next transaction commits.
        try await executor.transaction { executor in
            try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("d"), \("1"), \(Date()))")
        }
        #expect(try await executor.row("SELECT value FROM bot_state WHERE key = \("d")")?["value"] == "1")
    }
}
