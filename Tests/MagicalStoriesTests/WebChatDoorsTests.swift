import Foundation
import MagicalStories
import Operations
import NIOWebSocket
import StoryDomain
import StoryStore
import StoryTestSupport
import Testing
import WSClient
import WebChat

/// The web chat's doors over real HTTP and WebSocket on loopback: invites are the only way in,
/// sessions are the only identity, roles decide what a member may do.
@Suite("Web chat doors: invites, sessions, roles", .serialized)
struct WebChatDoorsTests {
    @Test("no entry without an invite: no cookie, a made-up cookie or identity in the query get no WebSocket, no /api/me")
    func noEntryWithoutInvite() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let url = "ws://127.0.0.1:\(app.port)/ws"
        await #expect(throws: (any Error).self) { _ = try await ChatTestClient.connect(url: url, member: nil) }
        await #expect(throws: (any Error).self) {
            _ = try await ChatTestClient.connect(url: url + "?room=family&user=anna&name=Anna", member: nil)
        }
        let forged = TestMember(userID: "anna", name: "Anna", role: "grown-up", room: "family",
                                cookie: "ms_session=" + AccessSecret.random(bytes: 32).rawValue, setCookie: "")
        await #expect(throws: (any Error).self) { _ = try await ChatTestClient.connect(url: url, member: forged) }
        #expect(try await app.get("/api/me", as: nil).0 == 401)
        #expect(try await app.get("/api/me", as: forged).0 == 401)
        #expect(try await RawHTTP.upgrade(port: app.port, headers: ["Origin: http://127.0.0.1:\(app.port)"]) != 101)

        // With an invite: in, and /api/me says who.
        let anna = try await app.join(room: "family", name: "Anna")
        let (status, body, _) = try await app.get("/api/me", as: anna)
        #expect(status == 200)
        let me = try JSONDecoder().decode(MemberAnswer.self, from: body)
        #expect(me.name == "Anna" && me.role == "grown-up" && me.roomName == "Family" && me.userId == anna.userID)
        let client = try await ChatTestClient.connect(url: url, member: anna)
        let welcome = try await client.next("welcome") { $0.type == "welcome" }
        #expect(welcome.userId == anna.userID && welcome.role == "grown-up" && welcome.roomName == "Family")
        await client.close()
        await app.stop()
    }

    @Test("expired, revoked and used-up invites are refused over HTTP, each saying why; a name with no letters is refused first")
    func refusedInvites() async throws {
        let clock = ManualWallClock(Date())
        let app = try await TestApp.start(clock: clock)
        defer { app.removeFiles() }
        let once = try await app.inviteCode(room: "family", role: .child)
        #expect(try await app.postJoin(invite: once, name: "!!!").0 == 400, "refused before the invite is used")
        #expect(try await app.postJoin(invite: once, name: "Léa").0 == 200)
        let (usedUp, usedBody, _) = try await app.postJoin(invite: once, name: "Max")
        #expect(usedUp == 410 && String(decoding: usedBody, as: UTF8.self).contains("already been used"))

        let expiring = try await app.inviteCode(room: "family", role: .child, terms: InviteTerms(lifetime: 3_600, uses: 5))
        clock.advance(by: 3_601)
        let (expired, expiredBody, _) = try await app.postJoin(invite: expiring, name: "Max")
        #expect(expired == 410 && String(decoding: expiredBody, as: UTF8.self).contains("expired"))

        let rooms = app.app.rooms
        let revoked = try await rooms.invite(to: "family", role: .grownUp, by: "test")
        try await rooms.revokeInvite(revoked.invite.id, in: "family")
        let (refused, refusedBody, _) = try await app.postJoin(invite: revoked.code.rawValue, name: "Max")
        #expect(refused == 410 && String(decoding: refusedBody, as: UTF8.self).contains("turned off"))

        let (unknown, _, _) = try await app.postJoin(invite: "http://127.0.0.1/join#" + AccessSecret.random(bytes: 16).rawValue, name: "Max")
        #expect(unknown == 403)
        #expect(try await rooms.members(of: "family").map(\.name) == ["Léa"])

        // Not JSON, or from another site: refused too.
        let form = try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(app.port)/api/join")!,
                                          headers: ["Content-Type": "text/plain"], body: Data(#"{"invite":"x","name":"y"}"#.utf8))
        #expect(form.0 == 415)
        let fresh = try await app.inviteCode(room: "family", role: .grownUp)
        #expect(try await app.postJoin(invite: fresh, name: "Eve", headers: ["Origin": "https://evil.example"]).0 == 403)
        #expect(try await app.postJoin(invite: fresh, name: "Gran", headers: ["Origin": "http://127.0.0.1:\(app.port)"]).0 == 200)
        await app.stop()
    }

    @Test("the session cookie is HttpOnly, SameSite=Lax, Path=/, lasts 180 days, and is not Secure over plain HTTP")
    func cookieAttributes() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        let attributes = anna.setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(attributes[0].hasPrefix("ms_session=") && attributes[0].count > 40)
        #expect(Set(attributes.dropFirst()) == ["Path=/", "Max-Age=15552000", "HttpOnly", "SameSite=Lax"])
        await app.stop()
    }

    @Test("a WebSocket from another site is refused; the page's own origin gets in")
    func crossOrigin() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await app.join(room: "family", name: "Anna")
        let cookie = "Cookie: \(anna.cookie)"
        #expect(try await RawHTTP.upgrade(port: app.port, headers: [cookie, "Origin: http://127.0.0.1:\(app.port)"]) == 101)
        #expect(try await RawHTTP.upgrade(port: app.port, headers: [cookie, "Origin: https://evil.example"]) != 101)
        #expect(try await RawHTTP.upgrade(port: app.port, headers: [cookie, "Origin: http://127.0.0.1:\(app.port + 1)"]) != 101)
        #expect(try await RawHTTP.upgrade(port: app.port, headers: [cookie, "Origin: null"]) != 101)
        // A page that adds its own Origin beside the client's is refused as well.
        await #expect(throws: (any Error).self) {
            _ = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(app.port)/ws", member: anna, headers: ["Origin": "https://evil.example"])
        }
        await app.stop()
    }

    @Test("a child reads, turns pages and asks for stories, but cannot delete others' stories, change settings, invite or remove")
    func childRole() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let mia = try await ChatTestClient.join(app, room: "family", name: "Mia", role: .child)
        let welcome = try await mia.next("welcome") { $0.type == "welcome" }
        #expect(welcome.role == "child")
        _ = try await anna.next("history") { $0.type == "history" }

        try await anna.say("/story new theme:owls name:Mia age:5 pages:3")
        let page1 = try await mia.next("page 1 for the child") { $0.message?.page != nil }
        let view = try #require(page1.message?.page)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: FamilyRef(platform: "web", externalID: "family"))
        try await mia.press("ms:p:\(view.storyId):2", on: try #require(page1.message?.id))
        _ = try await anna.next("page 2, turned by the child") { $0.message?.page?.pageNumber == 2 }
        #expect(try await app.get(try #require(view.imageUrl), as: mia.member).0 == 200, "the child sees the pictures")

        let refusals: [(String, String)] = [
            ("/story delete story:\(view.title)", "Only the person who asked"),
            ("/settings set max_pages:4", "Only a grown-up can change"),
            ("/settings forget", "Only a grown-up can change"),
            ("/settings show", "Only a grown-up can change"),
            ("/family invite child", "Only a grown-up can change"),
            ("/family members", "Only a grown-up can change"),
            ("/family remove Anna", "Only a grown-up can change"),
        ]
        for (command, answer) in refusals {
            try await mia.say(command)
            let refusal = try await mia.next("refusal of \(command)") { $0.message?.isPrivate == true && $0.message?.fromBot == true }
            #expect(refusal.message?.text?.contains(answer) == true, "\(command): \(refusal.message?.text ?? "")")
        }
        // Confirmation buttons pressed by hand are refused as well.
        try await mia.press("ms:g:forget", on: "nothing")
        _ = try await mia.next("forget refused") { $0.message?.text?.contains("Only a grown-up can change") == true }
        try await mia.press("ms:d:\(view.storyId)", on: "nothing")
        _ = try await mia.next("delete refused") { $0.message?.text?.contains("Only the person who asked") == true }
        #expect(try await app.app.stories.library(of: FamilyRef(platform: "web", externalID: "family"), offset: 0, limit: 5).total == 1)
        #expect(try await app.app.rooms.members(of: "family").count == 2)

        // The child may ask for stories, and delete their own.
        try await mia.say("/story new theme:a kind snail pages:3")
        let own = try await mia.next("the child's story") { $0.message?.page != nil && $0.message?.page?.storyId != view.storyId }
        try await mia.say("/story delete story:\(try #require(own.message?.page?.title))")
        let confirm = try await mia.next("confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete") == true }
        #expect(confirm.message?.buttons.isEmpty == false)
        await anna.close()
        await mia.close()
        await app.stop()
    }

    @Test("a grown-up invites from the chat, lists and removes members (signed out at once), lists and revokes links")
    func grownUpFamilyCommands() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }

        try await anna.say("/family invite child expires:2d uses:2")
        let invite = try await anna.next("invite link") { $0.message?.text?.contains("invite link") == true }
        #expect(invite.message?.isPrivate == true, "the link is only for the grown-up who asked")
        let text = try #require(invite.message?.text)
        #expect(text.contains("works 2 times, for 2 days"))
        let link = try #require(invite.message?.invite?.url, "the link is the message's invite part, not its text")
        #expect(link.hasPrefix("http://127.0.0.1:\(app.port)/join#"), "the link points where the grown-up's browser is")

        let (joined, body, _) = try await app.postJoin(invite: link, name: "Ben")
        #expect(joined == 200)
        let ben = try JSONDecoder().decode(MemberAnswer.self, from: body)
        #expect(ben.role == "child")

        try await anna.say("/family members")
        let members = try await anna.next("members") { $0.message?.text?.contains("members:") == true }
        let list = try #require(members.message?.text)
        #expect(list.contains("1. **Anna** · grown-up") && list.contains("*you*") && list.contains("2. **Ben** · child"))

        try await anna.say("/family invites")
        let invites = try await anna.next("open links") { $0.message?.text?.contains("Invite links that still work") == true }
        #expect(invites.message?.text?.contains("used 1 of 2") == true)
        try await anna.say("/family revoke 999")
        _ = try await anna.next("no such link") { $0.message?.text?.contains("doesn't open any room") == true }
        let id = try #require(try await app.app.rooms.openInvites(of: "family").first?.id)
        try await anna.say("/family revoke \(id)")
        _ = try await anna.next("revoked") { $0.message?.text?.contains("no longer works") == true }
        #expect(try await app.postJoin(invite: link, name: "Carl").0 == 410)

        try await anna.say("/family remove Anna")
        _ = try await anna.next("last grown-up") { $0.message?.text?.contains("without a grown-up") == true }
        await anna.close()
        await app.stop()
    }

    @Test("removing a member signs their open page out at once (chat) or within the recheck (shell)")
    func removalSignsOut() async throws {
        let app = try await TestApp.start { $0.webAccess.sessionRecheck = .milliseconds(200) }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben", role: .child)
        let cara = try await ChatTestClient.join(app, room: "family", name: "Cara", role: .child)
        _ = try await ben.next("history") { $0.type == "history" }
        _ = try await cara.next("history") { $0.type == "history" }

        try await anna.say("/family remove Ben")
        _ = try await anna.next("removed") { $0.message?.text?.contains("was removed") == true }
        let close = try await ben.waitForClose()
        #expect(close?.closeCode == .policyViolation && close?.reason == "signed out")
        #expect(try await app.get("/api/me", as: ben.member).0 == 401)
        await #expect(throws: (any Error).self) {
            _ = try await ChatTestClient.connect(url: "ws://127.0.0.1:\(app.port)/ws", member: ben.member)
        }

        // From the shell (another process, the same database): the page is closed at the next re-check, with no frame from it.
        let console = RoomConsole(config: app.app.config, database: try AppDatabase.open(path: app.app.config.databasePath))
        let answer = try await console.remove(member: "Cara", room: "family")
        #expect(answer.contains("Removed Cara"))
        let shellClose = try await cara.waitForClose()
        #expect(shellClose?.closeCode == .policyViolation)
        await anna.close()
        await app.stop()
    }

    @Test("pictures are served only to members of a room that holds them")
    func pictures() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let carl = try await app.join(room: "cousins", name: "Carl")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:owls pages:3")
        let page = try await anna.next("page 1") { $0.message?.page?.imageUrl != nil }
        let imageURL = try #require(page.message?.page?.imageUrl)
        let (status, _, headers) = try await app.get(imageURL, as: anna.member)
        #expect(status == 200 && headers["cache-control"]?.hasPrefix("private") == true)
        #expect(try await app.get(imageURL, as: nil).0 == 401)
        #expect(try await app.get(imageURL, as: carl).0 == 404, "another room's member")
        #expect(try await app.get(imageURL, as: carl, headers: ["If-None-Match": headers["etag"] ?? ""]).0 == 404,
                "not even a 304")
        await anna.close()
        await app.stop()
    }

    @Test("wrong invites from one address are slowed, then refused for a while, even with a good invite; other addresses are not")
    func joinThrottle() async throws {
        let app = try await TestApp.start { config in
            config.webAccess.joinLimits = .init(window: 60, freeFailures: 2, firstDelay: 0.3, maxDelay: 0.6, refuseAfter: 4,
                                                lockout: 60, maxAddresses: 100)
            config.webAccess.trustedProxies = ["127.0.0.1"]
        }
        defer { app.removeFiles() }
        let wrong = "http://127.0.0.1/join#" + AccessSecret.random(bytes: 16).rawValue
        let from = ["X-Forwarded-For": "203.0.113.7"]
        var timings: [Duration] = []
        for _ in 0..<4 {
            let started = ContinuousClock.now
            #expect(try await app.postJoin(invite: wrong, name: "Eve", headers: from).0 == 403)
            timings.append(.now - started)
        }
        #expect(timings[0] < .milliseconds(250) && timings[1] < .milliseconds(250), "the first mistakes are answered at once")
        #expect(timings[2] >= .milliseconds(300) && timings[3] >= .milliseconds(600), "then more and more slowly")
        let good = try await app.inviteCode(room: "family")
        let (status, body, headers) = try await app.postJoin(invite: good, name: "Eve", headers: from)
        #expect(status == 429 && headers["retry-after"].flatMap(Int.init).map { $0 > 0 && $0 <= 60 } == true)
        #expect(String(decoding: body, as: UTF8.self).contains("Too many tries"))
        // Someone else (another forwarded address) is not held up.
        #expect(try await app.postJoin(invite: good, name: "Gran", headers: ["X-Forwarded-For": "198.51.100.2"]).0 == 200)
        await app.stop()
    }

    @Test("behind a trusted proxy, X-Forwarded-Proto https makes the cookie Secure; from anyone else the header is ignored")
    func proxyHeaders() async throws {
        let trusting = try await TestApp.start { config in
            config.webAccess.trustedProxies = ["127.0.0.0/8", "::1"]
            config.webAccess.allowedHosts = ["stories.example.org"]
        }
        let code = try await trusting.inviteCode(room: "family")
        let (_, _, viaProxy) = try await trusting.postJoin(invite: code, name: "Anna", headers: ["X-Forwarded-Proto": "https"])
        #expect(viaProxy["set-cookie"]?.hasSuffix("; Secure") == true)
        let second = try await trusting.inviteCode(room: "family")
        let (_, _, forwarded) = try await trusting.postJoin(invite: second, name: "Ben",
                                                            headers: ["Forwarded": "for=192.0.2.60;proto=https;host=stories.example.org"])
        #expect(forwarded["set-cookie"]?.hasSuffix("; Secure") == true)
        await trusting.stop()
        trusting.removeFiles()

        let plain = try await TestApp.start()
        let third = try await plain.inviteCode(room: "family")
        let (_, _, spoofed) = try await plain.postJoin(invite: third, name: "Cara", headers: ["X-Forwarded-Proto": "https"])
        #expect(spoofed["set-cookie"]?.contains("Secure") == false)
        await plain.stop()
        plain.removeFiles()
    }

    @Test("a fresh install prints one setup link that makes its follower the grown-up of “Family”; a restart after that prints none")
    func setupLink() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-setup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await TestApp.start(directory: directory)
        let printed = first.announcements.joined()
        let link = try #require(printed.split(whereSeparator: \.isWhitespace).first { $0.contains("/join#") }.map(String.init))
        #expect(link.hasPrefix("http://127.0.0.1:\(first.port)/join#"))
        let (status, body, _) = try await first.postJoin(invite: link, name: "Anna")
        #expect(status == 200)
        let anna = try JSONDecoder().decode(MemberAnswer.self, from: body)
        #expect(anna.role == "grown-up" && anna.roomName == "Family")
        #expect(try await first.postJoin(invite: link, name: "Mallory").0 == 410, "one use only")
        await first.stop()

        let second = try await TestApp.start(directory: directory)
        #expect(second.announcements.isEmpty)
        await second.stop()
    }
}
