import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// One schedule's evening: made a few minutes ahead, posted at the minute, once; after a
/// downtime posted when at most 30 minutes late, otherwise skipped.
@Suite("Bedtime evening: due-to-make → made → posted, once, on a manual clock")
struct BedtimeEveningTests {
    static let bedtime = Date(timeIntervalSince1970: 1_800_000_000)
    let evening = BedtimeEvening(BedtimeOccurrence(scheduleID: "s1", evening: "2027-01-15", instant: bedtime), timing: BedtimeTiming())
    let story = StoryID(rawValue: "tonight")!

    @Test("waits until 5 minutes before (configurable), makes, waits for the minute, posts, then is done")
    func onTime() {
        let clock = ManualWallClock(Self.bedtime.addingTimeInterval(-3600))
        #expect(evening.step(.waiting, now: clock.now()) == .wait(until: Self.bedtime.addingTimeInterval(-300)))
        clock.advance(by: 3300)
        #expect(evening.step(.waiting, now: clock.now()) == .make)
        #expect(evening.step(.made(story), now: clock.now()) == .wait(until: Self.bedtime))
        clock.advance(by: 300)
        #expect(evening.step(.made(story), now: clock.now()) == .post(story))
        #expect(evening.step(.posted, now: clock.now()) == .done)
        let early = BedtimeEvening(evening.occurrence, timing: BedtimeTiming(makeLead: 1800))
        #expect(early.step(.waiting, now: Self.bedtime.addingTimeInterval(-3600)) == .wait(until: Self.bedtime.addingTimeInterval(-1800)))
    }

    @Test("with approval on, made 30 minutes ahead (configurable); off keeps the usual lead")
    func approvalLead() {
        let timing = BedtimeTiming(makeLead: 120, approvalMakeLead: 2400)
        let approved = BedtimeEvening(evening.occurrence, timing: timing.approval(true))
        #expect(approved.makeAt == Self.bedtime.addingTimeInterval(-2400))
        #expect(BedtimeEvening(evening.occurrence, timing: timing.approval(false)).makeAt == Self.bedtime.addingTimeInterval(-120))
        #expect(BedtimeTiming().approval(true).makeLead == 30 * 60 && BedtimeTiming().approval(true).latestPost == 30 * 60)
    }

    @Test("down at the time: 29 minutes late is made and posted, 31 minutes late is skipped; exactly 30 still posts")
    func late() {
        #expect(evening.step(.waiting, now: Self.bedtime.addingTimeInterval(29 * 60)) == .make)
        #expect(evening.step(.made(story), now: Self.bedtime.addingTimeInterval(29 * 60)) == .post(story))
        #expect(evening.step(.made(story), now: Self.bedtime.addingTimeInterval(30 * 60)) == .post(story))
        #expect(evening.step(.waiting, now: Self.bedtime.addingTimeInterval(31 * 60)) == .skip(lateBy: 31 * 60))
        #expect(evening.step(.made(story), now: Self.bedtime.addingTimeInterval(31 * 60)) == .skip(lateBy: 31 * 60))
        #expect(evening.step(.skipped, now: Self.bedtime.addingTimeInterval(31 * 60)) == .done)
    }

    @Test("another process's claim is waited for, then taken over when it has gone quiet")
    func claimed() {
        let since = Self.bedtime.addingTimeInterval(-300)
        #expect(evening.step(.making(since: since), now: since.addingTimeInterval(60)) == .wait(until: since.addingTimeInterval(600)))
        #expect(evening.step(.making(since: since), now: since.addingTimeInterval(600)) == .make)
    }

    @Test("a restart between made and posted posts the made story once, from the stored marks")
    func restart() async throws {
        let store = InMemoryBedtimeScheduleStore()
        let schedule = BedtimeSchedule(id: "s1", family: FamilyRef(platform: "web", externalID: "f"), channelID: "f",
                                       time: BedtimeTime(hour: 19, minute: 30)!, days: .everyDay, story: .continueChain,
                                       owner: Requester(userID: "u", displayName: "U"), createdAt: .distantPast)
        #expect(try await store.add(schedule, limit: 3))
        let clock = ManualWallClock(Self.bedtime.addingTimeInterval(-300))
        let key = evening.occurrence.evening
        #expect(try await store.claim("s1", evening: key, by: "first", at: clock.now(), staleBefore: clock.now().addingTimeInterval(-600)))
        #expect(try await store.claim("s1", evening: key, by: "second", at: clock.now(), staleBefore: clock.now().addingTimeInterval(-600)) == false)
        #expect(try await store.markMade("s1", evening: key, story: story, by: "first"))
        // The process stops here; a new one starts at the minute and reads the marks.
        clock.advance(by: 300)
        let state = try #require(try await store.evening("s1", evening: key)).state
        #expect(evening.step(state, now: clock.now()) == .post(story))
        #expect(try await store.markPosted("s1", evening: key, at: clock.now()))
        #expect(try await store.markPosted("s1", evening: key, at: clock.now()) == false, "one post")
        #expect(evening.step(try #require(try await store.evening("s1", evening: key)).state, now: clock.now()) == .done)
    }
}
