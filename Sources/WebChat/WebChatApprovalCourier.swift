import Foundation
import StoryBot
import StoryDomain

/// Shows stories held for a yes to the room's grown-ups only: a private bubble on every
/// connection of every grown-up member (and on those they open while it waits), never on a
/// child's. The requester is told on their own connections.
public struct WebChatApprovalCourier: ApprovalCourier {
    public var platform: Platform { .web }
    public var showsFromMemory: Bool { true }
    private let hub: WebChatRoomHub
    private let rooms: RoomAccess

    public init(hub: WebChatRoomHub, rooms: RoomAccess) {
        self.hub = hub
        self.rooms = rooms
    }

    /// The bubble's id: the same for every grown-up, so an answer replaces it everywhere.
    static func messageID(_ approval: PendingApproval) -> String { "approval-\(approval.id)" }

    public func showGrownUps(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws -> ApprovalDelivery {
        let grownUps = Set(try await rooms.members(of: approval.channelID).filter { $0.role.managesRoom }.map(\.id))
        guard !grownUps.isEmpty else { return .refused }
        var bubble = reply
        bubble.isPrivate = true
        await hub.hold(WebChatMessage(id: Self.messageID(approval), reply: bubble, createdAt: await hub.now()), for: grownUps,
                       room: approval.channelID)
        return .shown
    }

    public func answered(_ reply: ChatReply, approval: PendingApproval, approvers: [String]) async throws {
        var answer = reply
        answer.isPrivate = true
        let id = Self.messageID(approval)
        let message = WebChatMessage(id: id, reply: answer, createdAt: await hub.now())
        if await hub.heldFor(messageID: id, room: approval.channelID) != nil {
            await hub.release(messageID: id, room: approval.channelID, with: message)
        } else {
            let grownUps = Set(try await rooms.members(of: approval.channelID).filter { $0.role.managesRoom }.map(\.id))
            await hub.send(.message(message), toMembers: grownUps, room: approval.channelID)
        }
    }

    public func tellRequester(_ reply: ChatReply, approval: PendingApproval) async throws {
        var note = reply
        note.isPrivate = true
        let message = WebChatMessage(id: UUID().uuidString.lowercased(), reply: note, createdAt: await hub.now())
        await hub.send(.message(message), toMembers: [approval.requester.userID], room: approval.channelID)
    }
}
