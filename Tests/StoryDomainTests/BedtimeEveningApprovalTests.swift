import Foundation
import StoryDomain
import Testing

/// One schedule's evening when the family's grown-ups approve stories first: the made story is
/// held at once, whatever the time, and never posted by the evening itself.
@Suite("Bedtime evening with approval: made → held at once, never posted by the runner")
struct BedtimeEveningApprovalTests {
    static let bedtime = Date(timeIntervalSince1970: 1_800_000_000)
    let occurrence = BedtimeOccurrence(scheduleID: "s1", evening: "2027-01-15", instant: bedtime)
    let story = StoryID(rawValue: "tonight")!

    @Test("made: held before bedtime, at it, and past the latest post (the approval's rules decide); posted or skipped: done")
    func heldWhateverTheTime() {
        let evening = BedtimeEvening(occurrence, timing: BedtimeTiming().approval(true))
        #expect(BedtimeTiming().approval(true).holdsForApproval && !BedtimeTiming().approval(false).holdsForApproval)
        for offset: TimeInterval in [-30 * 60, 0, 20 * 60, 31 * 60] {
            #expect(evening.step(.made(story), now: Self.bedtime.addingTimeInterval(offset)) == .hold(story))
        }
        #expect(evening.step(.waiting, now: Self.bedtime.addingTimeInterval(-30 * 60)) == .make)
        #expect(evening.step(.waiting, now: Self.bedtime.addingTimeInterval(31 * 60)) == .skip(lateBy: 31 * 60))
        #expect(evening.step(.posted, now: Self.bedtime) == .done && evening.step(.skipped, now: Self.bedtime) == .done)
    }
}
