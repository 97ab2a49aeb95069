import DiscordModels
import Logging
import DiscordREST
import Foundation
import StoryBot
import StoryDomain

extension DiscordTransport {
    /// Delivery in a channel the bot may not post in on its own (a group DM through a user
    /// install): only through the interaction's token, while it is trusted (14 minutes). A story
    /// that comes later is kept (``GroupDMLateStories``) and offered on the next press or
    /// `/story read` there; progress that comes later is not worth a message.
    func deliverThroughToken(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool,
                             expires: Date) async throws -> DeliveryOutcome {
        let expired = clock.map { $0.now() >= expires } ?? false
        guard let token = address.secret, !expired, let application = DiscordDeliveryAddress.applicationID(of: address) else {
            return try await keepForLater(reply, address: address, isFinal: isFinal)
        }
        let capabilities = DiscordDeliveryAddress.capabilities(of: address)
        do {
            let result = try await sender.send(reply, capabilities: capabilities) { rendered in
                try await rest.editOriginalResponse(applicationID: application, token: token, message: rendered.message, files: rendered.files)
            }
            return Self.outcome(of: result)
        } catch where DiscordFallbackSender.isDeadToken(error) {
            logger.notice("the interaction's token no longer works where the bot cannot post; keeping the story to offer",
                          metadata: ["channel": "\(address.channelID)"])
            return try await keepForLater(reply, address: address, isFinal: isFinal)
        } catch let error as DiscordRESTError where error.code == Self.unknownMessage {
            // Deleted by someone: a follow-up through the same token takes its place.
            logger.notice("the story's message was deleted; sending it again as a follow-up", metadata: ["channel": "\(address.channelID)"])
            let result = try await sender.send(reply, capabilities: capabilities) { rendered in
                try await rest.createFollowup(applicationID: application, token: token, message: rendered.message, files: rendered.files)
            }
            return Self.outcome(of: result)
        }
    }

    private func keepForLater(_ reply: ChatReply, address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        guard isFinal, let page = reply.page else { return .skipped }
        guard let lateStories else {
            logger.notice("a story came too late for its token; it waits in the library", metadata: ["story": "\(page.storyID)"])
            return .skipped
        }
        try await lateStories.keep(page.storyID, title: page.title, channelID: address.channelID)
        logger.info("a story came too late for its token; offered on the next press", metadata: ["story": "\(page.storyID)"])
        return .skipped
    }

    private static func outcome(of result: DiscordFallbackSender.Result) -> DeliveryOutcome {
        switch result {
        case let .refused(reason): .refused(reason: reason)
        case .sent: .shown(movedTo: nil)
        }
    }
}
