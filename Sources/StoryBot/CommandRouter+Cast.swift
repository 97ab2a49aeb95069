import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// `/cast …`: the family's cast. Anyone in the family may add and list; the member's creator
    /// and the family's managers (Discord: Manage Server; web chat: grown-ups) may edit or remove.
    func runCast(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        guard let cast else { throw CastError.notOffered }
        let family = context.family
        switch command {
        case let .castAdd(name, kind, age, look, pronouns, sensitivities):
            let avoid = try await rules(context).limits.avoidList
            let member = try await cast.add(name: name, kind: kind, age: age, look: look, pronouns: pronouns, sensitivities: sensitivities,
                                            family: family, by: context.user.userID, avoid: avoid)
            logger.info("cast member added", metadata: ["kind": "\(member.kind)"])
            try await responder.reply(renderer.castAdded(member, count: try await cast.cast(of: family).count))
        case .castList:
            try await responder.reply(renderer.castList(try await cast.cast(of: family)))
        case let .castShow(name):
            let members = try await cast.portraits(of: family, named: name)
            try await responder.reply(renderer.castPortraits(members))
        case let .castEdit(name, kind, age, look, pronouns, sensitivities):
            let avoid = try await rules(context).limits.avoidList
            let member = try await cast.edit(name: name, kind: kind, age: age, look: look, pronouns: pronouns, sensitivities: sensitivities,
                                             family: family, by: context.user.userID, isManager: context.isManager, avoid: avoid)
            logger.info("cast member changed", metadata: ["kind": "\(member.kind)"])
            try await responder.reply(renderer.castEdited(member))
        case let .castRemove(name):
            let member = try await cast.remove(name: name, family: family, by: context.user.userID, isManager: context.isManager)
            logger.info("cast member removed")
            try await responder.reply(renderer.castRemoved(member))
        default:
            break
        }
    }

    /// The draft with the pronouns of the cast member it names as its hero (`name:Leo`, no
    /// `cast:`), when the family gave none with the request and set them in the cast.
    func withCastPronouns(_ draft: StoryRequestDraft, family: FamilyRef) async throws -> StoryRequestDraft {
        let blank: (String?) -> Bool = { ($0 ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        guard let cast, blank(draft.pronouns), blank(draft.cast), let hero = draft.heroName, !blank(hero) else { return draft }
        guard let member = try await cast.cast(of: family).first(where: { $0.key == CastMember.key(hero) }),
              let pronouns = member.pronouns else { return draft }
        var draft = draft
        draft.pronouns = pronouns.rawValue
        return draft
    }

    /// The family's cast member a `companion:` names (by name), if any: a companion from the cast
    /// keeps its look and its pronouns.
    func companionMember(_ companion: String?, family: FamilyRef) async throws -> CastMember? {
        guard let cast, let companion, !companion.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let key = CastMember.key(companion)
        return try await cast.cast(of: family).first { $0.key == key }
    }

    /// The cast members a story's `cast:` names (none when it is empty). With `painting`, those
    /// without a portrait get theirs now, so model illustrators have each member's first kept
    /// picture as a reference from their first story on (the read-only check before
    /// acknowledging paints nothing).
    func castMembers(_ text: String?, family: FamilyRef, painting: Bool = false) async throws -> [CastMember] {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        guard let cast else { throw CastError.notOffered }
        let members = try await cast.resolve(text, family: family)
        return painting ? await cast.withPortraits(members, family: family) : members
    }
}
