import Foundation
import MagicalStories
import Operations
import StoryDomain

/// A member who joined through `POST /api/join`: their id and the session cookie their
/// browser keeps.
struct TestMember: Sendable {
    var userID: String
    var name: String
    var role: String
    var room: String
    /// `ms_session=…`, as a `Cookie` header.
    var cookie: String
    /// The whole `Set-Cookie` header the join answered with.
    var setCookie: String
}

/// What `/api/join` and `/api/me` answer.
struct MemberAnswer: Decodable {
    var userId: String
    var name: String
    var role: String
    var room: String
    var roomName: String
}

extension TestApp {
    /// The room (made when missing) and a fresh one-use invite code to it.
    func inviteCode(room: String, role: RoomRole = .grownUp, terms: InviteTerms = .standard) async throws -> String {
        let rooms = app.rooms
        let key: String
        if let existing = try? await rooms.room(named: room) {
            key = existing.key
        } else {
            key = try await rooms.createRoom(named: room).key
        }
        return try await rooms.invite(to: key, role: role, by: "test", terms: terms).code.rawValue
    }

    /// Joins `room` as a browser does: an invite, then `POST /api/join`. Unless `firstVisit`,
    /// the member counts as welcomed already (as if they had been here before): no private
    /// welcome and no "joined" message, so tests of other things see only what they are about.
    func join(room: String, name: String, role: RoomRole = .grownUp, firstVisit: Bool = false) async throws -> TestMember {
        let code = try await inviteCode(room: room, role: role)
        let (status, body, headers) = try await postJoin(invite: "http://127.0.0.1:\(port)/join#\(code)", name: name)
        guard status == 200, let setCookie = headers["set-cookie"] else {
            throw JoinFailed(status: status, body: String(decoding: body, as: UTF8.self))
        }
        let answer = try JSONDecoder().decode(MemberAnswer.self, from: body)
        let cookie = String(setCookie.split(separator: ";")[0])
        if !firstVisit, let member = try await app.rooms.member(session: String(cookie.drop { $0 != "=" }.dropFirst())) {
            _ = try await app.rooms.isFirstVisit(member)
        }
        return TestMember(userID: answer.userId, name: answer.name, role: answer.role, room: answer.room, cookie: cookie,
                          setCookie: setCookie)
    }

    /// `POST /api/join` with JSON `{"invite": …, "name": …}`.
    func postJoin(invite: String, name: String, headers: [String: String] = [:]) async throws -> (Int, Data, [String: String]) {
        let body = try JSONEncoder().encode(["invite": invite, "name": name])
        return try await HTTPGet.send("POST", URL(string: "http://127.0.0.1:\(port)/api/join")!,
                                      headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: body)
    }

    /// GETs a path as `member` (with their session cookie).
    func get(_ path: String, as member: TestMember?, headers: [String: String] = [:]) async throws -> (Int, Data, [String: String]) {
        var headers = headers
        if let member { headers["Cookie"] = member.cookie }
        return try await HTTPGet.fetch(URL(string: "http://127.0.0.1:\(port)\(path)")!, headers: headers)
    }

    struct JoinFailed: Error, CustomStringConvertible {
        var status: Int
        var body: String
        var description: String { "join failed: \(status) \(body)" }
    }
}
