import DiscordModels
import Foundation
import HTTPTypes
import NIOCore

/// Polls as Discord serves them: a channel message carrying a `poll` is kept as a
/// ``SimulatedPoll`` (refused where the bot lacks SEND_POLLS), and End Poll
/// (`POST /channels/{channel_id}/polls/{message_id}/expire`) ends one early; a poll already over
/// gets 400 `520001`, a message without a poll 400 `520006`.
struct PollEndpoint: Sendable {
    typealias Endpoint = @Sendable (RESTRequest) throws(DiscordAPIError) -> RESTReply

    let environment: SimulatorEnvironment

    /// `create` (the channel message endpoint) that also keeps the poll a new message carries.
    func creatingPolls(_ create: @escaping Endpoint) -> Endpoint {
        { [environment] request throws(DiscordAPIError) in
            let poll = (try? request.decode(MessagePayload.self))?.payload.poll
            if poll != nil {
                let channelID = try request.snowflake("channel_id")
                guard !environment.store.read({ $0.polls.denied.contains(channelID) }) else { throw .missingPermissions }
            }
            let reply = try create(request)
            guard let poll, let body = reply.body,
                  let created = try? DiscordJSON.decoder().decode(CreatedID.self, from: Data(body.readableBytesView)) else { return reply }
            let now = environment.clock.date
            environment.store.update { store in
                if store.polls.polls[created.id] == nil {
                    store.polls.polls[created.id] = SimulatedPoll(messageID: created.id, channelID: created.channelID, poll: poll,
                                                                  createdAt: now)
                }
            }
            return reply
        }
    }

    /// End Poll: the poll is over now; its message is returned.
    func expire(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        let channelID = try request.snowflake("channel_id")
        let messageID = try request.snowflake("message_id")
        let now = environment.clock.date
        let message = try environment.withStore { store throws(DiscordAPIError) in
            guard let message = store.messages[messageID], message.channelID == channelID else { throw .unknownMessage }
            guard var poll = store.polls.polls[messageID] else {
                throw DiscordAPIError(.badRequest, code: 520006, message: "Cannot expire a non-poll message")
            }
            guard poll.isOpen(at: now) else { throw DiscordAPIError(.badRequest, code: 520001, message: "Poll expired") }
            poll.endedEarly = true
            store.polls.polls[messageID] = poll
            return message
        }
        return .json(MessageObject(message, author: environment.configuration.botUser))
    }

    private struct CreatedID: Decodable {
        let id: Snowflake
        let channelID: Snowflake
        enum CodingKeys: String, CodingKey {
            case id
            case channelID = "channel_id"
        }
    }
}
