import Logging
import Operations
import ServiceLifecycle
import StoryDomain
import StoryStore
import StoryTestSupport
import Synchronization
import Testing

@Suite("The periodic job: at start, then every interval on its clock, one process at a time, until the group stops")
struct PeriodicJobTests {
    /// Records the names of the singleton tasks it runs (on this process, like SQLite's runner).
    final class RecordingRunner: SingletonTaskRunner {
        let names = Mutex<[String]>([])
        var isSoleProcess: Bool { true }

        func run(_ task: String, _ body: @escaping @Sendable () async -> Void) async {
            names.withLock { $0.append(task) }
            await body()
        }
    }

    struct Broken: Error {}

    /// A job on `clock` whose runs are announced on the returned stream; runs listed in `failing` throw.
    static func job(clock: ManualClock, tasks: any SingletonTaskRunner = SoleProcessTaskRunner(), failing: Set<Int> = [],
                    failures: Recorder<Int> = Recorder()) -> (PeriodicJob<ManualClock>, AsyncStream<Int>) {
        let (runs, announce) = AsyncStream<Int>.makeStream()
        let started = Recorder<Int>()
        let job = PeriodicJob(name: "test-job", interval: .seconds(60), clock: clock, tasks: tasks, work: {
            started.append(started.count + 1)
            let run = started.count
            announce.yield(run)
            if failing.contains(run) { throw Broken() }
        }, failed: { _ in
            failures.append(started.count)
        })
        return (job, runs)
    }

    static func sleeping(until seconds: Int64, on clock: ManualClock) async {
        await clock.waitForSleepers { $0 == [ManualClock.Instant(offset: .seconds(seconds))] }
    }

    @Test("runs at start, not again before the interval has passed on its clock, then once each interval")
    func runsEveryInterval() async throws {
        let clock = ManualClock()
        let (job, runs) = Self.job(clock: clock)
        var next = runs.makeAsyncIterator()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await job.run() }
            #expect(await next.next() == 1, "the first run is at start")
            await Self.sleeping(until: 60, on: clock)
            clock.advance(by: .seconds(59))
            // Still parked on the same deadline: the second run has not started.
            await Self.sleeping(until: 60, on: clock)
            clock.advance(by: .seconds(1))
            #expect(await next.next() == 2)
            await Self.sleeping(until: 120, on: clock)
            clock.advance(by: .seconds(60))
            #expect(await next.next() == 3)
            await Self.sleeping(until: 180, on: clock)
            group.cancelAll()
            try await group.waitForAll()
        }
    }

    @Test("a failed run is told to `failed` and the job tries again at the next interval")
    func failureRetriedNextInterval() async throws {
        let clock = ManualClock()
        let failures = Recorder<Int>()
        let (job, runs) = Self.job(clock: clock, failing: [1], failures: failures)
        var next = runs.makeAsyncIterator()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await job.run() }
            #expect(await next.next() == 1)
            await Self.sleeping(until: 60, on: clock)
            #expect(failures.all == [1], "the failure was told before the job slept")
            clock.advance(by: .seconds(60))
            #expect(await next.next() == 2)
            await Self.sleeping(until: 120, on: clock)
            #expect(failures.all == [1], "the second run succeeded")
            group.cancelAll()
            try await group.waitForAll()
        }
    }

    @Test("the service group's graceful shutdown ends the job while it waits for its next run")
    func gracefulShutdownEndsIt() async throws {
        let clock = ManualClock()
        let runner = RecordingRunner()
        let (job, runs) = Self.job(clock: clock, tasks: runner)
        var next = runs.makeAsyncIterator()
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: job)], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            #expect(await next.next() == 1)
            await Self.sleeping(until: 60, on: clock)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(runner.names.withLock { $0 } == ["test-job"], "it ran as the singleton task of its name")
        #expect(clock.sleepingUntil.isEmpty, "nothing of it still waits")
    }

    @Test("the three jobs are configured under their own names and intervals")
    func configurations() {
        let clock = ManualClock()
        let tasks = SoleProcessTaskRunner()
        let logger = Logger(label: "test")
        let entitlements = EntitlementService(store: InMemoryEntitlementStore(), catalog: PlanCatalog(), clock: ManualWallClock())
        let premium = PeriodicJob.premiumExpiry(entitlements: entitlements, logger: logger, tasks: tasks, clock: clock)
        let sweep = PeriodicJob.deliveryTokenSweep(sweeper: NoTokens(), damage: DatabaseDamageMonitor(), logger: logger, tasks: tasks,
                                                   clock: clock)
        let retention = PeriodicJob.transcriptRetention(apply: { 0 }, keepMessages: 10, keepDays: 1, logger: logger, tasks: tasks,
                                                        clock: clock)
        #expect([premium.name, sweep.name, retention.name] == ["premium-expiry", "delivery-token-sweep", "transcript-retention"])
        #expect([premium.interval, sweep.interval, retention.interval] == [.seconds(300), .seconds(60), .seconds(6 * 3_600)])
    }

    struct NoTokens: DeliveryTokenSweeping {
        func sweep() async throws -> Int { 0 }
    }
}
