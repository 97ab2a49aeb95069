import Foundation

/// The session cookie: `HttpOnly` (scripts cannot read it), `SameSite=Lax` (not sent by other
/// sites' requests for pictures, scripts or WebSockets), `Secure` when the page is served over
/// TLS, `Path=/`, and a lifetime matching the session's.
enum SessionCookie {
    static let name = "ms_session"

    /// The `Set-Cookie` value that keeps `token` for `maxAge` seconds.
    static func setting(_ token: String, maxAge: TimeInterval, secure: Bool) -> String {
        "\(name)=\(token); Path=/; Max-Age=\(Int(maxAge)); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that makes the browser forget the session.
    static func clearing(secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The session token in `Cookie` header values (`a=1; ms_session=…`), if any.
    static func token(in cookieHeaders: [String]) -> String? {
        for header in cookieHeaders {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }
}
