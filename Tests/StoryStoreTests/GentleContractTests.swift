import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// A story remade gentler (🌙 on a story waiting for a grown-up's yes) is read back gentle on every
/// store — alone, with its page, and by its job's run, which writes it from the stored request — and an
/// ordinary story is read back as ordinary.
@Suite("Storage contract: a gentler remake")
struct GentleContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("a gentler remake is kept gentle and an ordinary story stays ordinary", arguments: StoreBackend.allCases)
    func gentleKept(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        var gentler = Fixtures.story(id: "calm", at: clock.now())
        gentler.request.gentle = true
        let ordinary = Fixtures.story(id: "plain", theme: "a quiet owl", at: clock.now())
        let job = try await ports.stories.createStory(gentler, delivery: Self.delivery, quota: nil)
        _ = try await ports.stories.createStory(ordinary, delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 3, title: "Calm"), for: gentler.id)
        #expect(try await ports.stories.story(job.storyID)?.request.gentle == true)
        #expect(try await ports.stories.pageSnapshot(gentler.id, page: 1)?.story.request.gentle == true)
        #expect(try await ports.stories.story(ordinary.id)?.request.gentle == nil)
    }
}
