import Foundation
import StoryBot
import StoryDomain

/// Delivers background replies (story progress, finished stories) into web chat rooms,
/// editing the message named by the delivery address.
public struct WebChatTransport: ChatTransport {
    public var platform: Platform { .web }
    private let hub: WebChatRoomHub

    public init(hub: WebChatRoomHub) { self.hub = hub }

    public func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        let id = address.messageID ?? UUID().uuidString.lowercased()
        var shared = reply
        // Background deliveries go to the whole room: a story is read together.
        shared.isPrivate = false
        try await hub.publish(WebChatMessage(id: id, reply: shared, createdAt: await hub.now()), room: address.channelID)
        return .shown(movedTo: nil)
    }
}
