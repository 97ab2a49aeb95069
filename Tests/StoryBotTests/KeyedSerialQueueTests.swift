import StoryTestSupport
import Synchronization
import Testing
@testable import StoryBot

/// A value shared by concurrent test tasks.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T: Sendable>(_ body: (inout sending Value) -> sending T) -> T { mutex.withLock(body) }
}

@Suite("KeyedSerialQueue")
struct KeyedSerialQueueTests {
    @Test("work for one key runs one at a time in arrival order; other keys run alongside; nothing is kept afterwards")
    func serialPerKey() async throws {
        let queue = KeyedSerialQueue()
        let log = Locked<[String]>([])
        let running = Locked<[String: Int]>([:])
        let overlapped = Locked(false)
        // The first piece of each key holds on until all six have arrived, so each later piece
        // could run alongside it (and would, if the queue let it).
        let allArrived = AsyncGate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                let key = index.isMultiple(of: 2) ? "anna" : "ben"
                group.addTask {
                    try await queue.run(key) {
                        let count = running.withLock { $0[key, default: 0] += 1; return $0[key]! }
                        if count > 1 { overlapped.withLock { $0 = true } }
                        if index < 2 { await allArrived.wait() }
                        await Task.yield()
                        log.withLock { $0.append("\(key)\(index)") }
                        running.withLock { $0[key, default: 0] -= 1 }
                    }
                }
                // Arrival order is the order the work was queued in: the next arrives after this one.
                try await eventually("piece \(index) queued") { await queue.queuedWork == index + 1 }
            }
            allArrived.open()
            try await group.waitForAll()
        }
        #expect(!overlapped.withLock { $0 }, "never two at once for the same key")
        let order = log.withLock { $0 }
        #expect(order.filter { $0.hasPrefix("anna") } == ["anna0", "anna2", "anna4"])
        #expect(order.filter { $0.hasPrefix("ben") } == ["ben1", "ben3", "ben5"])
        #expect(await queue.activeKeys == 0)
    }

    @Test("a failure is thrown to its caller and does not stop the next piece of work")
    func failures() async throws {
        struct Refused: Error {}
        let queue = KeyedSerialQueue()
        await #expect(throws: Refused.self) { try await queue.run("anna") { throw Refused() } }
        #expect(try await queue.run("anna") { 42 } == 42)
    }
}
