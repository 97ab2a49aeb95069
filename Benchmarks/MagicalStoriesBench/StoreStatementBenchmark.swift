import Foundation
import GRDB
import StoryDomain
import StoryStore

/// `magical-stories-bench --store-statements [runs]`: the shared storage layer's cost per
/// statement on SQLite, against the same statements written directly with GRDB (as every store
/// was before StoreSQL): a keyed read, a one-statement write, an acknowledgement receipt (two
/// statements in one transaction) and a transaction of four statements. Figures: docs/benchmarks.md.
enum StoreStatementBenchmark {
    static func run(iterations: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-store-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(path: directory.appendingPathComponent("bench.sqlite").path)
        let writer = database.writer
        let executor = database.executor
        let now = Date()
        for key in 0..<100 {
            try await executor.execute("INSERT INTO bot_state (key, value, updated_at) VALUES (\("k\(key)"), \("v"), \(now))")
        }
        let upsert = """
            INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """
        print(BenchmarkStats.header)
        print(try await MagicalStoriesBench.measure("read a key: GRDB directly", iterations) { i in
            _ = try await writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM bot_state WHERE key = ?", arguments: ["k\(i % 100)"]) }
        }.line)
        print(try await MagicalStoriesBench.measure("read a key: shared layer", iterations) { i in
            let _: String? = try await executor.row("SELECT value FROM bot_state WHERE key = \("k\(i % 100)")")?["value"]
        }.line)
        print(try await MagicalStoriesBench.measure("write one row: GRDB directly", iterations) { i in
            try await writer.write { db in try db.execute(sql: upsert, arguments: ["k\(i % 100)", "\(i)", now]) }
        }.line)
        print(try await MagicalStoriesBench.measure("write one row: shared layer", iterations) { i in
            try await executor.execute("""
                INSERT INTO bot_state (key, value, updated_at) VALUES (\("k\(i % 100)"), \("\(i)"), \(now))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """)
        }.line)
        let cutoff = now.addingTimeInterval(-86_400)
        print(try await MagicalStoriesBench.measure("ack receipt (2 statements): GRDB directly", iterations) { i in
            try await writer.write { db in
                try db.execute(sql: """
                    INSERT INTO acknowledgement (platform, interaction_id, privately, acknowledged_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(platform, interaction_id) DO NOTHING
                    """, arguments: ["discord", "g\(i)", true, now])
                try db.execute(sql: "DELETE FROM acknowledgement WHERE acknowledged_at < ?", arguments: [cutoff])
            }
        }.line)
        let ledger = SQLiteAcknowledgementLedger(database: database, clock: FixedClock(moment: now))
        print(try await MagicalStoriesBench.measure("ack receipt (2 statements): shared layer", iterations) { i in
            try await ledger.record(AcknowledgementReceipt(platform: "discord", interactionID: "s\(i)", privately: true, acknowledgedAt: now))
        }.line)
        print(try await MagicalStoriesBench.measure("transaction of 4 statements: GRDB directly", iterations) { i in
            try await writer.write { db in
                for key in 0..<4 { try db.execute(sql: upsert, arguments: ["k\(key)", "\(i)", now]) }
            }
        }.line)
        print(try await MagicalStoriesBench.measure("transaction of 4 statements: shared layer", iterations) { i in
            try await executor.transaction { executor in
                for key in 0..<4 {
                    try await executor.execute("""
                        INSERT INTO bot_state (key, value, updated_at) VALUES (\("k\(key)"), \("\(i)"), \(now))
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                        """)
                }
            }
        }.line)
    }

    /// A clock that stays at one moment.
    struct FixedClock: WallClock {
        let moment: Date
        func now() -> Date { moment }
        func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
    }
}
