import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryBot
import StoryDomain

extension DiscordTransport: NativePollTransport {
    /// The vote after a delivered story as a native poll of its own in the story's channel, where
    /// the interaction that asked for the story said the bot may send polls; nil (buttons)
    /// elsewhere (a bedtime post, whose channel's permissions were never told).
    public func askPoll(_ vote: ChapterVote, at address: DeliveryAddress, now: Date) async throws -> String? {
        guard DiscordDeliveryAddress.canPostPolls(at: address), let channelID = Snowflake(address.channelID) else { return nil }
        let message = MessagePayload(nonce: DiscordPollMaker.nonce(for: vote), enforceNonce: true,
                                     poll: DiscordPollMaker.poll(for: vote, now: now))
        let created = try await rest.createMessage(channelID: channelID, message: message)
        logger.info("vote posted as a poll after a delivered story", metadata: ["vote": "\(vote.id)"])
        return String(describing: created.id)
    }
}
