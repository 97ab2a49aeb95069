import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import StoryBot
import StoryDomain

/// The web chat's doors over HTTP: `POST /api/invite-preview` names the room and role an invite
/// opens; `POST /api/join` follows an invite and answers with the session cookie; `GET /api/me` says who the cookie belongs to; `POST /api/signout` and
/// `POST /api/signout/everywhere` sign out.
struct WebChatDoorRoutes: Sendable {
    /// What `POST /api/join` takes: the whole invite link or its code, and the person's name.
    struct JoinRequest: Decodable {
        var invite: String
        var name: String
    }

    /// Who a session belongs to (the answer to a join and to `/api/me`).
    struct Member: Encodable {
        var userId: String
        var name: String
        var role: String
        var room: String
        var roomName: String

        init(_ member: RoomMember) {
            userId = member.id
            name = member.name
            role = member.role.rawValue
            room = member.room.rawValue
            roomName = member.room.displayName
        }
    }

    let rooms: RoomAccess
    let throttle: JoinThrottle
    let origins: OriginPolicy
    let logger: Logger

    func add(to router: Router<WebChatRequestContext>) {
        router.post("/api/join") { request, context in try await join(request, context: context) }
        router.post("/api/invite-preview") { request, context in try await preview(request, context: context) }
        router.get("/api/me") { request, context in me(request, context: context) }
        router.post("/api/signout") { request, context in try await signOut(request, context: context, everywhere: false) }
        router.post("/api/signout/everywhere") { request, context in try await signOut(request, context: context, everywhere: true) }
    }

    /// Signs this browser out (its session ends), or the member out of every browser (all their
    /// sessions end and their open pages close, on every process); the browser forgets the cookie.
    func signOut(_ request: Request, context: WebChatRequestContext, everywhere: Bool) async throws -> Response {
        guard origins.allows(origins: request.headers[values: .origin], host: context.client.host, secure: context.client.isSecure) else {
            return Self.error(.forbidden, "🔒 You can only sign out on the web chat's own page.")
        }
        guard let member = context.member, let token = SessionCookie.token(in: request.headers[values: .cookie]) else {
            return Self.error(.unauthorized, "🔑 This browser is not signed in.")
        }
        if everywhere {
            try await rooms.signOutEverywhere(member)
        } else {
            try await rooms.signOut(session: token)
        }
        logger.notice("web chat: signed out", metadata: ["member": "\(member.id)", "everywhere": "\(everywhere)"])
        var response = Self.json(.ok, ["signedOut": everywhere ? "everywhere" : "this browser"])
        for clearing in SessionCookie.clearing(secure: context.client.isSecure) {
            response.headers.append(HTTPField(name: .setCookie, value: clearing))
        }
        return response
    }

    /// What `POST /api/invite-preview` takes: the whole invite link or its code.
    struct PreviewRequest: Decodable {
        var invite: String
    }

    /// What an invite opens: the room's name and the role, nothing more (no members, no other rooms).
    struct Preview: Encodable {
        var room: String
        var role: String
    }

    func join(_ request: Request, context: WebChatRequestContext) async throws -> Response {
        let asked: JoinRequest
        switch try await admit(request, context: context, as: JoinRequest.self, shape: #"{"invite": "…", "name": "…"}"#) {
        case let .refused(response): return response
        case let .admitted(body): asked = body
        }
        do {
            let joined = try await rooms.join(invite: asked.invite, name: asked.name)
            logger.notice("web chat: someone joined", metadata: ["room": "\(joined.member.room.rawValue)", "member": "\(joined.member.id)",
                                                                 "role": "\(joined.member.role.rawValue)"])
            var response = Self.json(.ok, Member(joined.member))
            response.headers[.setCookie] = SessionCookie.setting(joined.session.rawValue, maxAge: RoomAccess.sessionLifetime,
                                                                 secure: context.client.isSecure)
            return response
        } catch let error as RoomAccessError {
            return await refusal(error, context: context)
        }
    }

