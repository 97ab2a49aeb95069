import DiscordGateway
import DiscordModels
import Foundation
import StoryBot
import StoryDomain

/// Reads `MESSAGE_POLL_VOTE_ADD` / `_REMOVE` as the router's ballots: the server is the family,
/// answer ids (from 1, in the order the choices were sent) become choice indexes. Votes in
/// direct messages are not the family's and are dropped.
enum DiscordPollVotes {
    /// Whether the event is a poll vote.
    static func isPollVote(_ name: String) -> Bool {
        name == PollVoteEvent.added || name == PollVoteEvent.removed
    }

    /// The ballot of a poll vote event; nil when unreadable or outside a server.
    static func ballot(of dispatch: GatewayDispatch) -> PollBallot? {
        guard let event = try? DiscordJSON.decoder().decode(GatewayData<PollVoteEvent>.self, from: dispatch.data).d,
              let guildID = event.guildID, event.answerID >= 1 else { return nil }
        return PollBallot(family: FamilyRef(platform: Platform.discord, externalID: String(describing: guildID)),
                          messageID: String(describing: event.messageID), member: String(describing: event.userID),
                          choice: event.answerID - 1, added: dispatch.name == PollVoteEvent.added)
    }
}
