import Foundation
import StoryDomain

extension CommandRouter {
    /// The approval desk when this person's story must wait for a grown-up's yes.
    func heldBy(_ context: ChatContext, settings: FamilySettings) -> ApprovalDesk? {
        guard let approvals, approvals.holds(context, settings: settings, platform: platforms[context.family.platform]) else { return nil }
        return approvals
    }

    /// Makes the story as usual but shows it to nobody: it waits for a grown-up's yes, and the
    /// asker alone is told kindly that it is on its way. One person's requests pass one at a time,
    /// as in ``startStory(_:quota:responder:)``.
    func holdForApproval(_ story: Story, quota: DailyQuota?, context: ChatContext, desk: ApprovalDesk,
                         responder: some ChatResponder) async throws {
        let platform = story.family.platform
        let requestID = responder.deliveryAddress.requestID
        // The same request seen again after a restart (kept under the background's platform: nothing is delivered).
        if let requestID, try await stories.story(forRequest: requestID, on: DeliveryAddress.background.platform) != nil { return }
        try await oneAtATime(for: story.requester, on: platform) {
            try await stories.checkModelBudget(for: story.family, audience: story.request.isForChildren ? .children : .family)
            if let quota { try await stories.checkQuota(quota, for: story.requester, on: platform) }
            let approval = desk.rules.request(story: story.id, family: story.family, channelID: context.channelID, requester: story.requester,
                                              now: desk.clock.now())
            try await desk.hold(approval)
            do {
                // Made in the background: no message in the room to edit.
                var delivery = DeliveryAddress.background
                delivery.requestID = requestID
                try await stories.enqueue(story, delivery: delivery, quota: quota)
            } catch {
                await desk.withdraw(approval)
                throw error
            }
            desk.lookNow()
            try await responder.reply(renderer.heldForApproval(story, on: platforms[platform]))
            await desk.couriers[platform]?.held(approval, askedAt: responder.deliveryAddress)
        }
    }

    /// ✅ 🌙 🔄 on a story held for approval: grown-ups only (others are told privately).
    func pressApproval(_ answer: ApprovalButton, context: ChatContext, responder: some ChatResponder) async throws {
        let family = answer.family(pressedIn: context)
        guard let desk = approvals, let approval = try await desk.store.approval(answer.approvalID, family: family) else {
            return try await responder.update(.privateNote("👍 That story was already answered."))
        }
        guard try await desk.mayAnswer(approval, context: context) else {
            try await responder.acknowledge(privately: true)
            return try await responder.reply(.privateNote("🙂 Only a grown-up can answer this one."))
        }
        switch answer.action {
        case .share:
            try await responder.update(try await desk.approve(approval, by: context.user))
        case .gentler, .another:
            guard approval.state == .waiting, let original = try await stories.story(approval.storyID, family: family) else {
                return try await responder.update(.privateNote("👍 That story was already answered."))
            }
            let limits = try await policy.rules(for: approval.requester.userID, in: family).limits
            let remade = try await stories.screening(context.user, on: family.platform) {
                try Self.remade(original, answer.action, requester: approval.requester, limits: limits, stories: stories)
            }
            try await stories.enqueue(remade, delivery: .background, quota: nil)
            guard try await desk.replace(approval, with: remade) else {
                return try await responder.update(.privateNote("👍 That story was already answered."))
            }
            desk.lookNow()
            let what = answer.action == .gentler ? "🌙 Making a gentler one (calmer, no peril, the same friends)"
                : "🔄 Making another one"
            let answer = ChatReply.privateNote("\(what), as \(context.user.displayName) asked — I'll show it here when it's ready.")
            await desk.tellGrownUps(approval, answer)
            try await responder.update(answer)
        }
    }

    /// 🌙: the same request told calmer. 🔄: another like it; a chapter (tonight's bedtime
    /// chapter, a voted one) stays that chapter of its chain, retold with a new seed.
    static func remade(_ original: Story, _ action: ApprovalButton.Action, requester: Requester, limits: StoryLimits,
                       stories: StoryService) throws -> Story {
        if action == .gentler { return try stories.prepareGentler(like: original, limits: limits) }
        guard original.request.chapter != nil else { return try stories.prepareAnother(like: original, requester: requester, limits: limits) }
        var retold = try stories.prepareGentler(like: original, limits: limits)
        retold.request.gentle = original.request.gentle
        return retold
    }
}
