import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// `/family …`: a web chat room's grown-ups invite, list and remove members.
    func runFamily(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        guard platforms[context.family.platform].hasRooms, let rooms else { throw CommandAccessError.familyCommandsInWebChat }
        // Anyone may sign themselves out; the rest is for the room's grown-ups.
        if command == .familySignOut { return try await signOutEverywhere(context: context, rooms: rooms, responder: responder) }
        guard context.isManager else { throw CommandAccessError.notManager }
        let room = context.family.externalID
        switch command {
        case .familyMembers:
            let name = try await rooms.room(key: room)?.name.displayName ?? room
            try await responder.reply(renderer.familyMembers(try await rooms.members(of: room), room: name, you: context.user.userID))
        case let .familyInvite(role, expires, uses):
            let terms = try InviteTerms(expires: expires, uses: uses)
            let issued = try await rooms.invite(to: room, role: role, by: context.user.userID, terms: terms)
            logger.notice("invite made", metadata: ["by": "\(context.user.userID)", "role": "\(role.rawValue)", "invite": "\(issued.invite.id)"])
            let link = responder.inviteLink(for: issued.code) ?? "/join#\(issued.code.rawValue)"
            try await responder.reply(renderer.inviteCreated(ChatInvite(issued.invite, url: link, warning: responder.inviteLinkWarning),
                                                             id: issued.invite.id))
        case .familyInvites:
            try await responder.reply(renderer.openInvites(try await rooms.openInvites(of: room)))
        case let .familyRevoke(id):
            try await rooms.revokeInvite(id, in: room)
            logger.notice("invite revoked", metadata: ["by": "\(context.user.userID)", "invite": "\(id)"])
            try await responder.reply(renderer.inviteRevoked(id))
        case let .familyRemove(query):
            let removed = try await rooms.remove(query, from: room)
            logger.notice("member removed", metadata: ["by": "\(context.user.userID)", "member": "\(removed.id)"])
            try await responder.reply(renderer.memberRemoved(removed))
        default:
            break
        }
    }

    /// `/family signout`: the answer first (the page closes right after), then every session of the asker ends.
    private func signOutEverywhere(context: ChatContext, rooms: RoomAccess, responder: some ChatResponder) async throws {
        try await responder.reply(renderer.signedOutEverywhere())
        try await rooms.signOutEverywhere(memberID: context.user.userID, room: context.family.externalID)
        logger.notice("signed out everywhere", metadata: ["member": "\(context.user.userID)"])
    }
}
