#if canImport(Glibc)
import Glibc
#endif
import StoryTestSupport
import Synchronization
import Testing
@testable import StoryProviders

/// A value shared with the painting thread.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T: Sendable>(_ body: (inout sending Value) -> sending T) -> T { mutex.withLock(body) }
}

@Suite("LowPriorityThread")
struct LowPriorityThreadTests {
    @Test("jobs run in order on a thread with a lower CPU priority, and the thread ends when idle")
    func ordered() async throws {
        let thread = LowPriorityThread(name: "test-painter", niceness: 10, idleTimeout: 0.05)
        let order = Shared<[Int]>([])
        let niceValues = Shared<[Int32]>([])
        for index in 0..<20 {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                thread.submit {
                    order.withLock { $0.append(index) }
                    #if canImport(Glibc)
                    niceValues.withLock { $0.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
                    #endif
                    done.resume()
                }
            }
            // Let the thread time out once in the middle: it starts again for the next job.
            if index == 9 { try await eventually("the idle thread ends") { !thread.isRunning } }
        }
        #expect(order.withLock { $0 } == Array(0..<20))
        #if canImport(Glibc)
        #expect(niceValues.withLock { $0 }.allSatisfy { $0 >= 10 })
        // The test's own threads keep their priority.
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) < 10)
        #endif
    }

    @Test("a thread started from another low-priority thread is lowered once, from the process's priority")
    func loweredOnce() async {
        let outer = LowPriorityThread(name: "test-outer", niceness: 5, idleTimeout: 0.05)
        let inner = LowPriorityThread(name: "test-inner", niceness: 5, idleTimeout: 0.05)
        let niceness: Int32 = await withCheckedContinuation { done in
            outer.submit {
                inner.submit {
                    #if canImport(Glibc)
                    done.resume(returning: getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
                    #else
                    done.resume(returning: 5)
                    #endif
                }
            }
        }
        #if canImport(Glibc)
        #expect(niceness == min(19, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid())) + 5))
        #endif
    }
}
