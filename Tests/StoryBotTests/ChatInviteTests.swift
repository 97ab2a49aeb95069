import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("Invites as their own part of a reply")
struct ChatInviteTests {
    static let made = Date(timeIntervalSince1970: 1_800_000_000)

    static func invite(role: RoomRole = .child, days: Double = 7, uses: Int = 1) -> RoomInvite {
        RoomInvite(id: 4, room: RoomName(key: "family", displayName: "Family"), role: role, purpose: .invite, createdBy: "anna",
                   createdAt: made, expiresAt: made.addingTimeInterval(days * 86_400), maxUses: uses)
    }

    @Test("an invite says who it is for, how long and how often it works, in words")
    func terms() {
        let once = ChatInvite(Self.invite(), url: "https://stories.example.org/join#abc", warning: nil)
        #expect(once == ChatInvite(url: "https://stories.example.org/join#abc", role: .child, expiresText: "for 7 days", usesText: "works once"))
        let often = ChatInvite(Self.invite(role: .grownUp, days: 2, uses: 3), url: "u", warning: "w")
        #expect(often.role == .grownUp && often.expiresText == "for 2 days" && often.usesText == "works 3 times" && often.warning == "w")
    }

    @Test("where a platform has no invite part, the invite is plain text with the link on its own line")
    func plainText() {
        let invite = ChatInvite(Self.invite(), url: "http://127.0.0.1:8080/join#abc", warning: "Phones cannot open 127.0.0.1.")
        #expect(invite.plainText.split(separator: "\n").first == "🔗 http://127.0.0.1:8080/join#abc")
        #expect(invite.plainText.contains("for a child · works once · for 7 days"))
        #expect(invite.plainText.hasSuffix("⚠️ Phones cannot open 127.0.0.1."))
        #expect(!ChatInvite(Self.invite(), url: "u", warning: nil).plainText.contains("⚠️"))
    }
}
