import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryStore
import Testing
import WebChat
import WSCore
import NIOWebSocket

/// Removal and sign-out end access at once, end to end with real sockets: open pages close and
/// hear nothing more, links stop working, cookies are forgotten.
@Suite("Web chat: removal and sign-out end access")
struct WebChatSignOutTests {
    @Test("a member removed from the shell on SQLite is signed out within the re-check, with no activity from their page")
    func shellRemovalWithoutActivity() async throws {
        let app = try await TestApp.start { $0.webAccess.sessionRecheck = .milliseconds(300) }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let cara = try await ChatTestClient.join(app, room: "family", name: "Cara", role: .child)
        _ = try await anna.next("history") { $0.type == "history" }
        _ = try await cara.next("history") { $0.type == "history" }

        let console = RoomConsole(config: app.app.config, database: try AppDatabase.open(path: app.app.config.databasePath))
        let answer = try await console.remove(member: "Cara", room: "family")
        #expect(answer.contains("Removed Cara") && answer.contains("no longer work"))
        // Cara's page sends nothing: the timer alone closes it.
        let close = try await cara.waitForClose(timeout: .seconds(20))
        #expect(close?.closeCode == .policyViolation && close?.reason == "signed out")
        let seen = await cara.all().count
        try await anna.say("a secret for the family only")
        _ = try await anna.next("Anna's own message") { $0.message?.text == "a secret for the family only" }
        #expect(await cara.all().count == seen, "nothing reaches a removed member's socket")
        await anna.close()
        await app.stop()
    }

    @Test("a member removed in the chat is closed at once, hears nothing after, and their links stop working; the list names people")
    func chatRemovalClosesAndRevokes() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        try await ben.say("/family invite grown-up")
        let made = try await ben.next("Ben's link") { $0.message?.invite != nil }
        let bensLink = try #require(made.message?.invite?.url)
        try await anna.say("/family invite child uses:3")
        let shared = try #require(try await anna.next("Anna's shared link") { $0.message?.invite != nil }.message?.invite?.url)
        #expect(try await app.postJoin(invite: shared, name: "Mia").0 == 200)

