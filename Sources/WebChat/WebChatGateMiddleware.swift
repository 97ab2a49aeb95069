import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import StoryDomain

/// Runs before every route: reads how the client reached us, answers only the host names it
/// may be reached by (``HostPolicy``), reads who they are (the session cookie; a member's
/// connection is no guest any more, see ``ConnectionLedger``), and adds the security headers to
/// every answer, errors included (HSTS too with built-in TLS).
struct WebChatGateMiddleware: RouterMiddleware {
    typealias Context = WebChatRequestContext

    let rooms: RoomAccess
    let tls: Bool
    let trustedProxies: AddressMatcher
    let hosts: HostPolicy
    let connections: ConnectionLedger
    let logger: Logger

    /// Sent with every answer over built-in TLS: browsers keep to HTTPS for this host for a year.
    static let strictTransportSecurity = (HTTPField.Name("Strict-Transport-Security")!, "max-age=31536000")

    /// Only the page's own script, styles, pictures and read-aloud audio; no framing; no referrer (invite links
    /// and story titles stay on this site).
    static let securityHeaders: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; connect-src 'self'; "
            + "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
        (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
        (.xContentTypeOptions, "nosniff"),
        (HTTPField.Name("X-Frame-Options")!, "DENY"),
        (.crossOriginResourcePolicy, "same-origin"),
        (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.client = ClientInfo.read(request, peer: context.peerAddress, tls: tls, trustedProxies: trustedProxies)
        let ticket = connections.ticket(for: ObjectIdentifier(context.channel))
        ticket?.requestStarted()
        defer { ticket?.requestEnded() }
        // `/health` answers probes by any name (a container's service name); it tells nothing.
        guard hosts.allows(context.client.host) || request.uri.path == "/health" else {
            return secured(Response(status: .misdirectedRequest,
                                    headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                                    body: .init(byteBuffer: ByteBuffer(string: HostPolicy.refusalPage(for: context.client.host)))))
        }
        let cookie = SessionCookie.read(request.headers[values: .cookie])
        if cookie == .conflicting { return secured(twoSessions(secure: context.client.isSecure)) }
        if case let .one(token, _) = cookie {
            do {
                context.member = try await rooms.member(session: token)
            } catch {
                logger.error("web chat: could not read a session", metadata: ["error": "\(error)"])
                throw HTTPError(.serviceUnavailable, message: "The story machine is resting. Please try again in a moment.")
            }
        }
        if context.member != nil, let ticket { connections.promote(ticket) }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        return secured(renamingCookie(response, read: cookie, member: context.member != nil, secure: context.client.isSecure))
    }

    /// A request with two session cookies (one planted by another site of the domain, or a
    /// browser that kept both): `401`, and the browser forgets both (it joins again).
    private func twoSessions(secure: Bool) -> Response {
        var response = WebChatDoorRoutes.error(.unauthorized, "🔑 This browser holds two sessions: please open your invite link again.")
        for clearing in SessionCookie.clearing(secure: secure) { response.headers.append(HTTPField(name: .setCookie, value: clearing)) }
        return response
    }

    /// Over HTTPS, a session cookie under its older name is re-issued as `__Host-ms_session`
    /// (unless the answer sets a session already) and the older one forgotten.
    private func renamingCookie(_ response: Response, read cookie: SessionCookie.Reading, member: Bool, secure: Bool) -> Response {
        guard secure, case let .one(token, legacy: true) = cookie else { return response }
        var response = response
        let setsSession = response.headers[values: .setCookie].contains { $0.hasPrefix(SessionCookie.hostName + "=") }
        if member, !setsSession {
            response.headers.append(HTTPField(name: .setCookie,
                                              value: SessionCookie.setting(token, maxAge: RoomAccess.sessionLifetime, secure: true)))
        }
        response.headers.append(HTTPField(name: .setCookie, value: SessionCookie.clearing(secure: true)[0]))
        return response
    }

    /// The answer with the security headers (and HSTS over built-in TLS).
    private func secured(_ response: Response) -> Response {
        var response = response
        for (name, value) in Self.securityHeaders where response.headers[name] == nil {
            response.headers[name] = value
        }
        if tls { response.headers[Self.strictTransportSecurity.0] = Self.strictTransportSecurity.1 }
        return response
    }
}
