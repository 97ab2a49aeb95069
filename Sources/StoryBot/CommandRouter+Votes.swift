import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// After a story's last page: `announcement` (the collection's news, if any) with the vote on
    /// what happens next joined to it, when the story is its chain's newest chapter. The vote is
    /// opened on the first reach and asked once: its message is named before it is sent, so two
    /// readers at the last page at once ask it once. Best effort: the page was shown either way.
    func withVote(_ announcement: ChatReply?, after story: Story, context: ChatContext, responder: some ChatResponder) async -> ChatReply? {
        guard let votes = stories.votes, story.status == .ready || story.status == .illustrating else { return announcement }
        do {
            guard try await stories.chapter(after: story) == nil else { return announcement }
            let chain = try await stories.chapters(of: story)
            var earlierThemes = [story.request.theme]
            for entry in chain where entry.id != story.id {
                if let chapter = try await stories.story(entry.id, family: context.family) { earlierThemes.append(chapter.request.theme) }
            }
            let avoid = (try? await rules(context).limits.avoidList) ?? []
            let vote = try await votes.open(after: story, channelID: context.channelID, earlierThemes: earlierThemes, avoid: avoid,
                                            nextBedtime: await nextContinuingBedtime(of: context.family))
            let messageID = responder.deliveryAddress.messageID ?? "vote-\(vote.id)"
            guard vote.storyID == story.id, vote.closedAt == nil,
                  try await votes.attach(vote.id, messageID: messageID, isPoll: false) else { return announcement }
            logger.info("vote opened", metadata: ["story": "\(story.id)", "vote": "\(vote.id)", "choices": "\(vote.choices.count)"])
            let ask = renderer.vote(vote, now: votes.now)
            guard let announcement else { return ask }
            let text = [announcement.text, ask.text].compactMap { $0 }.joined(separator: "\n\n")
            return ChatReply(text: text, buttons: announcement.buttons + ask.buttons)
        } catch ChapterVoteError.noChoices {
            return announcement
        } catch {
            logger.warning("could not open the vote on what happens next", metadata: ["story": "\(story.id)", "error": "\(error)"])
            return announcement
        }
    }

    /// The family's next bedtime that continues its newest chain (the vote ends then), if any.
    func nextContinuingBedtime(of family: FamilyRef) async -> Date? {
        guard let bedtime, let schedules = try? await bedtime.schedules(of: family) else { return nil }
        let zone = (try? await policy.timeZone(of: family)) ?? .current
        return schedules.filter { $0.story == .continueChain }.compactMap { bedtime.next($0, in: zone)?.instant }.min()
    }

    /// A vote's buttons: a member's ballot (counted once, a changed mind moves it; the message
    /// shows the new counts to everyone), or a grown-up closing the vote.
    func pressVote(_ component: ComponentID, context: ChatContext, responder: some ChatResponder) async throws {
        guard let votes = stories.votes else {
            try await responder.acknowledge(privately: true)
            throw ChapterVoteError.notFound
        }
        switch component {
        case let .vote(id, choice):
            guard let vote = try await votes.vote(id), vote.family == context.family else {
                try await responder.acknowledge(privately: true)
                throw ChapterVoteError.notFound
            }
            do {
                let counted = try await votes.cast(choice, by: context.user.userID, in: id)
                try await responder.update(renderer.vote(counted, now: votes.now))
            } catch ChapterVoteError.closed {
                // Closed meanwhile (the chapter was made): the message shows how it ended.
                try await responder.update(renderer.vote(try await votes.vote(id) ?? vote, now: votes.now))
            }
        case let .closeVote(id):
            guard context.isManager else {
                try await responder.acknowledge(privately: true)
                throw CommandAccessError.notManager
            }
            guard let vote = try await votes.vote(id), vote.family == context.family else {
                try await responder.acknowledge(privately: true)
                throw ChapterVoteError.notFound
            }
            let closed = try await votes.close(vote)
            if closed != nil { logger.info("vote closed by a grown-up", metadata: ["vote": "\(id)"]) }
            try await responder.update(renderer.vote(try await votes.vote(id) ?? vote, now: votes.now))
        default:
            break
        }
    }
}