    /// Names the room and role an invite opens, so the page can ask before leaving the room the
    /// browser is in. It changes nothing, and a code that does not open the door counts against
    /// the same throttle as `/api/join`: it tells a stranger no more than the code itself grants.
    func preview(_ request: Request, context: WebChatRequestContext) async throws -> Response {
        let asked: PreviewRequest
        switch try await admit(request, context: context, as: PreviewRequest.self, shape: #"{"invite": "…"}"#) {
        case let .refused(response): return response
        case let .admitted(body): asked = body
        }
        do {
            let invite = try await rooms.preview(invite: asked.invite)
            return Self.json(.ok, Preview(room: invite.room.displayName, role: invite.role.rawValue))
        } catch let error as RoomAccessError {
            return await refusal(error, context: context)
        }
    }

    /// A door request's body once its origin, the throttle and its shape passed; otherwise the answer.
    private enum Admission<Body> {
        case admitted(Body)
        case refused(Response)
    }

    private func admit<Body: Decodable>(_ request: Request, context: WebChatRequestContext, as: Body.Type,
                                        shape: String) async throws -> Admission<Body> {
        let client = context.client
        guard origins.allows(origins: request.headers[values: .origin], host: client.host, secure: client.isSecure) else {
            logger.notice("web chat: invite from another site refused", metadata: ["origin": "\(request.headers[.origin] ?? "")"])
            return .refused(Self.error(.forbidden, "🔒 Invites can only be opened on the web chat's own page."))
        }
        switch await throttle.verdict(for: client.address) {
        case let .refuse(retryAfter):
            var response = Self.error(.tooManyRequests, "⏳ Too many tries with invite links that don't work. Please wait "
                                      + "\(max(1, Int((retryAfter / 60).rounded(.up)))) minutes, then try again with the whole link.")
            response.headers[.retryAfter] = "\(Int(retryAfter))"
            return .refused(response)
        case let .allow(delay):
            if delay > 0 { try await Task.sleep(for: .seconds(delay)) }
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return .refused(Self.error(.unsupportedMediaType, "Send the invite as JSON: \(shape)."))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 4_096)
        } catch {
            return .refused(Self.error(.contentTooLarge, "That is far too long for an invite and a name."))
        }
        guard let decoded = try? JSONDecoder().decode(Body.self, from: Data(body.readableBytesView)) else {
            return .refused(Self.error(.badRequest, "Send the invite as JSON: \(shape)."))
        }
        return .admitted(decoded)
    }

    /// The kind answer to an invite that did not open the door (counted against the throttle).
    private func refusal(_ error: RoomAccessError, context: WebChatRequestContext) async -> Response {
        if error.isFailedEntry {
            await throttle.recordFailure(for: context.client.address)
            logger.info("web chat: an invite did not open the door", metadata: ["address": "\(context.client.address)", "reason": "\(error)"])
        }
        let status: HTTPResponse.Status = switch error {
        case .inviteExpired, .inviteRevoked, .inviteUsedUp, .setupLinkRetired: .gone
        case .inviteNotFound: .forbidden
        case .nameTaken: .conflict
        default: .badRequest
        }
        return Self.error(status, FriendlyErrors.text(for: error, on: WebChatPlatform()))
    }

    /// Who the session cookie belongs to; each answer renews the cookie for another full lifetime.
    func me(_ request: Request, context: WebChatRequestContext) -> Response {
        guard let member = context.member, let token = SessionCookie.token(in: request.headers[values: .cookie]) else {
            return Self.error(.unauthorized, "🔑 This family room is private: open the invite link a grown-up sent you.")
        }
        var response = Self.json(.ok, Member(member))
        response.headers[.setCookie] = SessionCookie.setting(token, maxAge: RoomAccess.sessionLifetime, secure: context.client.isSecure)
        return response
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let data = (try? WebChatJSON.encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        json(status, ["error": message])
    }
}
