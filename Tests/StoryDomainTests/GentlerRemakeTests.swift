import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// 🌙 Gentler (a grown-up's answer to a story waiting for a yes): the same request told calmer,
/// with a new seed but the same friends.
@Suite("A gentler remake")
struct GentlerRemakeTests {
    let services = FamilyServices()
    static let family = FamilyRef(platform: "web", externalID: "room")

    @Test("told gentle with a new seed, keeping the hero and companion as drawn")
    func sameFriends() throws {
        var original = try services.stories.prepareStory(StoryRequestDraft(theme: "a lighthouse cat", heroName: "Pip"), family: Self.family,
                                                         requester: Requester(userID: "u-mia", displayName: "Mia"), limits: StoryLimits())
        let drawn = CharacterSheetDesigner().design(for: original.request)
        original.sheet = drawn
        let gentler = try services.stories.prepareGentler(like: original, limits: StoryLimits())
        #expect(gentler.request.gentle == true)
        #expect(gentler.request.seed != original.request.seed && gentler.id != original.id)
        let redrawn = CharacterSheetDesigner().design(for: gentler.request)
        #expect(redrawn.hero == drawn.hero)
        #expect(redrawn.companion == drawn.companion)
    }
}
