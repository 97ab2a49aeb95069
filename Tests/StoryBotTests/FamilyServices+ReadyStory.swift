import StoryDomain
import StoryTestSupport
import Testing

extension FamilyServices {
    /// A written 3-page story, ready to read, of `family` asked for by `requester` (its writer's
    /// choices for what happens next: `nextChoices`).
    func readyStory(_ id: String, family: FamilyRef, requester: Requester, nextChoices: [NextChoice]? = nil,
                    pages: Int = 3) async throws -> Story {
        let story = StoryFixtures.story(id, request: StoryFixtures.request(pages: pages), family: family, requester: requester,
                                        createdAt: clock.now())
        _ = try await store.createStory(story, delivery: StoryFixtures.delivery(messageID: id), quota: nil)
        var written = StoryFixtures.written(for: story.request)
        written.sheet.nextChoices = nextChoices
        try await store.saveText(written, for: story.id)
        try await store.setStatus(.ready, for: story.id, reason: nil)
        return try #require(try await store.story(story.id))
    }
}
