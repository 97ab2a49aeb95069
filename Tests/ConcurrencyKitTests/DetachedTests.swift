import ConcurrencyKit
import StoryTestSupport
import Synchronization
import Testing

/// ``Detached``: waiting for work that ignores cancellation, or that must not see the caller's
/// task-local values, without being held by it.
@Suite("Work outside the caller's task tree", .timeLimit(.minutes(1)))
struct DetachedTests {
    @TaskLocal static var marker: String?

    @Test("the operation's answer is returned")
    func answer() async throws {
        #expect(try await Detached.run { 42 } == 42)
    }

    @Test("the operation does not see the caller's task-local values")
    func noTaskLocals() async throws {
        let seen = try await Self.$marker.withValue("caller") {
            try await Detached.run { Self.marker }
        }
        #expect(seen == nil)
    }

    @Test("a cancelled caller stops waiting for an operation that ignores cancellation")
    func callerCancelled() async {
        let stubborn = Gate()
        let waiting = Task {
            try await Detached.run { await stubborn.waitIgnoringCancellation() }
        }
        await stubborn.waitForWaiters(1)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        stubborn.open()
    }

    @Test("a deadline over a detached operation fires though the operation ignores cancellation")
    func deadlineOverStubbornWork() async throws {
        let stubborn = Gate()
        let clock = ManualClock()
        let waiting = Task {
            try? await Deadline.answer(within: .seconds(2), clock: clock) {
                try await Detached.run { await stubborn.waitIgnoringCancellation() }
            }
        }
        await stubborn.waitForWaiters(1)
        await clock.waitForSleepers { $0.count == 1 }
        clock.advance(by: .seconds(2))
        #expect(await waiting.value == nil)
        stubborn.open()
    }

    @Test("left running, an operation starts and ends though its caller was cancelled before it started")
    func leftRunning() async throws {
        let gate = Gate()
        let ended = Gate()
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Detached.run(whenAbandoned: .leftRunning) {
                try await gate.wait()
                try await ended.wait()
            }
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        await gate.waitForWaiters(1)
        #expect(gate.cancelledWaiters == 0, "not cancelled")
        gate.open()
        await ended.waitForWaiters(1)
        ended.open()
    }

    @Test("abandoned before it starts, the operation never starts")
    func abandonedFirst() async {
        let started = Mutex(false)
        await #expect(throws: CancellationError.self) {
            try await Detached.run(abandonWhen: { abandon in abandon() }) {
                started.withLock { $0 = true }
            }
        }
        #expect(started.withLock { $0 } == false)
    }

    @Test("abandoned while it runs, the wait ends and the operation is cancelled")
    func abandonedWhileRunning() async {
        let gate = Gate()
        let abandon = Mutex<(@Sendable () -> Void)?>(nil)
        let waiting = Task {
            try await Detached.run(abandonWhen: { action in abandon.withLock { $0 = action } }) {
                try await gate.wait()
            }
        }
        await gate.waitForWaiters(1)
        abandon.withLock { $0 }?()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        await gate.waitForCancelled(1)
    }
}
