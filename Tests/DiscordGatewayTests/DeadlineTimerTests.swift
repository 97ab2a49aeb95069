@testable import DiscordGateway
import StoryTestSupport
import Synchronization
import Testing

/// The timer runs on a manual clock: the test moves time and waits for the timer's own
/// observable steps (the deadline it sleeps until, each fire). Nothing here sleeps.
@Suite("Deadline timer", .timeLimit(.minutes(5)))
struct DeadlineTimerTests {
    /// Fires counted by the timer's run loop.
    private final class Fires: Sendable {
        let count = Mutex(0)
    }

    /// A timer's run loop on a manual clock, with its fires as a stream.
    private struct Running {
        let clock = ManualClock()
        let timer: DeadlineTimer<ManualClock>
        let fireCount = Fires()
        let fires: AsyncStream<Void>
        let task: Task<Void, Never>

        init() {
            timer = DeadlineTimer(clock: clock)
            let (fires, sink) = AsyncStream.makeStream(of: Void.self)
            self.fires = fires
            let timer = self.timer
            let fireCount = self.fireCount
            task = Task {
                await timer.run {
                    fireCount.count.withLock { $0 += 1 }
                    sink.yield()
                }
                sink.finish()
            }
        }

        var count: Int { fireCount.count.withLock { $0 } }

        func at(_ duration: Duration) -> ManualClock.Instant { ManualClock.Instant(offset: duration) }

        /// Returns once the run loop sleeps until exactly `deadline`, and nothing else.
        func sleeping(until deadline: ManualClock.Instant) async {
            await clock.waitForSleepers { $0 == [deadline] }
        }

        func stop() async {
            task.cancel()
            await task.value
        }
    }

    @Test("an earlier deadline replaces a pending later one, and fires at its time")
    func earlierReplacesLater() async {
        let running = Running()
        var fires = running.fires.makeAsyncIterator()
        running.timer.schedule(at: running.at(.seconds(30)))
        await running.sleeping(until: running.at(.seconds(30)))

        running.timer.schedule(at: running.at(.milliseconds(50)))
        await running.sleeping(until: running.at(.milliseconds(50)))
        running.clock.advance(by: .milliseconds(50))
        await fires.next()
        #expect(running.count == 1)
        #expect(running.clock.now == running.at(.milliseconds(50)), "fired for the 50 ms deadline, not the replaced 30 s one")
        await running.stop()
    }

    @Test("a deadline moved later does not fire at the earlier time")
    func laterReplacesEarlier() async {
        let running = Running()
        var fires = running.fires.makeAsyncIterator()
        running.timer.schedule(at: running.at(.milliseconds(600)))
        await running.sleeping(until: running.at(.milliseconds(600)))
        running.timer.schedule(at: running.at(.seconds(30)))
        await running.sleeping(until: running.at(.seconds(30)))

        // Past the first deadline: the loop stays parked on the later one.
        running.clock.advance(by: .milliseconds(900))
        #expect(running.clock.sleepingUntil == [running.at(.seconds(30))])
        #expect(running.count == 0)

        running.clock.advance(by: .seconds(30))
        await fires.next()
        #expect(running.count == 1)
        await running.stop()
    }

    @Test("a deadline already reached fires at once, and once")
    func pastDeadline() async {
        let running = Running()
        var fires = running.fires.makeAsyncIterator()
        running.clock.advance(by: .seconds(5))
        running.timer.schedule(at: running.at(.seconds(1)))
        await fires.next()
        #expect(running.count == 1)

        // With no deadline left, the loop waits for the next one; a new deadline fires again.
        running.timer.schedule(at: running.at(.seconds(6)))
        await running.sleeping(until: running.at(.seconds(6)))
        #expect(running.count == 1)
        running.clock.advance(by: .seconds(1))
        await fires.next()
        #expect(running.count == 2)
        await running.stop()
    }

    @Test("cancelling the run loop ends it, also while it sleeps")
    func cancellation() async {
        let running = Running()
        running.timer.schedule(at: running.at(.seconds(10)))
        await running.sleeping(until: running.at(.seconds(10)))
        await running.stop()
        #expect(running.clock.sleepingUntil.isEmpty)
        #expect(running.count == 0)
    }
}
