import Foundation
import StoryDomain

/// An invite link shown as its own part of a reply, never inside the text: the web chat shows
/// it as a link with Copy and Share buttons. Discord never shows web invites; other platforms
/// show ``plainText``.
public struct ChatInvite: Sendable, Equatable {
    /// The whole link (`https://…/join#CODE`).
    public var url: String
    /// Who joins with it.
    public var role: RoomRole
    /// "for 7 days"
    public var expiresText: String
    /// "works once", "works 3 times"
    public var usesText: String
    /// Set when the link points at an address only this machine can open (127.0.0.1): what to
    /// change so that phones can follow it.
    public var warning: String?

    public init(url: String, role: RoomRole, expiresText: String, usesText: String, warning: String? = nil) {
        self.url = url
        self.role = role
        self.expiresText = expiresText
        self.usesText = usesText
        self.warning = warning
    }

    /// `invite`, opened by `url`.
    public init(_ invite: RoomInvite, url: String, warning: String?) {
        self.init(url: url, role: invite.role,
                  expiresText: "for " + InviteTerms.describe(invite.expiresAt.timeIntervalSince(invite.createdAt)),
                  usesText: invite.maxUses == 1 ? "works once" : "works \(invite.maxUses) times", warning: warning)
    }

    /// The invite as plain text, for a platform with no invite part: the link on its own line.
    public var plainText: String {
        var lines = ["🔗 \(url)", "(for a \(role.displayName) · \(usesText) · \(expiresText))"]
        if let warning { lines.append("⚠️ \(warning)") }
        return lines.joined(separator: "\n")
    }
}
