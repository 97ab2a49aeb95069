import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The daily quota across processes: one process's per-person queue cannot see another's
/// requests, so a request may pass the quota check, show "on its way", and then be refused by
/// the job's transaction because another process took the last story meanwhile (found by the
/// multi-process kill test: the "on its way" message stayed, promising a story that never came).
@Suite("A request refused after it was accepted")
struct QuotaRaceWithdrawTests {
    /// Records what the router said; when "on its way" is shown, another process takes the
    /// person's last story of the day (`raced`), as in the window between check and job.
    final class RacingResponder: ChatResponder {
        enum Event: Sendable, Equatable {
            case acknowledged(privately: Bool)
            case replied(ChatReply)
            case withdrawn
        }

        let deliveryAddress = DeliveryAddress(platform: "discord", channelID: "200", messageID: "@original", userID: "parent",
                                              requestID: "1500")
        let events = Recorder<Event>()
        let raced: @Sendable () async throws -> Void

        init(raced: @escaping @Sendable () async throws -> Void) { self.raced = raced }

        func acknowledge(privately: Bool) async throws { events.append(.acknowledged(privately: privately)) }

        func reply(_ reply: ChatReply) async throws {
            events.append(.replied(reply))
            if !reply.isPrivate { try await raced() }
        }

        func update(_ reply: ChatReply) async throws { Issue.record("no button was pressed") }

        func withdrawReply() async { events.append(.withdrawn) }
    }

    @Test("another process takes the last story between the check and the job: \"on its way\" is withdrawn, then the private refusal")
    func withdrawnWhenRefusedAfterAll() async throws {
        let harness = RouterHarness()
        for index in 1...2 {
            let story = StoryFixtures.story("used\(index)", family: RouterHarness.family, requester: RouterHarness.parent,
                                            createdAt: harness.clock.now())
            _ = try await harness.store.createStory(story, delivery: StoryFixtures.delivery(), quota: DailyQuota(storiesPerDay: 3))
        }
        let store = harness.store
        let clock = harness.clock
        let responder = RacingResponder {
            let other = StoryFixtures.story("other", family: RouterHarness.family, requester: RouterHarness.parent, createdAt: clock.now())
            _ = try await store.createStory(other, delivery: StoryFixtures.delivery(messageID: "m2"), quota: DailyQuota(storiesPerDay: 3))
        }
        await harness.router.handle(RouterHarness.storyNew(), context: harness.context(), responder: responder)

        let events = responder.events.all
        #expect(events.first == .acknowledged(privately: false), "the check passed: acknowledged publicly")
        guard events.count == 4, case let .replied(accepted) = events[1], case let .replied(refusal) = events[3] else {
            Issue.record("expected acknowledged, on its way, withdrawn, refusal: \(events)")
            return
        }
        #expect(!accepted.isPrivate && accepted.text?.contains("on its way") == true)
        #expect(events[2] == .withdrawn, "the promise is taken back before the refusal")
        #expect(refusal.isPrivate && refusal.text?.contains("3 stories today") == true)
        #expect(await harness.store.allJobs.count == 3, "nothing was stored for the refused request")
    }

    @Test("a request stored as usual is never withdrawn")
    func storedIsKept() async throws {
        let harness = RouterHarness()
        let responder = RacingResponder {}
        await harness.router.handle(RouterHarness.storyNew(), context: harness.context(), responder: responder)
        #expect(!responder.events.all.contains(.withdrawn))
        #expect(await harness.store.allJobs.count == 1)
    }
}
