import Foundation
import StoryTestSupport
import Testing
@testable import StoryDomain

/// The family's cast against the in-memory store: kinds as typed, names resolved for stories,
/// and the sheet a story keeps.
@Suite("The family's cast: service")
struct CastServiceTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let family = FamilyRef(platform: "web", externalID: "family")

    @Test("kinds: stored names and everyday words; anything else is refused")
    func kinds() {
        #expect(CastKind(parsing: "Grown-up") == .grownUp && CastKind(parsing: "mum") == .grownUp)
        #expect(CastKind(parsing: "puppy") == .creature(.dog) && CastKind(parsing: "teddy") == .creature(.bear))
        #expect(CastKind(parsing: "baby") == .baby && CastKind(parsing: "boy") == .child)
        #expect(CastKind(parsing: "spaceship") == nil && CastKind(rawValue: "grownUp") == nil)
        #expect(CastKind.allNames.prefix(4) == ["child", "grown-up", "baby", "dragon"])
        for name in CastKind.allNames { #expect(CastKind(rawValue: name)?.rawValue == name) }
    }

    @Test("a story's cast: names in any case, split on commas and “and”; unknown ones listed with the cast; at most three")
    func resolve() async throws {
        let service = CastService(store: InMemoryCastStore(), clock: clock)
        _ = try await service.add(name: "Leo", kind: "child", age: "5", look: "a red jumper", family: family, by: "u1")
        _ = try await service.add(name: "Max", kind: "dog", age: nil, look: nil, family: family, by: "u1")
        #expect(try await service.resolve("max and LEO", family: family).map(\.name) == ["Max", "Leo"])
        #expect(try await service.resolve(" ", family: family).isEmpty)
        await #expect(throws: CastError.unknownInStory(["Mia"], cast: ["Leo", "Max"])) {
            _ = try await service.resolve("Leo, Mia", family: family)
        }
        await #expect(throws: CastError.tooManyHeroes(limit: 3)) {
            _ = try await service.resolve("Leo, Max, Leo, Max", family: family)
        }
    }

    @Test("an edit's new look lets the portrait go; an age is kept only for children")
    func edits() async throws {
        let store = InMemoryCastStore()
        let service = CastService(store: store, clock: clock, illustrator: ScriptedIllustrator())
        _ = try await service.add(name: "Leo", kind: "child", age: "5", look: "a red jumper", family: family, by: "u1")
        let painted = try await service.portraits(of: family)
        #expect(painted.first?.portrait != nil)
        let edited = try await service.edit(name: "leo", kind: "dog", age: nil, look: nil, family: family, by: "u1", isManager: false)
        #expect(edited.kind == .creature(.dog) && edited.age == nil && edited.portrait == nil)
        await #expect(throws: CastError.notAllowed("Leo")) {
            _ = try await service.remove(name: "Leo", family: family, by: "u2", isManager: false)
        }
        #expect(try await service.remove(name: "Leo", family: family, by: "u2", isManager: true).name == "Leo")
    }

    @Test("the sheet: the named cast member leads, the others are friends, drawn from the cast")
    func sheet() {
        let leo = CastMember(name: "Leo", kind: .child, age: 5, look: "a red jumper", createdBy: "u1", createdAt: clock.now())
        let max = CastMember(name: "Max", kind: .creature(.dog), look: "a grey dog", createdBy: "u1", createdAt: clock.now())
        let request = StoryRequest(theme: "a picnic", heroName: "Max", age: 5, pageCount: 3, seed: 1)
        let sheet = CharacterSheetDesigner.casting([leo, max], on: CharacterSheetDesigner().design(for: request), heroName: "max")
        #expect(sheet.hero.name == "Max" && sheet.hero.kind == .dog && sheet.friends.map(\.name) == ["Leo"])
        #expect(sheet.promptSummary.contains("The second hero: a child of 5"))
    }
}
