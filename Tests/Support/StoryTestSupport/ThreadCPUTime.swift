#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calling thread's CPU time: what synchronous work costs, whatever else the machine runs
/// meanwhile. For speed budgets of pure work in tests that run in parallel on a busy machine,
/// where wall time would also count the waits for a core.
public enum ThreadCPUTime {
    /// The calling thread's CPU time spent in `work` (synchronous: it stays on this thread).
    public static func measure(_ work: () throws -> Void) rethrows -> Duration {
        let start = now()
        try work()
        return now() - start
    }

    /// The calling thread's CPU time so far.
    public static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
