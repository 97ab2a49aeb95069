import Foundation
import StoryDomain

extension ReplyRenderer {
    /// The room's members with their numbers, for `/family members` (grown-ups only).
    func familyMembers(_ members: [RoomMember], room: String, you: String) -> ChatReply {
        var lines = ["🏠 **\(room)** — \(members.count) \(members.count == 1 ? "member" : "members"):"]
        for (index, member) in members.enumerated() {
            let seen = member.lastSeenAt.map { " · last here \(Self.day($0))" } ?? ""
            lines.append("\(index + 1). **\(quoted: member.name)** · \(member.role.displayName) · joined \(Self.day(member.joinedAt))\(seen)"
                         + (member.id == you ? " · *you*" : ""))
        }
        lines.append("")
        lines.append("`/family remove 2` removes someone (their browser is signed out at once); `/family invite child` "
                     + "or `/family invite grown-up` makes a link for someone new.")
        return .privateNote(lines.joined(separator: "\n"))
    }

    /// A new invite link, shown only to the grown-up who asked: the link is the reply's invite
    /// part, never in its text.
    func inviteCreated(_ invite: ChatInvite, id: Int64) -> ChatReply {
        let who = invite.role == .grownUp ? "a **grown-up**" : "a **child**"
        var reply = ChatReply.privateNote("""
            🔗 An invite link for \(who) — it \(invite.usesText), \(invite.expiresText). Send it only to them: whoever opens it \
            joins this room as \(who). `/family invites` lists the links that still work; `/family revoke \(id)` turns this one off.
            """)
        reply.invite = invite
        return reply
    }

    /// Invite links that still work, for `/family invites`.
    func openInvites(_ invites: [RoomInvite]) -> ChatReply {
        guard !invites.isEmpty else {
            return .privateNote("🔗 No invite links are open. `/family invite child` or `/family invite grown-up` makes one.")
        }
        var lines = ["🔗 Invite links that still work:"]
        for invite in invites {
            lines.append("**\(invite.id)** · for a \(invite.role.displayName) · used \(invite.uses) of \(invite.maxUses) · "
                         + "until \(Self.day(invite.expiresAt)) · made by \(invite.madeBy)"
                         + (invite.usedBy.isEmpty ? "" : " · used by \(invite.usedBy.joined(separator: ", "))"))
        }
        lines.append("")
        lines.append("`/family revoke N` turns one off. (Links are shown only once, when they are made.)")
        return .privateNote(lines.joined(separator: "\n"))
    }

    func signedOutEverywhere() -> ChatReply {
        .privateNote("👋 You are signed out on every browser: your open pages close now. Come back with an invite link from a grown-up.")
    }

    func inviteRevoked(_ id: Int64) -> ChatReply {
        .privateNote("🔒 Invite link \(id) no longer works. Anyone who already joined with it stays; `/family remove` removes them.")
    }

    func memberRemoved(_ member: RoomMember) -> ChatReply {
        .privateNote("👋 **\(quoted: member.name)** was removed from this room and signed out everywhere. The invite links they made and the "
                     + "shared link they came in with no longer work: they can only come back with a new invite link.")
    }
}
