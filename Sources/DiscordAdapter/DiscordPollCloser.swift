import DiscordModels
import DiscordREST
import Logging
import StoryDomain

/// Ends a vote's Discord poll early (End Poll) when the vote closes: a grown-up closed it or the
/// next chapter was made. Votes asked with buttons, or elsewhere, are left alone. Best effort:
/// a poll already over, or deleted, is logged and the vote stays closed.
public struct DiscordPollCloser: Sendable {
    private let rest: DiscordRESTClient
    private let logger: Logger

    public init(rest: DiscordRESTClient, logger: Logger) {
        self.rest = rest
        self.logger = logger
    }

    public func end(_ vote: ChapterVote) async {
        guard vote.isPoll, vote.family.platform == Platform.discord, let messageID = vote.messageID.flatMap(Snowflake.init),
              let channelID = Snowflake(vote.channelID) else { return }
        do {
            try await rest.expirePoll(channelID: channelID, messageID: messageID)
            logger.info("poll ended", metadata: ["vote": "\(vote.id)"])
        } catch {
            logger.notice("could not end a poll; it ends on its own at its time", metadata: ["vote": "\(vote.id)", "error": "\(error)"])
        }
    }
}
