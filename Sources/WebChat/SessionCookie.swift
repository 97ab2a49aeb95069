import Foundation

/// The session cookie: `HttpOnly` (scripts cannot read it), `SameSite=Lax` (not sent by other
/// sites' requests for pictures, scripts or WebSockets), `Path=/`, and a lifetime matching the
/// session's. Over HTTPS it is `__Host-ms_session` (`Secure`, no `Domain`: another site of the
/// same domain cannot set it); over plain HTTP (a home network) `ms_session`. A browser still
/// holding the older name over HTTPS is read once and given the new one (nobody is signed out
/// by the change); a request carrying two session cookies is refused (one was planted).
enum SessionCookie {
    static let name = "ms_session"
    /// The name over HTTPS.
    static let hostName = "__Host-ms_session"

    /// What a request's `Cookie` headers hold.
    enum Reading: Equatable {
        case none
        /// One session cookie; `legacy` when it has the plain name (re-issued as ``hostName`` over HTTPS).
        case one(token: String, legacy: Bool)
        /// More than one session cookie (either name, even twice the same): refused with `401`.
        case conflicting
    }

    /// The `Set-Cookie` value that keeps `token` for `maxAge` seconds.
    static func setting(_ token: String, maxAge: TimeInterval, secure: Bool) -> String {
        "\(secure ? hostName : name)=\(token); Path=/; Max-Age=\(Int(maxAge)); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` values that make the browser forget the session, under both names.
    static func clearing(secure: Bool) -> [String] {
        let plain = "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
        return secure ? [plain, "\(hostName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"] : [plain]
    }

    /// The session cookies in `Cookie` header values (`a=1; ms_session=…`).
    static func read(_ cookieHeaders: [String]) -> Reading {
        var found: [(token: String, legacy: Bool)] = []
        for header in cookieHeaders {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let key = parts[0].trimmingCharacters(in: .whitespaces)
                guard key == name || key == hostName else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { found.append((value, key == name)) }
            }
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(token: found[0].token, legacy: found[0].legacy)
        default: return .conflicting
        }
    }

    /// The one session token in `Cookie` header values, if there is exactly one.
    static func token(in cookieHeaders: [String]) -> String? {
        guard case let .one(token, _) = read(cookieHeaders) else { return nil }
        return token
    }
}
