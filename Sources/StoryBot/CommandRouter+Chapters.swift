import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// `/story continue [story:…]`: tonight's chapter, made and delivered exactly like
    /// `/story new` (the requester's rules, refusal limit, model budget and daily quota; one
    /// job; page 1 shown in place), or held for a grown-up's yes when the family's approval is on.
    func continueStory(_ query: String, context: ChatContext, responder: some ChatResponder) async throws {
        let rules = try await requesterRules(context)
        let limits = rules.limits
        try await stories.checkRefusals(for: context.user, on: context.family.platform)
        let story = try await preparedChapter(query, context: context, limits: limits)
        if let desk = heldBy(context, settings: rules.settings) {
            try await holdForApproval(story, quota: limits.dailyQuota, context: context, desk: desk, responder: responder)
        } else {
            try await startStory(story, quota: limits.dailyQuota, responder: responder)
        }
        logger.info("chapter requested", metadata: ["story": "\(story.id)", "chapter": "\(story.request.chapter?.number ?? 0)"])
    }

    /// The chapter `/story continue` would make, not stored (read-only): after the chosen
    /// story's chain (`query`: an id or title words) or the family's newest story's.
    func preparedChapter(_ query: String, context: ChatContext, limits: StoryLimits, seed: UInt64? = nil) async throws -> Story {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let chosen = trimmed.isEmpty ? nil : try await resolve(trimmed, family: context.family)
        let (previous, chain) = try await stories.storyToContinue(chosen, family: context.family)
        return try await stories.prepareChapter(after: previous, chain: chain, requester: context.user, limits: limits, seed: seed)
    }

    /// ▶ *Next chapter* on a story's last page: opens the chapter after it when one is kept (as
    /// a new message, like 📖 in the library), or else makes tonight's chapter like
    /// `/story continue` (a refusal answered privately).
    func nextChapter(after id: StoryID, context: ChatContext, responder: some ChatResponder) async throws {
        guard let story = try await stories.story(id, family: context.family) else {
            try await responder.acknowledge(privately: true)
            throw StoryServiceError.storyNotFound
        }
        if let next = try await stories.chapter(after: story), let nextStory = try await stories.story(next.id, family: context.family),
           nextStory.isReadable {
            try await responder.acknowledge(privately: false)
            try await responder.reply(try await firstPage(of: nextStory, family: context.family))
            return
        }
        let refused = await answersPrivately(.storyContinue(story: id.rawValue), context: context)
        try await responder.acknowledge(privately: refused)
        try await continueStory(id.rawValue, context: context, responder: responder)
    }
}
