import StoryTestSupport
import Synchronization
import Testing
@testable import WebChat

@Suite("An open page's session is checked on a timer")
struct SessionWatchTests {
    @Test("the session is checked every interval with no activity, and the watch ends when the member is gone")
    func checksOnTheClock() async throws {
        let clock = ManualClock()
        let checks = Atomic<Int>(0)
        let member = Atomic<Bool>(true)
        let watch = SessionWatch(interval: .seconds(30), clock: clock, isStillMember: {
            checks.add(1, ordering: .relaxed)
            return member.load(ordering: .relaxed)
        })
        let watching = Task { await watch.untilSignedOut() }
        await clock.waitForSleepers { $0.count == 1 }
        clock.advance(by: .seconds(30))
        await clock.waitForSleepers { $0.first?.offset == .seconds(60) }
        #expect(checks.load(ordering: .relaxed) == 1, "still a member: the watch sleeps again")
        member.store(false, ordering: .relaxed)
        clock.advance(by: .seconds(30))
        #expect(await watching.value == true, "removed: signed out at the next check")
        #expect(checks.load(ordering: .relaxed) == 2)
    }

    @Test("a page that closes ends the watch without signing anyone out")
    func cancelled() async {
        let clock = ManualClock()
        let watch = SessionWatch(interval: .seconds(30), clock: clock, isStillMember: { false })
        let watching = Task { await watch.untilSignedOut() }
        await clock.waitForSleepers { $0.count == 1 }
        watching.cancel()
        #expect(await watching.value == false)
    }
}
