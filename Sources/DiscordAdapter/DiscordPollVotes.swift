import DiscordGateway
import DiscordModels
import Foundation
import StoryBot
import StoryDomain

/// Reads `MESSAGE_POLL_VOTE_ADD` / `_REMOVE` as the router's ballots: the server is the family,
/// answer ids (from 1, in the order the choices were sent) become choice indexes; and a poll
/// Discord finalised (`MESSAGE_UPDATE` with final results, or its `POLL_RESULT` message) as a
/// ``PollEnd``. Events in direct messages are not the family's and are dropped.
enum DiscordPollVotes {
    /// A poll event for the router.
    enum Event: Sendable {
        case ballot(PollBallot)
        case ended(PollEnd)
    }

    /// The router's event for a gateway dispatch, nil when it is not about a poll.
    static func event(of dispatch: GatewayDispatch) -> Event? {
        if isPollVote(dispatch.name) { return ballot(of: dispatch).map(Event.ballot) }
        if dispatch.name == PollEndEvent.updated || dispatch.name == PollEndEvent.created { return end(of: dispatch).map(Event.ended) }
        return nil
    }

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

    /// The poll a message event says is over; nil for every other message (most of them).
    static func end(of dispatch: GatewayDispatch) -> PollEnd? {
        // Most message events are members' messages: only those that can tell a poll's end are decoded.
        guard Self.endMarkers.contains(where: { dispatch.data.range(of: $0) != nil }) else { return nil }
        guard let event = try? DiscordJSON.decoder().decode(GatewayData<PollEndEvent>.self, from: dispatch.data).d,
              let guildID = event.guildID, let messageID = event.endedPollMessageID else { return nil }
        let counts = event.poll?.results.map { results in
            let last = results.answerCounts.map(\.id).max() ?? 0
            return (1..<(last + 1)).map { id in results.answerCounts.first { $0.id == id }?.count ?? 0 }
        }
        return PollEnd(family: FamilyRef(platform: Platform.discord, externalID: String(describing: guildID)),
                       messageID: String(describing: messageID), counts: counts)
    }

    /// Words only a message event about a poll's end carries (its final results, or a reference).
    private static let endMarkers = [Data("is_finalized".utf8), Data("message_reference".utf8)]
}
