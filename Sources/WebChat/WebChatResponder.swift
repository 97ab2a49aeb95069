import Foundation
import Logging
import StoryBot
import StoryDomain

/// Answers one input from one web chat connection.
struct WebChatResponder: ChatResponder {
    let hub: WebChatRoomHub
    let room: String
    let connection: UUID
    let userID: String
    /// The message a pressed button is on (for `update`), as the browser named it.
    let pressedMessageID: String?
    /// Whether that message is a stored public message of this room (only then may a public
    /// update replace it; a private one lives only in the presser's browser).
    let pressedMessageIsPublic: Bool
    /// The page's address (`https://…`), for invite links.
    let linkBase: String?
    /// Why phones may not open those links (``InviteLinkWarning``); nil when they should.
    var inviteLinkWarning: String?
    /// Where a deletion that could not reach the screens is told (nil: nowhere).
    var logger: Logger?
    /// The id the first public reply will have, known up front so a story job can edit it.
    let replyMessageID = UUID().uuidString.lowercased()

    var deliveryAddress: DeliveryAddress {
        DeliveryAddress(platform: Platform.web, channelID: room, messageID: replyMessageID, userID: userID)
    }

    /// The public message a button press replaces (private ones live only in one browser).
    var updatedMessageAddress: DeliveryAddress? {
        guard pressedMessageIsPublic, let pressedMessageID else { return nil }
        return DeliveryAddress(platform: Platform.web, channelID: room, messageID: pressedMessageID, userID: userID)
    }

    func inviteLink(for code: AccessSecret) -> String? {
        linkBase.map { "\($0)/join#\(code.rawValue)" }
    }

    func acknowledge(privately: Bool) async throws {
        // The web chat needs no acknowledgement: the socket is the session.
    }

    func reply(_ reply: ChatReply) async throws {
        try await post(reply, id: replyMessageID)
    }

    func update(_ reply: ChatReply) async throws {
        let canReplace = reply.isPrivate || pressedMessageIsPublic
        try await post(reply, id: canReplace ? (pressedMessageID ?? replyMessageID) : replyMessageID)
    }

    /// Takes back the public answer already given (the "on its way" of a request refused after
    /// all): gone from the transcript and from every browser in the room, on every process.
    /// Best effort: the refusal that follows is sent either way.
    func withdrawReply() async {
        try? await hub.withdraw(messageID: replyMessageID, room: room)
    }

    /// Takes the deleted stories off every screen of the room and out of its history. Best
    /// effort: the deletion itself stands; on a failure the messages stay until the history
    /// forgets them.
    func storiesDeleted(_ ids: [StoryID]) async {
        do {
            try await hub.storiesDeleted(ids.map(\.rawValue), room: room)
        } catch {
            logger?.warning("web chat: a deleted story's messages could not be taken off the screens", metadata: ["error": "\(error)"])
        }
    }

    private func post(_ reply: ChatReply, id: String) async throws {
        let message = WebChatMessage(id: id, reply: reply, createdAt: await hub.now())
        if reply.isPrivate {
            await hub.send(.message(message), to: connection, room: room)
        } else {
            try await hub.publish(message, room: room)
        }
    }
}
