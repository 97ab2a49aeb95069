import Foundation

/// The family's cast (`/cast add|list|show|edit|remove`): validates what is typed, keeps at most
/// ``CastLimits/maxMembers`` members, lets only a member's creator and the family's managers
/// change them, paints each member's portrait once, and resolves a story's `cast:` into members.
public struct CastService: Sendable {
    private let store: any CastStore
    private let clock: any WallClock
    /// Paints portraits (the family's illustrator); nil: portraits are not painted.
    private let illustrator: (any Illustrator)?
    /// Paints a portrait when `illustrator` fails (the built-in illustrator).
    private let fallback: (any Illustrator)?
    private let designer = CastDesigner()

    public init(store: any CastStore, clock: any WallClock, illustrator: (any Illustrator)? = nil,
                fallback: (any Illustrator)? = nil) {
        self.store = store
        self.clock = clock
        self.illustrator = illustrator
        self.fallback = fallback
    }

    /// The family's cast, in the order members were added.
    public func cast(of family: FamilyRef) async throws -> [CastMember] {
        try await store.cast(of: family)
    }

    /// Adds a member typed as `name`, `kind`, `age`, `look`, `pronouns` (each checked like every other input).
    public func add(name: String?, kind: String?, age: String?, look: String?, pronouns: String? = nil, sensitivities: String? = nil,
                    family: FamilyRef, by user: String, avoid: [String] = []) async throws -> CastMember {
        let validator = CastMemberValidator(avoid: avoid)
        let cleanName = try validator.name(name)
        let cleanKind = try validator.kind(kind)
        var member = CastMember(name: cleanName, kind: cleanKind, age: try validator.age(age, kind: cleanKind),
                                look: try validator.look(look), pronouns: try validator.pronouns(pronouns)?.pronouns, createdBy: user,
                                createdAt: clock.now())
        member.avoid = try validator.sensitivities(sensitivities) ?? []
        try await store.addMember(member, to: family, limit: CastLimits.maxMembers)
        return member
    }

    /// Changes a member's kind, age, look or pronouns (only what is given; `pronouns:name` clears
    /// them). A new look or kind means a new portrait: the old one is let go and painted again
    /// when next shown. Stories already made keep theirs.
    public func edit(name: String, kind: String?, age: String?, look: String?, pronouns: String? = nil, sensitivities: String? = nil,
                     family: FamilyRef, by user: String, isManager: Bool, avoid: [String] = []) async throws -> CastMember {
        let given = [kind, age, look, pronouns, sensitivities].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var member = try await find(name, in: family)
        guard member.createdBy == user || isManager else { throw CastError.notAllowed(member.name) }
        guard !given.isEmpty else { throw CastError.nothingToChange }
        let validator = CastMemberValidator(avoid: avoid)
        let before = member
        if let kind, !kind.trimmingCharacters(in: .whitespaces).isEmpty { member.kind = try validator.kind(kind) }
        if let age, !age.trimmingCharacters(in: .whitespaces).isEmpty {
            member.age = try validator.age(age, kind: member.kind)
        } else if member.kind != .child && member.kind != .baby {
            member.age = nil
        } else if let kept = member.age, !(member.kind == .baby ? CastLimits.babyAges : CastLimits.childAges).contains(kept) {
            member.age = nil
        }
        if let look, !look.trimmingCharacters(in: .whitespaces).isEmpty { member.look = try validator.look(look) }
        if let choice = try validator.pronouns(pronouns) { member.pronouns = choice.pronouns }
        if let kept = try validator.sensitivities(sensitivities) { member.avoid = kept }
        if member.look != before.look || member.kind != before.kind { member.portrait = nil }
        guard try await store.updateMember(member, in: family) else { throw CastError.notFound(name, cast: try await names(family)) }
        return member
    }

    /// Removes a member; stories already made do not change.
    public func remove(name: String, family: FamilyRef, by user: String, isManager: Bool) async throws -> CastMember {
        let member = try await find(name, in: family)
        guard member.createdBy == user || isManager else { throw CastError.notAllowed(member.name) }
        guard try await store.removeMember(named: member.name, from: family) else {
            throw CastError.notFound(name, cast: try await names(family))
        }
        return member
    }

