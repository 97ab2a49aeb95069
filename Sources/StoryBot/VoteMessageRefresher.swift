import Logging
import StoryDomain

/// Shows a closed vote on the message that asked it with buttons, where the platform keeps its
/// messages (the web chat): when the next chapter is made or a grown-up closes the vote, the
/// buttons already on everyone's screen give way to the outcome at once, without a reload.
/// Votes asked as a native poll, or on another platform, are left alone. Best effort.
public struct VoteMessageRefresher: Sendable {
    private let transport: any ChatTransport
    private let renderer = ReplyRenderer()
    private let logger: Logger

    public init(transport: any ChatTransport, logger: Logger) {
        self.transport = transport
        self.logger = logger
    }

    /// Replaces the message that asked `vote` (closed) with its outcome.
    public func closed(_ vote: ChapterVote) async {
        guard vote.family.platform == transport.platform, !vote.isPoll, let messageID = vote.messageID,
              let closedAt = vote.closedAt else { return }
        let address = DeliveryAddress(platform: vote.family.platform, channelID: vote.channelID, messageID: messageID)
        do {
            _ = try await transport.deliver(renderer.vote(vote, now: closedAt), to: address, isFinal: true)
        } catch {
            logger.notice("could not show a closed vote on its message", metadata: ["vote": "\(vote.id)", "error": "\(error)"])
        }
    }
}
