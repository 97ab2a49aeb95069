import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// Who a story is for, the same on every store: a children's story is read back as children's
/// (alone, with its page, from its job), a family's as the family's; a chat marked as
/// children's keeps that setting.
@Suite("Storage contract: story audience")
struct AudienceContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("a story's audience is kept and read back", arguments: StoreBackend.allCases)
    func storyAudienceKept(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        var children = Fixtures.story(id: "kids", at: clock.now())
        children.request.audience = .children
        var family = Fixtures.story(id: "grown", theme: "a quiet owl", at: clock.now())
        family.request.audience = .family
        let job = try await ports.stories.createStory(children, delivery: Self.delivery, quota: nil)
        _ = try await ports.stories.createStory(family, delivery: Self.delivery, quota: nil)
        try await ports.stories.saveText(Fixtures.written(pages: 3, title: "Kids"), for: children.id)
        #expect(try await ports.stories.story(children.id)?.request.audience == .children)
        #expect(try await ports.stories.pageSnapshot(children.id, page: 1)?.story.request.audience == .children)
        #expect(try await ports.stories.story(job.storyID)?.request.isForChildren == true)
        #expect(try await ports.stories.story(family.id)?.request.audience == .family)
    }

    @Test("a chat marked as children's keeps the setting with the family's others", arguments: StoreBackend.allCases)
    func settingKept(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        #expect(try await ports.settings.settings(for: Fixtures.family).audience == nil)
        var settings = FamilySettings(maxPages: 4)
        settings.audience = .children
        try await ports.settings.save(settings, for: Fixtures.family, by: "parent")
        let read = try await ports.settings.settings(for: Fixtures.family)
        #expect(read.audience == .children && read.maxPages == 4)
    }
}
