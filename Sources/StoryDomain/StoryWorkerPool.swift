import Foundation

/// Works the durable job queue with a bounded number of concurrent stories. Run it for the
/// life of the service; call ``wake()`` when a job is added so it starts at once.
public final class StoryWorkerPool: Sendable {
    private let queue: any StoryJobQueue
    private let pipeline: StoryPipeline
    private let clock: any WallClock
    private let concurrency: Int
    private let idlePoll: Duration
    private let leaseRenewal: Duration
    private let leaseSweep: Duration
    private let signal: WakeSignal
    private let onError: @Sendable (any Error) -> Void
    private let onOutcome: @Sendable (StoryJob, StoryPipeline.Outcome) -> Void
    private let onRun: @Sendable (Run) -> Void

    /// One run of a job: how it ended and how long it took (for metrics).
    public struct Run: Sendable, Equatable {
        public var job: StoryJob
        public var outcome: StoryPipeline.Outcome
        public var duration: Duration
    }

    /// - Parameters:
    ///   - concurrency: stories made at once (each is mostly waiting on a provider).
    ///   - clock: dates jobs are claimed at, and the idle poll's wait.
    ///   - idlePoll: how often an idle worker looks for delayed retries that became due (and
    ///     for new jobs, when the wake-up of another process's enqueue was missed).
    ///   - leaseRenewal: how often the leases of the jobs being worked are renewed (real time).
    ///   - leaseSweep: the longest wait between two looks for jobs whose lease expired (a dead
    ///     process's), which go back in the queue (real time; also once at start, and as soon as
    ///     the earliest lease ends: see ``StoryJobQueue/untilNextLeaseExpiry()``).
    ///   - onError: told about queue errors (a broken database), which are retried after `idlePoll`.
    ///   - onOutcome: told how each job run ended (for logs and metrics).
    ///   - onRun: told each run with how long it took (for metrics).
    ///   - wakeUps: the signal the services that add jobs notify (``wake()`` notifies it too).
    public init(queue: any StoryJobQueue, pipeline: StoryPipeline, clock: any WallClock, concurrency: Int = 4,
                idlePoll: Duration = .seconds(1), leaseRenewal: Duration = JobLease.defaultRenewal,
                leaseSweep: Duration = JobLease.defaultSweep, onError: @escaping @Sendable (any Error) -> Void = { _ in },
                onOutcome: @escaping @Sendable (StoryJob, StoryPipeline.Outcome) -> Void = { _, _ in },
                onRun: @escaping @Sendable (Run) -> Void = { _ in }, wakeUps: WakeSignal = WakeSignal()) {
        signal = wakeUps
        self.queue = queue
        self.pipeline = pipeline
        self.clock = clock
        self.concurrency = max(1, concurrency)
        self.idlePoll = idlePoll
        self.leaseRenewal = leaseRenewal
        self.leaseSweep = leaseSweep
        self.onError = onError
        self.onOutcome = onOutcome
        self.onRun = onRun
    }

    /// New work is waiting.
    public func wake() {
        signal.notify()
    }

    /// Requeues jobs whose lease expired (a process that died), then works the queue until
    /// cancelled, renewing the leases of the jobs it works and sweeping for expired ones.
    public func run() async {
        await sweepExpiredLeases()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask { await self.workLoop() }
            }
            group.addTask { await self.every(self.leaseRenewal) { try await self.queue.renewLeases() } }
            group.addTask { await self.sweepAsLeasesEnd() }
        }
    }

    /// How long after a lease's end, by the queue's clock, the sweep looks: the lease has ended
    /// by then even if the sleep ended a little early.
    static let leaseEndMargin: Duration = .milliseconds(100)

    /// Sweeps when the earliest lease of a running job ends, and at least every `leaseSweep`: a
    /// process that dies leaves its jobs for at most its lease (plus ``leaseEndMargin``), not
    /// for its lease plus a sweep period. A live process's leases are renewed before they end, so
    /// this wakes hardly more often than every `leaseSweep`; after a failed sweep it waits that.
    private func sweepAsLeasesEnd() async {
        var swept = true
        while !Task.isCancelled {
            var wait = leaseSweep
            do {
                if swept, let untilEnd = try await queue.untilNextLeaseExpiry() {
                    wait = min(wait, max(.zero, untilEnd) + Self.leaseEndMargin)
                }
            } catch is CancellationError {
                return
            } catch {
                onError(error)
            }
            do { try await Task.sleep(for: wait) } catch { return }
            swept = await sweepExpiredLeases()
        }
    }

    /// Puts jobs whose lease expired back in the queue, and wakes the workers for them. Returns
    /// whether the sweep got through.
    @discardableResult
    private func sweepExpiredLeases() async -> Bool {
        do {
            if try await queue.requeueInterrupted() > 0 { signal.notify() }
            return true
        } catch {
            onError(error)
            return false
        }
    }

    /// Runs `chore` every `interval` of real time until cancelled.
    private func every(_ interval: Duration, _ chore: @Sendable () async throws -> Void) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
                try await chore()
            } catch is CancellationError {
                return
            } catch {
                onError(error)
            }
        }
    }

    private func workLoop() async {
        while !Task.isCancelled {
            do {
                if let job = try await queue.claimNext(now: clock.now()) {
                    let started = ContinuousClock.now
                    let outcome = await pipeline.process(job)
                    if outcome == .interrupted { await release(job) }
                    onOutcome(job, outcome)
                    onRun(Run(job: job, outcome: outcome, duration: ContinuousClock.now - started))
                    // Another job may be waiting; look again at once.
                    continue
                }
            } catch is CancellationError {
                return
            } catch {
                onError(error)
            }
            await idleWait()
        }
    }

    /// Gives an interrupted job back to the queue at once (the service is stopping), so that
    /// another process, or the next start, takes it without waiting for the lease to expire. In
    /// a task of its own: the worker's task is already cancelled.
    private func release(_ job: StoryJob) async {
        let queue = self.queue
        let released = Task { try await queue.release(job.id) }
        if case let .failure(error) = await released.result { onError(error) }
    }

    private func idleWait() async {
        let signal = self.signal
        let idlePoll = self.idlePoll
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: idlePoll) }
            group.addTask { await signal.wait() }
            await group.next()
            group.cancelAll()
        }
    }
}
