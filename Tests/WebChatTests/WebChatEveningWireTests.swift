import Foundation
import StoryBot
import StoryDomain
import Testing
@testable import WebChat

/// The wire parts of a family's first evening: invites, the welcome, the cast, story deletions.
@Suite("Web chat wire: invites, welcome, cast, deleted stories")
struct WebChatEveningWireTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)

    static func member(_ role: RoomRole) -> RoomMember {
        RoomMember(id: "m1", room: RoomName(key: "family", displayName: "The Owls"), name: "Mia", role: role, joinedAt: at)
    }

    @Test("an invite is its own part of the message, with every field; without one the field is left out")
    func invite() throws {
        let invite = ChatInvite(url: "http://127.0.0.1:8080/join#abc", role: .grownUp, expiresText: "for 7 days", usesText: "works once",
                                warning: "Phones cannot open 127.0.0.1.")
        let object = try WebChatWireTests.json(WebChatMessage(id: "i", reply: ChatReply(text: "🔗 An invite", isPrivate: true, invite: invite),
                                                              createdAt: Self.at))
        let wire = try #require(object["invite"] as? [String: String])
        #expect(wire == ["url": "http://127.0.0.1:8080/join#abc", "role": "grown-up", "expiresText": "for 7 days", "usesText": "works once",
                         "warning": "Phones cannot open 127.0.0.1."])
        let plain = try WebChatWireTests.json(WebChatMessage(id: "t", reply: ChatReply(text: "hi"), createdAt: Self.at))
        #expect(plain["invite"] == nil)
        var quiet = invite
        quiet.warning = nil
        let withoutWarning = try WebChatWireTests.json(WebChatMessage(id: "q", reply: ChatReply(invite: quiet), createdAt: Self.at))
        #expect((withoutWarning["invite"] as? [String: String])?["warning"] == nil)
    }

    @Test("phones are warned when links point at a loopback address, or the service listens only on one with no public address")
    func loopbackWarning() {
        for base in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "https://stories.localhost"] {
            let warning = InviteLinkWarning.text(linkBase: base, publicURL: nil, bindHost: "0.0.0.0")
            #expect(warning != nil, "\(base)")
        }
        let warning = InviteLinkWarning.text(linkBase: "http://192.168.1.20:8080", publicURL: nil, bindHost: "127.0.0.1")
        #expect(warning?.contains("127.0.0.1") == true && warning?.contains("HTTP_HOST=0.0.0.0") == true
                && warning?.contains("HTTP_PUBLIC_URL") == true)
        #expect(InviteLinkWarning.text(linkBase: "http://192.168.1.20:8080", publicURL: nil, bindHost: "0.0.0.0") == nil)
        #expect(InviteLinkWarning.text(linkBase: "https://stories.example.org", publicURL: "https://stories.example.org",
                                       bindHost: "127.0.0.1") == nil, "behind a reverse proxy on this machine")
        #expect(InviteLinkWarning.text(linkBase: "http://127.0.0.2:80", publicURL: "http://127.0.0.2:80", bindHost: "0.0.0.0") != nil)
    }

    @Test("the welcome is private, by role, with one first step the page handles; the others see who joined")
    func welcome() throws {
        let grownUp = WebChatWelcome.message(for: WebChatIdentity(member: Self.member(.grownUp), linkBase: nil), id: "w", at: Self.at)
        #expect(grownUp.isPrivate && grownUp.fromBot)
        #expect(grownUp.text?.contains("invite") == true && grownUp.text?.contains("parental controls") == true)
        #expect(grownUp.text?.contains("The Owls") == true && grownUp.text?.contains("Mia") == true)
        #expect(grownUp.buttons.flatMap { $0 }.map(\.id) == ["ui:new-story"])
        let child = WebChatWelcome.message(for: WebChatIdentity(member: Self.member(.child), linkBase: nil), id: "w", at: Self.at)
        #expect(child.text?.contains("ask for a story") == true && child.text?.contains("listen") == true)
        #expect(child.text?.contains("invite") == false && child.text?.contains("/settings") == false)
        #expect(child.buttons.flatMap { $0 }.map(\.id) == ["ui:new-story"])
        let joined = WebChatWelcome.joined(WebChatIdentity(member: Self.member(.child), linkBase: nil), id: "j", at: Self.at)
        #expect(!joined.isPrivate && joined.fromBot && joined.text?.contains("Mia joined") == true && joined.buttons.isEmpty)
    }

    @Test("the cast for the new-story form: names, kinds and pronouns when set, nothing else")
    func cast() throws {
        let cast = [CastMember(name: "Leo", kind: .child, age: 5, look: "red hair", createdBy: "anna", createdAt: Self.at),
                    CastMember(name: "Grandma", kind: .grownUp, pronouns: .she, createdBy: "anna", createdAt: Self.at)]
        let object = try WebChatWireTests.json(WebChatServer.CastAnswer(cast))
        #expect(object["members"] as? [[String: String]]
            == [["name": "Leo", "kind": "child"], ["name": "Grandma", "kind": "grown-up", "pronouns": "she"]])
        #expect(try WebChatWireTests.json(WebChatServer.CastAnswer([]))["members"] as? [Any] != nil, "an empty list, never missing")
    }

    @Test("a deleted story's frame names the story only")
    func storyDeletedFrame() throws {
        let object = try WebChatWireTests.json(WebChatServerFrame.storyDeleted("gone1"))
        #expect(object.count == 2 && object["type"] as? String == "storyDeleted" && object["storyId"] as? String == "gone1")
    }
}
