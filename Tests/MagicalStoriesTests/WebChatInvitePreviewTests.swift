import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// `POST /api/invite-preview` over real HTTP on loopback: the join page names the room and the
/// role an invite opens before anyone leaves the room they are in, and it tells a stranger no more
/// than the code itself grants.
@Suite("Web chat invite preview: the room and the role, nothing more", .serialized)
struct WebChatInvitePreviewTests {
    struct Preview: Decodable, Equatable {
        var room: String
        var role: String
    }

    @Test("an open invite names its room and role and uses nothing; used, expired, revoked and unknown codes get a kind refusal")
    func preview() async throws {
        let clock = ManualWallClock(Date())
        let app = try await TestApp.start(clock: clock)
        defer { app.removeFiles() }
        _ = try await app.join(room: "family", name: "Anna")
        let child = try await app.inviteCode(room: "Sea Otters", role: .child)
        let (status, body, headers) = try await app.postPreview(invite: "http://127.0.0.1:\(app.port)/join#\(child)")
        #expect(status == 200 && headers["set-cookie"] == nil)
        #expect(try JSONDecoder().decode(Preview.self, from: body) == Preview(room: "Sea Otters", role: "child"))
        let keys = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect(Set(keys?.keys ?? [:].keys) == ["room", "role"], "no members, ids or other rooms")
        // Looking did not use it: the one-use invite still opens the door, then says so.
        #expect(try await app.postJoin(invite: child, name: "Léa").0 == 200)
        let (usedUp, usedBody, _) = try await app.postPreview(invite: child)
        #expect(usedUp == 410 && String(decoding: usedBody, as: UTF8.self).contains("already been used"))

        let expiring = try await app.inviteCode(room: "family", role: .grownUp, terms: InviteTerms(lifetime: 3_600, uses: 5))
        clock.advance(by: 3_601)
        #expect(try await app.postPreview(invite: expiring).0 == 410)
        #expect(try await app.postPreview(invite: AccessSecret.random(bytes: 16).rawValue).0 == 403)
        #expect(try await app.postPreview(invite: "not a link at all").0 == 403)
        #expect(try await app.postPreview(invite: child, headers: ["Origin": "https://evil.example"]).0 == 403)
        await app.stop()
    }

    @Test("unknown codes count against the join throttle: guessing through the preview is slowed and then refused like /api/join")
    func throttled() async throws {
        let app = try await TestApp.start { config in
            config.webAccess.joinLimits = .init(window: 60, freeFailures: 1, firstDelay: 0.1, maxDelay: 0.2, refuseAfter: 3,
                                                lockout: 60, maxAddresses: 100)
            config.webAccess.trustedProxies = ["127.0.0.1"]
        }
        defer { app.removeFiles() }
        let from = ["X-Forwarded-For": "203.0.113.9"]
        for _ in 0..<3 {
            #expect(try await app.postPreview(invite: AccessSecret.random(bytes: 16).rawValue, headers: from).0 == 403)
        }
        let good = try await app.inviteCode(room: "family")
        #expect(try await app.postPreview(invite: good, headers: from).0 == 429, "the preview is refused once the address is locked out")
        #expect(try await app.postJoin(invite: good, name: "Eve", headers: from).0 == 429, "and so is the join: one throttle")
        #expect(try await app.postPreview(invite: good, headers: ["X-Forwarded-For": "198.51.100.3"]).0 == 200)
        await app.stop()
    }
}

extension TestApp {
    /// `POST /api/invite-preview` with JSON `{"invite": …}`.
    func postPreview(invite: String, headers: [String: String] = [:]) async throws -> (Int, Data, [String: String]) {
        let body = try JSONEncoder().encode(["invite": invite])
        return try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(port)/api/invite-preview")!,
                                      headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: body)
    }
}
