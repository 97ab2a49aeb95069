import Foundation
import Logging
import PostgresNIO
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStorePostgres

/// What ``ConnectionCloseWatch`` costs each pooled statement: the page turn's read (the prepared
/// page snapshot) and a one-value read, on the pool as the service runs them (through the watch)
/// and bare (`withConnection` and the statement, nothing else), in alternating rounds. A
/// measurement, not a check: it runs only with `MS_BENCH_CLOSE_WATCH=<statements per round>` and
/// prints its figures (docs/scaling.md "What a statement's close watch costs").
@Suite("PostgreSQL store: the close watch's cost per statement (measurement)",
       .enabled(if: ProcessInfo.processInfo.environment["MS_BENCH_CLOSE_WATCH"] != nil))
struct ConnectionCloseWatchCostTests {
    @Test("page snapshots and one-value reads, watched and bare, in alternating rounds")
    func measure() async throws {
        let perRound = Int(ProcessInfo.processInfo.environment["MS_BENCH_CLOSE_WATCH"] ?? "") ?? 2_000
        let (database, _) = try await PostgresDatabaseTests.database()
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let stories = PostgresStoryRepository(database: database, clock: clock)
        let story = PostgresClosedConnectionTests.story("bench", at: clock.now())
        _ = try await stories.createStory(story, delivery: .background, quota: nil)
        try await stories.saveText(StoryFixtures.written(pages: ["One.", "Two.", "Three."]), for: story.id)
        let binds = try PostgresExecutor.bindings(SQLStoryRepository.pageSnapshot(story.id, page: 2, withPicture: true)
            .rendered(in: .postgres).values)
        let logger = database.logger
        let snapshot = PageSnapshotStatement(binds: binds)
        let ways: [(String, @Sendable () async throws -> Int)] = [
            ("page snapshot, watched", { try await database.rows(snapshot).count }),
            ("page snapshot, bare", {
                try await database.client.withConnection { connection in
                    var count = 0
                    for try await _ in try await connection.execute(snapshot, logger: logger) { count += 1 }
                    return count
                }
            }),
            ("one value, watched", { try await database.rows("SELECT 1 AS one").count }),
            ("one value, bare", {
                try await database.client.withConnection { connection in try await connection.query("SELECT 1 AS one", logger: logger).collect().count }
            }),
        ]
        var samples = [String: [Double]]()
        for _ in 0..<5 {
            for (name, way) in ways {
                let start = ContinuousClock.now
                for _ in 0..<perRound { #expect(try await way() == 1) }
                let elapsed = ContinuousClock.now - start
                samples[name, default: []].append(Double(elapsed.components.attoseconds) / 1e12 / Double(perRound)
                                                  + Double(elapsed.components.seconds) * 1e6 / Double(perRound))
            }
        }
        for (name, _) in ways {
            let rounds = samples[name]!.sorted()
            print("close watch cost: \(name): median \(String(format: "%.1f", rounds[rounds.count / 2])) µs per statement, rounds "
                  + rounds.map { String(format: "%.1f", $0) }.joined(separator: " "))
        }
        await database.close()
    }
}
