import Foundation
import StoryTestSupport
import Testing
@testable import StoryDomain

/// Pronouns the family sets (issue 31): read from what is typed, kept with cast members and
/// requests, and carried into every character design; nil everywhere means "use the name".
@Suite("Pronouns: typed, kept, carried into designs")
struct PronounTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let family = FamilyRef(platform: "web", externalID: "family")

    @Test("typed: he, she, they in any case and the he/him forms; name, none and “use the name” clear; anything else is nil")
    func reading() {
        #expect(PronounChoice(reading: "he") == .pronouns(.he))
        #expect(PronounChoice(reading: " She ") == .pronouns(.she))
        #expect(PronounChoice(reading: "he/him") == .pronouns(.he))
        #expect(PronounChoice(reading: "THEY/them") == .pronouns(.they))
        for word in ["name", "Name", "use the name", "Use  the name", "none", "default"] {
            #expect(PronounChoice(reading: word) == .name, "\(word)")
        }
        for word in ["", "it", "xe", "hen", "his", "the"] { #expect(PronounChoice(reading: word) == nil, "\(word)") }
        #expect(PronounChoice.name.pronouns == nil && PronounChoice.pronouns(.she).pronouns == .she)
    }

    @Test("the cast: added with pronouns, changed, cleared with name; an edit of pronouns alone keeps the portrait")
    func castMembers() async throws {
        let service = CastService(store: InMemoryCastStore(), clock: clock, illustrator: ScriptedIllustrator())
        let leo = try await service.add(name: "Leo", kind: "child", age: "5", look: "a red jumper", pronouns: "He/him", family: family,
                                        by: "u1")
        #expect(leo.pronouns == .he)
        #expect(try await service.add(name: "Max", kind: "dog", age: nil, look: nil, family: family, by: "u1").pronouns == nil)
        await #expect(throws: CastError.unknownPronouns("xe")) {
            _ = try await service.add(name: "Ann", kind: "child", age: nil, look: nil, pronouns: "xe", family: family, by: "u1")
        }
        let portrait = try #require(try await service.portraits(of: family, named: "Leo").first?.portrait)
        let she = try await service.edit(name: "leo", kind: nil, age: nil, look: nil, pronouns: "SHE", family: family, by: "u1",
                                         isManager: false)
        #expect(she.pronouns == .she && she.portrait == portrait && she.age == 5 && she.look == "a red jumper")
        let untouched = try await service.edit(name: "Leo", kind: nil, age: nil, look: "a blue hat", family: family, by: "u1",
                                               isManager: false)
        #expect(untouched.pronouns == .she, "not given: kept")
        let cleared = try await service.edit(name: "Leo", kind: nil, age: nil, look: nil, pronouns: "name", family: family, by: "u1",
                                             isManager: false)
        #expect(cleared.pronouns == nil)
        #expect(try await service.cast(of: family).first?.pronouns == nil)
        await #expect(throws: CastError.unknownPronouns("they're")) {
            _ = try await service.edit(name: "Leo", kind: nil, age: nil, look: nil, pronouns: "they're", family: family, by: "u1",
                                       isManager: false)
        }
    }

    @Test("a request: the hero's pronouns as typed, none for name or nothing, a kind refusal for anything else")
    func requests() throws {
        let validator = StoryRequestValidator()
        #expect(try validator.validate(StoryRequestDraft(theme: "a picnic", heroName: "Mia", pronouns: "she/her"), seed: 1).heroPronouns == .she)
        #expect(try validator.validate(StoryRequestDraft(theme: "a picnic", heroName: "Mia", pronouns: "They"), seed: 1).heroPronouns == .they)
        #expect(try validator.validate(StoryRequestDraft(theme: "a picnic", heroName: "Mia", pronouns: "name"), seed: 1).heroPronouns == nil)
        #expect(try validator.validate(StoryRequestDraft(theme: "a picnic", heroName: "Mia"), seed: 1).heroPronouns == nil)
        #expect(throws: StoryRequestError.unknownPronouns("ze")) {
            _ = try validator.validate(StoryRequestDraft(theme: "a picnic", heroName: "Mia", pronouns: "ze"), seed: 1)
        }
    }

    @Test("designs: the request's pronouns go to the hero; cast members keep theirs, as hero and as friends; the request's win")
    func designs() {
        var request = StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 3, seed: 7)
        #expect(CharacterSheetDesigner().design(for: request).hero.pronouns == nil, "not set: by name")
        request.heroPronouns = .she
        #expect(CharacterSheetDesigner().design(for: request).hero.pronouns == .she)
        #expect(CharacterSheetDesigner().design(for: request).companion?.pronouns == nil, "a theme's creature has none")

        let leo = CastMember(name: "Leo", kind: .child, age: 5, look: "a red jumper", pronouns: .he, createdBy: "u1", createdAt: clock.now())
        let max = CastMember(name: "Max", kind: .creature(.dog), look: "a grey dog", createdBy: "u1", createdAt: clock.now())
        let ada = CastMember(name: "Ada", kind: .grownUp, pronouns: .she, createdBy: "u1", createdAt: clock.now())
        #expect(CastDesigner().design(leo).pronouns == .he && CastDesigner().design(max).pronouns == nil)
        var plain = StoryRequest(theme: "a picnic", heroName: "Leo", age: 5, pageCount: 3, seed: 1)
        let sheet = CharacterSheetDesigner.casting([leo, max, ada], on: CharacterSheetDesigner().design(for: plain), heroName: "Leo")
        #expect(sheet.hero.pronouns == .he)
        #expect(sheet.friends.map(\.pronouns) == [nil, .she])
        plain.heroPronouns = .they
        let asked = CharacterSheetDesigner.casting([leo], on: CharacterSheetDesigner().design(for: plain), heroName: "Leo")
        #expect(asked.hero.pronouns == .they, "given with the request: the family's word for this story")
        // A kept sheet (a collection's, a cast story's) keeps its hero's pronouns when the request gives none.
        var kept = StoryRequest(theme: "a boat", heroName: "Leo", age: 5, pageCount: 3, seed: 2)
        kept.heroSheet = sheet
        #expect(CharacterSheetDesigner().design(for: kept).hero.pronouns == .he)
        #expect(CharacterSheetDesigner().design(for: kept).friends.map(\.pronouns) == [nil, .she])
    }

    @Test("a cast story keeps its heroes' pronouns; another story like it and tonight's chapter keep the hero's")
    func stories() async throws {
        let stories = StoryService(repository: InMemoryStore(clock: clock), writerLanguages: Set(StoryLanguage.allCases), clock: clock,
                                   jobAdded: {})
        let leo = CastMember(name: "Leo", kind: .child, age: 5, pronouns: .he, createdBy: "u1", createdAt: clock.now())
        let mia = CastMember(name: "Mia", kind: .child, age: 6, pronouns: .she, createdBy: "u1", createdAt: clock.now())
        let cast = try stories.prepareStory(StoryRequestDraft(theme: "a picnic", cast: "Leo,Mia"), family: family,
                                            requester: StoryFixtures.requester, limits: StoryLimits(), cast: [leo, mia])
        #expect(cast.request.heroSheet?.hero.pronouns == .he && cast.request.heroSheet?.friends.map(\.pronouns) == [.she])
        let typed = try stories.prepareStory(StoryRequestDraft(theme: "a picnic", heroName: "Pip", pronouns: "she"), family: family,
                                             requester: StoryFixtures.requester, limits: StoryLimits())
        #expect(try stories.prepareAnother(like: typed, requester: StoryFixtures.requester, limits: StoryLimits()).request.heroPronouns == .she)
        let chapter = try await stories.prepareChapter(after: typed, chain: [], requester: StoryFixtures.requester, limits: StoryLimits())
        #expect(chapter.request.heroPronouns == .she)
    }

    @Test("requests, drafts, sheets and cast members kept before pronouns existed still decode (as “use the name”)")
    func keptBefore() throws {
        func withoutKey<T: Codable>(_ value: T, _ key: String, as type: T.Type) throws -> T {
            var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
            #expect(object.removeValue(forKey: key) != nil, "the key is written today")
            return try JSONDecoder().decode(type, from: JSONSerialization.data(withJSONObject: object))
        }
        var request = StoryRequest(theme: "a picnic", heroName: "Mia", age: 5, pageCount: 3, seed: 1)
        request.heroPronouns = .she
        #expect(try withoutKey(request, "heroPronouns", as: StoryRequest.self).heroPronouns == nil)
        let draft = StoryRequestDraft(theme: "a picnic", pronouns: "she")
        #expect(try withoutKey(draft, "pronouns", as: StoryRequestDraft.self).pronouns == nil)
        let member = CastMember(name: "Leo", kind: .child, pronouns: .he, createdBy: "u1", createdAt: clock.now())
        #expect(try withoutKey(member, "pronouns", as: CastMember.self).pronouns == nil)
        let design = CastDesigner().design(member)
        #expect(try withoutKey(design, "pronouns", as: CharacterDesign.self).pronouns == nil)
    }
}
