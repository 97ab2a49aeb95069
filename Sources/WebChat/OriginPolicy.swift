import Foundation

/// Which pages may open the web chat's WebSocket or join a room: the chat's own page (the
/// `Origin` names the scheme, host and port the browser asked for) and the origins configured for a reverse
/// proxy that rewrites the host. A request without `Origin` is not from a browser page and is
/// judged by its session alone.
public struct OriginPolicy: Sendable, Equatable {
    let allowed: Set<String>

    /// - Parameter allowedOrigins: extra origins, e.g. `https://stories.example.org`.
    public init(allowedOrigins: [String] = []) {
        allowed = Set(allowedOrigins.map(Self.normalized))
    }

    /// Whether a request with these `Origin` headers (browsers send one; several must all be
    /// allowed), sent to `host` (over TLS when `secure`), may go on.
    public func allows(origins: [String], host: String?, secure: Bool) -> Bool {
        origins.allSatisfy { allows(origin: $0, host: host, secure: secure) }
    }

    /// Whether a request with this `Origin`, sent to `host` (over TLS when `secure`), may go on.
    public func allows(origin: String?, host: String?, secure: Bool) -> Bool {
        guard let origin else { return true }
        let normalized = Self.normalized(origin)
        if allowed.contains(normalized) { return true }
        guard let components = URLComponents(string: normalized), let scheme = components.scheme,
              ["http", "https"].contains(scheme), let originHost = components.host, !originHost.isEmpty,
              let host, let requested = Self.split(host, defaultPort: secure ? 443 : 80)
        else { return false }
        // The page's own origin has the scheme the request came by: an `http://` page may not
        // speak for the `https://` site on the same host and port, nor the other way round.
        guard scheme == (secure ? "https" : "http") else { return false }
        let originPort = components.port ?? (scheme == "https" ? 443 : 80)
        return originHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == requested.host && originPort == requested.port
    }

    static func normalized(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// `example.org:8080`, `[::1]:8080`, `example.org` → host and port.
    static func split(_ authority: String, defaultPort: Int) -> (host: String, port: Int)? {
        let text = authority.lowercased()
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            return (host, rest.isEmpty ? defaultPort : Int(rest.dropFirst()) ?? -1)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { return nil }
        return (String(parts[0]), parts.count == 2 ? Int(parts[1]) ?? -1 : defaultPort)
    }
}
