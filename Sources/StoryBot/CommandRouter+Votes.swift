import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// After a story's last page: `announcement` (the collection's news, if any) with the vote on
    /// what happens next joined to it, when the story is its chain's newest chapter. The vote is
    /// opened on the first reach and asked once: its message is named before it is sent, so two
    /// readers at the last page at once ask it once. Best effort: the page was shown either way.
    func withVote(_ announcement: ChatReply?, after story: Story, context: ChatContext, responder: some ChatResponder) async -> ChatReply? {
        guard let votes = stories.votes else { return announcement }
        do {
            guard let vote = try await voteAsker.unaskedVote(after: story, channelID: context.channelID) else { return announcement }
            guard let asked = try await ask(vote, votes: votes, responder: responder) else { return announcement }
            logger.info("vote opened", metadata: ["story": "\(story.id)", "vote": "\(vote.id)", "choices": "\(vote.choices.count)",
                                                  "poll": "\(asked.isPoll)"])
            let ask = renderer.vote(asked, now: votes.now)
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

    /// Names the message that asks `vote`: a native poll of its own where the platform can post
    /// one (Discord with Send Polls), else the reply about to be sent (buttons). The vote as
    /// asked, nil when another reader asked it first (a poll posted in that race is ended).
    private func ask(_ vote: ChapterVote, votes: ChapterVoting, responder: some ChatResponder) async throws -> ChapterVote? {
        var asked = vote
        if let pollResponder = responder as? any NativePollResponder {
            do {
                if let pollID = try await pollResponder.askPoll(vote, now: votes.now) {
                    guard try await votes.attach(vote.id, messageID: pollID, isPoll: true) else {
                        // Another reader asked it: the same poll (the platform's nonce), or one to end.
                        let current = try await votes.vote(vote.id)
                        if current?.messageID != pollID {
                            var stray = vote
                            stray.messageID = pollID
                            stray.isPoll = true
                            await votes.endPoll(stray)
                        }
                        return nil
                    }
                    asked.messageID = pollID
                    asked.isPoll = true
                    return asked
                }
            } catch {
                logger.warning("could not post the vote as a poll; asking with buttons", metadata: ["vote": "\(vote.id)", "error": "\(error)"])
            }
        }
        let messageID = responder.deliveryAddress.messageID ?? "vote-\(vote.id)"
        guard try await votes.attach(vote.id, messageID: messageID, isPoll: false) else { return nil }
        asked.messageID = messageID
        return asked
    }

    /// A member's vote added to (or taken back from) a native poll: counted as a button's ballot
    /// is, once per member (a changed mind replaces it; a vote taken back is removed only when it
    /// was for that answer, whatever order the platform's events come in). A poll the service
    /// did not ask, of another family, or a vote that closed, changes nothing.
    public func countPollBallot(_ ballot: PollBallot) async {
        guard let votes = stories.votes else { return }
        do {
            guard let vote = try await votes.vote(messageID: ballot.messageID), vote.isPoll, vote.family == ballot.family else { return }
            if ballot.added {
                _ = try await votes.cast(ballot.choice, by: ballot.member, in: vote.id)
            } else {
                _ = try await votes.withdraw(by: ballot.member, choice: ballot.choice, in: vote.id)
            }
        } catch let error as ChapterVoteError {
            logger.debug("a poll vote was not counted", metadata: ["reason": "\(error)"])
        } catch {
            logger.warning("could not count a poll vote", metadata: ["error": "\(error)"])
        }
    }

    /// A native poll the platform ended (its time ran out): the vote it asks closes with the
    /// ballots as counted here, once each (the platform's own counts are logged beside them). A
    /// poll the service did not ask, of another family, or a vote already closed, changes nothing.
    public func pollEnded(_ end: PollEnd) async {
        guard let votes = stories.votes else { return }
        do {
            guard let vote = try await votes.vote(messageID: end.messageID), vote.isPoll, vote.family == end.family else { return }
            guard let closed = try await votes.close(vote, pollEnded: true) else { return }
            logger.info("vote closed: its poll ended", metadata: ["vote": "\(vote.id)", "counts": "\(closed.counts)",
                                                                 "platform_counts": "\(end.counts.map { "\($0)" } ?? "-")"])
        } catch {
            logger.warning("could not close the vote of an ended poll", metadata: ["error": "\(error)"])
        }
    }

    /// Opens the vote on what happens next where a chapter's last page is reached.
    var voteAsker: ChapterVoteAsker {
        ChapterVoteAsker(stories: stories, policy: policy, bedtime: bedtime, renderer: renderer, logger: logger)
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
                throw CommandAccessError.notGrownUpToCloseVote
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
