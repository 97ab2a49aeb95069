import Foundation
import MagicalStories
import Operations
import StoryDomain
import Testing
import WebChat

/// A family's first evening in the web chat, end to end over real sockets: the welcome, the
/// invite as its own part, the cast for the new-story form, and a deleted story leaving every screen.
@Suite("Web chat: a family's evening (server side)", .serialized)
struct WebChatEveningTests {
    static func isWelcome(_ frame: TestFrame) -> Bool {
        frame.message?.buttons.contains { $0.contains { $0.id == "ui:new-story" } } == true
    }

    @Test("a first visit is welcomed privately by role, right after the history; the others see who joined; never again, even after a restart")
    func welcome() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-app-\(UUID().uuidString)")
        let app = try await TestApp.start(directory: directory)
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna", firstVisit: true)
        _ = try await anna.next("history") { $0.type == "history" }
        let welcome = try await anna.next("the welcome") { $0.type == "message" }
        #expect(Self.isWelcome(welcome) && welcome.message?.isPrivate == true, "the first frame after the history")
        #expect(welcome.message?.text?.contains("invite") == true && welcome.message?.text?.contains("parental controls") == true)

        let mia = try await ChatTestClient.join(app, room: "family", name: "Mia", role: .child, firstVisit: true)
        let history = try await mia.next("Mia's history") { $0.type == "history" }
        let miaWelcome = try await mia.next("Mia's welcome") { $0.type == "message" }
        #expect(Self.isWelcome(miaWelcome) && miaWelcome.message?.text?.contains("ask for a story") == true)
        #expect(history.messages?.contains { $0.text?.contains("Anna joined") == true } == true, "kept in the room's history")
        let joined = try await anna.next("Mia joined") { $0.message?.text?.contains("Mia joined") == true }
        #expect(joined.message?.isPrivate == false && joined.message?.fromBot == true)
        try await mia.roundTrip()
        let miaSaw = await mia.all()
        #expect(!miaSaw.contains { $0.message?.text?.contains("Mia joined") == true }, "Mia is not told she joined")
        await mia.close()

        // Mia comes back (a reload): no second welcome, no second "joined".
        let again = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(app.port)/ws", member: mia.member)
        _ = try await again.next("history again") { $0.type == "history" }
        try await again.roundTrip()
        let seenAgain = await again.all()
        #expect(!seenAgain.contains(where: Self.isWelcome))
        await again.close()
        await anna.close()
        await app.stop()

        // After a restart the join is still welcomed (it is kept in the database).
        let restarted = try await TestApp.start(directory: directory)
        defer { restarted.removeFiles() }
        let afterRestart = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(restarted.port)/ws", member: mia.member)
        let kept = try await afterRestart.next("history after a restart") { $0.type == "history" }
        try await afterRestart.roundTrip()
        let seenAfterRestart = await afterRestart.all()
        #expect(!seenAfterRestart.contains(where: Self.isWelcome))
        #expect(kept.messages?.filter { $0.text?.contains("Mia joined") == true }.count == 1)
        await afterRestart.close()
        await restarted.stop()
    }

    @Test("an invite is its own part of the private answer: the link is not in the text; a loopback address warns about phones")
    func invite() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/family invite child uses:2")
        let answer = try await anna.next("the invite") { $0.message?.invite != nil }
        let invite = try #require(answer.message?.invite)
        #expect(answer.message?.isPrivate == true)
        #expect(invite.url.hasPrefix("http://127.0.0.1:\(app.port)/join#") && invite.role == "child")
        #expect(invite.usesText == "works 2 times" && invite.expiresText == "for 7 days")
        #expect(answer.message?.text?.contains("/join#") == false, "the link leaves the text")
        #expect(invite.warning?.contains("HTTP_HOST=0.0.0.0") == true && invite.warning?.contains("HTTP_PUBLIC_URL") == true)
        let (status, _, _) = try await app.postJoin(invite: invite.url, name: "Ben")
        #expect(status == 200, "the link opens the door")
        await anna.close()
        await app.stop()
    }

    @Test("GET /api/cast lists the family's cast by name and kind, for members only")
    func cast() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let member = try #require(anna.member)
        let (empty, none, _) = try await app.get("/api/cast", as: member)
        #expect(empty == 200 && String(decoding: none, as: UTF8.self) == #"{"members":[]}"#)
        try await anna.say("/cast add name:Leo kind:child age:5 look:curly black hair")
        _ = try await anna.next("Leo added") { $0.message?.text?.contains("joined your family's cast") == true }
        let (status, body, headers) = try await app.get("/api/cast", as: member)
        #expect(status == 200 && headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(String(decoding: body, as: UTF8.self) == #"{"members":[{"kind":"child","name":"Leo"}]}"#)
        let (stranger, _, _) = try await app.get("/api/cast", as: nil)
        #expect(stranger == 401)
        await anna.close()
        await app.stop()
    }

    @Test("a deleted story leaves every browser of the room at once, and the history a browser loads later")
    func deletion() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let ready = try await WebChatReadyStory.make(app)
        let anna = ready.client
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben", role: .child, firstVisit: true)
        let before = try await ben.next("history") { $0.type == "history" }
        #expect(before.messages?.contains { $0.page?.storyId == ready.storyID } == true)
        try await anna.say("/story book \(ready.storyID)")
        _ = try await ben.next("the book") { $0.message?.book != nil }

        try await anna.say("/story delete \(ready.storyID)")
        let ask = try await anna.next("the confirmation") { $0.message?.buttons.first?.first?.id.hasPrefix("ms:") == true && $0.message?.isPrivate == true }
        let confirm = try #require(ask.message?.buttons.first?.first)
        try await anna.press(confirm.id, on: try #require(ask.message?.id))
        for browser in [anna, ben] {
            _ = try await browser.next("the story deleted") { $0.type == "storyDeleted" && $0.storyId == ready.storyID }
        }
        let carl = try await ChatTestClient.join(app, room: "family", name: "Carl")
        let after = try await carl.next("history after") { $0.type == "history" }
        #expect(after.messages?.contains { $0.page?.storyId == ready.storyID || $0.book != nil } == false, "no trace after a reload")
        #expect(after.messages?.contains { $0.text?.contains("Ben joined") == true } == true, "the rest of the conversation stays")
        for browser in [anna, ben, carl] { await browser.close() }
        await app.stop()
    }
}
