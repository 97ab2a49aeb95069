import Foundation

/// Which host names the web chat answers to, against DNS rebinding (a page on another site
/// whose name is made to point at this service): an IP literal (phones on the home network
/// use the LAN address), `localhost`, the host of `HTTP_PUBLIC_URL`, and the names listed in
/// `HTTP_ALLOWED_HOSTS`. A request without a host is not from a browser and passes.
public struct HostPolicy: Sendable, Equatable {
    let names: Set<String>

    /// - Parameters:
    ///   - publicURL: the address families use (`https://stories.example.org`); its host is allowed.
    ///   - allowedHosts: more host names (`stories.home`).
    public init(publicURL: String? = nil, allowedHosts: [String] = []) {
        let publicHost = publicURL.flatMap { URLComponents(string: $0)?.host }
        names = Set((allowedHosts + [publicHost, "localhost"].compactMap { $0 }).map(Self.normalized))
    }

    /// Whether a request for `authority` (`name[:port]`, `[::1]:8080`) is answered.
    public func allows(_ authority: String?) -> Bool {
        guard let authority else { return true }
        guard let (host, _) = OriginPolicy.split(authority, defaultPort: 0), !host.isEmpty else { return false }
        if AddressMatcher.bytes(of: host) != nil { return true }
        return names.contains(Self.normalized(host))
    }

    /// Lower-cased, without a final dot (`Stories.Home.` is `stories.home`).
    static func normalized(_ name: String) -> String {
        var text = name.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The page a request for another name gets: what to set, and nothing from the request
    /// but a plain host name.
    public static func refusalPage(for authority: String?) -> String {
        let host = authority.flatMap { OriginPolicy.split($0, defaultPort: 0)?.host } ?? ""
        let plain = !host.isEmpty && host.count <= 253
            && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        let named = plain ? "“\(host)”" : "this name"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Magical Stories</title></head>
            <body><h1>Not this address</h1>
            <p>Magical Stories does not answer to \(named). Open it by its IP address (for example its address on your \
            home network), by <code>localhost</code> on the same machine, or by the name in <code>HTTP_PUBLIC_URL</code>.</p>
            <p>If you run this service and want this name to work, add it to the setting <code>HTTP_ALLOWED_HOSTS</code> \
            (JSON <code>http.allowedHosts</code>, comma-separated) and restart it.</p>
            </body></html>

            """
    }
}
