import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    func runCollection(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        switch command {
        case let .collectionNew(draft):
            let rules = try await rules(context)
            guard rules.mayRequest(roleIDs: context.roleIDs, isManager: context.isManager) else {
                throw CommandAccessError.requesterRoleRequired
            }
            guard rules.plan.limits.collections else { throw PremiumRequired(feature: .collections) }
            let heroes = try await castMembers(draft.cast, family: context.family, painting: true)
            let companion = try await companionMember(draft.companion, family: context.family)
            let prepared = try await stories.screening(context.user, on: context.family.platform) {
                try collections.prepare(
                    goal: draft.goal, heroName: draft.heroName, age: draft.age, companion: draft.companion, storyCount: draft.stories,
                    language: draft.language, family: context.family, requester: context.user, limits: rules.limits, cast: heroes,
                    pronouns: draft.pronouns, companionMember: companion)
            }
            let quota = rules.limits.dailyQuota
            try await oneAtATime(for: context.user, on: context.family.platform) { [stories, collections, renderer] in
                try await stories.checkModelBudget(for: context.family, audience: rules.limits.audience)
                if let quota { try await stories.checkQuota(quota, for: context.user, on: context.family.platform) }
                try await responder.reply(renderer.collectionAccepted(prepared.collection))
                try await collections.start(prepared, delivery: responder.deliveryAddress, quota: quota)
            }
            logger.info("collection started", metadata: ["collection": "\(prepared.collection.id)", "goal": "\(prepared.collection.goal.rawValue)"])
        case .collectionList:
            try await responder.reply(renderer.collections(try await collections.collections(of: context.family)))
        case let .collectionShow(query):
            try await show(try await collections.find(query, in: context.family), context: context, responder: responder)
        case let .collectionDelete(query):
            let progress = try await collections.find(query, in: context.family)
            guard context.isManager || progress.collection.requester.userID == context.user.userID else {
                throw CollectionError.notAllowedToDelete
            }
            try await responder.reply(renderer.collectionDeleteConfirmation(progress.collection))
        default:
            break
        }
    }

    func pressCollection(_ component: ComponentID, context: ChatContext, responder: some ChatResponder) async throws {
        switch component {
        case let .collection(id):
            try await responder.acknowledge(privately: false)
            guard let progress = try await collections.collection(id, family: context.family) else { throw CollectionError.notFound }
            try await show(progress, context: context, responder: responder)
        case let .confirmCollectionDelete(id):
            guard let progress = try await collections.collection(id, family: context.family) else {
                try await responder.update(.privateNote("🗑 That collection is already gone."))
                return
            }
            try await collections.delete(id, family: context.family, by: context.user, isManager: context.isManager)
            logger.info("collection deleted", metadata: ["collection": "\(id)"])
            await responder.storiesDeleted(progress.entries.compactMap(\.storyID))
            try await responder.update(.privateNote("🗑 **\(quoted: progress.collection.title)** and its stories were deleted."))
        default:
            break
        }
    }

    /// The collection with read marks, opening its next unread story (made now if it does not exist yet).
    private func show(_ progress: CollectionProgress, context: ChatContext, responder: some ChatResponder) async throws {
        guard let next = progress.nextUnread else {
            try await responder.reply(renderer.collection(progress, next: nil, note: nil))
            return
        }
        if let id = next.storyID, next.storyStatus != .failed {
            let story = try await stories.story(id, family: context.family)
            if let story, story.isReadable, let snapshot = try await stories.page(id, number: 1, family: context.family),
               snapshot.page.imageID != nil || story.status == .ready {
                try await responder.reply(renderer.collection(progress, next: snapshot, note: "📖 Next up — story \(next.position):"))
            } else {
                try await responder.reply(renderer.collection(progress, next: nil,
                                                              note: "⏳ Story \(next.position) is still being made — try again in a moment."))
            }
            return
        }
        // Not made yet (or it could not be finished): made now on the owner's plan, under the
        // family's rules. It is checked before anything is posted, so a refusal is private only.
        let rules = try await collections.continuationRules(for: progress.collection, purchases: context.purchases)
        guard rules.mayRequest(roleIDs: context.roleIDs, isManager: context.isManager) else {
            throw CommandAccessError.requesterRoleRequired
        }
        guard rules.plan.limits.collections else {
            try await responder.reply(renderer.collectionNeedsPremium(progress, next: next))
            return
        }
        var limits = rules.limits
        if context.isChild { limits.audience = .children }
        let story = try await collections.prepareNext(next, of: progress, limits: limits)
        try await responder.reply(renderer.collection(progress, next: nil,
                                                      note: "✨ Story \(next.position), *\(next.theme)*, is on its way and will appear right here."))
        _ = try await collections.add(story, to: progress.collection.id, position: next.position, delivery: responder.deliveryAddress)
    }
}
