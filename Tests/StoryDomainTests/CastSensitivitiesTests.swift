import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// Per-child sensitivities (`/cast add … avoid:"thunder, big dogs"`): cleaned like the family's
/// avoid-list and kept out of every story the member is in.
@Suite("The cast: a member's sensitivities")
struct CastSensitivitiesTests {
    let services = FamilyServices()
    static let family = FamilyRef(platform: "web", externalID: "room")

    @Test("typed with commas, cleaned, kept, cleared with none; too many refused kindly")
    func validated() throws {
        let validator = CastMemberValidator()
        #expect(try validator.sensitivities(nil) == nil)
        #expect(try validator.sensitivities(" Thunder, big  DOGS!, thunder ") == ["thunder", "big dogs"])
        #expect(try validator.sensitivities("none") == [])
        let many = (1...11).map { "thing \($0)" }.joined(separator: ",")
        #expect(throws: CastError.tooManySensitivities(limit: 10)) { try validator.sensitivities(many) }
    }

    @Test("every story the member is in keeps them out, like the family's avoid-list; a story without them does not")
    func applied() async throws {
        let cast = CastService(store: InMemoryCastStore(), clock: services.clock)
        let leo = try await cast.add(name: "Leo", kind: "child", age: "5", look: nil, sensitivities: "thunder, big dogs",
                                     family: Self.family, by: "u-mum")
        #expect(leo.avoid == ["thunder", "big dogs"])
        var limits = StoryLimits()
        limits.avoidList = ["spiders"]
        let story = try services.stories.prepareStory(StoryRequestDraft(theme: "a windy night", heroName: "Leo"), family: Self.family,
                                                      requester: Requester(userID: "u-mum", displayName: "Mum"), limits: limits,
                                                      cast: [leo])
        #expect(story.request.avoid == ["spiders", "thunder", "big dogs"])
        let another = try services.stories.prepareAnother(like: story, requester: story.requester, limits: limits)
        #expect(another.request.avoid == ["spiders", "thunder", "big dogs"], "🔄 keeps what the first kept out")
        let without = try services.stories.prepareStory(StoryRequestDraft(theme: "a windy night", heroName: "Ann"), family: Self.family,
                                                        requester: Requester(userID: "u-mum", displayName: "Mum"), limits: limits)
        #expect(without.request.avoid == ["spiders"])
        let edited = try await cast.edit(name: "Leo", kind: nil, age: nil, look: nil, sensitivities: "none", family: Self.family,
                                         by: "u-mum", isManager: false)
        #expect(edited.avoid == [])
    }
}