    /// The members to show (all, or the one named), each with a portrait: painted now with the
    /// family's illustrator when it has none yet, then kept.
    public func portraits(of family: FamilyRef, named name: String? = nil) async throws -> [CastMember] {
        var members = try await store.cast(of: family)
        if let name, !name.trimmingCharacters(in: .whitespaces).isEmpty {
            members = [try await find(name, in: family)]
        }
        var shown: [CastMember] = []
        for member in members { shown.append(try await withPortrait(member, family: family)) }
        return shown
    }

    /// The members with their portraits, painted now for those who have none yet (their first
    /// kept picture, which model illustrators then get as the reference for every story). A
    /// portrait that cannot be painted now is left for later: the member is returned as they are.
    public func withPortraits(_ members: [CastMember], family: FamilyRef) async -> [CastMember] {
        var painted: [CastMember] = []
        for member in members { painted.append((try? await withPortrait(member, family: family)) ?? member) }
        return painted
    }

    private func withPortrait(_ member: CastMember, family: FamilyRef) async throws -> CastMember {
        guard member.portrait == nil, let illustrator else { return member }
        let request = portraitRequest(for: member)
        let picture: Illustration
        do {
            // A model illustrator's call is counted for the family, like a story's pictures.
            picture = try await ModelCallScope.$current.withValue(ModelCallScope(family: family, kind: .picture)) {
                try await illustrator.illustrate(request)
            }
        } catch {
            guard let fallback, !(error is CancellationError) else { throw error }
            picture = try await fallback.illustrate(request)
        }
        var member = member
        member.portrait = try await store.keepPortrait(picture, forMember: member.name, in: family)
        return member
    }

    /// The members a story's `cast:` names ("Leo,Max", "Leo and Max"), in that order, at most
    /// ``CastLimits/maxHeroesPerStory``; unknown names are refused with the family's cast listed.
    public func resolve(_ text: String, family: FamilyRef) async throws -> [CastMember] {
        let wanted = Self.names(in: text)
        guard !wanted.isEmpty else { return [] }
        guard wanted.count <= CastLimits.maxHeroesPerStory else { throw CastError.tooManyHeroes(limit: CastLimits.maxHeroesPerStory) }
        let cast = try await store.cast(of: family)
        var found: [CastMember] = []
        var unknown: [String] = []
        for name in wanted {
            if let member = cast.first(where: { $0.key == CastMember.key(name) }) {
                if !found.contains(member) { found.append(member) }
            } else {
                unknown.append(String(TextSanitizer().cleanLine(name).prefix(40)))
            }
        }
        guard unknown.isEmpty else { throw CastError.unknownInStory(unknown, cast: cast.map(\.name)) }
        return found
    }

    /// The names of a `cast:` value: split on commas, "&", "+" and " and ".
    static func names(in text: String) -> [String] {
        text.replacingOccurrences(of: " and ", with: ",").replacingOccurrences(of: "&", with: ",")
            .replacingOccurrences(of: "+", with: ",").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The character design a member has in stories.
    public func design(_ member: CastMember) -> CharacterDesign { designer.design(member) }

    /// A portrait: the member alone, standing in a sunny meadow.
    func portraitRequest(for member: CastMember) -> IllustrationRequest {
        let hero = designer.design(member)
        let sheet = CharacterSheet(hero: hero, companion: nil, setting: .meadow, settingDescription: "a sunny meadow",
                                   palette: Palette(sky: RGB(170, 210, 240), ground: RGB(150, 200, 110), accent: hero.accentColor))
        let scene = PageScene(timeOfDay: .afternoon, action: .standing)
        let page = WrittenPage(text: "", scene: scene, imagePrompt: "A portrait of \(hero.looks), standing in a sunny meadow, smiling.")
        return IllustrationRequest(title: member.name, sheet: sheet, page: page, pageNumber: 1, pageCount: 1, previous: nil,
                                   seed: CastDesigner.stableSeed(member.name))
    }

    private func find(_ name: String, in family: FamilyRef) async throws -> CastMember {
        let cast = try await store.cast(of: family)
        guard let member = cast.first(where: { $0.key == CastMember.key(name) }) else {
            throw CastError.notFound(String(TextSanitizer().cleanLine(name).prefix(40)), cast: cast.map(\.name))
        }
        return member
    }

    private func names(_ family: FamilyRef) async throws -> [String] { try await store.cast(of: family).map(\.name) }
}
