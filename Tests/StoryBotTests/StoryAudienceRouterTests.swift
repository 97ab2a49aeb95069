import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Who a story is for (``StoryAudience``), as the router puts it on the request: children's when
/// a child asks, when a grown-up marked the chat as children's, and for every chapter of a
/// children's story; the family's otherwise.
@Suite("Story audience")
struct StoryAudienceRouterTests {
    static let child = Requester(userID: "leo", displayName: "Leo")

    /// The audience of the story the last job makes.
    func lastAudience(_ harness: RouterHarness) async throws -> StoryAudience? {
        let job = try #require(await harness.store.allJobs.last)
        return try #require(try await harness.store.story(job.storyID)).request.audience
    }

    @Test("a child's story is for children; a grown-up's is the family's")
    func childAsks() async throws {
        let harness = RouterHarness()
        var child = harness.context(Self.child)
        child.isChild = true
        await harness.handle(RouterHarness.storyNew(), context: child)
        #expect(try await lastAudience(harness) == .children)
        await harness.handle(RouterHarness.storyNew())
        #expect(try await lastAudience(harness) == nil, "the family's")
    }

    @Test("a grown-up marks the chat as children's: every story there is for children, until it is set back")
    func childrensChat() async throws {
        let harness = RouterHarness()
        let manager = harness.context(isManager: true)
        let saved = await harness.handle(.command(.settingsSet(SettingsChange(audience: "kids"))), context: manager)
        #expect(saved.replies.only?.text?.contains("children") == true)
        await harness.handle(RouterHarness.storyNew(), context: manager)
        #expect(try await lastAudience(harness) == .children)
        await harness.handle(.command(.settingsSet(SettingsChange(audience: "family"))), context: manager)
        await harness.handle(RouterHarness.storyNew(), context: manager)
        #expect(try await lastAudience(harness) == nil, "the family's")
        let refused = await harness.handle(.command(.settingsSet(SettingsChange(audience: "teens"))), context: manager)
        #expect(refused.replies.only?.text?.contains("audience:") == true)
    }

    @Test("a chapter of a children's story is for children, whoever asks for it")
    func chapterStaysChildrens() async throws {
        let harness = RouterHarness()
        var request = StoryFixtures.request(pages: 3)
        request.audience = .children
        let story = StoryFixtures.story("kids1", request: request, family: RouterHarness.family, requester: Self.child,
                                        createdAt: harness.clock.now())
        _ = try await harness.store.createStory(story, delivery: StoryFixtures.delivery(messageID: "kids1"), quota: nil)
        try await harness.store.saveText(StoryFixtures.written(for: request), for: story.id)
        try await harness.store.setStatus(.ready, for: story.id, reason: nil)
        let asked = await harness.handle(.command(.storyContinue(story: "kids1")))
        #expect(asked.replies.first?.text?.contains("on its way") == true, "\(asked.replies)")
        let job = try #require(await harness.store.allJobs.last)
        let chapter = try #require(try await harness.store.story(job.storyID))
        #expect(chapter.request.chapter != nil)
        #expect(chapter.request.audience == .children)
    }
}
