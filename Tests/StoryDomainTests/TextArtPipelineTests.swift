import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("Story pipeline: text-art stories")
struct TextArtPipelineTests {
    @Test("text-art stories are painted like picture stories: each page's own picture is drawn as text")
    func paintsTextArtStories() async throws {
        let harness = try await PipelineHarness(pages: 3, illustrations: .textArt)
        let outcome = await harness.pipeline(illustrator: harness.illustrator()).process(try await harness.claim())
        #expect(outcome == .delivered)
        #expect(try await harness.storedPictures().allSatisfy { $0 != nil }, "every page has its picture")
        #expect(try await harness.store.story(harness.story.id)?.status == .ready)
    }
}
