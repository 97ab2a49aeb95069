import Foundation
import Logging
import StoryDomain

/// Opens the family's vote on what happens next at the end of a chapter: the choices (a model
/// writer's own, screened, while the family's avoid-list still allows them; else the built-in
/// ones), running until the family's next continuing bedtime. Used where a reader turns to the
/// last page (``CommandRouter``) and where a story whose page 1 is its last page is delivered
/// (a one-page story's delivery, a bedtime post: ``askAfterDelivery(of:at:via:)``).
public struct ChapterVoteAsker: Sendable {
    let stories: StoryService
    let policy: FamilyPolicy
    let bedtime: BedtimeScheduling?
    let renderer: ReplyRenderer
    let logger: Logger

    public init(stories: StoryService, policy: FamilyPolicy, bedtime: BedtimeScheduling?, logger: Logger) {
        self.init(stories: stories, policy: policy, bedtime: bedtime, renderer: ReplyRenderer(), logger: logger)
    }

    init(stories: StoryService, policy: FamilyPolicy, bedtime: BedtimeScheduling?, renderer: ReplyRenderer, logger: Logger) {
        self.stories = stories
        self.policy = policy
        self.bedtime = bedtime
        self.renderer = renderer
        self.logger = logger
    }

    /// The vote after `story` still to be asked in `channelID`: opened on the first reach, nil
    /// when the story is not its chain's newest chapter, the vote about it was asked already
    /// (its message is named) or closed, or there are no votes here. Throws
    /// ``ChapterVoteError/noChoices`` when too few choices fit.
    func unaskedVote(after story: Story, channelID: String) async throws -> ChapterVote? {
        guard let votes = stories.votes, story.status == .ready || story.status == .illustrating else { return nil }
        guard try await stories.chapter(after: story) == nil else { return nil }
        let chain = try await stories.chapters(of: story)
        var earlierThemes = [story.request.theme]
        for entry in chain where entry.id != story.id {
            if let chapter = try await stories.story(entry.id, family: story.family) { earlierThemes.append(chapter.request.theme) }
        }
        let avoid = (try? await policy.settings.settings(for: story.family).avoidList) ?? []
        // A model writer's own choices (screened when written) when the family's avoid-list still allows them.
        let matcher = AvoidListMatcher(avoid)
        let modelChoices = story.sheet?.nextChoices.flatMap { choices in
            choices.allSatisfy { matcher.firstMatch(in: [$0.text]) == nil } ? choices : nil
        }
        let vote = try await votes.open(after: story, channelID: channelID, earlierThemes: earlierThemes, avoid: avoid,
                                        modelChoices: modelChoices, nextBedtime: await nextContinuingBedtime(of: story.family))
        guard vote.storyID == story.id, vote.closedAt == nil, vote.messageID == nil else { return nil }
        return vote
    }

    /// The family's next bedtime that continues its newest chain (the vote ends then), if any.
    func nextContinuingBedtime(of family: FamilyRef) async -> Date? {
        guard let bedtime, let schedules = try? await bedtime.schedules(of: family) else { return nil }
        let zone = (try? await policy.timeZone(of: family)) ?? .current
        return schedules.filter { $0.story == .continueChain }.compactMap { bedtime.next($0, in: zone)?.instant }.min()
    }

    /// After `story` was delivered at `address` (its message): when page 1 is its last page,
    /// asks the vote on what happens next in the same channel, once per chain — a native poll
    /// where the transport can post one (``NativePollTransport``), else a message of its own
    /// with buttons. Best effort: the story was shown either way.
    public func askAfterDelivery(of story: Story, at address: DeliveryAddress, via transport: any ChatTransport) async {
        guard story.pageCount <= 1, let votes = stories.votes else { return }
        do {
            guard let vote = try await unaskedVote(after: story, channelID: address.channelID) else { return }
            if let polls = transport as? any NativePollTransport, let asked = try await askPoll(vote, votes: votes, at: address, via: polls) {
                guard let asked else { return }
                // The channel keeps a message with the grown-ups' close; members vote in the poll.
                let closeAddress = DeliveryAddress(platform: address.platform, channelID: address.channelID,
                                                   requestID: Self.nonce(for: vote, kind: "close"))
                _ = try await transport.deliver(renderer.vote(asked, now: votes.now), to: closeAddress, isFinal: true)
                logger.info("vote opened after delivery", metadata: ["story": "\(story.id)", "vote": "\(vote.id)", "poll": "true"])
                return
            }
            // Named before it is sent: a delivery retried (or a second process) does not ask again.
            let messageID = Self.messageID(for: vote)
            guard try await votes.attach(vote.id, messageID: messageID, isPoll: false) else { return }
            var asked = vote
            asked.messageID = messageID
            let target = DeliveryAddress(platform: address.platform, channelID: address.channelID, messageID: messageID,
                                         requestID: Self.nonce(for: vote, kind: "vote"))
            _ = try await transport.deliver(renderer.vote(asked, now: votes.now), to: target, isFinal: true)
            logger.info("vote opened after delivery", metadata: ["story": "\(story.id)", "vote": "\(vote.id)", "poll": "false"])
        } catch ChapterVoteError.noChoices {
            return
        } catch {
            logger.warning("could not ask the vote after a delivered story", metadata: ["story": "\(story.id)", "error": "\(error)"])
        }
    }

    /// Posts `vote` as a native poll: nil when the transport cannot post one here (ask with
    /// buttons), `.some(nil)` when another asker named the vote's message first (a stray poll
    /// is ended), else the vote as asked.
    private func askPoll(_ vote: ChapterVote, votes: ChapterVoting, at address: DeliveryAddress,
                         via transport: any NativePollTransport) async throws -> ChapterVote?? {
        let pollID: String?
        do {
            pollID = try await transport.askPoll(vote, at: address, now: votes.now)
        } catch {
            logger.warning("could not post the vote as a poll; asking with buttons", metadata: ["vote": "\(vote.id)", "error": "\(error)"])
            return nil
        }
        guard let pollID else { return nil }
        var asked = vote
        asked.messageID = pollID
        asked.isPoll = true
        guard try await votes.attach(vote.id, messageID: pollID, isPoll: true) else {
            if try await votes.vote(vote.id)?.messageID != pollID { await votes.endPoll(asked) }
            return .some(nil)
        }
        return .some(asked)
    }

    /// The message id a vote asked with buttons after a delivery gets (the web chat's message id).
    static func messageID(for vote: ChapterVote) -> String {
        "vote-\(vote.id)"
    }

    /// A platform's nonce for the vote's channel post (at most 25 characters): a retried post is one message.
    static func nonce(for vote: ChapterVote, kind: String) -> String {
        String("\(kind)-\(vote.id)".prefix(25))
    }
}
