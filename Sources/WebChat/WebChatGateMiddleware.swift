import HTTPTypes
import Hummingbird
import Logging
import StoryDomain

/// Runs before every route: reads how the client reached us and who they are (the session
/// cookie), and adds the security headers to every answer, errors included.
struct WebChatGateMiddleware: RouterMiddleware {
    typealias Context = WebChatRequestContext

    let rooms: RoomAccess
    let tls: Bool
    let trustedProxies: AddressMatcher
    let logger: Logger

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
        if let token = SessionCookie.token(in: request.headers[values: .cookie]) {
            do {
                context.member = try await rooms.member(session: token)
            } catch {
                logger.error("web chat: could not read a session", metadata: ["error": "\(error)"])
                throw HTTPError(.serviceUnavailable, message: "The story machine is resting. Please try again in a moment.")
            }
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for (name, value) in Self.securityHeaders where response.headers[name] == nil {
            response.headers[name] = value
        }
        return response
    }
}
