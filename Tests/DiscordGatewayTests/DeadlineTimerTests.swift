@testable import DiscordGateway
import Synchronization
import Testing

@Suite("Deadline timer")
struct DeadlineTimerTests {
    /// Fires counted by the timer's run loop.
    private final class Fires: Sendable {
        let count = Mutex(0)
    }

    @Test func anEarlierDeadlineReplacesAPendingLaterOne() async throws {
        let timer = DeadlineTimer()
        let fires = Fires()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await timer.run { fires.count.withLock { $0 += 1 } } }
            timer.schedule(at: start.advanced(by: .seconds(30)))
            try await Task.sleep(for: .milliseconds(20))
            timer.schedule(at: start.advanced(by: .milliseconds(50)))
            while fires.count.withLock({ $0 }) == 0 {
                try await Task.sleep(for: .milliseconds(5))
            }
            // It fired for the 50 ms deadline, long before the replaced 30 s one (generous for a loaded CI machine).
            #expect(start.duration(to: .now) < .seconds(20))
            // Moving the deadline later does not fire early.
            // (Margins are wide so a loaded CI machine cannot overrun the first deadline before it is moved.)
            timer.schedule(at: ContinuousClock.now.advanced(by: .milliseconds(600)))
            try await Task.sleep(for: .milliseconds(20))
            timer.schedule(at: ContinuousClock.now.advanced(by: .seconds(30)))
            try await Task.sleep(for: .milliseconds(900))
            #expect(fires.count.withLock { $0 } == 1)
            group.cancelAll()
        }
    }
}
