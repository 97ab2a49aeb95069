import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One thread, started when work arrives and ended after a few idle seconds, that runs jobs in
/// order at a lower CPU priority (nice 10). Painting is seconds of CPU per story; at a lower
/// priority it uses the idle CPU and yields at once to chat interactions and page turns, so a
/// family's page turn is never stuck behind another family's pictures. (A dispatch queue cannot
/// do this: its threads are shared, and a lowered priority cannot be raised back unprivileged.)
final class LowPriorityThread: @unchecked Sendable {
    private let name: String
    private let niceness: Int32
    private let idleTimeout: TimeInterval
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    private var running = false

    init(name: String, niceness: Int32 = 10, idleTimeout: TimeInterval = 5) {
        self.name = name
        self.niceness = niceness
        self.idleTimeout = idleTimeout
    }

    /// Whether the thread is alive (for tests: it ended after its idle timeout).
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Runs `job` after the jobs submitted before it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        if !running {
            running = true
            let thread = Thread { [self] in loop() }
            thread.name = name
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        #if canImport(Glibc)
        // On Linux the nice value belongs to the calling thread only, and a new thread inherits
        // its creator's: set it from the process's (its main thread's), not from the creator's,
        // so a thread started from another low-priority thread is not lowered twice.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, min(19, getpriority(which, id_t(getpid())) + niceness))
        #endif
        while true {
            condition.lock()
            let deadline = Date().addingTimeInterval(idleTimeout)
            while jobs.isEmpty {
                if !condition.wait(until: deadline), jobs.isEmpty {
                    running = false
                    condition.unlock()
                    return
                }
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