        try await anna.say("/family invites")
        let list = try #require(try await anna.next("the list") { $0.message?.text?.contains("Invite links that still work") == true }
            .message?.text)
        #expect(list.contains("made by Anna · used by Mia") && list.contains("made by Ben"))

        try await anna.say("/family remove Ben")
        _ = try await anna.next("removed") { $0.message?.text?.contains("was removed") == true }
        let close = try await ben.waitForClose()
        #expect(close?.reason == "signed out")
        let seen = await ben.all().count
        try await anna.say("after Ben left")
        _ = try await anna.next("Anna's own message") { $0.message?.text == "after Ben left" }
        #expect(await ben.all().count == seen)
        #expect(try await app.postJoin(invite: bensLink, name: "Ben again").0 == 410, "the link Ben made no longer works")
        #expect(try await app.postJoin(invite: shared, name: "Leo").0 == 200, "Anna's link still works")
        await anna.close()
        await app.stop()
    }

    @Test("sign out forgets this browser's session; sign out everywhere closes every open page of the member at once")
    func signOut() async throws {
        let app = try await TestApp.start { $0.webAccess.sessionRecheck = .milliseconds(300) }
        defer { app.removeFiles() }
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        let secondTab = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(app.port)/ws", member: ben.member)
        _ = try await secondTab.next("history") { $0.type == "history" }
        let member = try #require(ben.member)
        let origin = "http://127.0.0.1:\(app.port)"

        #expect(try await post(app, "/api/signout/everywhere", cookie: member.cookie, origin: "https://evil.example").0 == 403)
        let (status, _, headers) = try await post(app, "/api/signout/everywhere", cookie: member.cookie, origin: origin)
        #expect(status == 200 && headers["set-cookie"]?.contains("ms_session=; Path=/; Max-Age=0") == true)
        #expect(try await ben.waitForClose()?.reason == "signed out")
        #expect(try await secondTab.waitForClose()?.reason == "signed out")
        #expect(try await app.get("/api/me", as: member).0 == 401)

        let cara = try await ChatTestClient.join(app, room: "family", name: "Cara", role: .child)
        _ = try await cara.next("history") { $0.type == "history" }
        let caraMember = try #require(cara.member)
        #expect(try await post(app, "/api/signout", cookie: caraMember.cookie, origin: origin).0 == 200)
        #expect(try await app.get("/api/me", as: caraMember).0 == 401)
        #expect(try await cara.waitForClose()?.reason == "signed out", "the page open with that session closes within the re-check")
        #expect(try await post(app, "/api/signout", cookie: caraMember.cookie, origin: origin).0 == 401)
        #expect(try await app.rooms(of: "family").contains("Cara"), "signing out is not leaving")
        await app.stop()
    }

    @Test("/family signout: any member signs themselves out on every browser; the answer arrives before the page closes")
    func signOutCommand() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let mia = try await ChatTestClient.join(app, room: "family", name: "Mia", role: .child)
        _ = try await mia.next("history") { $0.type == "history" }
        try await mia.say("/family signout")
        let note = try await mia.next("the note") { $0.message?.text?.contains("signed out on every browser") == true }
        #expect(note.message?.isPrivate == true)
        #expect(try await mia.waitForClose()?.reason == "signed out")
        #expect(try await app.get("/api/me", as: mia.member).0 == 401)
        await app.stop()
    }

    @Test("two session cookies get a 401; over HTTPS the cookie is __Host- prefixed and an older one is renamed, not signed out")
    func cookies() async throws {
        let app = try await TestApp.start { $0.webAccess.trustedProxies = ["127.0.0.0/8", "::1"] }
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        let token = String(anna.cookie.drop { $0 != "=" }.dropFirst())
        #expect(anna.cookie.hasPrefix("ms_session="), "plain HTTP keeps the plain name")

        let planted = try await app.get("/api/me", as: nil, headers: ["Cookie": "\(anna.cookie); __Host-ms_session=\(token)x"])
        #expect(planted.0 == 401 && planted.2["set-cookie"]?.contains("Max-Age=0") == true)
        #expect(try await app.get("/api/me", as: nil, headers: ["Cookie": "\(anna.cookie); ms_session=other"]).0 == 401)

        let secure = ["X-Forwarded-Proto": "https"]
        let (renamed, _, headers) = try await app.get("/api/me", as: anna, headers: secure)
        #expect(renamed == 200, "the older cookie still signs in")
        let cookies = try #require(headers["set-cookie"])
        #expect(cookies.contains("__Host-ms_session=\(token); Path=/;") && cookies.contains("; Secure"))
        #expect(cookies.contains("ms_session=; Path=/; Max-Age=0"), "the older name is forgotten")
        let (status, _, _) = try await app.get("/api/me", as: nil, headers: secure.merging(["Cookie": "__Host-ms_session=\(token)"]) { $1 })
        #expect(status == 200, "the new name signs in")

        let code = try await app.inviteCode(room: "family")
        let (_, _, joined) = try await app.postJoin(invite: code, name: "Ben", headers: secure)
        #expect(joined["set-cookie"]?.hasPrefix("__Host-ms_session=") == true)
        await app.stop()
    }

    private func post(_ app: TestApp, _ path: String, cookie: String, origin: String) async throws -> (Int, Data, [String: String]) {
        try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(app.port)\(path)")!, headers: ["Cookie": cookie, "Origin": origin])
    }
}

private extension TestApp {
    /// The names of the room's members.
    func rooms(of room: String) async throws -> [String] {
        try await app.rooms.members(of: room).map(\.name)
    }
}

/// Names at the door and the bot's mark on the wire, end to end.
@Suite("Web chat: nobody speaks as the bot or as a grown-up")
struct WebChatNamesTests {
    @Test("the door refuses the bot's name, role words and a name taken in the room (look-alikes too) kindly, and the invite stays unused")
    func door() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        _ = try await app.join(room: "family", name: "Anna")
        let code = try await app.inviteCode(room: "family", role: .child)
        for (name, status, words) in [("Magical Stories", 400, "story machine"), ("Admin Leo", 400, "your own name"),
                                      ("anna", 409, "already called “Anna”"), ("\u{0410}NNA", 409, "already called “Anna”")] {
            let (answer, body, headers) = try await app.postJoin(invite: code, name: name)
            #expect(answer == status, "\(name)")
            #expect(String(decoding: body, as: UTF8.self).contains(words), "\(name)")
            #expect(headers["set-cookie"] == nil)
        }
        #expect(try await app.postJoin(invite: code, name: "Mia").0 == 200, "the one-use invite was not spent by the refusals")
        #expect(try await app.join(room: "cousins", name: "Anna").name == "Anna", "another room's Anna is someone else")
        await app.stop()
    }

    @Test("a member's frame cannot make a bot message: the server sets fromBot (and the author) itself; the page badges bot messages")
    func botMark() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.sendRaw(#"{"type":"say","text":"paste your invite here","fromBot":true,"author":"Magical Stories","authorId":"bot"}"#)
        let said = try await anna.next("Anna's message") { $0.message?.text == "paste your invite here" }
        #expect(said.message?.fromBot == false && said.message?.author == "Anna")
        try await anna.say("/help")
        let help = try await anna.next("the bot's answer") { $0.message?.fromBot == true }
        #expect(help.message?.author == MemberNameRule.botName)
        await anna.close()
        await app.stop()
    }
}
