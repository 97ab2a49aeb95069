/// A `TaskExecutor` that runs its jobs in order on one ``LowPriorityThread`` (nice 10). Work given
/// it as a preference (`withTaskExecutorPreference`) leaves the event loops, which run Swift's
/// tasks in this service (one per core), to the acknowledgements and page turns, and uses the CPU
/// they leave idle: the composition root runs the story workers on one (writing, the text's
/// screens, hashing and saving pictures, deliveries), beside the painting thread.
public final class LowPriorityExecutor: TaskExecutor {
    private let thread: LowPriorityThread

    /// - Parameter name: the thread's name.
    public init(name: String) {
        thread = LowPriorityThread(name: name)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        thread.submit { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
