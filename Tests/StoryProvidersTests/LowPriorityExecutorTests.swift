#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import StoryProviders

@Suite("LowPriorityExecutor")
struct LowPriorityExecutorTests {
    /// The calling thread's nice value (Linux: per thread).
    private static func niceness() -> Int32 {
        #if canImport(Glibc)
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        0
        #endif
    }

    @Test("tasks that prefer it, and their child tasks, run on its lower-priority thread and finish")
    func runsPreferringTasksAtLowPriority() async {
        let executor = LowPriorityExecutor(name: "test-story-workers")
        let outside = Self.niceness()
        let inside = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<8 { group.addTask { Self.niceness() } }
                return await group.reduce(into: [Int32]()) { $0.append($1) }
            }
        }
        #expect(inside.count == 8)
        #if canImport(Glibc)
        #expect(inside.allSatisfy { $0 > outside || $0 == 19 })
        #endif
        // Work without the preference keeps the caller's priority.
        #expect(Self.niceness() == outside)
    }
}
