import ServiceLifecycle
import StoryDomain

/// A job run at start, then every `interval` on `clock`, for the life of the service group, on
/// one process at a time (``SingletonTaskRunner``: on PostgreSQL an advisory lock; another
/// process takes over when that one dies). A failed run is told to `failed` and tried again at
/// the next interval; the group's graceful shutdown (or cancellation) ends the job between or
/// during runs. Configured once per job: see ``PeriodicJob/premiumExpiry(entitlements:logger:tasks:)``
/// and its siblings.
public struct PeriodicJob<C: Clock<Duration>>: Service {
    /// The job's name, unique among the tasks that run once (the singleton task's key).
    public let name: String
    public let interval: Duration
    let clock: C
    /// Chooses the one process that runs the job.
    let tasks: any SingletonTaskRunner
    let work: @Sendable () async throws -> Void
    let failed: @Sendable (any Error) -> Void

    /// - Parameters:
    ///   - work: one run of the job; it logs what it did.
    ///   - failed: told each failed run's error (not cancellation).
    public init(name: String, interval: Duration, clock: C, tasks: any SingletonTaskRunner,
                work: @escaping @Sendable () async throws -> Void, failed: @escaping @Sendable (any Error) -> Void) {
        self.name = name
        self.interval = interval
        self.clock = clock
        self.tasks = tasks
        self.work = work
        self.failed = failed
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await tasks.run(name) { await runEveryInterval() }
        }
    }

    /// Runs the job, then sleeps `interval`, until cancelled.
    func runEveryInterval() async {
        while !Task.isCancelled {
            do {
                try await work()
            } catch is CancellationError {
                return  // shutting down
            } catch {
                failed(error)
            }
            do { try await clock.sleep(for: interval) } catch { return }
        }
    }
}
