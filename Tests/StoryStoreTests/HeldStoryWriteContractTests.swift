import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// A run's story writes made under its ``JobClaim`` (issue #32), run against every backend: they
/// land only while the claim's owner runs the story's job, checked by the store with the write,
/// so a process that froze between its lease check and its write cannot write over the story of
/// the process that took the job meanwhile. No clock is moved: the job changes hands by a
/// release and another claim, as it would after a sweep.
@Suite("Storage contract: story writes under a job claim")
struct HeldStoryWriteContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("while the claim holds the job every write lands; once another process holds it, or the job is done, each is refused and changes nothing",
          arguments: StoreBackend.allCases)
    func writesOnlyWhileHeld(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let story = Fixtures.story(id: "held", at: clock.now())
        let created = try await ports.stories.createStory(story, delivery: LeaseContractTests.delivery,
                                                          quota: DailyQuota(storiesPerDay: 3))
        let other = try await ports.stories.createStory(Fixtures.story(id: "other", at: clock.now()),
                                                        delivery: LeaseContractTests.delivery, quota: nil)
        let a = ports.queue(JobLease(owner: "process-a", duration: 3_600))
        let job = try #require(try await a.claimNext(now: clock.now()))
        #expect(job.id == created.id)
        let mine = JobClaim(jobID: job.id, owner: "process-a")

        // A holds the job: its writes land.
        try await ports.stories.setStatus(.writing, for: story.id, reason: nil, heldBy: mine)
        try await ports.stories.saveText(Fixtures.written(pages: 2), for: story.id, heldBy: mine)
        _ = try await ports.stories.saveIllustration(Fixtures.picture(1), chatForm: nil, for: story.id, page: 1, heldBy: mine)
        #expect(try await ports.stories.story(story.id)?.status == .illustrating)

        // A claim on another story's job, or by another owner, writes nothing here.
        let lost = JobLeaseLost(jobID: job.id)
        await #expect(throws: JobLeaseLost(jobID: other.id)) {
            try await ports.stories.setStatus(.ready, for: story.id, reason: nil, heldBy: JobClaim(jobID: other.id, owner: "process-a"))
        }
        await #expect(throws: lost) {
            try await ports.stories.setStatus(.ready, for: story.id, reason: nil, heldBy: JobClaim(jobID: job.id, owner: "process-b"))
        }

        // A lets go (as a sweep would take it back) and B takes the job: A's late writes are refused.
        try await a.release(job.id)
        let b = ports.queue(JobLease(owner: "process-b", duration: 3_600))
        #expect(try await b.claimNext(now: clock.now())?.id == job.id)
        await #expect(throws: lost) { try await ports.stories.setStatus(.writing, for: story.id, reason: nil, heldBy: mine) }
        await #expect(throws: lost) {
            try await ports.stories.saveText(Fixtures.written(pages: 3, title: "A's late text"), for: story.id, heldBy: mine)
        }
        await #expect(throws: lost) {
            _ = try await ports.stories.saveIllustration(Fixtures.picture(2), chatForm: nil, for: story.id, page: 2, heldBy: mine)
        }
        await #expect(throws: lost) {
            try await ports.stories.markFailed(story.id, reason: "A's late failure", refundingQuota: true, heldBy: mine)
        }
        let untouched = try #require(try await ports.stories.story(story.id))
        #expect(untouched.status == .illustrating && untouched.title == "Mia and the Sleepy Dragon" && untouched.failureReason == nil)
        let pages = try await ports.stories.pages(of: story.id)
        #expect(pages.count == 2 && pages[0].imageID != nil && pages[1].imageID == nil, "A's late picture is not linked")
        #expect(try await ports.stories.storiesStarted(by: story.requester, on: story.family.platform, since: .distantPast) == 1,
                "A's late failure gave no quota back")

        // B's own writes land; once it finished the job, nobody's claim writes any more.
        let theirs = JobClaim(jobID: job.id, owner: "process-b")
        _ = try await ports.stories.saveIllustration(Fixtures.picture(3), chatForm: nil, for: story.id, page: 2, heldBy: theirs)
        try await ports.stories.setStatus(.ready, for: story.id, reason: nil, heldBy: theirs)
        try await b.finish(job.id)
        await #expect(throws: lost) { try await ports.stories.setStatus(.writing, for: story.id, reason: nil, heldBy: theirs) }
        #expect(try await ports.stories.story(story.id)?.status == .ready)
        #expect(try await ports.stories.pages(of: story.id).allSatisfy { $0.imageID != nil })
    }
}
