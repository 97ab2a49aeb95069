import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("StoryPipeline: a painter that paints from the sheet alone is handed no previous picture")
struct StoryPipelineSheetPainterTests {
    @Test("chained: no page is handed the page before it; every picture is still saved")
    func chainedWithoutPrevious() async throws {
        let harness = try await PipelineHarness(pages: 4)
        let illustrator = harness.illustrator(usesPreviousPicture: false)
        #expect(await harness.pipeline(illustrator: illustrator, strategy: .chained).process(try await harness.claim()) == .delivered)

        let requests = illustrator.requests.all
        #expect(requests.map(\.pageNumber) == [1, 2, 3, 4])
        #expect(requests.allSatisfy { $0.previous == nil })
        #expect(try await harness.storedPictures().allSatisfy { $0 != nil })
    }

    @Test("anchored: the later pages are not handed page 1")
    func anchoredWithoutPrevious() async throws {
        let harness = try await PipelineHarness(pages: 4)
        let illustrator = harness.illustrator(usesPreviousPicture: false)
        #expect(await harness.pipeline(illustrator: illustrator, strategy: .anchored(concurrency: 2)).process(try await harness.claim()) == .delivered)

        #expect(Set(illustrator.requests.all.map(\.pageNumber)) == Set(1...4))
        #expect(illustrator.requests.all.allSatisfy { $0.previous == nil })
        #expect(try await harness.storedPictures().allSatisfy { $0 != nil })
    }
}
