import ConcurrencyKit
import Foundation
import Logging
import PostgresNIO
import PostgresTestSupport
import StoryDomain
import StoryTestSupport
import Synchronization
import Testing
@testable import StoryStorePostgres

/// What the bot's processes coordinate through PostgreSQL, each process a pool of its own on a
/// private cluster: identify turns (timed by the database's clock) and the tasks that must run
/// on one process at a time.
@Suite("PostgreSQL: identify turns and singleton tasks across processes")
struct MultiProcessCoordinationTests {
    @Test("two pools asking for one bucket's turn at once: exactly one granted per window; other buckets apart")
    func identifyTurns() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 12)
        let processes = [PostgresIdentifyTurns(database: first), PostgresIdentifyTurns(database: second)]
        // Ten minutes: the asks never outlast it, however slowly a loaded machine runs them (at 5 s,
        // 20 asks taking turns could), and its passing is played by the database's own rows below.
        let spacing = Duration.seconds(600)
        /// 20 asks at once, 10 from each pool: the answers.
        func askTogether(bucket: Int) async throws -> [PostgresIdentifyTurns.Answer] {
            try await withThrowingTaskGroup(of: PostgresIdentifyTurns.Answer.self) { group in
                for index in 0 ..< 20 {
                    group.addTask { try await processes[index % 2].take(bucket: bucket, spacing: spacing) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        let window = try await askTogether(bucket: 0)
        #expect(window.filter { $0 == .granted }.count == 1, "exactly one granted")
        let waits = window.compactMap { if case let .wait(wait) = $0 { wait } else { nil } }
        #expect(waits.count == 19 && waits.allSatisfy { $0 > .zero && $0 <= spacing })
        // Another bucket is not held up by the first.
        #expect(try await askTogether(bucket: 1).filter { $0 == .granted }.count == 1)
        // Within the window, nobody gets bucket 0 again.
        #expect(try await askTogether(bucket: 0).allSatisfy { $0 != .granted })
        // Once the turn's time has come by the database's clock (the bucket's turn moved back by the
        // spacing, as if it had passed): exactly one more.
        _ = try await first.rows("UPDATE identify_turn SET next_at = next_at - make_interval(secs => 600) WHERE bucket = 0")
        #expect(try await askTogether(bucket: 0).filter { $0 == .granted }.count == 1)
        await second.close()
        await first.close()
    }

    @Test("two pools asking for 3 s as fast as they can get one bucket's 1 s turn at most once a second")
    func identifyTurnsSpacing() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 4)
        let processes = [PostgresIdentifyTurns(database: first), PostgresIdentifyTurns(database: second)]
        let grants = Shared(0)
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0 ..< 4 {
                group.addTask {
                    while ContinuousClock.now < started + .seconds(3) {
                        if try await processes[index % 2].take(bucket: 7, spacing: .seconds(1)) == .granted {
                            grants.withLock { $0 += 1 }
                        }
                        // Pacing, not a guessed wait: four loops asking back to back would hold
                        // both cores for the 3 s the test measures.
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            try await group.waitForAll()
        }
        // At 0 s, 1 s, 2 s and perhaps just at 3 s (the asks end a little after 3 s).
        let elapsed = ContinuousClock.now - started
        let count = grants.withLock { $0 }
        #expect(count >= 2 && count <= 4 && Double(count) <= 1 + elapsed / .seconds(1), "\(count) turns in \(elapsed)")
        await second.close()
        await first.close()
    }

    @Test("the global REST limit counted in the database: 20 requests at once from two pools, 5 allowed per window")
    func restWindow() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 12)
        let processes = [PostgresRateWindow(database: first), PostgresRateWindow(database: second)]
        func askTogether() async throws -> [PostgresRateWindow.Answer] {
            try await withThrowingTaskGroup(of: PostgresRateWindow.Answer.self) { group in
                for index in 0 ..< 20 {
                    // A ten-minute window: the 20 asks take turns under one lock, and on a loaded
                    // machine (tests in parallel) they took longer than 1 s, then 3 s, so a window
                    // that short slid under them. Its passing is played by the database's rows below.
                    group.addTask { try await processes[index % 2].take(limit: 5, window: .seconds(600)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        let answers = try await askTogether()
        #expect(answers.filter { $0 == .granted }.count == 5)
        let waits = answers.compactMap { if case let .wait(wait) = $0 { wait } else { nil } }
        #expect(waits.count == 15 && waits.allSatisfy { $0 > .zero && $0 <= .seconds(600) })
        // The window passes by the database's clock: the requests counted are moved back by it.
        _ = try await first.rows("UPDATE rest_request SET sent_at = sent_at - make_interval(secs => 600)")
        #expect(try await askTogether().filter { $0 == .granted }.count == 5, "the next window's five")
        await second.close()
        await first.close()
    }

    @Test("after the server ended a pool's connections, asking for a turn answers (a new connection), never hangs")
    func poolAfterTerminatedConnections() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        let turns = PostgresIdentifyTurns(database: first)
        #expect(try await turns.take(bucket: 0, spacing: .seconds(5)) == .granted)
        // Every connection of the first pool ends (as when the server restarts).
        _ = try await second.rows("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        try await eventually("the first pool's connections gone") {
            try await second.rows("""
                SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                """).isEmpty
        }
        let answer = try? await Deadline.answer(within: .seconds(20)) {
            try await Detached.run(whenAbandoned: .leftRunning) { () -> String in
                do {
                    return "\(try await turns.take(bucket: 1, spacing: .seconds(5)))"
                } catch {
                    return "error"
                }
            }
        }
        #expect(answer != nil, "answered or failed within 20 s")
        await second.close()
        await first.close()
    }

    @Test("a leader's task moves to the other process when the leader's connection is closed under it")
    func leaderMoves() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        let running = Shared<[String]>([])
        let started = Shared<[String]>([])
        func lead(_ runner: PostgresSingletonTaskRunner, as name: String) -> Task<Void, Never> {
            Task {
                await runner.run("moving-task") {
                    started.withLock { $0.append(name) }
                    running.withLock { $0.append(name) }
                    await untilCancelled()
                    running.withLock { $0.removeAll { $0 == name } }
                }
            }
        }
        func waitFor(_ what: String, _ condition: @Sendable () -> Bool) async throws {
            try await eventually(what, condition)
        }
        func sessionsOpened() async throws -> Int { try await PostgresDatabaseTests.sessionsOpened(second) }
        // Process one checks its lock every 300 ms; process two tries to lead every 50 ms.
        let one = lead(PostgresSingletonTaskRunner(database: first, retry: .milliseconds(300)), as: "one")
        try await waitFor("one leads") { running.withLock { $0 == ["one"] } }
        let before = try await sessionsOpened()
        let two = lead(PostgresSingletonTaskRunner(database: second, retry: .milliseconds(50)), as: "two")
        try await eventually("two tries to lead three times") { try await sessionsOpened() >= before + 3 }
        #expect(running.withLock { $0 } == ["one"], "two waits while one leads")
        // One's lock connection dies (as when its machine goes away): the server frees the lock.
        let ended = try await second.rows("""
            SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """)
        #expect(ended.count == 1)
        try await waitFor("two takes over") { running.withLock { $0.contains("two") } }
        try await waitFor("one notices and stops") { !running.withLock { $0.contains("one") } }
        // One keeps trying, but two holds the lock now.
        let tried = try await sessionsOpened()
        try await eventually("one tries to lead again, twice") { try await sessionsOpened() >= tried + 2 }
        #expect(running.withLock { $0 } == ["two"])
        #expect(started.withLock { $0 } == ["one", "two"])
        one.cancel()
        two.cancel()
        await one.value
        await two.value
        await second.close()
        await first.close()
    }

    @Test("a leader that stops answering (its process paused) loses the task to another process after the cut-off, not before")
    func pausedLeaderLoses() async throws {
        let (first, url) = try await PostgresDatabaseTests.database()
        let second = try await PostgresDatabase.connect(to: url, logger: Logger(label: "second"), maximumConnections: 2)
        // The first process takes the lock as its leader does, then is paused: its connection
        // stays open but never says another word (SIGSTOP, a frozen machine).
        let cutOff = PostgresDatabase.leaderCutOff(retry: .milliseconds(100))
        let (paused, held) = try await first.tryLeading("paused-task", cutOff: cutOff)
        #expect(held)
        let pausedAt = ContinuousClock.now
        let tookOver = Shared<ContinuousClock.Instant?>(nil)
        let two = Task {
            await PostgresSingletonTaskRunner(database: second, retry: .milliseconds(100)).run("paused-task") {
                tookOver.withLock { $0 = $0 ?? .now }
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while tookOver.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let after = try #require(tookOver.withLock { $0 }, "the other process leads within 60 s") - pausedAt
        #expect(after >= cutOff - .milliseconds(500), "the paused leader's lock held until its session was cut off: \(after)")
        two.cancel()
        await two.value
        _ = try? await Deadline.answer(within: .seconds(2)) {
            try await Detached.run(whenAbandoned: .leftRunning) { try? await paused.close() }
        }
        await second.close()
        await first.close()
    }

    @Test("a singleton task runs at once on a sole process and on a PostgreSQL leader, and stops when cancelled",
          arguments: ["sole", "postgres"])
    func runnerContract(_ kind: String) async throws {
        var database: PostgresDatabase?
        let runner: any SingletonTaskRunner
        if kind == "postgres" {
            let (opened, _) = try await PostgresDatabaseTests.database()
            database = opened
            runner = PostgresSingletonTaskRunner(database: opened, retry: .milliseconds(50))
        } else {
            runner = SoleProcessTaskRunner()
        }
        #expect(runner.isSoleProcess == (kind == "sole"))
        let state = Shared<(runs: Int, running: Bool)>((0, false))
        let task = Task {
            await runner.run("contract") {
                state.withLock { $0 = ($0.runs + 1, true) }
                await untilCancelled()
                state.withLock { $0.running = false }
            }
        }
        try await eventually("the task runs") { state.withLock { $0.running } }
        task.cancel()
        await task.value
        #expect(state.withLock { $0.runs == 1 && !$0.running }, "ran once, stopped when cancelled, run returned")
        await database?.close()
    }
}

/// A value shared with child tasks under a lock.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
