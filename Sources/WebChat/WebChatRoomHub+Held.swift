import Foundation
import StoryDomain

/// A private message kept for some members of a room until it is answered.
struct HeldMessage: Sendable {
    var userIDs: Set<String>
    var message: WebChatMessage
}

extension WebChatRoomHub {
    /// Shows `message` privately to these members of the room (every connection of theirs, no
    /// one else's) and keeps it for their connections still to come, until ``release(messageID:room:with:)``.
    /// Kept in this process's memory: another process's browsers get it from its own runner's round.
    func hold(_ message: WebChatMessage, for userIDs: Set<String>, room: String) {
        held[room, default: [:]][message.id] = HeldMessage(userIDs: userIDs, message: message)
        send(.message(message), toMembers: userIDs, room: room)
    }

    /// Replaces a held message with its answer for the same members, and stops keeping it.
    func release(messageID id: String, room: String, with answer: WebChatMessage) {
        let userIDs = held[room]?[id]?.userIDs
        held[room]?[id] = nil
        if held[room]?.isEmpty == true { held[room] = nil }
        if let userIDs { send(.message(answer), toMembers: userIDs, room: room) }
    }

    /// The members a held message is shown to (nil when none is held under that id).
    func heldFor(messageID id: String, room: String) -> Set<String>? {
        held[room]?[id]?.userIDs
    }

    /// Sends a connection that just joined the held messages meant for its member.
    func sendHeld(to connection: UUID, userID: String, room: String) {
        for entry in (held[room] ?? [:]).values.sorted(by: { $0.message.createdAt < $1.message.createdAt })
        where entry.userIDs.contains(userID) {
            send(.message(entry.message), to: connection, room: room)
        }
    }
}
